// Lineage reads the SQL as dbt renders it for the target the user names: `modeler lineage` and
// `modeler serve` (the HTTP face) take dbt's --profiles-dir and --target as every command that
// reads a project does, and a model that branches on target.name is traced along that branch.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { req, spawnServe } from '../server/helpers.js';

const root = join(tempDir('modeler-lineage-target-'), 'tg');
const profiles = join(root, '..', 'profiles');
for (const [rel, text] of Object.entries({
  'dbt_project.yml': 'name: tg\nversion: "1.0"\nprofile: tg\n',
  'models/base.sql': 'select 1 as a, 2 as b\n',
  'models/m.sql': "{% if target.name == 'prod' %}\nselect a as x from {{ ref('base') }}\n{% else %}\nselect b as x from {{ ref('base') }}\n{% endif %}\n",
  '../profiles/profiles.yml': `tg:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ${root}/dev.duckdb\n    prod:\n      type: duckdb\n      path: ${root}/prod.duckdb\n`,
})) { mkdirSync(join(root, rel, '..'), { recursive: true }); writeFileSync(join(root, rel), text); }

const from = (j: any) => j.upstream.map((u: any) => `${u.node}.${u.column}`);

describe('lineage for the target the user names', () => {
  it('CLI: --profiles-dir and --target choose the branch (column, node and --impact)', () => {
    const cli = (...a: string[]) => { const r = runCli(['lineage', ...a, '--project-dir', root, '--profiles-dir', profiles, '--output-json']); expect(r.code, r.stderr).toBe(0); return JSON.parse(r.stdout); };
    expect(from(cli('m.x'))).toEqual(['base.b']);
    expect(from(cli('m.x', '--target', 'prod'))).toEqual(['base.a']);
    expect(from(cli('m', '--target', 'prod').columns[0])).toEqual(['base.a']);
    expect(cli('--impact', 'base.a', '--target', 'prod').columns.map((c: any) => `${c.node}.${c.column}`)).toEqual(['m.x']);
    expect(cli('--impact', 'base.a').columns).toEqual([]);
  });

  it('HTTP: modeler serve --profiles-dir --target answers for that target, as the CLI does', async () => {
    for (const [target, want] of [['prod', 'base.a'], [undefined, 'base.b']] as const) {
      const s = await spawnServe(['--project-dir', root, '--profiles-dir', profiles, ...(target ? ['--target', target] : []), '--port', '0']);
      try {
        const { json: list } = await req(s.port, 'GET', '/api/projects');
        const r = await req(s.port, 'GET', `/api/projects/${list.projects[0].id}/lineage?column=m.x`);
        expect([r.status, from(r.json)], String(target)).toEqual([200, [want]]);
      } finally { s.child.kill('SIGTERM'); await s.exited; }
    }
    // a bad flag is refused as the siblings refuse it
    const bad = runCli(['serve', '--project-dir', root, '--target', '', '--no-open']);
    expect([bad.code, bad.stderr]).toEqual([64, 'modeler: --target needs a target name\n']);
  });

  it('an unknown --target is refused by every command that reads the project, naming profiles.yml, the profile and its targets', () => {
    const file = join(profiles, 'profiles.yml');
    const refusal = `modeler: ${file}: the profile 'tg' has no target 'staging' (its targets: dev, prod); pass one of them with --target\n`;
    const model = join(root, '..', 'gate.model.yaml');
    writeFileSync(model, 'version: 1\nname: g\nentities: []\n');
    const port = ['--port', '0', '--no-open'];
    for (const args of [['lineage', 'm.x'], ['gate', model, model], ['serve', ...port], ['readiness-gate']]) {
      const r = runCli([...args, '--project-dir', root, '--profiles-dir', profiles, '--target', 'staging']);
      expect([r.code, r.stderr], args[0]).toEqual([64, refusal]);
    }
    // a known target still reads; the profile's own is used without --target
    expect(runCli(['lineage', 'm.x', '--project-dir', root, '--profiles-dir', profiles, '--target', 'dev']).code).toBe(0);
  });

  it('without profiles.yml, or without the profile in it, --target is what it was: not refused', async () => {
    const empty = tempDir('modeler-no-profiles-');
    const other = tempDir('modeler-other-profile-');
    writeFileSync(join(other, 'profiles.yml'), 'someone_else:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n');
    for (const dir of [empty, other]) {
      const flags = ['--project-dir', root, '--profiles-dir', dir, '--target', 'staging'];
      const r = runCli(['lineage', 'm.x', ...flags, '--output-json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain("has no target 'staging'");
      const s = await spawnServe([...flags, '--port', '0']);
      try { expect((await req(s.port, 'GET', '/api/health')).status).toBe(200); } finally { s.child.kill('SIGTERM'); await s.exited; }
    }
  });
});
