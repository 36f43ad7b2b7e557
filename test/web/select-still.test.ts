// Selecting a column opens the details panel, which narrows the canvas (its toolbar wraps and the
// canvas's top moves down): the diagram stays put under the pointer (it may zoom out about it to
// keep every table in sight), and no row shows hover —
// which read as a second selection — until the pointer moves. Real Chromium, by role and name.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO } from '../helpers/cli.js';
import { serveUiForFile, table, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
serveUiForFile(skip, (u) => { ui = u; });

/** The row under a point of the page: its table, column and background. */
const rowAt = (page: Page, x: number, y: number) => page.evaluate(([px, py]) => {
  const r = document.elementFromPoint(px, py)?.closest('.table-row');
  return r ? { table: r.closest('.react-flow__node')?.getAttribute('data-id'), column: r.getAttribute('data-column'), bg: getComputedStyle(r).backgroundColor } : null;
}, [x, y]);

describe.skipIf(!!skip)(`selecting a column${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens details without moving the diagram under the pointer, and shows no hover until the pointer moves', async () => {
    const page = ui.page;
    expect(await page.getByRole('complementary', { name: 'Details' }).isVisible()).toBe(false);
    const cell = table(page, 'orders').getByText('customer_id', { exact: true });
    const b = (await cell.boundingBox())!;
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    const before = await rowAt(page, x, y);
    expect(before).toMatchObject({ table: 'model.jaffle_shop.orders', column: 'customer_id' });
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    await page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: 'orders.customer_id' }).waitFor();
    await page.getByRole('complementary', { name: 'Details' }).waitFor();
    // the row clicked is still under the pointer (the tables the narrower canvas would cut off are
    // brought into it by zooming out about the pointer: details-keeps-tables.test.ts)
    const after = (await cell.boundingBox())!;
    expect(x).toBeGreaterThan(after.x);
    expect(x).toBeLessThan(after.x + after.width);
    expect(y).toBeGreaterThan(after.y);
    expect(y).toBeLessThan(after.y + after.height);
    expect(await rowAt(page, x, y)).toEqual({ ...before, bg: 'rgba(0, 0, 0, 0)' });
    // MODELER_SCREENSHOTS=1 retakes the screenshot docs/ui.md shows
    if (process.env.MODELER_SCREENSHOTS) await page.screenshot({ path: join(REPO, 'docs', 'images', 'canvas-column-selected.png') });
    // hover comes back once the pointer moves
    await page.mouse.move(x + 8, y + 2);
    await expect.poll(async () => (await rowAt(page, x + 8, y + 2))?.bg).not.toBe('rgba(0, 0, 0, 0)');
    expect(ui.errors).toEqual([]);
  });
});
