// The canvas and the inspector show where a column is known from: on dbt Labs' jaffle-shop,
// stg_orders' YAML lists one column and its SQL returns ten; the nine others are marked as
// coming from the SQL, with the type an explicit cast gives.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeFetched, fetchedProject, fetchedSkipReason } from '../helpers/shared.js';
import { startUi, table, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable() ?? fetchedSkipReason('jaffle-shop');
let ui: Ui | undefined;
beforeAll(async () => {
  if (skip) return;
  ui = await startUi({ project: fetchedProject('jaffle-shop').dir, files: { 'profiles.yml': "default:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n" } });
}, 120_000);
afterAll(async () => { await ui?.close(); });

describeFetched('columns known from the SQL, on the canvas and in the inspector', 'jaffle-shop', () => {
  it('marks stg_orders columns the YAML does not document, and the inspector says where each is known from', async () => {
    const page = ui!.page;
    const node = table(page, 'stg_orders');
    await node.waitFor({ timeout: 60_000 });
    const row = node.locator('[data-column="location_id"]');
    await row.getByLabel('from SQL').waitFor();
    expect(await node.locator('[data-column="order_id"]').getByLabel('from SQL').count()).toBe(0);
    expect(await node.locator('[data-column="subtotal"] .col-type').textContent()).toBe('numeric(16, 2)');
    await row.click();
    const inspector = page.getByRole('article', { name: 'Inspector for stg_orders' });
    const detail = inspector.getByRole('region', { name: 'Column location_id' });
    await detail.waitFor();
    expect(await detail.textContent()).toContain('Known fromSQL (not documented in YAML)');
    await detail.getByRole('button', { name: 'Open SQL' }).waitFor();
    await page.screenshot({ path: '/tmp/modeler-columns-origin.png' });
    expect(ui!.errors).toEqual([]);
  }, 120_000);
});
