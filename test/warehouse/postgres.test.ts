// apply against the live PostgreSQL (PGlite only when the server is unreachable — printed),
// in a schema of its own, checked afterwards in the catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySql } from '../../src/warehouse/apply.js';
import { pgTarget, type PgTarget } from './engines.js';

let t: PgTarget;
beforeAll(async () => { t = await pgTarget(); });
afterAll(async () => { await t?.close(); });
const apply = (extra: Record<string, unknown>) => applySql({ ...t.request, ...extra }, { ...t.ctx, appliedBy: 'ci-bot' });

describe('apply on PostgreSQL', () => {
  it('a --schema that does not exist is a connection error, not tables silently created in public', async () => {
    const lost = `${t.request.schema}_lost`;
    const r = await apply({ sql: `CREATE TABLE ${lost} (a integer)`, schema: t.request.schema + '_typo', skip_ledger: true });
    expect(r.status).toBe('failed');
    expect(r.error).toMatchObject({ code: 'CONNECT_FAILED' });
    expect(r.error!.message).toContain(`schema "${t.request.schema}_typo" does not exist`);
    expect(await t.query('SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = $1', [lost])).toEqual([{ n: 0 }]);
  });

  it('applies, records the ledger row, and re-applying is a no-op', async () => {
    const sql = 'CREATE TABLE pg_customers (id integer PRIMARY KEY, email varchar(40) NOT NULL);\n'
      + 'CREATE TABLE pg_orders (id integer PRIMARY KEY, customer_id integer REFERENCES pg_customers(id), note text);\n'
      + "INSERT INTO pg_customers VALUES (1, 'a@b.c');";
    const r = await apply({ sql, migration_name: 'pg_001' });
    expect(r.status, JSON.stringify(r.error)).toBe('success');
    expect(r.transactional).toBe(true);
    expect(await t.tables()).toEqual(['modeler_migrations', 'pg_customers', 'pg_orders']);
    const rows = await t.query(`SELECT * FROM ${t.request.schema}.modeler_migrations`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'pg_001', checksum: r.checksum, statement_count: 3, status: 'success', applied_by: 'ci-bot', tool_version: r.tool_version });
    expect(Number(rows[0].duration_ms)).toBeGreaterThanOrEqual(0);
    expect(rows[0].applied_at).toBeInstanceOf(Date);
    const again = await apply({ sql: sql.toLowerCase().replace(/;\n/g, ';\n\n-- reformatted\n'), migration_name: 'pg_001' });
    expect(again.status).toBe('no_op');
    expect((await t.query(`SELECT count(*)::int AS n FROM ${t.request.schema}.modeler_migrations`))[0].n).toBe(1);
  });

  it('reports drift when an applied migration changed', async () => {
    const r = await apply({ sql: 'CREATE TABLE pg_drift (a integer)', migration_name: 'pg_drift' });
    expect(r.status).toBe('success');
    const d = await apply({ sql: 'CREATE TABLE pg_drift (a bigint)', migration_name: 'pg_drift' });
    expect(d).toMatchObject({ status: 'failed', error: { code: 'CHECKSUM_DRIFT' } });
    expect((await t.columns('pg_drift')).a).toBe('integer');
  });

  it('rolls back everything when a statement fails mid-way', async () => {
    const sql = 'CREATE TABLE pg_rb1 (a integer);\nINSERT INTO pg_rb1 VALUES (1);\nINSERT INTO pg_rb1 VALUES (\'not a number\');\nCREATE TABLE pg_rb2 (b integer);';
    const r = await apply({ sql, migration_name: 'pg_rb' });
    expect(r).toMatchObject({ status: 'failed', applied_count: 0, error: { code: 'STATEMENT_FAILED' } });
    expect(r.failed_statement).toMatchObject({ index: 3, line: 3 });
    expect(r.failed_statement!.error).toMatch(/invalid input syntax for type integer.*\[22P02\]/);
    expect(r.statements.map((s) => s.status)).toEqual(['rolled_back', 'rolled_back', 'failed', 'not_run']);
    const tables = await t.tables();
    expect(tables).not.toContain('pg_rb1');
    expect(tables).not.toContain('pg_rb2');
    expect(await t.query(`SELECT status FROM ${t.request.schema}.modeler_migrations WHERE name = 'pg_rb'`)).toEqual([{ status: 'failed' }]);
  });

  it('judges type changes against the live column type and guards destructive ones', async () => {
    await apply({ sql: 'CREATE TABLE pg_types (id integer, code varchar(40), qty integer, gone text)', migration_name: 'pg_types' });
    const widen = await apply({ sql: 'ALTER TABLE pg_types ALTER COLUMN code TYPE varchar(80);\nALTER TABLE pg_types ALTER COLUMN qty TYPE bigint', migration_name: 'pg_widen' });
    expect(widen.status).toBe('success');
    expect(widen.destructive_statements).toEqual([]);
    const sql = 'ALTER TABLE pg_types ALTER COLUMN code TYPE varchar(10);\nALTER TABLE pg_types DROP COLUMN gone;';
    const refused = await apply({ sql, migration_name: 'pg_narrow' });
    expect(refused.status).toBe('refused');
    expect(refused.destructive_statements.map((d) => [d.index, d.kind, d.object, d.detail])).toEqual([
      [1, 'narrowing_type_change', 'pg_types.code', 'character varying(80) → varchar(10)'], [2, 'drop_column', 'pg_types.gone', undefined]]);
    expect(await t.columns('pg_types')).toEqual({ id: 'integer', code: 'character varying(80)', qty: 'bigint', gone: 'text' });
    expect((await apply({ sql, migration_name: 'pg_narrow', allow_destructive: true })).status).toBe('success');
    expect(await t.columns('pg_types')).toEqual({ id: 'integer', code: 'character varying(10)', qty: 'bigint' });
  });

  it('a type change after a rename earlier in the file is judged against the renamed column\'s live type', async () => {
    await apply({ sql: 'CREATE TABLE pg_ren (id integer, code varchar(40), qty integer)', migration_name: 'pg_ren' });
    // widening under the new names (column and table renamed first): nothing to refuse
    const widen = await apply({ sql: 'ALTER TABLE pg_ren RENAME COLUMN qty TO amount;\nALTER TABLE pg_ren RENAME TO pg_ren2;\nALTER TABLE pg_ren2 ALTER COLUMN amount TYPE bigint;', migration_name: 'pg_ren_widen' });
    expect(widen.destructive_statements).toEqual([]);
    expect(widen.status).toBe('success');
    const narrow = await apply({ sql: 'ALTER TABLE pg_ren2 RENAME COLUMN code TO label;\nALTER TABLE pg_ren2 ALTER COLUMN label TYPE varchar(10);', migration_name: 'pg_ren_narrow' });
    expect(narrow.status).toBe('refused');
    expect(narrow.destructive_statements.map((d) => [d.index, d.kind, d.object, d.detail])).toEqual([
      [2, 'narrowing_type_change', 'pg_ren2.label', 'character varying(40) → varchar(10) (the live column pg_ren2.code, renamed at statement 1)']]);
    expect(await t.columns('pg_ren2')).toEqual({ id: 'integer', code: 'character varying(40)', amount: 'bigint' });
  });

  it('dry run rehearses in a rolled-back transaction: the catalog is unchanged', async () => {
    const before = await t.tables();
    const ledgerRows = (await t.query(`SELECT count(*)::int AS n FROM ${t.request.schema}.modeler_migrations`))[0].n;
    const r = await apply({ sql: 'CREATE TABLE pg_dry (a integer);\nCREATE INDEX pg_dry_a ON pg_dry (a);', migration_name: 'pg_dry', dry_run: true });
    expect(r.status).toBe('dry_run');
    expect(r.statements.map((s) => s.check)).toEqual(['rehearsed', 'rehearsed']);
    expect(await t.tables()).toEqual(before);
    expect((await t.query(`SELECT count(*)::int AS n FROM ${t.request.schema}.modeler_migrations`))[0].n).toBe(ledgerRows);
    expect(await t.query("SELECT 1 FROM pg_indexes WHERE indexname = 'pg_dry_a'")).toEqual([]);
  });
});
