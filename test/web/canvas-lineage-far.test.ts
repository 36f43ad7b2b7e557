// A big project with Lineage on and every table shown, seen whole (Fit view): the lines are drawn
// between groups of tables — a folder's tables lying together, outlined and named — each line
// standing for all the edges between two groups, instead of every edge as one grey mass.
// Zooming in draws the tables and their edges again. Real Chromium, by role and accessible name.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveSyntheticForFile, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
const MODELS = 400;
let ui: Ui;
let page: Page;
serveSyntheticForFile(skip, 'modeler-lineage-far-', { models: MODELS, manifest: false }, (u) => { ui = u; page = u.page; });

const idle = () => page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 180_000 });

describe.skipIf(!!skip)(`a ${MODELS}-model project with Lineage on, seen whole${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('draws one line per pair of groups, far fewer than the edges, with each group named; zoomed in, the tables again', async () => {
    await page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').first().filter({ hasText: /of \d+ tables/ }).waitFor({ timeout: 120_000 });
    await page.getByRole('checkbox', { name: 'Lineage' }).check();
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await idle();
    await page.getByRole('button', { name: 'Fit view' }).click();
    const far = page.getByRole('img', { name: /tables, in \d+ groups; \d+ lines between groups stand for \d+ edges, zoomed out/ });
    await far.waitFor({ timeout: 60_000 });
    const [, groups, lines, edges] = /in (\d+) groups; (\d+) lines between groups stand for (\d+) edges/.exec((await far.getAttribute('aria-label'))!)!.map(Number);
    expect(edges).toBeGreaterThan(500);
    expect(groups).toBeGreaterThanOrEqual(3);
    expect(lines).toBeGreaterThan(0);
    expect(lines).toBeLessThan(edges / 5);
    // the groups are named on the picture: the staging folders and the marts
    const names = await page.locator('.far-view .far-group-name').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['marts', 'staging/shop']));
    if (process.env.MODELER_SHOT) await page.screenshot({ path: process.env.MODELER_SHOT });
    // zoomed in on a table: tables and their own edges again
    for (let i = 0; i < 8 && (await far.count()); i++) await page.getByRole('button', { name: 'Zoom In' }).click();
    await page.locator('.react-flow__node').first().waitFor();
    expect(await far.count()).toBe(0);
    expect(ui.errors).toEqual([]);
  }, 300_000);
});
