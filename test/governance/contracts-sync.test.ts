import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { applyYamlEdits } from '../../src/core/yaml-edit.js';
import { enforceContracts } from '../../src/tform/contracts.js';
import { tformSync } from '../../src/tform/sync.js';
import { dbtCommand } from '../helpers/dbt.js';

const DOC = `# top comment
version: 2
models:
  - name: a   # trailing comment
    description: "quoted text"
    config: {materialized: table}
    columns:
      - name: id
        data_tests: [unique, not_null]

      # a comment between columns
      - name: note
        description: 'single quoted'
`;

describe('round-trip YAML editor', () => {
  it('inserts and changes keys touching only those lines', () => {
    const out = applyYamlEdits(DOC, [
      { op: 'set', path: ['models', 0, 'meta', 'modeler', 'contracts'], value: 'enforced' },
      { op: 'set', path: ['models', 0, 'config', 'contract', 'enforced'], value: true },
      { op: 'set', path: ['models', 0, 'columns', 1, 'data_type'], value: 'varchar(20)' },
      { op: 'append', path: ['models', 0, 'columns', 0, 'data_tests'], value: 'accepted_values' },
      { op: 'append', path: ['models', 0, 'columns'], value: { name: 'added', description: 'New: with colon' } },
    ]);
    const v = parse(out);
    expect(v.models[0].meta.modeler.contracts).toBe('enforced');
    expect(v.models[0].config).toEqual({ materialized: 'table', contract: { enforced: true } });
    expect(v.models[0].columns[1].data_type).toBe('varchar(20)');
    expect(v.models[0].columns[0].data_tests).toEqual(['unique', 'not_null', 'accepted_values']);
    expect(v.models[0].columns[2]).toEqual({ name: 'added', description: 'New: with colon' });
    // every original line survives unchanged and in order
    const kept = out.split('\n');
    let i = 0;
    for (const line of DOC.split('\n').filter((l) => !l.includes('config: {materialized') && !l.includes('data_tests: ['))) {
      const j = kept.indexOf(line, i);
      expect(j, line).toBeGreaterThanOrEqual(i);
      i = j;
    }
    expect(out).toContain('  - name: a   # trailing comment');
    expect(out).toContain('      # a comment between columns');
  });
  it('replaces a scalar in place and deletes a key line', () => {
    const out = applyYamlEdits(DOC, [{ op: 'set', path: ['models', 0, 'description'], value: 'new text' }, { op: 'delete', path: ['models', 0, 'columns', 1, 'description'] }]);
    expect(out).toBe(DOC.replace('"quoted text"', 'new text').replace("        description: 'single quoted'\n", ''));
  });
  it('keeps a CRLF file all CRLF (inserted lines too)', () => {
    const crlf = DOC.replace(/\n/g, '\r\n');
    const edits = [
      { op: 'set', path: ['models', 0, 'meta', 'modeler', 'contracts'], value: 'enforced' },
      { op: 'append', path: ['models', 0, 'columns'], value: { name: 'added' } },
    ] as const;
    const out = applyYamlEdits(crlf, [...edits]);
    expect(out.split('\n').length - 1).toBe(out.split('\r\n').length - 1);
    expect(out).toBe(applyYamlEdits(DOC, [...edits]).replace(/\n/g, '\r\n'));
  });
});

function project(): string {
  const dir = tempDir('contracts-');
  cpSync(EXAMPLE, dir, { recursive: true, filter: (s) => !s.includes('/logs') && !s.endsWith('.duckdb') });
  return dir;
}

describe('contracts enforce', () => {
  it('sets both keys on the selected layer, keeps the rest of the file byte for byte, and undoes it', () => {
    const dir = project();
    const file = join(dir, 'models/marts/_marts.yml');
    const before = readFileSync(file, 'utf8');
    // orders and rpt_daily_revenue have untyped columns: the pre-flight refuses them unless forced
    const r = enforceContracts(dir, { layer: 'marts', force: true });
    expect(r.selected.map((s) => [s.model, s.changed])).toEqual([['customers', false], ['orders', true], ['rpt_daily_revenue', true]]);
    expect(r.refused.map((x) => x.model)).toEqual(['orders', 'rpt_daily_revenue']);
    const after = readFileSync(file, 'utf8');
    const v = parse(after);
    for (const m of v.models) {
      expect(m.config.contract.enforced).toBe(true);
      expect(m.meta.modeler.contracts).toBe('enforced');
    }
    expect(v.models[1].meta.modeler.interface.stability).toBe('shared');
    // only added lines: removing them gives the original text back
    const added = after.split('\n').filter((l) => !before.split('\n').includes(l));
    expect(added.every((l) => /^\s+(config:|contract:|enforced: true|meta:|modeler:|contracts: enforced)$/.test(l))).toBe(true);
    // staging models are untouched
    expect(readFileSync(join(dir, 'models/staging/shop/_shop__models.yml'), 'utf8')).toBe(readFileSync(join(EXAMPLE, 'models/staging/shop/_shop__models.yml'), 'utf8'));
    const un = enforceContracts(dir, { files: ['models/marts/_marts.yml'], enforce: false });
    expect(un.filesChanged).toEqual(['models/marts/_marts.yml']);
    const v2 = parse(readFileSync(file, 'utf8'));
    for (const m of v2.models) { expect(m.config.contract.enforced).toBe(false); expect(m.meta?.modeler?.contracts).toBeUndefined(); }
    expect(v2.models[0].meta.modeler.interface.stability).toBe('contracted');
    // a model whose meta held only what enforce added gets no empty `meta:` back
    expect('meta' in v2.models[2]).toBe(false);
  });
  it('CLI: selectors are required; a layer selects by folder and prefix', () => {
    const dir = project();
    expect(runCli(['contracts', 'enforce', '--project-dir', dir]).code).toBe(64);
    expect(runCli(['contracts', 'enforce', '--project-dir', dir, '--layer', 'gold']).stderr).toContain("unknown layer 'gold'");
    const r = runCli(['contracts', 'enforce', '--project-dir', dir, '--layer', 'stg', '--file', 'models/staging/inventory/_inventory.yml', '--force', '--output-json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).selected.map((s: any) => s.model)).toEqual(['stg_stores', 'stg_supplies']);
    // a --file that does not exist is a usage error, not "0 of 0 selected"; an absolute path inside the project works
    const missing = runCli(['contracts', 'enforce', '--project-dir', dir, '--file', 'models/nope.yml']);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toMatch(/^modeler: --file models\/nope\.yml is not a file of the project/);
    const abs = runCli(['contracts', 'enforce', '--project-dir', dir, '--file', join(dir, 'models/staging/inventory/_inventory.yml'), '--force', '--dry-run', '--output-json']);
    expect(abs.code).toBe(0);
    expect(JSON.parse(abs.stdout).selected.map((s: any) => s.model)).toEqual(['stg_stores', 'stg_supplies']);
  });
  it('CLI: a dbt YAML that does not parse stops the run (exit 1, one line naming it) and nothing is written', () => {
    const dir = project();
    writeFileSync(join(dir, 'models/staging/broken.yml'), 'version: 2\nmodels:\n  - name: stg_broken\n    columns: [\n');
    const inv = join(dir, 'models/staging/inventory/_inventory.yml');
    const before = readFileSync(inv, 'utf8');
    const r = runCli(['contracts', 'enforce', '--project-dir', dir, '--layer', 'stg']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^modeler: models\/staging\/broken\.yml:\d+:\d+: error\[YAML_SYNTAX\]: .* nothing was written$/)]);
    expect(readFileSync(inv, 'utf8')).toBe(before);
    // a --file selection that leaves the broken file out still runs
    expect(runCli(['contracts', 'enforce', '--project-dir', dir, '--file', 'models/staging/inventory/_inventory.yml', '--force']).code).toBe(0);
    expect(readFileSync(inv, 'utf8')).not.toBe(before);
  });
});

describe('contracts enforce pre-flight (what dbt accepts)', () => {
  function preflightProject(): string {
    const dir = tempDir('contracts-pf-');
    const files: Record<string, string> = {
      'dbt_project.yml': 'name: pf\nversion: "1.0"\nconfig-version: 2\nprofile: pf\nmodels:\n  pf:\n    +materialized: table\n',
      'profiles.yml': "pf:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n",
      'models/marts/m_ok.sql': "select cast(1 as integer) as id, cast('a' as varchar) as name\n",
      'models/marts/m_untyped.sql': 'select 1 as id, 2 as amount\n',
      'models/marts/m_nocols.sql': 'select 1 as id\n',
      'models/marts/m_noyaml.sql': 'select 1 as id\n',
      'models/marts/_marts.yml': `version: 2
models:
  - name: m_ok
    columns:
      - {name: id, data_type: integer}
      - {name: name, data_type: varchar}
  - name: m_untyped
    columns:
      - {name: id, data_type: integer}
      - {name: amount}
  - name: m_nocols
    description: no columns yet
`,
    };
    for (const [rel, text] of Object.entries(files)) { mkdirSync(join(dir, rel, '..'), { recursive: true }); writeFileSync(join(dir, rel), text); }
    return dir;
  }
  it('refuses models without typed columns (file:line, the fix), reports models without YAML, exits 1; dbt parse and dbt run accept the result', () => {
    const dir = preflightProject();
    const r = runCli(['contracts', 'enforce', '--project-dir', dir, '--layer', 'marts']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^models\/marts\/_marts\.yml:7:1: error\[CONTRACT_PREFLIGHT\]: m_untyped has 1 column\(s\) without a concrete data_type \(amount\)/m);
    expect(r.stdout).toMatch(/^models\/marts\/_marts\.yml:11:1: error\[CONTRACT_PREFLIGHT\]: m_nocols declares no columns/m);
    expect(r.stdout).toMatch(/^models\/marts\/m_noyaml\.sql:1:1: error\[CONTRACT_NO_YAML\]: m_noyaml has no YAML entry/m);
    expect(r.stdout).toMatch(/contracts: 1 of 4 selected models changed in 1 file; 3 models refused and left unchanged/);
    const v = parse(readFileSync(join(dir, 'models/marts/_marts.yml'), 'utf8'));
    expect(v.models.map((m: any) => m.config?.contract?.enforced ?? null)).toEqual([true, null, null]);
    const p = dbtCommand(dir, ['parse', '--no-partial-parse']);
    expect(p.code, p.output).toBe(0);
    const run = dbtCommand(dir, ['run', '--select', 'm_ok']);
    expect(run.code, run.output).toBe(0); // dbt's contract check compares the enforced columns with the SQL
  }, 240_000);
  it("takes a missing data_type from target/catalog.json (dbt docs generate), column by column, and dbt's contract check accepts it", () => {
    const dir = preflightProject();
    writeFileSync(join(dir, 'profiles.yml'), `pf:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: '${join(dir, 'pf.duckdb')}'\n`);
    for (const args of [['run', '--select', 'm_untyped'], ['docs', 'generate']]) {
      const r = dbtCommand(dir, args);
      expect(r.code, r.output).toBe(0);
    }
    const r = runCli(['contracts', 'enforce', '--project-dir', dir, '--file', 'models/marts/m_untyped.sql']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^models\/marts\/_marts\.yml:\d+: m_untyped\.amount: data_type INTEGER taken from target\/catalog\.json$/m);
    expect(r.stdout).not.toMatch(/m_untyped\.id:/); // its own data_type is kept
    const v = parse(readFileSync(join(dir, 'models/marts/_marts.yml'), 'utf8'));
    expect(v.models[1]).toMatchObject({ config: { contract: { enforced: true } }, columns: [{ name: 'id', data_type: 'integer' }, { name: 'amount', data_type: 'INTEGER' }] });
    const run = dbtCommand(dir, ['run', '--select', 'm_untyped']);
    expect(run.code, run.output).toBe(0);
  }, 240_000);
  it("refuses a model whose YAML, typed, lists other columns than its SQL returns — dbt's contract check compares both", () => {
    const dir = preflightProject();
    const add: Record<string, string> = {
      'models/marts/m_extra.sql': "select cast(1 as integer) as id, cast('x' as varchar) as Extra\n",
      'models/marts/m_gone.sql': 'select cast(1 as integer) as id\n',
      'models/marts/_more.yml': `version: 2
models:
  - name: m_extra
    columns:
      - {name: id, data_type: integer}
  - name: m_gone
    columns:
      - {name: id, data_type: integer}
      - {name: old, data_type: varchar}
`,
    };
    for (const [rel, text] of Object.entries(add)) writeFileSync(join(dir, rel), text);
    const r = runCli(['contracts', 'enforce', '--project-dir', dir, '--file', 'models/marts/_more.yml']);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^models\/marts\/_more\.yml:3:1: error\[CONTRACT_PREFLIGHT\]: m_extra has 1 column\(s\) in its SQL \(models\/marts\/m_extra\.sql:1\) that its YAML does not list \(Extra\); dbt's contract check would fail$/m);
    expect(r.stdout).toMatch(/^ {2}hint: list each of them with a data_type under m_extra in models\/marts\/_more\.yml$/m);
    expect(r.stdout).toMatch(/^models\/marts\/_more\.yml:6:1: error\[CONTRACT_PREFLIGHT\]: m_gone lists 1 column\(s\) its SQL does not return \(old\); dbt's contract check would fail$/m);
    expect(r.stdout).toMatch(/^ {2}hint: remove it from m_gone in models\/marts\/_more\.yml, or return it from models\/marts\/m_gone\.sql$/m);
    expect(r.stdout).toMatch(/contracts: 0 of 2 selected models changed in 0 files; 2 models refused/);
    // what dbt says of them, enforced anyway: each is refused when built
    const forced = runCli(['contracts', 'enforce', '--project-dir', dir, '--file', 'models/marts/_more.yml', '--force']);
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    for (const [model, reason] of [['m_extra', 'missing in contract'], ['m_gone', 'missing in definition']]) {
      const run = dbtCommand(dir, ['run', '--select', model]);
      expect(run.code, run.output).not.toBe(0);
      expect(run.output).toContain(reason);
    }
  }, 240_000);
  it('--force enforces them anyway, which is what dbt then rejects', () => {
    const dir = preflightProject();
    const r = runCli(['contracts', 'enforce', '--project-dir', dir, '--file', 'models/marts/_marts.yml', '--force']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('warning[CONTRACT_PREFLIGHT]');
    const p = dbtCommand(dir, ['parse', '--no-partial-parse']);
    expect(p.code).not.toBe(0);
    expect(p.output).toMatch(/Contract enforcement failed|contract/i);
  }, 240_000);
});

describe('tform sync', () => {
  function withModel(dir: string, body: string) {
    mkdirSync(join(dir, 'Modeler', 'physical'), { recursive: true });
    writeFileSync(join(dir, 'Modeler', 'physical', 'stores.model.yaml'), body);
  }
  const MODEL = `model: {name: stores, version: 1.0.0}
entities:
  - name: stg_stores
    columns:
      - {name: store_id, data_type: integer, primary_key: true, description: The store.}
      - {name: store_name, data_type: varchar(100), description: Name of the store.}
      - {name: opened_at, data_type: unknown}
      - {name: region, data_type: varchar(20), enum: [north, south]}
  - name: stg_supplies
    columns:
      - {name: product_id, data_type: integer, description: Other text.}
`;
  it('writes missing descriptions, types, tests and columns without overwriting', () => {
    const dir = project();
    withModel(dir, MODEL);
    const r = tformSync(dir);
    expect(r.ok).toBe(true);
    const v = parse(readFileSync(join(dir, 'models/staging/inventory/_inventory.yml'), 'utf8'));
    const cols = v.models.find((m: any) => m.name === 'stg_stores').columns;
    expect(cols[0]).toMatchObject({ name: 'store_id', description: 'The store.', data_type: 'integer', data_tests: ['unique', 'not_null'] });
    expect(cols[1]).toMatchObject({ name: 'store_name', data_type: 'varchar(100)' });
    expect(cols[2].data_type).toBeUndefined(); // unknown is never written
    expect(cols[3]).toEqual({ name: 'region', data_type: 'varchar(20)', data_tests: [{ accepted_values: { arguments: { values: ['north', 'south'] } } }] });
    // the glossary model types orders.order_id; its doc-bound description is left alone
    const marts = parse(readFileSync(join(dir, 'models/marts/_marts.yml'), 'utf8'));
    expect(marts.models[1].columns[0]).toMatchObject({ name: 'order_id', data_type: 'integer', description: '{{ doc("order_id") }}' });
    expect(r.skipped).toContainEqual({ model: 'stg_supplies', column: 'product_id', reason: 'description differs in the YAML; kept the YAML text' });
    expect(v.models.find((m: any) => m.name === 'stg_supplies').columns[1]).toMatchObject({ description: 'The product this supply goes into.', data_type: 'integer' });
    const again = tformSync(dir);
    expect(again.changes).toEqual([]); // idempotent
  });
  it('CONTRACT_PREFLIGHT names every offending model and column and writes nothing', () => {
    const dir = project();
    withModel(dir, MODEL);
    enforceContracts(dir, { files: ['models/staging/inventory/_inventory.yml'], force: true });
    const file = join(dir, 'models/staging/inventory/_inventory.yml');
    const before = readFileSync(file, 'utf8');
    const r = tformSync(dir);
    expect(r.ok).toBe(false);
    expect(r.code).toBe('CONTRACT_PREFLIGHT');
    expect(r.offenders.map((o) => `${o.model}.${o.column}`)).toEqual(['stg_stores.opened_at', 'stg_supplies.supply_id', 'stg_supplies.supply_name', 'stg_supplies.cost', 'stg_supplies.perishable']);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const cli = runCli(['tform', 'sync', '--project-dir', dir]);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(/_inventory\.yml:\d+:1: error\[CONTRACT_PREFLIGHT\]: stg_stores\.opened_at has no data_type/);
  });
  it('a dbt YAML that does not parse stops the sync (its models and contracts are unknown) and nothing is written', () => {
    const dir = project();
    withModel(dir, MODEL);
    const file = join(dir, 'models/staging/inventory/_inventory.yml');
    const before = readFileSync(file, 'utf8');
    writeFileSync(join(dir, 'models/staging/broken.yml'), 'version: 2\nmodels:\n  - name: stg_broken\n    columns: [\n');
    const cli = runCli(['tform', 'sync', '--project-dir', dir]);
    expect(cli.code).toBe(1);
    expect(cli.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^modeler: models\/staging\/broken\.yml:\d+:\d+: error\[YAML_SYNTAX\]/)]);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
