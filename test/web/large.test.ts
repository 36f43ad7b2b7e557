// A big project stays usable: the canvas shows a focused subgraph (the best-connected table and
// its neighbours) instead of every table, search moves the focus, and "Show all" lays out every
// table while only those on screen are rendered.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
// @ts-expect-error the benchmarks' generator is plain JavaScript
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { tempDir } from '../helpers/cli.js';
import { startUi, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
const MODELS = 400;
let ui: Ui;
let page: Page;
beforeAll(async () => {
  if (skip) return;
  const dir = join(tempDir('modeler-large-'), 'p');
  generateProject(dir, { models: MODELS, columns: 6, shape: 'chain' });
  ui = await startUi({ project: dir });
  page = ui.page;
}, 180_000);
afterAll(async () => { await ui?.close(); });

const note = () => page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status');
const rendered = () => page.locator('.react-flow__node').count();

describe.skipIf(!!skip)(`a ${MODELS}-model project${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens on a focused subgraph, not every table', async () => {
    await note().filter({ hasText: `of ${MODELS} tables` }).waitFor({ timeout: 60_000 });
    const text = (await note().textContent())!;
    expect(text).toContain('the project is large');
    const shown = Number(/Showing (\d+) of/.exec(text)?.[1]);
    expect(shown).toBeGreaterThan(1);
    expect(shown).toBeLessThanOrEqual(150);
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
    await until(rendered, (n) => n === shown, `${shown} tables drawn`);
  });

  it('search focuses another table with its neighbours', async () => {
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /^Search/ }).fill('fct_lead_301');
    await page.getByRole('option', { name: /fct_lead_301/ }).first().click();
    await note().filter({ hasText: 'fct_lead_301 and neighbours within 1 hop.' }).waitFor();
    await page.getByRole('group', { name: 'model fct_lead_301', exact: true }).waitFor();
    await page.getByRole('group', { name: 'model dim_opportunity_302', exact: true }).waitFor();
    await page.getByRole('group', { name: 'model dim_campaign_300', exact: true }).waitFor();
    expect(await page.getByRole('group', { name: 'relationship dim_opportunity_302.lead_id to fct_lead_301.lead_id (many to one)' }).count()).toBe(1);
  });

  it('shows all tables on demand, rendering only those on screen', async () => {
    await page.getByRole('button', { name: 'Show all' }).click();
    await note().filter({ hasText: new RegExp(`^${MODELS} tables`) }).waitFor({ timeout: 90_000 });
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Zoom In' }).click();
    const n = await until(rendered, (x) => x > 0 && x < MODELS, 'a partial render');
    expect(n).toBeLessThan(MODELS / 2);
    expect(ui.errors).toEqual([]);
  });
});
