// The truth the columns modeler reads from a model's SQL are held to: a real `dbt compile`
// (dbt-duckdb) of a fetched project, then DuckDB's own DESCRIBE of each compiled query, run in
// dependency order on empty inputs — seeds loaded from their CSV files, sources without a seed
// made as empty tables of their YAML columns. A model whose compiled SQL DuckDB cannot run (an
// input with unknown columns, a function DuckDB lacks) is judged by the parser's reading of
// dbt's compiled_code instead, and said so. Shared by bench/sql-columns-agreement.mjs and the
// test on a subset.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { dbtBin, STUBS } from './real-dbt.mjs';
import { fetchedCopy, registeredProjects } from './fetched-projects.mjs';

const DB = 'truth';
export const TRUTH_TARGET = { name: 'dev', type: 'duckdb', schema: 'main', database: DB };

/** `dbt compile` of a writable copy of the project; returns {dir, manifest, dbPath, log} or throws. */
export function compileCopy(name) {
  const reg = registeredProjects().find((p) => p.name === name);
  const dir = fetchedCopy(name);
  rmSync(join(dir, 'target'), { recursive: true, force: true });
  // packages a project's tests call but its registration does not fetch: the stand-ins dbt parse uses
  for (const p of readdirSync(STUBS)) if (!existsSync(join(dir, 'dbt_packages', p)) && existsSync(join(STUBS, p, 'dbt_project.yml'))) cpSync(join(STUBS, p), join(dir, 'dbt_packages', p), { recursive: true });
  const conf = parseYaml(readFileSync(join(dir, 'dbt_project.yml'), 'utf8'));
  const profiles = mkdtempSync(join(tmpdir(), 'modeler-truth-profiles-'));
  const dbPath = join(profiles, `${DB}.duckdb`);
  writeFileSync(join(profiles, 'profiles.yml'), `${conf.profile ?? 'default'}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ${JSON.stringify(dbPath)}\n      schema: main\n      threads: 1\n`);
  const bin = dbtBin();
  if (!bin) throw new Error('dbt not found (.ci/venv/bin/dbt)');
  const args = ['compile', '--profiles-dir', profiles, '--profile', conf.profile ?? 'default', '--project-dir', dir, '--no-use-colors', '--no-partial-parse', '--no-populate-cache', '--select', 'resource_type:model', ...(reg?.dbtArgs ?? [])];
  if (reg?.vars) args.push('--vars', JSON.stringify(reg.vars));
  const r = spawnSync(bin, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...reg?.env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 1_800_000, maxBuffer: 256 * 1024 * 1024 });
  const mf = join(dir, 'target', 'manifest.json');
  if (!existsSync(mf)) throw new Error(`dbt compile wrote no manifest for ${name}:\n${(r.stdout ?? '').slice(-2000)}${(r.stderr ?? '').slice(-2000)}`);
  return { dir, profiles, dbPath, manifest: JSON.parse(readFileSync(mf, 'utf8')), status: r.status, log: (r.stdout ?? '').slice(-4000) };
}

const q = (s) => `"${String(s).replace(/"/g, '""')}"`;
const relParts = (rel) => rel.split('.').map((x) => x.replace(/^"|"$/g, ''));

/**
 * Each root-package model's output columns as DuckDB describes its compiled SQL (`how: describe`),
 * or, where DuckDB cannot run it, as `readCompiled(node)` reads dbt's compiled_code (`how: compiled-parse`).
 */
export async function describeModels(compiled, pkg, readCompiled) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  // dbt's own database file may be of another DuckDB version: the truth is built in memory under the same name
  const inst = await DuckDBInstance.create(':memory:');
  const con = await inst.connect();
  await con.run(`ATTACH ':memory:' AS ${DB}`);
  const run = (sql) => con.run(sql);
  const describe = async (sql) => (await con.runAndReadAll(`DESCRIBE ${sql}`)).getRowObjectsJson().map((r) => String(r.column_name));
  const m = compiled.manifest;
  const ensureSchema = async (rel) => { const [db, schema] = relParts(rel); await run(`CREATE SCHEMA IF NOT EXISTS ${q(db)}.${q(schema)}`); };
  const exists = new Set();
  const seeds = new Map();
  for (const n of Object.values(m.nodes)) {
    if (n.resource_type !== 'seed' || !n.relation_name) continue;
    const csv = join(compiled.dir, n.original_file_path);
    if (!existsSync(csv)) continue;
    try {
      await ensureSchema(n.relation_name);
      await run(`CREATE OR REPLACE TABLE ${n.relation_name} AS SELECT * FROM read_csv(${q(csv).replace(/^"|"$/g, "'")}, header = true, auto_detect = true)`);
      exists.add(n.unique_id);
      seeds.set(n.identifier ?? n.name, n.relation_name);
    } catch { /* a seed DuckDB cannot load: its dependants are judged by the parser */ }
  }
  // a source loaded by a seed the project switches off by default (jaffle-shop's raw data): the CSV gives it
  const csvs = new Map();
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.isDirectory() && e.name !== 'dbt_packages' && e.name !== 'target') walk(join(d, e.name)); else if (e.name.endsWith('.csv')) csvs.set(e.name.slice(0, -4), join(d, e.name)); } };
  const conf = parseYaml(readFileSync(join(compiled.dir, 'dbt_project.yml'), 'utf8'));
  for (const sp of conf['seed-paths'] ?? conf['data-paths'] ?? ['seeds']) if (existsSync(join(compiled.dir, sp))) walk(join(compiled.dir, sp));
  for (const s of Object.values(m.sources)) {
    if (!s.relation_name) continue;
    try {
      await ensureSchema(s.relation_name);
      const csv = csvs.get(s.identifier ?? s.name);
      if (!seeds.has(s.identifier ?? s.name) && csv) {
        await run(`CREATE OR REPLACE TABLE ${s.relation_name} AS SELECT * FROM read_csv('${csv.replace(/'/g, "''")}', header = true, auto_detect = true)`);
        exists.add(s.unique_id);
        continue;
      }
      const seed = seeds.get(s.identifier ?? s.name);
      if (seed && seed !== s.relation_name) { await run(`CREATE OR REPLACE VIEW ${s.relation_name} AS SELECT * FROM ${seed}`); exists.add(s.unique_id); }
      else if (seed) exists.add(s.unique_id);
      else if (Object.keys(s.columns ?? {}).length) {
        await run(`CREATE OR REPLACE TABLE ${s.relation_name} (${Object.values(s.columns).map((c) => `${q(c.name)} ${c.data_type || 'VARCHAR'}`).join(', ')})`);
        // YAML lists documented columns, perhaps not all: such a source is not a faithful input
        exists.add(`partial:${s.unique_id}`);
      }
    } catch { /* left out */ }
  }
  const models = Object.values(m.nodes).filter((n) => n.resource_type === 'model' && n.package_name === pkg);
  const byId = new Map(Object.values(m.nodes).map((n) => [n.unique_id, n]));
  const order = [];
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    const n = byId.get(id);
    if (!n) return;
    for (const d of n.depends_on?.nodes ?? []) visit(d);
    if (n.resource_type === 'model' && n.package_name === pkg) order.push(n);
  };
  for (const n of models) visit(n.unique_id);
  const truth = new Map();
  for (const n of order) {
    if (typeof n.compiled_code !== 'string') continue;
    const inputsOk = (n.depends_on?.nodes ?? []).every((d) => exists.has(d) || byId.get(d)?.config?.materialized === 'ephemeral');
    let names;
    if (inputsOk && n.config?.materialized !== 'ephemeral') {
      try {
        await ensureSchema(n.relation_name);
        await run(`CREATE OR REPLACE VIEW ${n.relation_name} AS ${n.compiled_code.replace(/;\s*$/, '')}`);
        names = await describe(n.relation_name);
        exists.add(n.unique_id);
        truth.set(n.unique_id, { names, how: 'describe' });
        continue;
      } catch (e) { /* judged by the parser below */ }
    }
    const parsed = readCompiled(n);
    if (parsed) truth.set(n.unique_id, { names: parsed, how: 'compiled-parse' });
  }
  con.closeSync();
  inst.closeSync();
  return truth;
}
