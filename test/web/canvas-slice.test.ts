// A big project's diagram holds only part of the graph; showing one folder asks the server for
// that folder's tables (GET …/graph?folder=…, its level-of-detail filter) instead of filtering the
// part here or fetching the whole project. Real Chromium, by role and accessible name.
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { serveSyntheticForFile, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
const MODELS = 400;
let ui: Ui;
let page: Page;
serveSyntheticForFile(skip, 'modeler-slice-', { models: MODELS, manifest: false }, (u) => { ui = u; page = u.page; });

const note = () => page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').first();

describe.skipIf(!!skip)(`a ${MODELS}-model project's folder on the diagram${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it("is fetched from the server as that folder's slice: every table of the folder, no other", async () => {
    await note().filter({ hasText: /of \d+ tables/ }).waitFor({ timeout: 120_000 });
    const asked: { url: string; nodes: string[] }[] = [];
    const seen: Promise<void>[] = [];
    const onResponse = (r: Response) => { if (/\/graph\?/.test(r.url())) seen.push(r.json().then((j) => { asked.push({ url: decodeURIComponent(r.url()), nodes: j.nodes.map((n: { name: string }) => n.name) }); })); };
    page.on('response', onResponse);
    await page.getByRole('treeitem', { name: 'marts/' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Show models/marts/ on the diagram' }).click();
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
    await until(() => asked.length, (n) => n > 0, 'the folder asked of the server');
    await Promise.all(seen);
    page.off('response', onResponse);
    const slice = asked.find((a) => a.url.includes('folder=models/marts'));
    expect(slice, asked.map((a) => a.url).join(', ')).toBeDefined();
    // the generator's marts: a quarter of the models, named dim_… and fct_…
    expect(slice!.nodes.length).toBe(100);
    expect(slice!.nodes.every((n) => /^(dim|fct)_/.test(n))).toBe(true);
    const drawn = await until(() => page.locator('.react-flow__node').count(), (n) => n > 0, 'tables drawn');
    expect(drawn).toBeLessThanOrEqual(100);
    const names = await page.locator('.react-flow__node .table-name').allTextContents();
    expect(names.every((n) => /^(dim|fct)_/.test(n))).toBe(true);
    expect(ui.errors).toEqual([]);
  }, 180_000);
});
