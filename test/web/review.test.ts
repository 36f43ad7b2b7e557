// The review plan (spec §3): a proposal opens in the centre with a diff per file; changes can be
// left out; Validate shows each blocked change with its cause; Apply is enabled only after a
// clean validation and writes the files; a DOC_BLOCK_OVERWRITE shows a toast pointing at the .md
// file (which opens on click) and writes nothing; after an apply the Explorer, canvas, findings
// and the opened primary file show the new state.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverRoutes, serveUiForFile, showDetails, startUi, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
const routes = skip ? new Set<string>() : await serverRoutes();
const noAsk = routes.has('POST /api/ai/ask') ? undefined : 'the server does not offer POST /api/ai/ask yet';
let ui: Ui;
let page: Page;
serveUiForFile(skip, (u) => { ui = u; page = u.page; });

const plan = () => page.getByRole('region', { name: 'Review plan' });

describe.skipIf(!!skip)(`the review plan${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens an agent\'s proposal with a tab per file; a change left out is not written; Apply only after a clean validation; then everything refreshes', async () => {
    await page.locator('.react-flow__pane').click({ position: { x: 8, y: 8 } });
    await showDetails(page);
    const agents = page.getByRole('region', { name: 'Agents' });
    await agents.getByRole('spinbutton', { name: 'min recurrence' }).fill('1');
    await agents.getByRole('button', { name: 'Canonicalize' }).click();
    await plan().getByRole('tab', { name: 'Modeler/docs/_canonical.md' }).waitFor();
    await plan().getByRole('tab', { name: 'Modeler/logical/customer.model.yaml' }).click();
    // the diff of a new file: nothing on disk, the proposed text on the right (editable)
    await plan().getByRole('textbox', { name: 'Modeler/logical/customer.model.yaml: proposed' }).waitFor();
    const apply = plan().getByRole('button', { name: 'Apply' });
    expect(await apply.isDisabled()).toBe(true);
    await plan().getByRole('checkbox', { name: 'Include create_file Modeler/logical/store.model.yaml' }).uncheck();
    await plan().getByRole('button', { name: 'Validate' }).click();
    await plan().getByRole('status').filter({ hasText: /^Validation passed/ }).waitFor();
    expect(await apply.isEnabled()).toBe(true);
    // changing the plan after validating asks for a new validation
    await plan().getByRole('checkbox', { name: 'Include create_file Modeler/logical/supply.model.yaml' }).uncheck();
    expect(await apply.isDisabled()).toBe(true);
    await plan().getByRole('button', { name: 'Validate' }).click();
    await until(() => apply.isEnabled(), (x) => x, 'Apply to be enabled again');
    const readiness = page.getByRole('button', { name: /^Readiness score/ });
    const before = await readiness.getAttribute('aria-label');
    await apply.click();
    // the plan's own "Applied" line shows only until the primary file opens over it: the toast stays
    await page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: /^applied: \d+ written/ }).waitFor();
    expect(existsSync(join(ui.root, 'Modeler/logical/customer.model.yaml'))).toBe(true);
    expect(existsSync(join(ui.root, 'Modeler/docs/_canonical.md'))).toBe(true);
    expect(existsSync(join(ui.root, 'Modeler/logical/store.model.yaml'))).toBe(false);
    expect(existsSync(join(ui.root, 'Modeler/logical/supply.model.yaml'))).toBe(false);
    // the primary artifact opens; the Explorer lists the new files; validation counts the new model files
    await page.getByRole('textbox', { name: 'Contents of Modeler/docs/_canonical.md', exact: true }).waitFor();
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: 'customer.model.yaml' }).waitFor();
    // readiness ran again over the new files (the top bar follows the server's summary)
    await until(() => readiness.getAttribute('aria-label'), (v) => v !== before, 'the readiness summary to change');
    // the new model file opens on the canvas with its entity; its DDL preview is there
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: 'customer.model.yaml' }).click();
    await page.getByRole('region', { name: 'Inspector' }).getByRole('button', { name: 'Open on canvas' }).click();
    await table(page, 'Customer', 'logical_entity').waitFor();
    await page.getByRole('region', { name: 'Inspector' }).getByRole('textbox', { name: 'DDL for Modeler/logical/customer.model.yaml in postgres' }).waitFor();
    await page.getByRole('button', { name: 'Project diagram' }).click();
  });

  it('shows a blocked change with its cause, and Apply stays disabled', async () => {
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.locator('.react-flow__pane').click({ position: { x: 8, y: 8 } });
    await showDetails(page);
    await page.getByRole('region', { name: 'Agents' }).getByRole('button', { name: 'Conceptualize' }).click();
    const path = 'Modeler/conceptual/jaffle_shop.diagram.yaml';
    const proposed = plan().getByRole('textbox', { name: `${path}: proposed` });
    await proposed.waitFor();
    // the reviewer's edit breaks the YAML
    await proposed.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\nentities: [unclosed\n');
    await plan().getByRole('button', { name: 'Validate' }).click();
    await plan().getByRole('alert').filter({ hasText: /blocked — YAML_INVALID/ }).waitFor();
    expect(await plan().getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expect(existsSync(join(ui.root, path))).toBe(false);
    await plan().getByRole('button', { name: 'Discard' }).click();
  });

  it('a doc-block overwrite is blocked with a toast that opens the .md file; nothing is written', async () => {
    const marts = 'models/marts/_marts.yml';
    const disk = ui.read(marts);
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: '_marts.yml' }).dblclick();
    const editor = page.getByRole('textbox', { name: `Contents of ${marts}`, exact: true });
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(disk.replace(`description: '{{ doc("order_status") }}'`, 'description: Where the order is in its life cycle.'));
    await page.getByRole('button', { name: 'Review as proposal' }).click();
    await plan().getByRole('tab', { name: marts }).waitFor();
    await plan().getByRole('button', { name: 'Validate' }).click();
    await plan().getByRole('alert').filter({ hasText: /blocked — DOC_BLOCK_OVERWRITE/ }).waitFor();
    // one change: said in the singular ("1 of 1 changes" before)
    expect(await plan().getByRole('status').filter({ hasText: /^Validation blocked/ }).textContent()).toBe('Validation blocked 1 of 1 change; nothing was written.');
    // the blocked change is still shown as the reviewer wrote it
    await plan().getByRole('textbox', { name: `${marts}: proposed` }).getByText('Where the order is in its life cycle.').waitFor();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert').filter({ hasText: 'bound to the doc block “order_status”' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('models/docs/_docs.md');
    expect(await plan().getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await toast.getByRole('button', { name: 'Open models/docs/_docs.md' }).click();
    await page.getByRole('textbox', { name: 'Contents of models/docs/_docs.md', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString() ?? ''), { timeout: 10_000 }).toContain('docs order_status');
    expect(ui.read(marts)).toBe(disk);
    expect(ui.errors).toEqual([]);
    // leave nothing half-edited for the next test: close the editor (its edit is dropped) and the plan
    await page.getByRole('button', { name: `Close ${marts}` }).first().click();
    await page.getByRole('tab', { name: 'Review plan' }).click();
    await plan().getByRole('button', { name: 'Discard' }).click();
  });

  it.skipIf(!!noAsk)(`a Local-provider answer's proposal (with its sources) goes through review, validate and apply, and the file on disk changes${noAsk ? ` [skipped: ${noAsk}]` : ''}`, async () => {
    await showDetails(page);
    await page.getByRole('tab', { name: 'AI', exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Message to the assistant' });
    await box.fill('add relationships tests to orders');
    await box.press('Enter');
    await page.getByRole('region', { name: 'Sources' }).getByRole('button').first().waitFor();
    await page.getByRole('region', { name: 'Proposed changes' }).getByRole('button', { name: 'Review plan' }).click();
    await plan().getByRole('tab', { name: 'models/marts/_marts.yml' }).waitFor();
    // the patch as the server applies it, shown against the file on disk
    await plan().getByRole('textbox', { name: 'models/marts/_marts.yml: proposed' }).getByText("to: ref('stg_stores')").waitFor();
    await plan().getByRole('button', { name: 'Validate' }).click();
    const passed = await plan().getByRole('status').filter({ hasText: /^Validation passed/ }).textContent();
    const n = Number(/\d+/.exec(passed!)![0]);
    expect(passed).toBe(`Validation passed: ${n} ${n === 1 ? 'change' : 'changes'} can be applied.`);
    await plan().getByRole('button', { name: 'Apply' }).click();
    await until(() => ui.read('models/marts/_marts.yml'), (t) => t.includes("to: ref('stg_stores')"), 'the relationships test on disk');
    // the primary file opens over the plan (on a fast machine before the plan's status could be read:
    // CI saw that), and the plan, shown again, says what was written
    await page.getByRole('textbox', { name: 'Contents of models/marts/_marts.yml', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Review plan' }).click();
    const applied = await plan().getByRole('status').filter({ hasText: /^Applied/ }).textContent();
    const files = Number(/\d+/.exec(applied!)![0]);
    expect(applied).toMatch(new RegExp(`^Applied: ${files} ${files === 1 ? 'file' : 'files'} written`));
    // the new key edge is on the canvas
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.getByRole('group', { name: 'relationship orders.store_id to stg_stores.store_id (many to one)' }).waitFor();
    // back in the plan, the diff says which side is on disk now (it said 'Left: on disk now' over the old text)
    await page.getByRole('tab', { name: 'Review plan' }).click();
    await plan().getByText('Left: as it was before. Right: as written.', { exact: true }).waitFor();
    expect(await plan().getByText('Left: on disk now', { exact: false }).count()).toBe(0);
  });
});
