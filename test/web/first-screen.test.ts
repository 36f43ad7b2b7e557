// The first screen after `modeler serve`: the project's diagram beside the Explorer; the
// inspector for a table, a column and a relationship; findings that open the file at the line;
// ⌘K search that focuses a table with its neighbours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUi, table, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
beforeAll(async () => { if (!skip) ui = await startUi(); });
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)(`the first screen${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('is the project diagram with its models and relationships, beside the Explorer', async () => {
    const { page } = ui;
    await table(page, 'orders').waitFor();
    expect(await page.getByRole('tab', { name: 'Diagram' }).getAttribute('aria-selected')).toBe('true');
    for (const m of ['customers', 'orders', 'rpt_daily_revenue', 'stg_shop__orders', 'stg_shop__customers', 'stg_stripe__payments', 'stg_supplies']) await table(page, m).waitFor();
    // the six relationships tests and the one foreign key of the example, each with its cardinality
    const keys = page.getByRole('group', { name: /^relationship / });
    await page.getByRole('group', { name: 'relationship orders.customer_id to customers.customer_id (many to one)' }).waitFor();
    expect(await keys.count()).toBe(7);
    await page.getByRole('group', { name: 'relationship stg_supplies.product_id to stg_shop__products.product_id (many to one)' }).waitFor();
    // lineage is off at first and can be turned on
    expect(await page.getByRole('group', { name: /^lineage / }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Lineage' }).check();
    await page.getByRole('group', { name: 'lineage orders to rpt_daily_revenue' }).waitFor();
    await page.getByRole('checkbox', { name: 'Lineage' }).uncheck();
    // the Explorer lists the files with kind and layer badges and readiness dots
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('treeitem', { name: '_marts.yml' }).waitFor();
    await tree.getByRole('treeitem', { name: '_marts.yml' }).getByRole('img', { name: 'readiness yellow' }).waitFor();
    expect(ui.errors).toEqual([]);
  });

  it('inspects a table, a column with its doc block, and a relationship', async () => {
    const { page } = ui;
    await table(page, 'customers').getByText('customers', { exact: true }).click();
    const insp = page.getByRole('region', { name: 'Inspector' });
    await insp.getByRole('heading', { name: /^customers/ }).waitFor();
    await insp.getByText('contracted · active · v1').waitFor();
    await insp.getByRole('row', { name: /customer_id PK integer unique, not_null YAML, SQL/ }).waitFor();
    // the column: its tests and the doc block its description is bound to, which opens the .md
    await table(page, 'customers').getByText('customer_id', { exact: true }).click();
    await insp.getByRole('heading', { name: 'customers.customer_id' }).waitFor();
    await insp.getByRole('button', { name: 'doc block “customer_id” in models/docs/_docs.md:3' }).first().click();
    await page.getByRole('textbox', { name: 'Contents of models/docs/_docs.md' }).waitFor();
    await page.getByRole('tab', { name: 'Diagram' }).click();
    // a relationship: both ends and the cardinality
    await page.getByRole('group', { name: 'relationship orders.customer_id to customers.customer_id (many to one)' }).click({ force: true });
    await insp.getByRole('heading', { name: 'Relationship' }).waitFor();
    await insp.getByRole('button', { name: 'From: orders.customer_id' }).waitFor();
    await insp.getByText('many to one').waitFor();
    await insp.getByText('relationships test in data_tests').waitFor();
  });

  it('shows readiness findings of the selected model and in the bottom panel; a click opens the file at the line', async () => {
    const { page } = ui;
    await table(page, 'orders').getByText('orders', { exact: true }).click();
    const insp = page.getByRole('region', { name: 'Inspector' });
    await insp.getByText('READINESS_INTERFACE_NOT_CONTRACTED', { exact: true }).waitFor();
    await page.getByRole('tab', { name: /^Readiness \(\d+\)/ }).click();
    const row = page.getByRole('region', { name: 'Findings' }).getByRole('row', { name: /READINESS_KEY_TESTS_MISSING/ });
    await row.getByRole('button', { name: 'models/marts/_marts.yml:82', exact: true }).click();
    const editor = page.getByRole('textbox', { name: 'Contents of models/marts/_marts.yml' });
    await editor.waitFor();
    // the line of the finding is selected in the editor
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? ''), { timeout: 10_000 }).toContain('rpt_daily_revenue');
  });

  it('finds any model, column, file or doc block with Ctrl+K and focuses a table with its neighbours', async () => {
    const { page } = ui;
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search models, entities, columns, files and doc blocks' });
    await box.fill('stg_supplies');
    await page.getByRole('option', { name: /stg_supplies/ }).first().waitFor();
    await box.press('Enter');
    await page.getByRole('status').filter({ hasText: 'stg_supplies and neighbours within' }).waitFor();
    await table(page, 'stg_shop__products').waitFor();
    expect(await table(page, 'customers').count()).toBe(0);
    await page.getByRole('region', { name: 'Inspector' }).getByRole('heading', { name: /^stg_supplies/ }).waitFor();
    await page.getByRole('button', { name: 'Clear focus' }).click();
    await table(page, 'customers').waitFor();
    // a doc block opens its .md at the block
    await page.keyboard.press('Control+k');
    await box.fill('order_status');
    await page.getByRole('option', { name: /doc_block order_status/ }).click();
    await page.getByRole('textbox', { name: 'Contents of models/docs/_docs.md' }).waitFor();
  });
});
