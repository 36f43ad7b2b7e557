// The canvas: positions placed by hand are kept by the automatic layout and saved in a diagram
// file by "Save layout"; filters; focus on a table with N hops; keyboard selection; and export of the whole
// diagram (not the viewport) as PNG and SVG.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { serveUiForFile, startUi, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
let page: Page;
serveUiForFile(skip, (u) => { ui = u; page = u.page; });

const LAYOUT = 'Modeler/diagrams/jaffle_shop.diagram.yaml';
const box = async (name: string) => (await table(page, name).boundingBox())!;
/** Where React Flow draws a table on the diagram (its transform), rounded as the layout file keeps it. */
const flowPosition = async (name: string) => {
  const t = await table(page, name).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(t)!;
  return { x: Math.round(Number(m[1]) * 10) / 10, y: Math.round(Number(m[2]) * 10) / 10 };
};
const tablesShown = async () => Number(/(\d+) tables/.exec((await page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').textContent()) ?? '')?.[1]);

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe.skipIf(!!skip)(`the canvas${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('keeps a table where the user dropped it, in the diagram file once saved, through an automatic re-layout', async () => {
    // the view fits once the layout is done: a drag measured before it settles lands elsewhere (CI saw 46 px up)
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor();
    let start = await box('customers');
    for (let i = 0; i < 50; i++) {
      await page.waitForTimeout(100);
      const again = await box('customers');
      if (again.x === start.x && again.y === start.y) break;
      start = again;
    }
    const before = await flowPosition('customers');
    await page.mouse.move(start.x + 30, start.y + 12);
    await page.mouse.down();
    await page.mouse.move(start.x + 130, start.y + 92, { steps: 8 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Save layout' }).click();
    const moved = await until(() => ui.read(LAYOUT), (t) => t.includes('model.jaffle_shop.customers'), 'the position in the diagram file')
    const saved = parse(moved).display.positions['model.jaffle_shop.customers'];
    expect(saved).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(await flowPosition('customers')).toEqual(saved);
    // moved right and down on the diagram (React Flow starts a drag after its threshold, so the first
    // step is not counted; compared on the diagram, so a view that moves meanwhile does not count)
    expect(saved.x - before.x).toBeGreaterThan(20);
    expect(saved.y - before.y).toBeGreaterThan(20);
    // the automatic layout runs again; the placed table does not move
    await page.getByRole('button', { name: 'Auto-layout' }).click();
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor();
    // (the view fits afterwards, so compare positions on the diagram, not on the screen)
    expect(await flowPosition('customers')).toEqual(saved);
    expect(parse(ui.read(LAYOUT)).display.positions['model.jaffle_shop.customers']).toEqual(saved);
    // the layout file is an ordinary diagram file of the project, listed in the Explorer
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: 'jaffle_shop.diagram.yaml' }).waitFor();
    // Reset gives it back to the automatic layout and removes the saved position
    await page.getByRole('button', { name: 'Reset positions' }).click();
    await page.getByRole('button', { name: 'Save layout' }).click();
    await until(() => parse(ui.read(LAYOUT)).display?.positions?.['model.jaffle_shop.customers'], (p) => p === undefined, 'the position to be released');
  });

  it('filters by layer and focuses on a table with its neighbours within N hops', async () => {
    const all = await tablesShown();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'mart', exact: true }).check();
    await until(tablesShown, (n) => n === 3, 'three mart tables');
    expect(await table(page, 'stg_shop__orders').count()).toBe(0);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await filters.getByRole('button', { name: 'Close' }).click();
    await until(tablesShown, (n) => n === all, 'every table again');
    await table(page, 'stg_shop__orders').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Focus with neighbours' }).click();
    const note = page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status');
    await note.filter({ hasText: 'stg_shop__orders and neighbours within' }).waitFor();
    const one = await note.textContent();
    await page.getByRole('combobox', { name: 'Hops' }).selectOption('2');
    await until(() => note.textContent(), (t) => t !== one, 'a wider focus');
    expect(Number(/Showing (\d+)/.exec((await note.textContent())!)?.[1])).toBeGreaterThan(Number(/Showing (\d+)/.exec(one!)?.[1]));
    await page.getByRole('button', { name: 'Clear focus' }).click();
    await until(tablesShown, (n) => n === all, 'every table again');
  });

  it('selects a table with the keyboard alone', async () => {
    await table(page, 'rpt_daily_revenue').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: /^rpt_daily_revenue/ }).waitFor();
  });

  it('exports the whole diagram as PNG and SVG, however far the view is zoomed in', async () => {
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom In' }).click();
    const shown = await tablesShown();
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('jaffle_shop-diagram.png');
    const size = pngSize(readFileSync((await png.path())!));
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    const text = readFileSync((await svg.path())!, 'utf8');
    const w = Number(/width="(\d+)"/.exec(text)?.[1]), h = Number(/height="(\d+)"/.exec(text)?.[1]);
    // the PNG is the SVG drawn at twice its size: every table, whatever the viewport shows
    expect(size.width).toBe(Math.round(w * 2));
    expect(size.height).toBe(Math.round(h * 2));
    expect((text.match(/<g class="table"/g) ?? []).length).toBe(shown);
    for (const name of ['customers', 'orders', 'stg_supplies', 'stg_stripe__payments']) expect(text).toContain(`>${name}<`);
    expect((text.match(/<g class="edge"/g) ?? []).length).toBe(7);
    // and the one key the example does not declare but the Conceptualizer infers, dotted
    expect((text.match(/<g class="edge inferred"[^>]*><path [^>]*stroke-dasharray="2 3"/g) ?? []).length).toBe(1);
    expect(ui.errors).toEqual([]);
  });
});
