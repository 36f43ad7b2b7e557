// apply against the live MariaDB (mysql connector) in a database of its own. DDL commits
// implicitly there, so a failure leaves the earlier statements applied: the report must say
// exactly which, and the ledger must not claim success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySql } from '../../src/warehouse/apply.js';
import { mariaTarget, type MyTarget } from './engines.js';

let t: MyTarget;
beforeAll(async () => { t = await mariaTarget(); });
afterAll(async () => { await t?.close(); });
const apply = (extra: Record<string, unknown>) => applySql({ ...t.request, ...extra }, { appliedBy: 'ci-bot' });
const ledger = () => t.query('SELECT name, checksum, statement_count, status, applied_at, duration_ms, applied_by, tool_version FROM modeler_migrations ORDER BY applied_at');

describe('apply on MariaDB', () => {
  it('applies statement by statement, writes the ledger row, and re-applying is a no-op', async () => {
    const sql = 'CREATE TABLE my_customers (id INT PRIMARY KEY, email VARCHAR(40) NOT NULL) # customers\n;\n'
      + 'CREATE TABLE `my_orders` (id INT PRIMARY KEY, customer_id INT, FOREIGN KEY (customer_id) REFERENCES my_customers(id));\n'
      + "INSERT INTO my_customers VALUES (1, 'a\\'b@c.d');";
    const r = await apply({ sql, migration_name: 'my_001' });
    expect(r.status, JSON.stringify(r.error)).toBe('success');
    expect(r.transactional).toBe(false);
    expect(r.statements.map((s) => s.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await t.tables()).toEqual(['modeler_migrations', 'my_customers', 'my_orders']);
    expect((await t.query('SELECT email FROM my_customers'))[0].email).toBe("a'b@c.d");
    const rows = await ledger();
    expect(rows).toEqual([expect.objectContaining({ name: 'my_001', checksum: r.checksum, statement_count: 3, status: 'success', applied_by: 'ci-bot', tool_version: r.tool_version })]);
    expect(rows[0].applied_at).toBeInstanceOf(Date);
    expect(await apply({ sql, migration_name: 'my_001' })).toMatchObject({ status: 'no_op' });
    expect(await apply({ sql: sql.replace('VARCHAR(40)', 'VARCHAR(41)'), migration_name: 'my_001' })).toMatchObject({ status: 'failed', error: { code: 'CHECKSUM_DRIFT' } });
    expect(await ledger()).toHaveLength(1);
  });

  it('stops at the first failure and reports exactly which statements remain applied', async () => {
    const sql = 'CREATE TABLE my_p1 (a INT);\nINSERT INTO my_p1 VALUES (1);\n\n-- this one fails\nINSERT INTO my_nowhere VALUES (2);\nCREATE TABLE my_p2 (b INT);';
    const r = await apply({ sql, migration_name: 'my_partial' });
    expect(r.status).toBe('failed');
    expect(r.applied_count).toBe(2);
    expect(r.statements.map((s) => [s.index, s.line, s.status])).toEqual([[1, 1, 'applied'], [2, 2, 'applied'], [3, 5, 'failed'], [4, 6, 'not_run']]);
    expect(r.failed_statement).toMatchObject({ index: 3, line: 5, kind: 'INSERT' });
    expect(r.failed_statement!.error).toMatch(/my_nowhere/);
    expect(r.error!.message).toMatch(/statement 3 of 4 \(line 5\) failed: .*statements 1–2 remain applied/);
    const tables = await t.tables();
    expect(tables).toContain('my_p1');
    expect(tables).not.toContain('my_p2');
    expect((await t.query('SELECT a FROM my_p1'))).toEqual([{ a: 1 }]);
    expect((await ledger()).filter((l) => l.name === 'my_partial').map((l) => l.status)).toEqual(['partial']);
  });

  it('guards narrowing MODIFY and DROP COLUMN using the live column type', async () => {
    await apply({ sql: 'CREATE TABLE my_types (id INT, code VARCHAR(40), qty INT, gone TEXT)', migration_name: 'my_types' });
    expect((await apply({ sql: 'ALTER TABLE my_types MODIFY qty BIGINT', migration_name: 'my_widen' })).destructive_statements).toEqual([]);
    const r = await apply({ sql: 'ALTER TABLE my_types MODIFY COLUMN code VARCHAR(10), DROP COLUMN gone', migration_name: 'my_narrow' });
    expect(r.status).toBe('refused');
    expect(r.destructive_statements.map((d) => [d.kind, d.object, d.detail])).toEqual([
      ['drop_column', 'my_types.gone', undefined], ['narrowing_type_change', 'my_types.code', 'varchar(40) → VARCHAR(10)']]);
    expect((await t.query("SELECT column_name AS c FROM information_schema.columns WHERE table_schema = ? AND table_name = 'my_types' ORDER BY ordinal_position", [t.database])).map((c) => c.c))
      .toEqual(['id', 'code', 'qty', 'gone']);
  });

  it('a MODIFY after a RENAME COLUMN (same statement or earlier) is judged against the renamed column\'s live type', async () => {
    await apply({ sql: 'CREATE TABLE my_ren (id INT, code VARCHAR(40), qty INT)', migration_name: 'my_ren' });
    const widen = await apply({ sql: 'ALTER TABLE my_ren RENAME COLUMN qty TO amount;\nRENAME TABLE my_ren TO my_ren2;\nALTER TABLE my_ren2 MODIFY amount BIGINT;', migration_name: 'my_ren_widen' });
    expect(widen.destructive_statements).toEqual([]);
    expect(widen.status).toBe('success');
    const narrow = await apply({ sql: 'ALTER TABLE my_ren2 RENAME COLUMN code TO label, MODIFY label VARCHAR(10)', migration_name: 'my_ren_narrow' });
    expect(narrow.status).toBe('refused');
    expect(narrow.destructive_statements.map((d) => [d.kind, d.object, d.detail])).toEqual([
      // within one statement the change is read as the column's, under the name it had
      ['narrowing_type_change', 'my_ren2.code', 'varchar(40) → VARCHAR(10)']]);
  });

  it('dry run prepares each statement on the server and changes nothing', async () => {
    const before = await t.tables();
    const count = (await ledger()).length;
    const r = await apply({ sql: 'CREATE TABLE my_dry (a INT);\nALTER TABLE my_p1 ADD COLUMN z INT;', migration_name: 'my_dry', dry_run: true });
    expect(r.status).toBe('dry_run');
    expect(r.statements.map((s) => [s.status, s.check])).toEqual([['would_run', 'prepared'], ['would_run', 'prepared']]);
    expect(await t.tables()).toEqual(before);
    expect((await t.query("SELECT column_name AS c FROM information_schema.columns WHERE table_schema = ? AND table_name = 'my_p1'", [t.database])).map((c) => c.c)).toEqual(['a']);
    expect(await ledger()).toHaveLength(count);
    const bad = await apply({ sql: 'CREATE TABLE my_dry2 (a INT);\nCREATE TABLE my_dry3 (a INT,, b INT);', dry_run: true });
    expect(bad).toMatchObject({ status: 'failed', error: { code: 'DRY_RUN_CHECK_FAILED' }, failed_statement: { index: 2, line: 2 } });
    expect(bad.failed_statement!.error).toMatch(/SQL syntax/);
    expect(await t.tables()).toEqual(before);
  });
});
