// Below 50% zoom a table's rows are bars: there is no column to drag from or to. A relationship
// can still be drawn there — the table's context menu (and its inspector) offers "Add
// relationship", whose dialog names the table's column too — and Apply writes the relationships
// test. Real Chromium on a copy of the example, by role and name.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers/cli.js';
import { serveUiForFile, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
serveUiForFile(skip, (u) => { ui = u; });

const zoom = () => ui.page.evaluate(() => Number(/scale\(([\d.]+)\)/.exec((document.querySelector('.react-flow__viewport') as HTMLElement).style.transform)?.[1]));

describe.skipIf(!!skip)(`drawing a relationship zoomed out${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('from a table\'s context menu, naming the column in the dialog; Apply writes the relationships test', async () => {
    const page = ui.page;
    for (let i = 0; i < 10 && (await zoom()) >= 0.5; i++) await page.getByRole('button', { name: 'Zoom Out' }).click();
    expect(await zoom()).toBeLessThan(0.5);
    // rows are bars now: no column of orders to drag from
    await until(() => table(page, 'orders').locator('[data-column]').count(), (n) => n === 0, 'rows drawn as bars');
    await table(page, 'orders').locator('.table-head').click({ button: 'right' });
    await page.getByRole('menu', { name: 'Actions for model orders' }).getByRole('menuitem', { name: 'Add relationship', exact: true }).click();
    const d = page.getByRole('dialog');
    await d.getByRole('heading', { name: 'Add relationship: orders' }).waitFor();
    await d.getByRole('combobox', { name: 'Column', exact: true }).selectOption('store_id');
    await d.getByRole('combobox', { name: 'Referenced table' }).selectOption('stg_stores');
    await d.getByRole('combobox', { name: 'Referenced column' }).selectOption('store_id');
    // MODELER_SCREENSHOTS=1 retakes the screenshot docs/ui.md shows
    if (process.env.MODELER_SCREENSHOTS) await page.screenshot({ path: join(REPO, 'docs', 'images', 'canvas-relate-zoomed-out.png') });
    await d.getByRole('button', { name: 'Review change' }).click();
    const plan = page.getByRole('region', { name: 'Review plan' });
    await plan.getByRole('heading', { name: 'Review plan: Relate orders.store_id to stg_stores.store_id' }).waitFor();
    await plan.getByRole('button', { name: 'Validate' }).click();
    await plan.getByRole('status').filter({ hasText: /^Validation passed/ }).waitFor();
    await plan.getByRole('button', { name: 'Apply' }).click();
    const col = () => parse(ui.read('models/marts/_marts.yml')).models.find((m: any) => m.name === 'orders').columns.find((c: any) => c.name === 'store_id');
    await until(() => JSON.stringify(col().data_tests ?? null), (v) => v.includes('stg_stores'), 'the relationships test on disk');
    expect(col().data_tests).toEqual([{ relationships: { arguments: { to: "ref('stg_stores')", field: 'store_id' } } }]);
    expect(ui.errors).toEqual([]);
  }, 120_000);
});
