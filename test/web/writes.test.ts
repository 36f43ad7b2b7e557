// Nothing written that nobody asked for (issue 21), in Chromium on a git copy of the example
// with a tracked .gitignore: serving, asking and moving tables leave `git status` clean; a pan
// that starts on a table never moves it; positions placed by hand are kept in the browser and
// reach the project only through "Save layout", which the Git panel then shows; a proposal
// whose file changed since is shown stale in the review plan, with its request offered again.
import { execFileSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { showDetails, startUi, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
let page: Page;
const git = (...args: string[]) => execFileSync('git', args, { cwd: ui.root, encoding: 'utf8' });
const LAYOUT = 'Modeler/diagrams/jaffle_shop.diagram.yaml';
const plan = () => page.getByRole('region', { name: 'Review plan' });
/** Where React Flow draws a table (its transform). */
const flowPosition = async (name: string) => {
  const t = await table(page, name).evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(t)!;
  return { x: Math.round(Number(m[1]) * 10) / 10, y: Math.round(Number(m[2]) * 10) / 10 };
};
async function drag(from: { x: number; y: number }, by: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 8 });
  await page.mouse.up();
}

beforeAll(async () => {
  if (skip) return;
  const project = join(tempDir('modeler-ui-writes-'), 'repo');
  cpSync(EXAMPLE, project, { recursive: true });
  writeFileSync(join(project, '.gitignore'), 'target/run_results.json\nlogs/\n');
  const g = (...a: string[]) => execFileSync('git', a, { cwd: project, encoding: 'utf8' });
  g('init', '-q', '-b', 'main'); g('config', 'user.name', 'UI Test'); g('config', 'user.email', 'ui@example.com');
  g('add', '-A'); g('commit', '-q', '-m', 'the example');
  ui = await startUi({ project });
  page = ui.page;
  await table(page, 'orders').waitFor();
}, 120_000);
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)(`nothing written that nobody asked for${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('serve and an answer with a proposal leave git status clean (.modeler/ ignores itself; .gitignore untouched)', async () => {
    await showDetails(page);
    await page.getByRole('tab', { name: 'AI', exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Message to the assistant' });
    await box.fill('classify sensitive columns of stg_stripe__customers');
    await box.press('Enter');
    await page.getByRole('region', { name: 'Proposed changes' }).getByRole('button', { name: 'Review plan' }).waitFor();
    expect(git('status', '--porcelain')).toBe('');
    expect(ui.read('.gitignore')).toBe('target/run_results.json\nlogs/\n');
  });

  it('a pan that starts on a table\'s columns moves the view, never the table; a drag by its title bar moves it, kept in the browser only', async () => {
    await page.getByRole('tab', { name: 'Diagram' }).click();
    const before = await flowPosition('customers');
    const row = (await table(page, 'customers').locator('[data-column]').first().boundingBox())!;
    await drag({ x: row.x + row.width / 2, y: row.y + row.height / 2 }, { x: 120, y: 80 });
    expect(await flowPosition('customers')).toEqual(before);
    const head = (await table(page, 'customers').locator('.table-head').boundingBox())!;
    await drag({ x: head.x + 30, y: head.y + head.height / 2 }, { x: 140, y: 90 });
    await until(() => flowPosition('customers'), (p) => p.x - before.x > 60 && p.y - before.y > 40, 'the table to move');
    const dropped = await flowPosition('customers');
    await page.getByRole('toolbar', { name: 'Diagram tools' }).getByText('1 unsaved position (kept in this browser)').waitFor();
    expect(git('status', '--porcelain')).toBe('');
    // kept for the user: a reload shows the table where it was dropped
    await page.reload();
    await table(page, 'customers').waitFor();
    await until(() => flowPosition('customers'), (p) => p.x === dropped.x && p.y === dropped.y, 'the position kept after a reload');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('"Save layout" writes the positions into the layout file, which the Git panel then shows', async () => {
    const dropped = await flowPosition('customers');
    await page.getByRole('button', { name: 'Save layout' }).click();
    const saved = await until(() => ui.read(LAYOUT), (t) => t.includes('model.jaffle_shop.customers'), 'the layout file');
    expect(parse(saved).display.positions['model.jaffle_shop.customers']).toEqual(dropped);
    expect(git('status', '--porcelain')).toBe('?? Modeler/diagrams/\n');
    // (the file is on disk before the reply that disables the button reaches the page)
    await until(() => page.getByRole('button', { name: 'Save layout' }).isDisabled(), (d) => d, '"Save layout" disabled once saved');
    await page.getByRole('button', { name: 'Git', exact: true }).click();
    const dlg = page.getByRole('dialog', { name: 'Git' });
    await dlg.getByRole('button', { name: LAYOUT }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('a proposal whose column changed on disk since is shown stale, nothing is written, and the request runs again', async () => {
    await showDetails(page);
    await page.getByRole('tab', { name: 'AI', exact: true }).click();
    const box = page.getByRole('textbox', { name: 'Message to the assistant' });
    await box.fill('classify sensitive columns of stg_stripe__customers');
    await box.press('Enter');
    await page.getByRole('region', { name: 'Proposed changes' }).getByRole('button', { name: 'Review plan' }).first().click();
    const file = 'models/staging/stripe/_stripe__models.yml';
    await plan().getByRole('tab', { name: file }).waitFor();
    const disk = ui.read(file);
    // someone renames the column in an editor
    const renamed = disk.replace(/(- name: )email(\s)/, '$1email_address$2');
    expect(renamed).not.toBe(disk);
    ui.write(file, renamed);
    await plan().getByRole('button', { name: 'Validate' }).click();
    await plan().getByRole('alert').filter({ hasText: /One change is stale/ }).waitFor();
    await plan().getByText(/^stale — /).waitFor();
    expect(await plan().getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expect(ui.read(file)).toBe(renamed);
    await plan().getByRole('button', { name: 'Re-run the request' }).click();
    await until(() => plan().getByText(/stale/).count(), (n) => n === 0, 'a fresh plan without stale changes');
    await plan().getByRole('checkbox', { name: `Include patch_yaml ${file}` }).first().waitFor();
  });
});
