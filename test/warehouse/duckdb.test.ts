// apply against embedded DuckDB (a real database file): ledger, no-op, drift, rollback,
// destructive guard, dry run — each checked in the database's own catalog afterwards.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { applySql } from '../../src/warehouse/apply.js';
import { tempDir } from '../helpers/cli.js';
import { duckQuery } from './engines.js';

let dir: string;
let db: string;
beforeEach(() => {
  dir = tempDir('modeler-duck-');
  db = join(dir, 'wh.duckdb');
});
const tables = async () => existsSync(db)
  ? (await duckQuery(db, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY 1")).map((r) => r.table_name)
  : [];
const apply = (extra: Record<string, unknown>) => applySql({ connector: 'duckdb', path: db, ...extra }, { appliedBy: 'tester' });

const V1 = `-- v1
CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, amount DECIMAL(10,2), qty INTEGER);
INSERT INTO customers VALUES (1, 'ada; lovelace');
`;

describe('apply on DuckDB', () => {
  it('applies a SQL file in one transaction and writes a ledger row with every column', async () => {
    writeFileSync(join(dir, '001_init.sql'), V1);
    const r = await applySql({ sql_file: '001_init.sql', path: 'wh.duckdb' }, { cwd: dir, appliedBy: 'tester' });
    expect(r).toMatchObject({ status: 'success', connector: 'duckdb', migration_name: '001_init', statement_count: 3, applied_count: 3, transactional: true });
    expect(r.statements.map((s) => [s.index, s.line, s.kind, s.status])).toEqual([
      [1, 2, 'CREATE TABLE', 'applied'], [2, 3, 'CREATE TABLE', 'applied'], [3, 4, 'INSERT', 'applied']]);
    expect(r.ledger).toEqual({ table: 'modeler_migrations', skipped: false, row_written: true });
    expect(await tables()).toEqual(['customers', 'modeler_migrations', 'orders']);
    expect((await duckQuery(db, 'SELECT name FROM customers'))[0].name).toBe('ada; lovelace');
    const rows = await duckQuery(db, 'SELECT * FROM modeler_migrations');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(['applied_at', 'applied_by', 'checksum', 'duration_ms', 'name', 'statement_count', 'status', 'tool_version']);
    expect(rows[0]).toMatchObject({ name: '001_init', checksum: r.checksum, statement_count: 3, status: 'success', applied_by: 'tester',
      tool_version: JSON.parse(readFileSync('package.json', 'utf8')).version });
    expect(rows[0].applied_at).toBeInstanceOf(Date);
    expect(Math.abs(rows[0].applied_at.getTime() - Date.now())).toBeLessThan(120_000);
  });

  it('re-applying is a no-op, also after reformatting; a changed statement under the same name is drift', async () => {
    expect((await apply({ sql: V1, migration_name: 'init' })).status).toBe('success');
    const again = await apply({ sql: V1, migration_name: 'init' });
    expect(again.status).toBe('no_op');
    expect(again.messages.join('\n')).toMatch(/already applied/);
    const reformatted = V1.toLowerCase().replace(/\n/g, '\n\n  ').replace('-- v1', '/* first version */');
    // keywords lower-cased, lines re-indented, comment rewritten (the literal is lower case already)
    expect(reformatted).not.toBe(V1);
    expect((await apply({ sql: reformatted, migration_name: 'init' })).status).toBe('no_op');
    const drift = await apply({ sql: V1.replace('DECIMAL(10,2)', 'DECIMAL(12,2)'), migration_name: 'init' });
    expect(drift.status).toBe('failed');
    expect(drift.error?.code).toBe('CHECKSUM_DRIFT');
    expect(drift.ledger.previous?.checksum).not.toBe(drift.checksum);
    expect((await duckQuery(db, "SELECT data_type FROM information_schema.columns WHERE table_name='orders' AND column_name='amount'"))[0].data_type).toBe('DECIMAL(10,2)');
    expect((await duckQuery(db, 'SELECT count(*) AS n FROM modeler_migrations'))[0].n).toBe(1);
  });

  it('rolls everything back when a statement fails mid-way, reporting its index and line; no success row', async () => {
    const sql = 'CREATE TABLE a (x INTEGER);\nINSERT INTO a VALUES (1);\n\nINSERT INTO missing_table VALUES (2);\nCREATE TABLE b (y INTEGER);\n';
    const r = await apply({ sql, migration_name: 'm2' });
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('STATEMENT_FAILED');
    expect(r.failed_statement).toMatchObject({ index: 3, line: 4, kind: 'INSERT' });
    expect(r.failed_statement?.error).toMatch(/missing_table/);
    expect(r.statements.map((s) => s.status)).toEqual(['rolled_back', 'rolled_back', 'failed', 'not_run']);
    expect(r.applied_count).toBe(0);
    expect(await tables()).toEqual(['modeler_migrations']);
    expect(await duckQuery(db, 'SELECT name, status FROM modeler_migrations')).toEqual([{ name: 'm2', status: 'failed' }]);
    // the failed attempt does not block a fixed retry
    const fixed = await apply({ sql: sql.replace('missing_table', 'a'), migration_name: 'm2' });
    expect(fixed.status).toBe('success');
    expect(await tables()).toEqual(['a', 'b', 'modeler_migrations']);
  });

  it('refuses destructive statements, listing each, unless allowed', async () => {
    await apply({ sql: V1, migration_name: 'init' });
    const sql = 'ALTER TABLE orders DROP COLUMN amount;\nDROP TABLE customers;\nALTER TABLE orders ALTER COLUMN customer_id TYPE SMALLINT;\nALTER TABLE orders ALTER COLUMN qty TYPE BIGINT;';
    const refused = await apply({ sql, migration_name: 'cleanup' });
    expect(refused.status).toBe('refused');
    expect(refused.error?.code).toBe('DESTRUCTIVE_REFUSED');
    expect(refused.destructive_statements.map((d) => [d.index, d.line, d.kind, d.object])).toEqual([
      [1, 1, 'drop_column', 'orders.amount'], [2, 2, 'drop_table', 'customers'], [3, 3, 'narrowing_type_change', 'orders.customer_id']]);
    expect(refused.destructive_statements[2].detail).toBe('INTEGER → smallint');
    expect(refused.statements.every((s) => s.status === 'not_run')).toBe(true);
    expect(await tables()).toEqual(['customers', 'modeler_migrations', 'orders']);
    const allowed = await apply({ sql, migration_name: 'cleanup', allow_destructive: true });
    expect(allowed.status).toBe('success');
    expect(allowed.statements.map((s) => s.destructive ?? [])).toEqual([['drop_column'], ['drop_table'], ['narrowing_type_change'], []]);
    expect(await tables()).toEqual(['modeler_migrations', 'orders']);
    expect(await duckQuery(db, "SELECT column_name AS c, data_type AS t FROM information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position"))
      .toEqual([{ c: 'id', t: 'INTEGER' }, { c: 'customer_id', t: 'SMALLINT' }, { c: 'qty', t: 'BIGINT' }]);
  });

  it('a type change on a table the same migration creates is not destructive', async () => {
    const r = await apply({ sql: 'CREATE TABLE fresh (a INTEGER);\nALTER TABLE fresh ALTER COLUMN a TYPE SMALLINT;' });
    expect(r.status).toBe('success');
    expect(r.destructive_statements).toEqual([]);
    // … but on an existing table whose column cannot be found it is guarded as unverified
    const u = await apply({ sql: 'ALTER TABLE fresh ALTER COLUMN nope TYPE BIGINT' });
    expect(u.status).toBe('refused');
    expect(u.destructive_statements[0]).toMatchObject({ kind: 'unverified_type_change', object: 'fresh.nope' });
  });

  it('a type change after a rename earlier in the file is judged against the renamed column\'s live type', async () => {
    await apply({ sql: 'CREATE TABLE ren (id INTEGER, qty INTEGER, n BIGINT)' });
    const widen = await apply({ sql: 'ALTER TABLE ren RENAME COLUMN qty TO amount;\nALTER TABLE ren ALTER COLUMN amount TYPE BIGINT;' });
    expect(widen.destructive_statements).toEqual([]);
    expect(widen.status).toBe('success');
    const narrow = await apply({ sql: 'ALTER TABLE ren RENAME COLUMN n TO m;\nALTER TABLE ren ALTER COLUMN m TYPE INTEGER;' });
    expect(narrow.status).toBe('refused');
    expect(narrow.destructive_statements[0]).toMatchObject({ index: 2, kind: 'narrowing_type_change', object: 'ren.m' });
  });

  it('dry run changes nothing (not even the ledger table) and rehearses each statement', async () => {
    const r = await apply({ sql: V1, dry_run: true });
    expect(r.status).toBe('dry_run');
    expect(r.statements.map((s) => [s.status, s.check])).toEqual([['would_run', 'rehearsed'], ['would_run', 'rehearsed'], ['would_run', 'rehearsed']]);
    expect(r.messages.join('\n')).toMatch(/ledger table modeler_migrations does not exist yet/);
    // not even the database file: opening a DuckDB path creates it
    expect(existsSync(db)).toBe(false);
    expect(await tables()).toEqual([]);
    const bad = await apply({ sql: 'CREATE TABLE z (a INTEGER);\nALTER TABLE nope ADD COLUMN b INTEGER;', dry_run: true });
    expect(bad.status).toBe('failed');
    expect(bad.error?.code).toBe('DRY_RUN_CHECK_FAILED');
    expect(bad.failed_statement).toMatchObject({ index: 2, line: 2 });
    expect(await tables()).toEqual([]);
  });

  it('skip_ledger neither creates nor reads the ledger', async () => {
    const r = await apply({ sql: 'CREATE TABLE t (a INTEGER)', skip_ledger: true });
    expect(r.status).toBe('success');
    expect(r.ledger).toEqual({ table: 'modeler_migrations', skipped: true, row_written: false });
    expect(await tables()).toEqual(['t']);
  });

  it('runs a script wrapped in its own BEGIN/COMMIT, and refuses transaction control elsewhere', async () => {
    const r = await apply({ sql: 'BEGIN;\nCREATE TABLE t (a INTEGER);\nCOMMIT;' });
    expect(r.status).toBe('success');
    expect(r.statement_count).toBe(1);
    await expect(apply({ sql: 'CREATE TABLE u (a INTEGER);\nCOMMIT;\nCREATE TABLE v (a INTEGER);' })).rejects.toThrow(/statement 2 \(line 2\) is transaction control/);
  });
});
