// A readable picture at any size, in real Chromium: on a generated 600-model project the first
// screen's tables form a block (aspect within 1:3 and 3:1) with text large enough to read and the
// canvas takes most of the window by default (70% or more at 1440×900 and at 1024×768; over 75% with
// the panels closed); show-all (names only, fitted where they read) and Lineage stay blocks and Fit view never shows an empty canvas;
// tables switch between all columns, keys only and collapsed; the details panel opens on a
// selection; panels collapse and stay collapsed after a reload (a selection no longer opens
// details a user hid); the Filters popover is never under the Ask AI button. Each state
// can be saved as a screenshot in docs/images/ (MODELER_SCREENSHOTS=1; docs/ui.md shows them).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
// @ts-expect-error the benchmarks' generator is plain JavaScript
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { REPO, tempDir } from '../helpers/cli.js';
import { startUi, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
const MODELS = 600;
let ui: Ui;
let page: Page;
// MODELER_SCREENSHOTS=1 retakes the screenshots docs/ui.md shows (a plain run writes nothing)
const shot = async (name: string) => { if (process.env.MODELER_SCREENSHOTS) await page.screenshot({ path: join(REPO, 'docs', 'images', `${name}.png`) }); };
const note = () => page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').first();
const idle = () => page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 180_000 });
// the diagram is busy until the fit is drawn (it is applied a moment after the click)
const fit = async () => { await page.getByRole('button', { name: 'Fit view' }).click(); await idle(); };

interface Box { x: number; y: number; width: number; height: number }
/** The tables drawn inside the canvas's visible area (nodes, or boxes of the far view), and their bounding box. */
async function onScreen(): Promise<{ count: number; box: Box; nameHeight: number }> {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, count = 0, nameHeight = 0;
    for (const el of document.querySelectorAll('.react-flow__node, .far-view g')) {
      const r = el.getBoundingClientRect();
      if (r.right < pane.left || r.left > pane.right || r.bottom < pane.top || r.top > pane.bottom) continue;
      count++;
      x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
      const name = el.querySelector('.table-name');
      if (name) nameHeight = Math.max(nameHeight, parseFloat(getComputedStyle(name).fontSize) * (name.getBoundingClientRect().height / (name as HTMLElement).offsetHeight || 0));
    }
    return { count, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, nameHeight };
  });
}
const area = async (l: Locator) => { const b = (await l.boundingBox())!; return b.width * b.height; };
/** The canvas's share of the window's area. */
const share = async (p: Page) => (await area(p.locator('.react-flow'))) / (p.viewportSize()!.width * p.viewportSize()!.height);
const canvasShare = () => share(page);

beforeAll(async () => {
  if (skip) return;
  const dir = join(tempDir('modeler-layout-'), 'p');
  generateProject(dir, { models: MODELS });
  ui = await startUi({ project: dir });
  page = ui.page;
}, 180_000);
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)(`the canvas on a ${MODELS}-model project${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens on a block of readable tables, and the canvas takes most of the window', async () => {
    await note().filter({ hasText: /^Showing \d+ of \d+ tables/ }).waitFor({ timeout: 120_000 });
    await idle();
    await fit();
    const s = await until(onScreen, (v) => v.count > 1, 'tables on screen');
    expect(s.box.width / s.box.height).toBeGreaterThan(1 / 3);
    expect(s.box.width / s.box.height).toBeLessThan(3);
    expect(s.nameHeight).toBeGreaterThanOrEqual(9); // table names at 9 px or more on screen
    // by default the canvas has most of the window: details show once something is selected, findings and the minimap start closed
    expect(await canvasShare()).toBeGreaterThanOrEqual(0.7);
    expect(await page.getByRole('complementary', { name: 'Details' }).isVisible()).toBe(false);
    expect(await page.getByLabel('Minimap of the diagram').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show findings' }).getAttribute('aria-expanded')).toBe('false');
    await shot('canvas-first-screen');
  });

  it('takes most of a 1024×768 window too, the Explorer starting closed there', async () => {
    const small = await ui.newPage();
    await small.setViewportSize({ width: 1024, height: 768 });
    await small.reload();
    await small.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').first().filter({ hasText: /^Showing \d+ of \d+ tables/ }).waitFor({ timeout: 120_000 });
    await small.getByRole('region', { name: 'Diagram' }).and(small.locator('[aria-busy="false"]')).waitFor({ timeout: 180_000 });
    expect(await small.getByRole('navigation', { name: 'Explorer' }).isVisible()).toBe(false);
    expect(await share(small)).toBeGreaterThanOrEqual(0.7);
    // one click away
    await small.getByRole('button', { name: 'Explorer', exact: true }).click();
    await small.getByRole('navigation', { name: 'Explorer' }).waitFor();
    if (process.env.MODELER_SCREENSHOTS) await small.screenshot({ path: join(REPO, 'docs', 'images', 'canvas-1024.png') });
    await small.context().close();
  });

  it('shows every table as a block too, and Fit view with Lineage on is never empty', async () => {
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await note().filter({ hasText: /^\d+ tables/ }).waitFor({ timeout: 120_000 });
    await idle();
    await fit();
    // 600 tables do not read fitted even as names: fitted where names read, tens of them in sight
    const all = await until(onScreen, (v) => v.count > 40, 'tens of tables on screen');
    expect(all.box.width / all.box.height).toBeGreaterThan(1 / 3);
    expect(all.box.width / all.box.height).toBeLessThan(3);
    // too many to read fitted with rows: names only, read at 9 px or more (readable-view.ts)
    expect(await page.getByRole('combobox', { name: 'Columns' }).locator('option:checked').textContent()).toBe('Auto (collapsed)');
    expect(all.nameHeight).toBeGreaterThanOrEqual(9);
    await shot('canvas-show-all');
    await page.getByRole('checkbox', { name: 'Lineage' }).check();
    await idle();
    await fit();
    const lin = await until(onScreen, (v) => v.count > 0, 'tables on screen with Lineage on');
    await shot('canvas-lineage');
    expect(lin.count).toBeGreaterThan(50);
    await page.getByRole('checkbox', { name: 'Lineage' }).uncheck();
    await idle();
    expect(ui.errors).toEqual([]);
  }, 300_000);

  it('draws tables with keys only at this size; all columns, collapsed, and one table on its own', async () => {
    const columns = page.getByRole('combobox', { name: 'Columns' });
    expect(await columns.locator('option:checked').textContent()).toBe('Auto (collapsed)');
    await page.getByRole('button', { name: 'Show focused' }).click();
    await idle();
    await fit();
    const first = page.locator('.react-flow__node').first();
    const name = (await first.locator('.table-name').textContent())!;
    const group = page.getByRole('group', { name: new RegExp(`^\\w+ ${name}$`) });
    const rows = () => group.locator('.table-row[data-column]').count();
    // this view has few tables: all columns; the per-table button steps its detail
    const full = await rows();
    await group.getByRole('button', { name: `Collapse ${name}` }).click();
    await until(rows, (n) => n === 0, 'the table collapsed');
    await group.getByRole('button', { name: `Show keys of ${name}` }).click();
    await until(rows, (n) => n > 0 && n < full, 'the table showing its keys');
    await group.getByText(/^\+ \d+ columns$/).waitFor();
    await group.getByRole('button', { name: `Show all columns of ${name}` }).click();
    await until(rows, (n) => n === full, 'every column again');
    await columns.selectOption('collapsed');
    await until(() => page.locator('.table-row[data-column]').count(), (n) => n === 0, 'every table collapsed');
    await shot('canvas-collapsed');
    await columns.selectOption('keys');
    await until(rows, (n) => n > 0 && n < full, 'keys only');
    // edge labels name the role; the legend says what the colours mean
    // (a detail change refits the view, and edges are drawn again after it)
    await until(() => page.locator('.er-label').count(), (n) => n > 0, 'edge labels');
    const legend = page.getByLabel('Legend');
    await legend.getByText('Layer').waitFor();
    await legend.getByText('inferred key').waitFor();
    await shot('canvas-keys-only');
    await columns.selectOption('auto');
    await idle();
  });

  it('the Filters popover is above the Ask AI button', async () => {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const pop = page.getByRole('dialog', { name: 'Filters' });
    const boxes = [(await pop.boundingBox())!, (await page.getByRole('button', { name: 'Ask AI about the diagram' }).boundingBox())!];
    const [a, b] = boxes;
    const x = Math.max(a.x, b.x) + 2, y = Math.max(a.y, b.y) + 2;
    if (x < Math.min(a.x + a.width, b.x + b.width) && y < Math.min(a.y + a.height, b.y + b.height)) {
      // where they overlap, the popover is what a click reaches
      expect(await page.evaluate(([px, py]) => !!document.elementFromPoint(px, py)?.closest('.popover'), [x, y])).toBe(true);
    }
    for (const box of await pop.getByRole('checkbox').all()) await box.click({ trial: true });
    await shot('canvas-filters');
    await pop.getByRole('button', { name: 'Close' }).click();
  });

  it('details open on a selection; panels collapse, the canvas takes their room, and they stay collapsed after a reload', async () => {
    const details = page.getByRole('complementary', { name: 'Details' });
    const first = page.locator('.react-flow__node').first();
    const name = (await first.locator('.table-name').textContent())!;
    const before = await canvasShare();
    await first.locator('.table-name').click();
    await details.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
    expect(await page.getByRole('button', { name: 'Details', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await shot('canvas-details');
    // the minimap is one click away too
    await page.getByRole('button', { name: 'Minimap', exact: true }).click();
    await page.getByLabel('Minimap of the diagram').waitFor();
    await page.getByRole('button', { name: 'Minimap', exact: true }).click();
    await page.getByRole('button', { name: 'Explorer', exact: true }).click();
    await page.getByRole('button', { name: 'Details', exact: true }).click();
    await until(canvasShare, (s) => s > before + 0.1, 'the canvas growing');
    expect(await page.getByRole('navigation', { name: 'Explorer' }).isVisible()).toBe(false);
    expect(await page.getByLabel('Minimap of the diagram').count()).toBe(0);
    await page.reload();
    await note().waitFor({ timeout: 60_000 });
    await idle();
    expect(await page.getByRole('navigation', { name: 'Explorer' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Explorer', exact: true }).getAttribute('aria-pressed')).toBe('false');
    // details a user hid stay hidden on the next selection
    await page.locator('.react-flow__node .table-name').first().click();
    expect(await details.isVisible()).toBe(false);
    expect(await canvasShare()).toBeGreaterThan(0.75);
    await fit();
    await shot('canvas-panels-collapsed');
    // the findings open from their tabs, and close again
    await page.getByRole('tab', { name: /^Readiness \(\d+\)/ }).click();
    await page.getByRole('button', { name: 'Hide findings' }).waitFor();
    await page.getByRole('button', { name: 'Hide findings' }).click();
    for (const p of ['Explorer', 'Details']) await page.getByRole('button', { name: p, exact: true }).click();
    await page.getByRole('navigation', { name: 'Explorer' }).waitFor();
    await details.waitFor();
  });
});
