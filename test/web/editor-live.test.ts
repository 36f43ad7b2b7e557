// The editor saves with If-Match and shows a conflict when the file changed on disk; an edit
// made on disk by another program appears in the Explorer, canvas, inspector and findings
// without a reload.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveUiForFile, startUi, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
let page: Page;
serveUiForFile(skip, (u) => { ui = u; page = u.page; });

const docs = 'models/docs/_docs.md';

async function openInEditor(name: string, path: string) {
  await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name }).dblclick();
  const editor = page.getByRole('textbox', { name: `Contents of ${path}`, exact: true });
  await editor.waitFor();
  return editor;
}

describe.skipIf(!!skip)(`the editor and live refresh${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('saves what was typed (Ctrl+S) and undoes with Ctrl+Z', async () => {
    const editor = await openInEditor('_docs.md', docs);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nA note typed in the browser.');
    await page.getByRole('tab', { name: '_docs.md •' }).waitFor();
    await page.keyboard.press('Control+s');
    await until(() => ui.read(docs), (t) => t.endsWith('A note typed in the browser.'), 'the save on disk');
    await page.getByRole('tab', { name: '_docs.md', exact: true }).waitFor();
    await page.keyboard.press('Control+z');
    await page.getByRole('tab', { name: '_docs.md •' }).waitFor();
    expect(await editor.textContent()).not.toContain('A note typed in the browser.');
  });

  it('a file changed on disk under unsaved edits is a conflict: both versions shown, the user keeps one', async () => {
    const editor = page.getByRole('textbox', { name: `Contents of ${docs}`, exact: true });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nMine.');
    const theirs = ui.read(docs) + '\nTheirs, written by another program.\n';
    ui.write(docs, theirs);
    const conflict = page.getByRole('alert').filter({ hasText: 'changed on disk after you opened it' });
    await conflict.waitFor();
    await conflict.getByRole('textbox', { name: `conflict in ${docs}: current` }).waitFor();
    await conflict.getByRole('button', { name: 'Keep mine and save' }).click();
    await until(() => ui.read(docs), (t) => t.endsWith('Mine.') && !t.includes('Theirs'), 'my version on disk');
    await page.getByRole('tab', { name: '_docs.md', exact: true }).waitFor(); // the save's answer reached the editor: clean
  });

  it('a save refused by If-Match (the file changed between reading and saving) shows the conflict and writes nothing', async () => {
    // the file is replaced on disk just as the save leaves the browser: the server answers 409
    // CONFLICT to the If-Match of the text the editor holds (deterministic, before any watcher event)
    const editor = page.getByRole('textbox', { name: `Contents of ${docs}`, exact: true });
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nSecond edit.');
    await page.getByRole('tab', { name: '_docs.md •' }).waitFor(); // the edit landed in the editor
    const other = '# replaced on disk\n';
    let ifMatch: string | undefined;
    await page.route('**/api/projects/*/file', async (route) => {
      if (route.request().method() === 'PUT') { ifMatch = await route.request().headerValue('if-match') ?? undefined; ui.write(docs, other); }
      await route.continue();
    });
    // the toolbar's Save (Ctrl+S is the first test's): it does not depend on where the focus is
    await page.getByRole('toolbar', { name: `${docs} actions` }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: `${docs} changed on disk since you opened it` }).waitFor();
    await page.unroute('**/api/projects/*/file');
    expect(ifMatch).toMatch(/^"[0-9a-f]{32}"$/);
    await page.getByRole('alert').filter({ hasText: 'changed on disk after you opened it' }).waitFor();
    expect(ui.read(docs)).toBe(other);
    // another change on disk whose re-read is still on its way when the user keeps the disk
    // version: it must land on the buffer as it is then (clean), not as it was (conflicted)
    let held = 0;
    const fileApi = (url: URL) => /\/api\/projects\/[^/]+\/file$/.test(url.pathname);
    await page.route(fileApi, async (route) => {
      if (route.request().method() === 'GET') { held++; await new Promise((r) => setTimeout(r, 1500)); }
      await route.continue().catch(() => {}); // a request still held when the route is removed goes on by itself
    });
    ui.write(docs, '# replaced on disk again\n');
    await until(async () => held, (n) => n > 0, 'the re-read of the changed file');
    await page.getByRole('button', { name: 'Keep the version on disk' }).click();
    const text = page.getByRole('textbox', { name: `Contents of ${docs}`, exact: true });
    await text.waitFor();
    await until(async () => await text.isVisible() ? await text.textContent() : 'conflict shown again', (t) => !!t?.includes('# replaced on disk again'), 'the new disk version in the editor');
    await page.unroute(fileApi);
    expect(await page.getByRole('alert').filter({ hasText: 'changed on disk after you opened it' }).count()).toBe(0);
  });

  it('creates, renames and deletes files from the Explorer\'s menus', async () => {
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('treeitem', { name: 'glossary/' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'New model here…' }).click();
    const dlg = page.getByRole('dialog', { name: 'New model in Modeler/glossary' });
    await dlg.getByRole('textbox', { name: 'Name' }).fill('billing');
    await dlg.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Contents of Modeler/glossary/billing.model.yaml', exact: true }).waitFor();
    expect(ui.read('Modeler/glossary/billing.model.yaml')).toContain('name: billing');
    await tree.getByRole('treeitem', { name: 'billing.model.yaml' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    const ren = page.getByRole('dialog', { name: 'Rename Modeler/glossary/billing.model.yaml' });
    await ren.getByRole('textbox', { name: 'New path' }).fill('Modeler/logical/billing.model.yaml');
    await ren.getByRole('button', { name: 'Rename' }).click();
    await tree.getByRole('treeitem', { name: 'logical/' }).waitFor();
    await until(() => ui.read('Modeler/logical/billing.model.yaml'), (t) => t.includes('name: billing'), 'the renamed file');
    if (await tree.getByRole('treeitem', { name: 'logical/' }).getAttribute('aria-expanded') === 'false') await tree.getByRole('treeitem', { name: 'logical/' }).click();
    await tree.getByRole('treeitem', { name: 'billing.model.yaml' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog', { name: 'Delete Modeler/logical/billing.model.yaml?' }).getByRole('button', { name: 'Delete' }).click();
    await until(() => tree.getByRole('treeitem', { name: 'billing.model.yaml' }).count(), (n) => n === 0, 'the file to leave the Explorer');
    expect(() => ui.read('Modeler/logical/billing.model.yaml')).toThrow();
  });

  it('edits on disk appear without a reload: a description, a new model, a deleted one, findings', async () => {
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await table(page, 'orders').getByText('orders', { exact: true }).click();
    const insp = page.getByRole('region', { name: 'Inspector' });
    await insp.getByText('One row per order with its payment total.').waitFor();
    const marts = 'models/marts/_marts.yml';
    ui.write(marts, ui.read(marts).replace('One row per order with its payment total.', 'One row per order, changed on disk.'));
    await insp.getByText('One row per order, changed on disk.').waitFor();
    // a new model with a relationships test appears as a table with its edge
    ui.write('models/marts/fct_refunds.sql', "select * from {{ ref('orders') }}\n");
    ui.write('models/marts/_refunds.yml', 'version: 2\nmodels:\n  - name: fct_refunds\n    columns:\n      - name: refund_id\n        data_tests: [unique, not_null]\n      - name: order_id\n        data_tests:\n          - relationships:\n              arguments: {to: ref(\'orders\'), field: order_id}\n');
    await table(page, 'fct_refunds').waitFor();
    await page.getByRole('group', { name: 'relationship fct_refunds.order_id to orders.order_id (many to one)' }).waitFor();
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: '_refunds.yml' }).waitFor();
    // and goes away when deleted
    rmSync(join(ui.root, 'models/marts/_refunds.yml'));
    rmSync(join(ui.root, 'models/marts/fct_refunds.sql'));
    await until(() => table(page, 'fct_refunds').count(), (n) => n === 0, 'the deleted model to leave the canvas');
    expect(ui.errors).toEqual([]);
  });
});
