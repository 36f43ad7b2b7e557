// A project cloned without `dbt deps`: packages.yml lists packages that dbt_packages/ does not
// hold, so every macro and model they define is unknown — said once, at packages.yml's line,
// with the fix, and said no more once they are installed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/api.js';
import { runCli, tempDir } from '../helpers/cli.js';

const PACKAGES = [
  'packages:',
  '  - package: dbt-labs/dbt_utils',
  '    version: 1.3.0',
  '  - git: "https://github.com/fivetran/dbt_zendesk_source.git"',
  '    revision: v0.11.0',
  '  - package: calogica/dbt_expectations',
  '    version: [">=0.10.0", "<0.11.0"]',
].join('\n');

function project(): string {
  const dir = join(tempDir('modeler-packages-'), 'p');
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
  writeFileSync(join(dir, 'packages.yml'), `${PACKAGES}\n`);
  writeFileSync(join(dir, 'models', 'orders.sql'), "select {{ dbt_utils.generate_surrogate_key(['id']) }} as order_key, id from raw.orders\n");
  return dir;
}
const install = (dir: string, folder: string, name: string) => {
  mkdirSync(join(dir, 'dbt_packages', folder), { recursive: true });
  writeFileSync(join(dir, 'dbt_packages', folder, 'dbt_project.yml'), `name: ${name}\nversion: "1.0"\n`);
};
const found = (dir: string) => loadProject(dir).diagnostics.filter((d) => d.code === 'PACKAGES_NOT_INSTALLED');

describe('packages that are declared but not installed', () => {
  it('none installed: one warning at the first entry naming them all, with `dbt deps` as the fix (modeler summary)', () => {
    const dir = project();
    const r = runCli(['summary', '--project-dir', dir]);
    expect(r.stdout).toContain('packages.yml:2:1: warning[PACKAGES_NOT_INSTALLED]: packages.yml lists 3 packages (dbt-labs/dbt_utils, '
      + 'https://github.com/fivetran/dbt_zendesk_source.git, calogica/dbt_expectations) and none is installed under dbt_packages/');
    expect(r.stdout).toContain('hint: run `dbt deps` in the project folder');
    expect(found(dir)).toHaveLength(1);
  });

  it('some installed: each hub package no installed package names, at its line; a git package is not judged by its URL', () => {
    const dir = project();
    install(dir, 'dbt_utils', 'dbt_utils');
    install(dir, 'zendesk_source', 'zendesk_source');
    expect(found(dir).map((d) => `${d.line} ${d.message.split(',')[0]}`)).toEqual(['6 packages.yml lists the package calogica/dbt_expectations']);
    install(dir, 'dbt_expectations', 'dbt_expectations');
    expect(found(dir)).toEqual([]);
  });

  it('a running reader drops the warning when dbt deps installs them, and takes it back when packages.yml lists a new one', () => {
    const dir = project();
    const p = loadProject(dir);
    expect(p.diagnostics.some((d) => d.code === 'PACKAGES_NOT_INSTALLED')).toBe(true);
    install(dir, 'dbt_utils', 'dbt_utils');
    install(dir, 'zendesk_source', 'zendesk_source');
    install(dir, 'dbt_expectations', 'dbt_expectations');
    p.reloadFiles(['dbt_packages/dbt_utils/dbt_project.yml', 'dbt_packages/zendesk_source/dbt_project.yml', 'dbt_packages/dbt_expectations/dbt_project.yml']);
    expect(p.diagnostics.filter((d) => d.code === 'PACKAGES_NOT_INSTALLED')).toEqual([]);
    writeFileSync(join(dir, 'packages.yml'), `${PACKAGES}\n  - package: dbt-labs/audit_helper\n    version: 0.12.1\n`);
    p.reloadFiles(['packages.yml']);
    expect(p.diagnostics.filter((d) => d.code === 'PACKAGES_NOT_INSTALLED').map((d) => d.line)).toEqual([8]);
  });

  it('a project without packages.yml, or with an empty list, has nothing to say', () => {
    const dir = project();
    writeFileSync(join(dir, 'packages.yml'), 'packages: []\n');
    expect(found(dir)).toEqual([]);
  });
});
