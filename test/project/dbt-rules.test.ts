// The reader agrees with a real `dbt parse`, node by node, on a project written to exercise
// each rule of how dbt reads a project (test/fixtures/dbt-rules/README.md).
import { describe, expect, it, beforeAll } from 'vitest';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempDir, runCli } from '../helpers/cli.js';
import { dbtParse } from '../helpers/dbt.js';
import { loadProject } from '../../src/core/project/load.js';
import { summarizeProject } from '../../src/core/project/summary.js';
import { countsFromManifest, countsFromSummary } from '../../bench/lib/real-dbt.mjs';
import type { DbtNode, Project } from '../../src/core/project/types.js';

const FIXTURE = join(REPO, 'test', 'fixtures', 'dbt-rules');

interface Seen { enabled: boolean; materialized?: string; tags: string[]; meta: unknown; contract: boolean; columns: string[]; freshness?: unknown; loadedAt?: unknown }

function fromDbt(m: any): Map<string, Seen> {
  const out = new Map<string, Seen>();
  const add = (n: any, enabled: boolean) => {
    if (n.package_name !== 'rules_demo' || !['model', 'seed', 'snapshot', 'source'].includes(n.resource_type)) return;
    const c = n.config ?? {};
    out.set(n.unique_id, {
      enabled, materialized: n.resource_type === 'model' ? c.materialized : undefined, tags: [...(c.tags ?? [])].sort(),
      meta: c.meta ?? {}, contract: c.contract?.enforced === true, columns: Object.keys(n.columns ?? {}),
      ...(n.resource_type === 'source' ? { freshness: n.freshness?.warn_after?.count ?? null, loadedAt: n.loaded_at_field ?? null } : {}),
    });
  };
  for (const n of [...Object.values<any>(m.nodes), ...Object.values<any>(m.sources)]) add(n, true);
  for (const list of Object.values<any>(m.disabled ?? {})) for (const n of list) add(n, false);
  return out;
}

function fromReader(p: Project): Map<string, Seen> {
  const out = new Map<string, Seen>();
  const all: DbtNode[] = [...p.models, ...p.seeds, ...p.snapshots, ...p.sources, ...p.disabled];
  for (const n of all) {
    out.set(n.uniqueId, {
      enabled: n.enabled, materialized: n.resourceType === 'model' ? n.materialized : undefined, tags: [...n.tags].sort(),
      meta: n.meta, contract: n.contractEnforced, columns: n.columns.map((c) => c.name),
      ...(n.resourceType === 'source' ? { freshness: (n.freshness as any)?.warn_after?.count ?? null, loadedAt: n.loadedAtField ?? null } : {}),
    });
  }
  return out;
}

describe('the reader agrees with dbt parse on every rule of dbt-rules', () => {
  let manifest: any;
  let project: Project;
  /** a copy of the fixture with the target/manifest.json dbt parse wrote */
  let parsed: string;
  beforeAll(() => {
    parsed = join(tempDir(), 'dbt-rules');
    cpSync(FIXTURE, parsed, { recursive: true });
    const r = dbtParse(parsed);
    expect(r.code, r.output).toBe(0);
    manifest = JSON.parse(readFileSync(join(parsed, 'target', 'manifest.json'), 'utf8'));
    project = loadProject(FIXTURE);
  }, 240_000);

  it('the same resources, each enabled or disabled as dbt decides, with the same config, meta, tags and columns', () => {
    const dbt = fromDbt(manifest);
    const ours = fromReader(project);
    expect([...ours.keys()].sort()).toEqual([...dbt.keys()].sort());
    for (const [id, seen] of dbt) expect({ id, ...ours.get(id) }).toEqual({ id, ...seen });
  });

  it('the six summary counts equal dbt\'s manifest', () => {
    expect(countsFromSummary(summarizeProject(project))).toEqual(countsFromManifest(manifest, 'rules_demo'));
  });

  it('reads the project the same way with target/manifest.json present; package nodes are context, not models', () => {
    const p = loadProject(parsed);
    expect(countsFromSummary(summarizeProject(p))).toEqual(countsFromManifest(manifest, 'rules_demo'));
    expect(p.models.some((m) => m.name === 'helper_model')).toBe(false);
    expect(p.packageNodes.map((n) => n.uniqueId)).toContain('model.helper_pkg.helper_model');
    expect(p.modelByName.get('stg_a')!.origins).toEqual(['sql', 'yaml', 'manifest']);
  }, 240_000);

  it('names why a model is disabled and where', () => {
    const off = new Map(project.disabled.map((n) => [n.name, n.disabledBy]));
    expect(off.get('stg_b')).toBe('models/staging/stg_b.sql:1');
    expect(off.get('stg_e')).toMatch(/^models\/staging\/_stg\.yml:\d+$/);
    expect(off.get('old_model')).toBe('dbt_project.yml');
  });

  it('a duplicated key: the last one wins, with a located warning; a column listed twice is one column', () => {
    const a = project.modelByName.get('stg_a')!;
    expect(a.description).toBe('Staging A.');
    expect(project.diagnostics).toContainEqual(expect.objectContaining({ code: 'YAML_DUPLICATE_KEY', file: 'models/staging/_stg.yml', line: 10, severity: 'warning' }));
    expect(a.columns.find((c) => c.name === 'name')!.description).toBe('second entry wins');
    const text = readFileSync(join(FIXTURE, 'models/staging/_stg.yml'), 'utf8').split('\n');
    const second = text.findLastIndex((l) => l.trim() === '- name: name') + 1;
    expect(project.diagnostics).toContainEqual(expect.objectContaining({ code: 'DUPLICATE_COLUMN', file: 'models/staging/_stg.yml', line: second }));
  });

  it('a config() call counts only in the {% if %}/{% elif %}/{% else %} branch dbt renders (execute is false while dbt parses)', () => {
    const dbtOn = new Set(Object.values<any>(manifest.nodes).filter((n) => n.fqn?.includes('branches')).map((n) => n.name));
    expect([...dbtOn].sort()).toEqual(['br_execute', 'br_nested', 'br_var_list']);
    expect(project.models.filter((m) => m.fqn.includes('branches')).map((m) => m.name).sort()).toEqual([...dbtOn].sort());
    expect(project.modelByName.get('br_var_list')!.materialized).toBe('table');
    const off = new Map(project.disabled.map((n) => [n.name, n.disabledBy]));
    const lineOf = (f: string) => readFileSync(join(FIXTURE, 'models/branches', f), 'utf8').split('\n').findIndex((l) => l.includes('enabled=false')) + 1;
    expect(off.get('br_var_empty')).toBe(`models/branches/br_var_empty.sql:${lineOf('br_var_empty.sql')}`);
    expect(off.get('br_elif')).toBe(`models/branches/br_elif.sql:${lineOf('br_elif.sql')}`);
    expect(off.get('br_var_missing')).toBe(`models/branches/br_var_missing.sql:${lineOf('br_var_missing.sql')}`);
  });

  it('two files of one model name, one disabled by its target: dbt keeps both (one enabled, one disabled), and so does the reader', () => {
    const fileOf = (n: any) => n.original_file_path;
    expect(fileOf(manifest.nodes['model.rules_demo.per_target'])).toBe('models/adapters/per_target/dev/per_target.sql');
    expect(manifest.disabled['model.rules_demo.per_target'].map(fileOf)).toEqual(['models/adapters/per_target/ci/per_target.sql']);
    expect(project.modelByName.get('per_target')!.sqlPath).toBe('models/adapters/per_target/dev/per_target.sql');
    expect(project.disabled.filter((n) => n.name === 'per_target').map((n) => n.sqlPath)).toEqual(['models/adapters/per_target/ci/per_target.sql']);
    expect(project.diagnostics.filter((d) => d.code.startsWith('DUPLICATE_MODEL'))).toEqual([]);
    const ci = loadProject(FIXTURE, { target: 'ci' });
    expect(ci.modelByName.get('per_target')!.sqlPath).toBe('models/adapters/per_target/ci/per_target.sql');
  });

  it('two files of one model name whose target is not known: a warning that dbt refuses them if both are enabled, not an error', () => {
    const d = join(tempDir(), 'no-profile');
    cpSync(FIXTURE, d, { recursive: true, filter: (f) => !f.endsWith('profiles.yml') });
    const p = loadProject(d, { profilesDir: join(d, 'nowhere') });
    expect(p.diagnostics.filter((x) => x.code.startsWith('DUPLICATE_MODEL'))).toEqual([
      expect.objectContaining({ code: 'DUPLICATE_MODEL_UNDECIDED', severity: 'warning', file: 'models/adapters/per_target/dev/per_target.sql' }),
    ]);
  });

  it('a key repeated in dbt_project.yml: the last one wins there too, with a located warning, not a refusal of the file', () => {
    const text = readFileSync(join(FIXTURE, 'dbt_project.yml'), 'utf8').split('\n');
    const second = text.findLastIndex((l) => l.trim().startsWith('use_b:') && !l.includes('not ours')) + 1;
    expect(project.diagnostics.filter((d) => d.file === 'dbt_project.yml' && d.severity === 'error')).toEqual([]);
    expect(project.diagnostics).toContainEqual(expect.objectContaining({ code: 'YAML_DUPLICATE_KEY', file: 'dbt_project.yml', line: second, severity: 'warning' }));
    expect(project.name).toBe('rules_demo');
    expect(project.disabled.find((n) => n.name === 'stg_b')).toBeDefined();
  });

  it('anchors and aliases keep the line of the anchored node', () => {
    const text = readFileSync(join(FIXTURE, 'models/staging/_stg.yml'), 'utf8').split('\n');
    const anchorLine = text.findIndex((l) => l.includes('- name: loaded_at')) + 1;
    expect(project.modelByName.get('stg_d')!.columns[0]).toMatchObject({ name: 'loaded_at', line: anchorLine });
    expect(project.modelByName.get('stg_d')!.line).toBe(text.findIndex((l) => l.includes('- name: stg_d')) + 1);
    expect(project.modelByName.get('stg_g')!.line).toBe(text.findIndex((l) => l.trim() === '- name: stg_g') + 1);
  });

  it('a YAML entry without a SQL file is a located warning, not a model', () => {
    expect(project.models.some((m) => m.name === 'stg_ghost')).toBe(false);
    const text = readFileSync(join(FIXTURE, 'models/staging/_stg.yml'), 'utf8').split('\n');
    expect(project.diagnostics).toContainEqual(expect.objectContaining({ code: 'YAML_WITHOUT_NODE', file: 'models/staging/_stg.yml',
      line: text.findIndex((l) => l.includes('- name: stg_ghost')) + 1 }));
  });

  it('versioned models: each version a model, ref() name resolves to the latest', () => {
    const versions = project.models.filter((m) => m.name === 'dim_customers');
    expect(versions.map((v) => [v.uniqueId, v.latestVersion])).toEqual([['model.rules_demo.dim_customers.v1', false], ['model.rules_demo.dim_customers.v2', true]]);
    expect(project.modelByName.get('dim_customers')!.version).toBe(2);
  });

  it("a version's file is an enabled <name>_v<n>, else (the latest) the enabled <name>, else a disabled <name>_v<n>, as dbt looks it up", () => {
    const v1 = project.models.find((m) => m.uniqueId === 'model.rules_demo.dim_orders.v1')!;
    expect(v1).toMatchObject({ sqlPath: 'models/marts/dim_orders.sql', enabled: true });
    expect(manifest.nodes['model.rules_demo.dim_orders.v1'].original_file_path).toBe('models/marts/dim_orders.sql');
    expect(project.disabled.map((n) => [n.uniqueId, n.sqlPath])).toContainEqual(['model.rules_demo.dim_orders_v1', 'models/legacy/dim_orders_v1.sql']);
  });

  it('nested projects are not read; package generic tests are key tests', async () => {
    expect(project.files.has('integration_tests/models/it_model.sql')).toBe(false);
    const { keyCombinations } = await import('../../src/core/project/dbt-tests.js');
    expect(keyCombinations(project.modelByName.get('stg_a')!)).toEqual([['a_id', 'name']]);
  });

  it('--vars changes what is enabled, as dbt --vars does', () => {
    const p = loadProject(FIXTURE, { vars: { use_b: true } });
    expect(p.models.map((m) => m.name)).toContain('stg_b');
    const r = runCli(['summary', '--project-dir', FIXTURE, '--vars', '{use_b: true, missing_flag: true}', '--output-json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.models.total).toBe(project.models.length + 2);
    expect(runCli(['summary', '--project-dir', FIXTURE, '--vars', '[1, 2']).code).toBe(64);
  });

  it('target.* decides as dbt decides: profiles.yml beside the project, its default target (dev, duckdb)', () => {
    const on = new Set(project.models.map((m) => m.name));
    expect(on.has('duck_only')).toBe(true);
    expect(on.has('bq_only')).toBe(false);
    expect(on.has('ci_only')).toBe(false);
    expect(project.dbtTarget).toEqual({ name: 'dev', type: 'duckdb', schema: 'main', database: 'memory', profile_name: 'rules_demo' });
    const idTests = project.modelByName.get('duck_only')!.columns[0].tests.map((t) => [t.name, t.enabled]);
    expect(idTests).toEqual([['not_null', true], ['unique', false]]);
    expect(project.diagnostics.filter((d) => d.code === 'CONFIG_NOT_EVALUATED' && /target/.test(d.message))).toEqual([]);
  });

  it('--target ci: the same resources as `dbt parse --target ci`, node by node', () => {
    const d = join(tempDir(), 'dbt-rules');
    cpSync(FIXTURE, d, { recursive: true });
    const r = dbtParse(d, d, ['--target', 'ci']);
    expect(r.code, r.output).toBe(0);
    const m = JSON.parse(readFileSync(join(d, 'target', 'manifest.json'), 'utf8'));
    const ci = loadProject(FIXTURE, { target: 'ci' });
    expect(ci.dbtTarget).toMatchObject({ name: 'ci', schema: 'ci_schema' });
    const dbt = fromDbt(m), ours = fromReader(ci);
    expect([...ours.keys()].sort()).toEqual([...dbt.keys()].sort());
    for (const [id, seen] of dbt) expect({ id, ...ours.get(id) }).toEqual({ id, ...seen });
    expect(ci.modelByName.get('ci_only')!.tags).toContain('ci');
    expect(countsFromSummary(summarizeProject(ci))).toEqual(countsFromManifest(m, 'rules_demo'));
  }, 240_000);

  it('an env var decides like dbt: RULES_DEMO_C=no disables stg_c', () => {
    const prev = process.env.RULES_DEMO_C;
    process.env.RULES_DEMO_C = 'no';
    try { expect(loadProject(FIXTURE).disabled.map((n) => n.name)).toContain('stg_c'); } finally {
      if (prev === undefined) delete process.env.RULES_DEMO_C; else process.env.RULES_DEMO_C = prev;
    }
  });
});

describe('a folder that is not a dbt project root', () => {
  it('summary, mesh check and readiness-gate refuse it naming the folder (exit 1), never read it as an empty project', () => {
    const dir = tempDir('not-root-');
    const said = `modeler: not a dbt project: ${dir} has no dbt_project.yml; pass --project-dir the folder that holds it\n`;
    for (const args of [['summary', '--project-dir', dir], ['mesh', 'check', dir], ['readiness-gate', '--project-dir', dir],
      // the spec's spellings stay aliases of --project-dir
      ['readiness-gate', '--project', dir], ['mesh', 'check', '--project-dir', dir]]) {
      const r = runCli(args);
      expect([r.code, r.stderr, r.stdout], args.join(' ')).toEqual([1, said, '']);
    }
  });
});
