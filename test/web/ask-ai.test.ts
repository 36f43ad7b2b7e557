// Ask AI from every entry point the spec lists (§1): the AI tab, the canvas button, the context
// menus of tables, entities and concepts, relationships, Explorer files and folders and
// validation rows, selected text in the editor and the inspector, the diagram background, and
// the inspector's empty state (the two agents). Each reaches the composer with its context shown
// as a chip; Enter sends and Shift+Enter inserts a newline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONCEPT_DIAGRAM } from './fixtures.js';
import { serverRoutes, showDetails, startUi, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
const noAsk = skip || (await serverRoutes()).has('POST /api/ai/ask') ? undefined : 'the server does not offer POST /api/ai/ask';
let ui: Ui;
let page: Page;
beforeAll(async () => {
  if (skip) return;
  ui = await startUi({ files: { 'Modeler/conceptual/shop.diagram.yaml': CONCEPT_DIAGRAM } });
  page = ui.page;
  await table(page, 'orders').waitFor();
});
afterAll(async () => { await ui?.close(); });

const composer = () => page.getByRole('textbox', { name: 'Message to the assistant' });
const chips = () => page.getByRole('list', { name: 'Context attached' }).getByRole('listitem');

/** The composer is shown, has the keyboard focus, and carries exactly this context. */
async function expectContext(text: string | RegExp): Promise<void> {
  await composer().waitFor();
  await chips().filter({ hasText: text }).waitFor();
  expect(await chips().count()).toBe(1);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message to the assistant');
}

async function menu(target: { click(o: object): Promise<void> }, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  // a node that is re-rendered while the layout settles (a loaded machine) drops the menu it just
  // opened: right-click again until the menu is there, then choose the item
  await until(async () => {
    if (!(await entry.isVisible())) {
      await target.click({ button: 'right', force: true });
      await entry.waitFor({ timeout: 3000 }).catch(() => {});
    }
    return entry.isVisible();
  }, (shown) => shown, `the context menu item "${item}"`, 60_000);
  await entry.click();
}

describe.skipIf(!!skip)(`Ask AI entry points${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('the right panel\'s AI tab opens the composer', async () => {
    await showDetails(page);
    await page.getByRole('tab', { name: 'AI', exact: true }).click();
    await composer().waitFor();
    await page.getByRole('tab', { name: 'Inspector' }).click();
  });

  it('the canvas button asks about the workspace, or about the selected table', async () => {
    await page.getByRole('button', { name: 'Ask AI about the diagram' }).click();
    await expectContext('workspace jaffle_shop');
    await table(page, 'orders').getByText('orders', { exact: true }).click();
    await page.getByRole('button', { name: 'Ask AI about the diagram' }).click();
    await expectContext('model orders');
  });

  it('the context menu of a table and of a relationship, and of the diagram background', async () => {
    await menu(table(page, 'stg_shop__orders'), 'Ask AI about stg_shop__orders');
    await expectContext('model stg_shop__orders');
    await menu(page.getByRole('group', { name: 'relationship orders.customer_id to customers.customer_id (many to one)' }), 'Ask AI about this relationship');
    await expectContext('relationship orders.customer_id → customers.customer_id');
    // the background: a spot of the pane with no table (the top-left corner of the flow)
    const pane = page.locator('.react-flow__pane');
    await pane.click({ button: 'right', position: { x: 8, y: 8 } });
    await page.getByRole('menuitem', { name: 'Ask AI about the workspace' }).click();
    await expectContext('workspace jaffle_shop');
  });

  it('the context menu of an entity or concept in a diagram file, and of its relationship', async () => {
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('treeitem', { name: 'conceptual/' }).waitFor();
    if (await tree.getByRole('treeitem', { name: 'conceptual/' }).getAttribute('aria-expanded') === 'false') await tree.getByRole('treeitem', { name: 'conceptual/' }).click();
    await menu(tree.getByRole('treeitem', { name: 'shop.diagram.yaml' }), 'Open on canvas');
    await table(page, 'Customer', 'concept').waitFor();
    await page.locator('section[aria-label="Diagram"][aria-busy="false"]').waitFor();
    await menu(table(page, 'Customer', 'concept'), 'Ask AI about Customer');
    await expectContext('concept Customer');
    await menu(page.getByRole('group', { name: /^relationship Customer to Order \(one to many\) places/ }), 'Ask AI about this relationship');
    await expectContext('relationship customer_orders');
    await page.getByRole('button', { name: 'Project diagram' }).click();
    await table(page, 'orders').waitFor();
  });

  it('the context menu of an Explorer file and folder — by mouse and by keyboard', async () => {
    const tree = page.getByRole('tree', { name: 'Project files' });
    await menu(tree.getByRole('treeitem', { name: '_marts.yml' }), 'Ask AI about _marts.yml');
    await expectContext('file models/marts/_marts.yml');
    await menu(tree.getByRole('treeitem', { name: 'marts/' }), 'Ask AI about models/marts/');
    await expectContext('folder models/marts');
    // keyboard only: focus the row, Shift+F10 opens its menu, arrows move, Enter runs
    await tree.getByRole('treeitem', { name: 'dbt_project.yml' }).focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menu', { name: 'Actions for file dbt_project.yml' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectContext('file dbt_project.yml');
  });

  it('a validation row: its Ask AI button and its context menu', async () => {
    await page.getByRole('tab', { name: /^Readiness \(\d+\)/ }).click();
    await page.getByRole('button', { name: 'Ask AI about READINESS_KEY_TESTS_MISSING at models/marts/_marts.yml:82' }).click();
    await expectContext('finding READINESS_KEY_TESTS_MISSING at models/marts/_marts.yml:82');
    await page.getByRole('tab', { name: /^Mesh \(\d+\)/ }).click();
    await menu(page.getByRole('region', { name: 'Findings' }).getByRole('row', { name: /MESH_INTERFACE_NOT_CONTRACTED/ }), 'Ask AI about MESH_INTERFACE_NOT_CONTRACTED');
    await expectContext('finding MESH_INTERFACE_NOT_CONTRACTED at models/marts/_marts.yml:46');
  });

  it('selected text in an editor and in the inspector', async () => {
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: '_docs.md' }).dblclick();
    const editor = page.getByRole('textbox', { name: 'Contents of models/docs/_docs.md' });
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    await page.getByRole('button', { name: 'Ask AI about selection' }).click();
    await expectContext('selected text in models/docs/_docs.md: “# Shared column documentation”');
    // the inspector: select a description with the mouse
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await table(page, 'orders').getByText('orders', { exact: true }).click();
    await page.getByRole('tab', { name: 'Inspector' }).click();
    await page.getByRole('region', { name: 'Inspector' }).getByText('One row per order with its payment total.').click({ clickCount: 3 });
    await page.getByRole('button', { name: 'Ask AI about selected text' }).click();
    await expectContext('selected text: “One row per order with its payment total.”');
  });

  it('Enter sends, Shift+Enter inserts a newline', async () => {
    const box = composer();
    await box.click();
    await box.fill('');
    await page.keyboard.type('which models feed rpt_daily_revenue?');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('and who owns them');
    expect(await box.inputValue()).toBe('which models feed rpt_daily_revenue?\nand who owns them');
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('which models feed rpt_daily_revenue? and who owns them', { exact: false }).waitFor();
    expect(await box.inputValue()).toBe('');
    // the request was answered, or refused with a reason when the server has no assistant route
    await log.getByRole('article').or(log.getByRole('alert')).first().waitFor();
  });

  it.skipIf(!!noAsk)(`an answer shows its sources (a click opens them), its skills (disable one, then re-ask) and the memory it used${noAsk ? ` [skipped: ${noAsk}]` : ''}`, async () => {
    const box = composer();
    const log = page.getByRole('log', { name: 'Conversation' });
    const answers = log.getByRole('article');
    const before = await answers.count();
    await box.fill('is orders ready to be a contracted interface?');
    await box.press('Enter');
    await until(() => answers.count(), (n) => n === before + 1, 'the answer');
    const answer = answers.last();
    await answer.getByRole('region', { name: 'Skills used' }).getByText('interface-readiness', { exact: true }).waitFor();
    await answer.getByRole('button', { name: 'Disable interface-readiness' }).click();
    await answer.getByRole('button', { name: 'Re-ask with these skills' }).click();
    await until(() => answers.count(), (n) => n === before + 2, 'the second answer');
    expect(await answers.last().getByRole('region', { name: 'Skills used' }).textContent()).toBe('Skills usednone');
    // a source opens at its line (the first five are listed; the rest on request)
    const more = answers.last().getByRole('button', { name: /^Show all \d+ sources$/ });
    if (await more.count()) await more.click();
    const source = answers.last().getByRole('region', { name: 'Sources' }).getByRole('button', { name: /^model orders — models\/marts\/_marts\.yml:46$/ });
    await source.click();
    await page.getByRole('textbox', { name: 'Contents of models/marts/_marts.yml', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('- name: orders');
    // a standing rule is remembered, then used
    await showDetails(page);
    await page.getByRole('tab', { name: 'AI', exact: true }).click();
    await box.fill('always name key columns <entity>_id');
    await box.press('Enter');
    await until(() => answers.count(), (n) => n === before + 3, 'the acknowledgement');
    await answers.last().getByText('Remembered: Always name key columns <entity>_id.').waitFor();
    await box.fill('which key columns does orders have?');
    await box.press('Enter');
    await until(() => answers.count(), (n) => n === before + 4, 'the answer');
    await answers.last().getByRole('region', { name: 'Memory used' }).getByText('Always name key columns <entity>_id.').waitFor();
    // the remembered rules are listed, and can be forgotten
    await page.getByRole('region', { name: 'Ask AI' }).getByRole('button', { name: 'Memory', exact: true }).click();
    const rules = page.getByRole('region', { name: 'Remembered rules' });
    await rules.getByRole('button', { name: 'Forget: Always name key columns <entity>_id.' }).click();
    await rules.getByText('none').waitFor();
    // an earlier chat reopens with its answers
    await page.getByRole('button', { name: 'New chat' }).click();
    expect(await answers.count()).toBe(0);
    const chat = page.getByRole('combobox', { name: 'Open an earlier chat' });
    await chat.selectOption({ index: 1 });
    await until(() => answers.count(), (n) => n >= 4, 'the reopened chat');
    await log.getByText('which key columns does orders have?').waitFor();
  });

  it('the inspector\'s empty state has the two agents; Conceptualize opens its proposal as a review plan', async () => {
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.locator('.react-flow__pane').click({ position: { x: 8, y: 8 } });
    await showDetails(page);
    await page.getByRole('tab', { name: 'Inspector' }).click();
    const agents = page.getByRole('region', { name: 'Agents' });
    await agents.getByRole('button', { name: 'Canonicalize' }).waitFor();
    await agents.getByRole('button', { name: 'Conceptualize' }).click();
    const plan = page.getByRole('region', { name: 'Review plan' });
    await plan.getByRole('tab', { name: 'Modeler/conceptual/jaffle_shop.diagram.yaml' }).waitFor();
    await plan.getByRole('checkbox', { name: 'Include create_file Modeler/conceptual/jaffle_shop.diagram.yaml' }).waitFor();
    expect(ui.errors).toEqual([]);
  });
});
