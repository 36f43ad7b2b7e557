// Modeling on the canvas, in real Chromium on a copy of the example: each table or column action
// (context menu and inspector) opens its dialog, proposes the change into the review plan, and
// Apply writes it — the YAML, SQL and .md files are read back from disk. A refusal says why in the
// dialog; a plan whose file changed since is refused stale; a drag from one column to another
// proposes the relationship. Keyboard: tables come before edges in Tab order (a table's detail
// button is in its context menu instead), search hands focus to the table found, Escape closes
// dialogs and focus returns to what opened them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Locator, Page } from 'playwright-core';
import { exampleSettled, startUi, table, uiUnavailable, until, type Ui } from './harness.js';
import { canvasIdle } from './on-screen.js';

const skip = uiUnavailable();
const SHOTS = process.env.MODELER_SHOTS; // set to docs/images to refresh the screenshots in the docs
let ui: Ui;
let page: Page;
beforeAll(async () => {
  if (skip) return;
  ui = await startUi();
  page = ui.page;
  await exampleSettled(page);
}, 120_000);
afterAll(async () => { await ui?.close(); });

const MARTS = 'models/marts/_marts.yml';
const plan = () => page.getByRole('region', { name: 'Review plan' });
const dialog = () => page.getByRole('dialog');
const inspector = () => page.getByRole('region', { name: 'Inspector' });
const columnOf = (file: string, model: string, column: string) =>
  parse(ui.read(file)).models.find((m: any) => m.name === model).columns.find((c: any) => c.name === column);
const shot = async (name: string, what: Locator | Page = page) => { if (SHOTS) await what.screenshot({ path: `${SHOTS}/${name}.png` }); };

/**
 * Whether the mark before `loc`'s text (its ::before) is drawn as a glyph: painted in its font
 * unlike a code point no font has (the missing-glyph box), and not blank.
 */
const glyphDrawn = (loc: Locator) => loc.evaluate((el) => {
  const cs = getComputedStyle(el, '::before');
  const mark = /^"(.*)"$/.exec(cs.content)?.[1];
  if (!mark) return false;
  const c = document.createElement('canvas');
  c.width = c.height = 48;
  const g = c.getContext('2d')!;
  const paint = (t: string) => { g.clearRect(0, 0, 48, 48); g.font = `32px ${cs.fontFamily}`; g.fillText(t, 4, 36); return g.getImageData(0, 0, 48, 48).data.join(','); };
  const none = paint(String.fromCodePoint(0x10fffd)), blank = paint(' ');
  const drawn = paint(mark);
  return drawn !== none && drawn !== blank;
});

async function fit(): Promise<void> {
  await page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('button', { name: 'Fit view' }).click();
  // the fit is applied a moment after the click: a table clicked before it moves under the pointer
  await canvasIdle(page);
}

/** Back to the diagram with every table drawn. */
async function toDiagram(): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Open views' }).getByRole('tab', { name: 'Diagram' });
  const fitButton = page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('button', { name: 'Fit view' });
  // the file an Apply wrote may still be opening (it takes the centre when it does): until the diagram stays
  await until(async () => { await tab.click(); await fitButton.click({ timeout: 2_000 }); return true; }, (x) => x === true, 'the diagram to show');
}

/** Validate the open plan, Apply it, and wait for the written file to open (the plan gives way to it). */
async function validateAndApply(): Promise<void> {
  await plan().getByRole('button', { name: 'Validate' }).click();
  await plan().getByRole('status').filter({ hasText: /^Validation passed/ }).waitFor();
  await plan().getByRole('button', { name: 'Apply' }).click();
  const tabs = page.getByRole('tablist', { name: 'Open views' });
  await until(() => tabs.getByRole('tab', { name: 'Review plan' }).getAttribute('aria-selected'), (v) => v === 'false', 'the written file to open');
}

async function columnMenu(tableName: string, column: string, item: string): Promise<void> {
  await table(page, tableName).locator(`[data-column="${column}"]`).click({ button: 'right' });
  await page.getByRole('menu', { name: `Actions for column ${tableName}.${column}` }).getByRole('menuitem', { name: item, exact: true }).click();
}

describe.skipIf(!!skip)(`editing on the canvas through the review plan${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('Set type from a column\'s context menu: dialog, review plan with the diff, Apply writes the YAML', async () => {
    await fit();
    await table(page, 'orders').locator('[data-column="amount"]').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Actions for column orders.amount' });
    await menu.getByRole('menuitem', { name: 'Set type' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining(['Rename', 'Edit description', 'Set type', 'Add relationship', 'Delete']));
    await shot('ui-edit-menu', page.getByRole('region', { name: 'Diagram' }));
    await menu.getByRole('menuitem', { name: 'Set type', exact: true }).click();
    const d = dialog();
    await d.getByRole('heading', { name: 'Set type: orders.amount' }).waitFor();
    await d.getByRole('textbox', { name: 'Data type' }).fill('decimal(18,2)');
    await shot('ui-edit-dialog', d);
    await d.getByRole('button', { name: 'Review change' }).click();
    await plan().getByRole('heading', { name: 'Review plan: Set the type of orders.amount' }).waitFor();
    // focus moved to the plan (the dialog is gone)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Review plan: Set the type of orders.amount');
    await plan().getByRole('tab', { name: MARTS }).waitFor();
    await plan().getByRole('button', { name: 'Validate' }).click();
    await plan().getByRole('status').filter({ hasText: /^Validation passed/ }).waitFor();
    // the diff's folded unchanged lines are marked with a glyph the page's fonts draw (⦚ was a box)
    const folded = plan().getByText(/^\d+ unchanged lines$/).first();
    expect(await glyphDrawn(folded)).toBe(true);
    await shot('ui-edit-review');
    await validateAndApply();
    expect(columnOf(MARTS, 'orders', 'amount').data_type).toBe('decimal(18,2)');
  }, 90_000);

  it('Edit description of a doc-bound column (inspector) edits its doc block in the .md file', async () => {
    await toDiagram();
    await table(page, 'customers').locator('[data-column="customer_id"]').click();
    const group = inspector().getByRole('group', { name: 'Edit column customer_id' });
    await group.getByRole('button', { name: 'Edit description' }).click();
    await dialog().getByText('This description is the doc block “customer_id”').waitFor();
    await dialog().getByRole('textbox', { name: 'Description' }).fill('The shop\'s customer key, assigned at registration.');
    await shot('ui-edit-doc-block', dialog());
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await plan().getByRole('tab', { name: 'models/docs/_docs.md' }).waitFor();
    await validateAndApply();
    expect(ui.read('models/docs/_docs.md')).toContain('{% docs customer_id %}\nThe shop\'s customer key, assigned at registration.\n{% enddocs %}');
    expect(columnOf(MARTS, 'customers', 'customer_id').description).toBe('{{ doc("customer_id") }}');
  }, 90_000);

  it('a rename the SQL would contradict is refused in the dialog with why; Escape closes it and focus returns to the table', async () => {
    await toDiagram();
    await columnMenu('orders', 'amount', 'Rename');
    await dialog().getByRole('textbox', { name: 'New name' }).fill('total');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    const alert = dialog().getByRole('alert');
    await alert.filter({ hasText: /named by models\/marts\/orders\.sql:\d+.*rename it in the SQL first/ }).waitFor();
    await shot('ui-edit-refused', dialog());
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), (v) => v === 'model orders', 'focus back on the orders table');
  }, 60_000);

  it('Rename a model (context menu) renames its SQL file and every ref() and relationships test naming it', async () => {
    await toDiagram();
    await table(page, 'stg_stores').locator('.table-head').click({ button: 'right' });
    await page.getByRole('menu', { name: 'Actions for model stg_stores' }).getByRole('menuitem', { name: 'Rename', exact: true }).click();
    await dialog().getByRole('textbox', { name: 'New name' }).fill('stg_inventory__stores');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await plan().getByRole('tab', { name: 'models/staging/shop/_shop__models.yml' }).waitFor();
    await validateAndApply();
    expect(ui.read('models/staging/inventory/stg_inventory__stores.sql')).toContain('select');
    expect(parse(ui.read('models/staging/inventory/_inventory.yml')).models[0].name).toBe('stg_inventory__stores');
    expect(columnOf('models/staging/shop/_shop__models.yml', 'stg_shop__orders', 'store_id').data_tests[0].relationships.arguments.to).toBe("ref('stg_inventory__stores')");
    await toDiagram();
    await table(page, 'stg_inventory__stores').waitFor();
  }, 90_000);

  it('Add column (inspector) and Delete (context menu) write and remove the column\'s YAML entry', async () => {
    await table(page, 'orders').locator('.table-head').click();
    await inspector().getByRole('group', { name: 'Edit table orders' }).getByRole('button', { name: 'Add column' }).click();
    await dialog().getByRole('textbox', { name: 'Column name' }).fill('channel');
    await dialog().getByRole('textbox', { name: 'Data type' }).fill('varchar');
    await dialog().getByRole('textbox', { name: 'Description' }).fill('Where the order came from.');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await validateAndApply();
    expect(columnOf(MARTS, 'orders', 'channel')).toEqual({ name: 'channel', data_type: 'varchar', description: 'Where the order came from.' });
    await toDiagram();
    await table(page, 'orders').locator('[data-column="channel"]').waitFor();
    await columnMenu('orders', 'channel', 'Delete');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await validateAndApply();
    expect(columnOf(MARTS, 'orders', 'channel')).toBeUndefined();
  }, 90_000);

  it('Add relationship from the inspector (keyboard path) adds the relationships test in the file\'s style', async () => {
    await toDiagram();
    await table(page, 'stg_stripe__payments').locator('[data-column="customer_id"]').click();
    await inspector().getByRole('group', { name: 'Edit column customer_id' }).getByRole('button', { name: 'Add relationship' }).click();
    await dialog().getByRole('combobox', { name: 'Referenced table' }).selectOption('stg_stripe__customers');
    await dialog().getByRole('combobox', { name: 'Referenced column' }).selectOption('customer_id');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await validateAndApply();
    // this file writes data_tests: and the arguments without `arguments:` nesting: so does the new test
    expect(columnOf('models/staging/stripe/_stripe__models.yml', 'stg_stripe__payments', 'customer_id').data_tests).toEqual([{ relationships: { to: "ref('stg_stripe__customers')", field: 'customer_id' } }]);
  }, 90_000);

  it('a drag from one column to another proposes the relationship', async () => {
    await toDiagram();
    const from = table(page, 'orders').locator('[data-column="store_id"]');
    const to = table(page, 'stg_inventory__stores').locator('[data-column="store_id"]');
    await from.hover();
    const handle = from.locator('.react-flow__handle[data-handleid="store_id:R"]');
    const a = (await handle.boundingBox())!, b = (await to.locator('.react-flow__handle[data-handleid="store_id:L"]').boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await plan().getByRole('heading', { name: 'Review plan: Relate orders.store_id to stg_inventory__stores.store_id' }).waitFor();
    await validateAndApply();
    expect(columnOf(MARTS, 'orders', 'store_id').data_tests).toEqual([{ relationships: { arguments: { to: "ref('stg_inventory__stores')", field: 'store_id' } } }]);
  }, 90_000);

  it('a plan whose element was removed from the file since is refused stale and writes nothing', async () => {
    await toDiagram();
    await columnMenu('orders', 'order_date', 'Set type');
    await dialog().getByRole('textbox', { name: 'Data type' }).fill('date');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await plan().getByRole('tab', { name: MARTS }).waitFor();
    const text = ui.read(MARTS).replace(/\n {6}- name: order_date\n {8}description: [^\n]*/, '');
    expect(text).not.toBe(ui.read(MARTS));
    ui.write(MARTS, text);
    await plan().getByRole('button', { name: 'Validate' }).click();
    await plan().getByRole('alert').filter({ hasText: 'One change is stale' }).waitFor();
    expect(await plan().getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await shot('ui-edit-stale');
    expect(ui.read(MARTS)).toBe(text);
    await plan().getByRole('button', { name: 'Discard' }).click();
  }, 90_000);
});

describe.skipIf(!!skip)(`editing a Modeler model file on its canvas${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  const FILE = 'Modeler/models/sales.model.yaml';
  it('Add relationship between two entities writes a relationship into the model file', async () => {
    ui.write(FILE, 'kind: model\nmodel: {name: sales, version: 1.0.0, layer: logical}\nentities:\n  - name: Customer\n    type: table\n    columns:\n      - {name: customer_id, primary_key: true}\n  - name: Order\n    type: table\n    columns:\n      - {name: order_id, primary_key: true}\n      - {name: customer_id}\n');
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('treeitem', { name: 'sales.model.yaml' }).click();
    await inspector().getByRole('button', { name: 'Open on canvas' }).click();
    await table(page, 'Order', 'table').locator('[data-column="customer_id"]').click();
    await inspector().getByRole('group', { name: 'Edit column customer_id' }).getByRole('button', { name: 'Add relationship' }).click();
    await dialog().getByRole('combobox', { name: 'Referenced table' }).selectOption('Customer');
    await dialog().getByRole('button', { name: 'Review change' }).click();
    await plan().getByRole('tab', { name: FILE }).waitFor();
    await validateAndApply();
    expect(parse(ui.read(FILE)).relationships).toEqual([{ from: 'Order.customer_id', to: 'Customer.customer_id', cardinality: 'many_to_one' }]);
    await page.getByRole('tablist', { name: 'Open views' }).getByRole('tab', { name: 'Diagram' }).click();
    await page.getByRole('button', { name: 'Project diagram' }).click();
    await table(page, 'orders').waitFor();
  }, 90_000);
});

describe.skipIf(!!skip)(`keyboard and focus on the canvas${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('Tab reaches every table before any edge', async () => {
    await toDiagram();
    const order = await page.evaluate(() => [...document.querySelectorAll('.react-flow__viewport [tabindex="0"]')].map((e) => (e.classList.contains('react-flow__node') ? 'table' : e.closest('.react-flow__edge') ? 'edge' : 'other')));
    expect(order.filter((x) => x === 'edge').length).toBeGreaterThan(0);
    expect(order.lastIndexOf('table')).toBeLessThan(order.indexOf('edge'));
    // and the real key: from a table, Tab goes to the next table (not to a button inside the table)
    await table(page, 'customers').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('react-flow__node'))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).not.toBe('model customers');
  });

  it('a table\'s detail button, out of the Tab order, has its choices in the table\'s context menu', async () => {
    const customers = table(page, 'customers');
    await customers.getByRole('button', { name: 'Collapse customers' }).waitFor();
    const menu = page.getByRole('menu', { name: 'Actions for model customers' });
    await customers.focus();
    await page.keyboard.press('ContextMenu');
    await menu.getByRole('menuitem', { name: 'Collapse customers' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(expect.arrayContaining(['Show keys of customers', 'Collapse customers']));
    await menu.getByRole('menuitem', { name: 'Collapse customers' }).press('Enter');
    await customers.getByRole('button', { name: 'Show keys of customers' }).waitFor();
    expect(await customers.locator('[data-column]').count()).toBe(0);
    // and back, from the keyboard again
    await customers.focus();
    await page.keyboard.press('ContextMenu');
    await menu.getByRole('menuitem', { name: 'Show all columns of customers' }).press('Enter');
    await customers.getByRole('button', { name: 'Collapse customers' }).waitFor();
    expect(await customers.locator('[data-column]').count()).toBeGreaterThan(0);
  });

  it('search hands focus to the table it found; Escape closes the search and the context menu', async () => {
    await page.keyboard.press('Control+k');
    const box = dialog().getByRole('combobox', { name: 'Search models, entities, columns, files and doc blocks' });
    await box.fill('stg_shop__products');
    await dialog().getByRole('option').first().waitFor();
    await box.press('Enter');
    await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), (v) => v === 'model stg_shop__products', 'focus on the table found');
    await page.keyboard.press('Control+k');
    await dialog().waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await table(page, 'stg_shop__products').focus();
    await page.keyboard.press('ContextMenu');
    const menu = page.getByRole('menu', { name: 'Actions for model stg_shop__products' });
    await menu.getByRole('menuitem', { name: 'Edit description' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('an edit dialog opened from the keyboard closes with Escape and gives focus back to its table', async () => {
    await table(page, 'stg_shop__products').focus();
    await page.keyboard.press('ContextMenu');
    await page.getByRole('menuitem', { name: 'Edit description' }).press('Enter');
    await dialog().getByRole('textbox', { name: 'Description' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), (v) => v === 'model stg_shop__products', 'focus back on the table');
  });

  it('no two buttons share a name within one region (the diagram, the inspector, the column\'s section, a menu)', async () => {
    await page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('button', { name: 'Clear focus' }).click();
    await fit();
    await table(page, 'orders').locator('[data-column="customer_id"]').click();
    await inspector().getByRole('region', { name: 'Column customer_id' }).waitFor();
    // each shown button counts in its innermost labelled region (a section with a name, a landmark, a menu or dialog)
    const twice = await page.evaluate(() => {
      const REGION = 'section[aria-label], [role="region"], [role="menu"], [role="dialog"], aside, main, nav, header';
      const seen = new Map<Element, Map<string, number>>();
      for (const b of document.querySelectorAll('button, [role="button"], [role="menuitem"]')) {
        if (!(b as HTMLElement).offsetParent) continue;
        const region = b.closest(REGION) ?? document.body;
        const name = (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().toLowerCase();
        const m = seen.get(region) ?? new Map<string, number>();
        m.set(name, (m.get(name) ?? 0) + 1);
        seen.set(region, m);
      }
      return [...seen].flatMap(([r, m]) => [...m].filter(([, n]) => n > 1).map(([name]) => `${r.getAttribute('aria-label') ?? r.tagName}: ${name}`));
    });
    expect(twice).toEqual([]);
    expect(ui.errors).toEqual([]);
  });
});
