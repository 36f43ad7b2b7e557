// Model-diff mode end to end: two model files → migrate for the connector's dialect → apply,
// on DuckDB, the live PostgreSQL and the live MariaDB, checked in each catalog.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySql, type ApplyContext } from '../../src/warehouse/apply.js';
import { tempDir } from '../helpers/cli.js';
import { duckQuery, mariaTarget, pgTarget } from './engines.js';

const dir = tempDir('modeler-md-');
const model = (name: string, text: string) => { writeFileSync(join(dir, name), text); return join(dir, name); };
const V0 = model('v0.model.yaml', 'model: {name: shop, version: 0.1.0}\nentities: []\n');
const V1 = model('v1.model.yaml', `model: {name: shop, version: 1.0.0}
entities:
  - name: customer
    columns:
      - {name: id, type: integer, primary_key: true, nullable: false}
      - {name: email, type: varchar(80), nullable: false}
      - {name: legacy_code, type: varchar(10)}
  - name: orders
    columns:
      - {name: id, type: integer, primary_key: true, nullable: false}
      - {name: customer_id, type: integer, nullable: false}
      - {name: total, type: 'decimal(12,2)'}
`);
// (no foreign keys: DuckDB cannot ALTER a table other tables reference, and migrate does not
// rebuild for that yet — that is migrate's concern, not apply's)
// v2 narrows email and drops legacy_code (both destructive), adds a column (not)
const V2 = model('v2.model.yaml', readFileSync(V1, 'utf8').replace('version: 1.0.0', 'version: 2.0.0')
  .replace('varchar(80)', 'varchar(40)').replace('      - {name: legacy_code, type: varchar(10)}\n', '      - {name: created_at, type: timestamp}\n'));

// a column inserted mid-table: DuckDB and PostgreSQL rebuild the table (rows copied through a
// temporary table that is then dropped), MariaDB adds it in place with AFTER
const R1 = model('r1.model.yaml', `model: {name: stock, version: 1.0.0}
entities:
  - name: item
    columns:
      - {name: id, type: integer, primary_key: true, nullable: false}
      - {name: label, type: varchar(40)}
`);
const R2 = model('r2.model.yaml', readFileSync(R1, 'utf8').replace('version: 1.0.0', 'version: 1.1.0')
  .replace('      - {name: label', '      - {name: code, type: varchar(10)}\n      - {name: label'));

interface Engine { name: string; request: Record<string, unknown>; ctx: ApplyContext; columns(table: string): Promise<string[]>; run(sql: string): Promise<Record<string, any>[]>; close(): Promise<void> }
const engines: Engine[] = [];

beforeAll(async () => {
  const duckPath = join(dir, 'md.duckdb');
  engines.push({ name: 'duckdb', request: { connector: 'duckdb', path: duckPath }, ctx: {}, close: async () => {}, run: (sql) => duckQuery(duckPath, sql),
    columns: async (table) => (await duckQuery(duckPath, `SELECT column_name AS c FROM information_schema.columns WHERE table_name = '${table}' ORDER BY ordinal_position`)).map((r) => r.c) });
  const pg = await pgTarget();
  engines.push({ name: 'postgres', request: pg.request, ctx: pg.ctx, close: pg.close, columns: async (t) => Object.keys(await pg.columns(t)),
    run: (sql) => pg.query(sql.replace(/\bitem\b/g, `${pg.request.schema}.item`)) });
  const my = await mariaTarget();
  engines.push({ name: 'mysql', request: my.request, ctx: {}, close: my.close, run: (sql) => my.query(sql),
    columns: async (t) => (await my.query('SELECT column_name AS c FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position', [my.database, t])).map((r) => r.c) });
});
afterAll(async () => { for (const e of engines) await e.close(); });

describe.each(['duckdb', 'postgres', 'mysql'])('model-diff apply on %s', (name) => {
  const engine = () => engines.find((e) => e.name === name)!;
  const apply = (extra: Record<string, unknown>) => applySql({ ...engine().request, ...extra }, engine().ctx);

  it('creates the schema from nothing, then is a no-op on re-apply', async () => {
    const sqlOut = join(dir, `${name}-v0-v1.sql`);
    const r = await apply({ old_model: V0, new_model: V1, write_sql: sqlOut });
    expect(r.status, JSON.stringify(r.error)).toBe('success');
    expect(r).toMatchObject({ mode: 'model_diff', migration_name: 'shop_0.1.0_to_1.0.0', policy: { checked: false } });
    expect(await engine().columns('customer')).toEqual(['id', 'email', 'legacy_code']);
    expect(await engine().columns('orders')).toEqual(['id', 'customer_id', 'total']);
    // the written SQL is migrate's script; each reported line points at its statement
    const lines = readFileSync(sqlOut, 'utf8').split('\n');
    expect(lines[0]).toMatch(/^-- Migration: shop v0\.1\.0 -> v1\.0\.0/);
    for (const s of r.statements) expect(s.preview.startsWith(lines[s.line - 1].replace(/\s+/g, ' ').trim().slice(0, 20)), `line ${s.line}`).toBe(true);
    expect(r.statements.length).toBeGreaterThan(1);
    expect((await apply({ old_model: V0, new_model: V1 })).status).toBe('no_op');
  });

  it("refuses migrate's destructive statements until allowed, then applies them", async () => {
    const refused = await apply({ old_model: V1, new_model: V2 });
    expect(refused.status).toBe('refused');
    // DuckDB stores every VARCHAR unbounded, so varchar(80) → varchar(40) loses nothing there
    expect(refused.destructive_statements.map((d) => d.kind).sort()).toEqual(name === 'duckdb' ? ['drop_column'] : ['drop_column', 'narrowing_type_change']);
    expect(await engine().columns('customer')).toEqual(['id', 'email', 'legacy_code']);
    const r = await apply({ old_model: V1, new_model: V2, allow_destructive: true });
    expect(r.status, JSON.stringify(r.error)).toBe('success');
    expect(await engine().columns('customer')).toEqual(['id', 'email', 'created_at']);
  });
});

describe.each(['duckdb', 'postgres', 'mysql'])('model-diff apply keeps migrate\'s verdicts on %s', (name) => {
  const engine = () => engines.find((e) => e.name === name)!;
  const apply = (extra: Record<string, unknown>) => applySql({ ...engine().request, ...extra }, engine().ctx);

  it('a rebuild that migrate marks non-destructive runs without --allow-destructive, rows kept', async () => {
    expect((await apply({ old_model: V0, new_model: R1 })).status).toBe('success');
    await engine().run("INSERT INTO item (id, label) VALUES (1, 'bolt')");
    const r = await apply({ old_model: R1, new_model: R2 });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe('success');
    expect(r.destructive_statements).toEqual([]);
    // where the engine rebuilds, the plan drops the old table and the temporary copy: not data loss
    if (name !== 'mysql') expect(r.statements.filter((s) => s.kind === 'DROP TABLE')).toHaveLength(2);
    expect(await engine().columns('item')).toEqual(['id', 'code', 'label']);
    expect(await engine().run('SELECT id, code, label FROM item')).toEqual([{ id: 1, code: null, label: 'bolt' }]);
  });
});

describe('model-diff input checks', () => {
  it('refuses an invalid model before connecting', async () => {
    const bad = model('bad.model.yaml', 'model: {name: shop, version: 1.0.0}\nentities:\n  - name: x\n    colums: []\n');
    await expect(applySql({ connector: 'duckdb', old_model: V1, new_model: bad })).rejects.toThrow(/invalid model: .*bad\.model\.yaml:4:5: error\[SCHEMA\]: unknown key 'colums'/);
  });

  it('checks both models against --model-schema when given', async () => {
    const schema = join(dir, 'owners.schema.json');
    writeFileSync(schema, JSON.stringify({ type: 'object', required: ['model'], properties: { model: { type: 'object', required: ['owners'] } } }));
    await expect(applySql({ connector: 'duckdb', old_model: V0, new_model: V1, model_schema: schema, dry_run: true }))
      .rejects.toThrow(/invalid model for \{opt:model_schema\}: .*v0\.model\.yaml.*missing required key 'owners'/);
  });

  it('runs the policy pack against the new model first; an error stops the apply before anything runs', async () => {
    const pack = join(dir, 'owners.policy.yaml');
    writeFileSync(pack, 'pack: {name: need_owner, version: 1.0.0}\nrules:\n  - {id: OWNER, type: require_owner, severity: error}\n');
    const db = join(dir, 'policy.duckdb');
    const r = await applySql({ connector: 'duckdb', path: db, old_model: V0, new_model: V1, policy_pack: pack });
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('POLICY_FAILED');
    expect(r.policy).toMatchObject({ checked: true, pack: 'need_owner@1.0.0' });
    expect(r.policy.errors).toBeGreaterThan(0);
    expect(r.policy.results[0]).toMatchObject({ severity: 'error', file: V1 });
    expect(r.statements.every((s) => s.status === 'not_run')).toBe(true);
    expect(existsSync(db)).toBe(false);
    const skipped = await applySql({ connector: 'duckdb', path: db, old_model: V0, new_model: V1, policy_pack: pack, skip_policy_check: true });
    expect(skipped.status).toBe('success');
    expect(skipped.policy).toMatchObject({ checked: false, reason: 'skipped ({opt:skip_policy_check})' });
    const bundled = await applySql({ connector: 'duckdb', path: ':memory:', old_model: V0, new_model: V1, policy_pack: 'modeler/base' });
    expect(bundled.status).toBe('success');
    expect(bundled.policy.checked).toBe(true);
    expect(bundled.policy.errors).toBe(0);
    expect(bundled.policy.warnings).toBeGreaterThan(0);
    // a broken pack is reported as such, not blamed on the new model
    const broken = join(dir, 'broken.policy.yaml');
    writeFileSync(broken, 'rules: [\n');
    const b = await applySql({ connector: 'duckdb', path: ':memory:', old_model: V0, new_model: V1, policy_pack: broken });
    expect(b.error?.code).toBe('POLICY_FAILED');
    expect(b.error?.message).not.toContain('in the new model');
    expect(b.error?.message).toContain(`first: ${broken}:2:1 YAML_SYNTAX`);
    expect(r.error?.message).toContain('in the new model');
  });
});
