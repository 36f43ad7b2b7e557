// A model's name longer than a table is wide (dbt names run to 60–80 characters:
// int_gtfs_schedule__daily_scheduled_service_index…) is cut with an ellipsis inside the title bar
// at every zoom — never drawn over the layer badge or past the table's edge — and read whole in
// the table's accessible name and its tooltip; in the Explorer, the file's path is its row's
// tooltip. Real Chromium on a copy of the example.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startUi, table, uiUnavailable, until, type Ui } from './harness.js';
import { canvasIdle } from './on-screen.js';

const skip = uiUnavailable();
const LONG = 'fct_orders_by_customer_and_store_and_day_with_refunds_and_discounts_applied';
let ui: Ui;
const files = {
  [`models/marts/${LONG}.sql`]: "select order_id, 1 as amount from {{ ref('orders') }}\n",
  'models/marts/_long.yml': `version: 2\nmodels:\n  - name: ${LONG}\n    description: Daily order facts.\n    columns:\n      - name: order_id\n        data_tests:\n          - relationships: {to: "ref('orders')", field: order_id}\n`,
};

const zoom = (page: Page) => page.evaluate(() => Number(/scale\(([\d.]+)\)/.exec((document.querySelector('.react-flow__viewport') as HTMLElement).style.transform)?.[1]));
/** The long table's title bar: where its name ends, where the next thing in the bar starts, the bar's right edge, and whether the name is cut. */
const titleBar = (page: Page) => table(page, LONG).locator('.table-head').evaluate((head) => {
  const name = head.querySelector<HTMLElement>('.table-name')!;
  const next = name.nextElementSibling!.getBoundingClientRect();
  return { nameRight: name.getBoundingClientRect().right, nextLeft: next.left, headRight: head.getBoundingClientRect().right, cut: name.scrollWidth > name.clientWidth, title: name.title };
});

describe.skipIf(!!skip)(`a long table name${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  beforeAll(async () => { ui = await startUi({ files }); }, 120_000);
  afterAll(async () => { await ui?.close(); });

  it('is cut inside its title bar at every zoom and read whole in its name and tooltip', async () => {
    const page = ui.page;
    // the accessible name is the whole name
    await table(page, LONG).waitFor();
    await page.getByRole('button', { name: 'Fit view' }).click();
    // (the fit is applied a moment after the click: the first zoom read is the fitted one)
    await canvasIdle(page);
    const zooms: number[] = [];
    for (let i = 0; i < 12; i++) {
      const z = await zoom(page);
      // (below 30% a big diagram is the far view; the example is not big, so tables are drawn down to there)
      if (z < 0.3) break;
      zooms.push(z);
      const t = await until(() => titleBar(page), (v) => v.headRight > 0, 'the title bar drawn');
      expect(t.cut).toBe(true);
      expect(t.nameRight).toBeLessThanOrEqual(t.nextLeft + 0.5);
      expect(t.nameRight).toBeLessThanOrEqual(t.headRight + 0.5);
      expect(t.title.split('\n')[0]).toBe(LONG);
      await page.getByRole('button', { name: 'Zoom Out' }).click();
    }
    console.log(`title bar checked at zooms ${zooms.map((z) => z.toFixed(2)).join(", ")}`);
    // read at readable zoom and below it, where names are drawn larger than 12 px
    expect(Math.max(...zooms)).toBeGreaterThanOrEqual(0.5);
    expect(Math.min(...zooms)).toBeLessThan(0.5);
    expect(ui.errors).toEqual([]);
  });

  it('is cut in the Explorer too, with the file\'s whole path in its tooltip', async () => {
    const row = ui.page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: `${LONG}.sql`, exact: true });
    const name = await row.locator('.tree-name').evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, title: (el as HTMLElement).title }));
    expect(name).toEqual({ cut: true, title: `models/marts/${LONG}.sql` });
  });
});
