// Column lineage in the UI, in real Chromium on the example project: selecting orders.customer_id
// marks its upstream columns on the canvas (stg_shop__orders.customer_id, the source's user_id)
// and the inspector lists them with their kind and the file:line of the expression.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUi, table, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui | undefined;
beforeAll(async () => { if (!skip) ui = await startUi(); }, 120_000);
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)('column lineage on the canvas and in the inspector', () => {
  it('selecting a column highlights its upstream and downstream columns and lists them with file:line', async () => {
    const page = ui!.page;
    const orders = table(page, 'orders');
    await orders.waitFor({ timeout: 60_000 });
    await orders.locator('[data-column="customer_id"]').click();
    const section = page.getByRole('region', { name: 'Lineage of orders.customer_id' });
    await section.waitFor();
    const up = section.getByRole('list', { name: 'Upstream columns' });
    await up.waitFor();
    const first = up.getByRole('listitem').filter({ hasText: 'stg_shop__orders.customer_id' });
    expect(await first.textContent()).toContain('passthrough');
    await first.getByRole('button', { name: 'models/marts/orders.sql:3' }).waitFor();
    expect(await up.getByRole('listitem').filter({ hasText: 'shop.orders.user_id' }).textContent()).toContain('rename');
    // the canvas marks the upstream column on its table
    const stg = table(page, 'stg_shop__orders');
    await stg.locator('[data-column="customer_id"]').getByLabel('upstream of the selected column').waitFor();
    expect(await stg.locator('[data-column="order_id"]').getByLabel('upstream of the selected column').count()).toBe(0);
    // and from the staging column, the mart column is downstream
    await stg.locator('[data-column="customer_id"]').click();
    const down = page.getByRole('region', { name: 'Lineage of stg_shop__orders.customer_id' }).getByRole('list', { name: 'Downstream columns' });
    await down.getByRole('listitem').filter({ hasText: 'orders.customer_id' }).first().waitFor();
    await orders.locator('[data-column="customer_id"]').getByLabel('downstream of the selected column').waitFor();
    await page.screenshot({ path: '/tmp/modeler-lineage.png' });
    expect(ui!.errors).toEqual([]);
  }, 120_000);
});
