// Git from the UI, against a real repository with a real (bare) remote: the branch in the top
// bar, status and diff, branch create/switch, commit, push, and the diff overlay that marks what
// changed against another branch on the canvas.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { startUi, table, uiUnavailable, until, type Ui } from './harness.js';
import { cpSync } from 'node:fs';

const skip = uiUnavailable();
let ui: Ui;
let page: Page;
let remote: string;
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });

beforeAll(async () => {
  if (skip) return;
  const base = tempDir('modeler-ui-git-');
  const project = join(base, 'repo');
  cpSync(EXAMPLE, project, { recursive: true });
  git(project, 'init', '-q', '-b', 'main');
  git(project, 'config', 'user.name', 'UI Test');
  git(project, 'config', 'user.email', 'ui@example.com');
  git(project, 'add', '-A');
  git(project, 'commit', '-q', '-m', 'the example');
  remote = join(base, 'remote.git');
  mkdirSync(remote);
  git(remote, 'init', '-q', '--bare');
  git(project, 'remote', 'add', 'origin', remote);
  // the copy startUi makes keeps .git (config included)
  ui = await startUi({ project });
  page = ui.page;
  await table(page, 'orders').waitFor();
});
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)(`git in the UI${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('shows the branch, the changed files and a diff', async () => {
    await page.getByLabel('git branch main').waitFor();
    ui.write('models/marts/_marts.yml', ui.read('models/marts/_marts.yml').replace('One row per order with its payment total.', 'One row per order, with its payment total.'));
    await page.getByRole('button', { name: 'Git', exact: true }).click();
    const dlg = page.getByRole('dialog', { name: 'Git' });
    await dlg.getByRole('button', { name: 'models/marts/_marts.yml' }).click();
    await dlg.getByRole('textbox', { name: 'diff of models/marts/_marts.yml' }).waitFor();
    expect(await dlg.getByRole('textbox', { name: 'diff of models/marts/_marts.yml' }).textContent()).toContain('+    description: One row per order, with its payment total.');
  });

  it('creates a branch, commits and pushes it', async () => {
    const dlg = page.getByRole('dialog', { name: 'Git' });
    await dlg.getByRole('combobox', { name: 'Branch (new or existing)' }).fill('feature/ui');
    await dlg.getByRole('button', { name: 'Create or switch' }).click();
    await page.getByLabel('git branch feature/ui').waitFor();
    await dlg.getByRole('textbox', { name: 'Commit message' }).fill('Reword the orders description');
    await dlg.getByRole('button', { name: 'Commit' }).click();
    await dlg.getByText('· clean').waitFor();
    expect(git(ui.root, 'log', '-1', '--format=%s')).toBe('Reword the orders description\n');
    await dlg.getByRole('button', { name: 'Push' }).click();
    await until(() => git(remote, 'branch', '--list', 'feature/ui'), (x) => x.includes('feature/ui'), 'the branch on the remote');
    await dlg.press('Escape');
  });

  it('marks on the canvas what changed against another branch', async () => {
    ui.write('models/marts/fct_refunds.sql', "select * from {{ ref('orders') }}\n");
    ui.write('models/marts/_refunds.yml', 'version: 2\nmodels:\n  - name: fct_refunds\n    columns:\n      - name: refund_id\n');
    await table(page, 'fct_refunds').waitFor();
    await page.getByRole('combobox', { name: 'Compare with branch' }).selectOption('main');
    await page.getByRole('toolbar', { name: 'Diagram tools' }).getByText('1 added, 1 changed, 0 removed').waitFor();
    await page.getByRole('group', { name: 'model fct_refunds, added since main', exact: true }).waitFor();
    await page.getByRole('group', { name: 'model orders, changed since main', exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Compare with branch' }).selectOption('');
    await table(page, 'orders').waitFor();
    expect(ui.errors).toEqual([]);
  });

  it('an overlay cleared while a refresh fetches the diff again stays cleared', async () => {
    const compare = page.getByRole('combobox', { name: 'Compare with branch' });
    await compare.selectOption('main');
    await page.getByRole('group', { name: 'model orders, changed since main', exact: true }).waitFor();
    // the next diff request (the refresh a file change starts) is held until the user has cleared the overlay
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let asked!: () => void;
    const refreshing = new Promise<void>((r) => { asked = r; });
    await page.route(/\/graph\/diff(\?|$)/, async (route) => { asked(); await held; await route.continue(); });
    ui.write('models/marts/_refunds.yml', 'version: 2\nmodels:\n  - name: fct_refunds\n    description: refunds\n    columns:\n      - name: refund_id\n');
    await refreshing;
    await compare.selectOption('');
    await table(page, 'orders').waitFor();
    release();
    await page.waitForTimeout(1500);
    await page.unroute(/\/graph\/diff(\?|$)/);
    expect(await page.getByRole('group', { name: /changed since main/ }).count()).toBe(0);
    expect(await compare.inputValue()).toBe('');
    await table(page, 'orders').waitFor();
    expect(ui.errors).toEqual([]);
  });
});
