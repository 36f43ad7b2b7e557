import { describe, expect, it } from 'vitest';
import { analyseStatement } from '../../src/warehouse/destructive.js';
import { isNarrowing } from '../../src/sql/type-narrowing.js';

const kinds = async (sql: string, dialect: string) => (await analyseStatement(sql, dialect)).findings.map((f) => `${f.kind}:${f.object}`);

describe('destructive statements', () => {
  it('reads PostgreSQL and DuckDB statements with the PostgreSQL parser', async () => {
    const a = await analyseStatement('DROP TABLE a.b, c CASCADE', 'postgres');
    expect(a.via).toBe('pg-parser');
    expect(a.findings.map((f) => `${f.kind}:${f.object}`)).toEqual(['drop_table:a.b', 'drop_table:c']);
    expect(await kinds('ALTER TABLE s.t DROP COLUMN x, ADD COLUMN y int', 'postgres')).toEqual(['drop_column:s.t.x']);
    expect(await kinds('TRUNCATE t1, t2', 'duckdb')).toEqual(['truncate:t1', 'truncate:t2']);
    expect(await kinds('DROP SCHEMA s CASCADE', 'postgres')).toEqual(['drop_schema:s']);
    expect(await kinds('DROP DATABASE d', 'postgres')).toEqual(['drop_database:d']);
  });

  it('does not flag what keeps data', async () => {
    for (const sql of ['CREATE TABLE t (a int)', 'ALTER TABLE t ADD COLUMN b text', 'ALTER TABLE t DROP CONSTRAINT fk',
      'DROP INDEX ix', 'DROP VIEW v', 'ALTER TABLE t ALTER COLUMN a DROP NOT NULL', "INSERT INTO t VALUES ('DROP TABLE x')"]) {
      expect(await kinds(sql, 'postgres'), sql).toEqual([]);
    }
    for (const sql of ['ALTER TABLE t DROP FOREIGN KEY fk', 'ALTER TABLE t DROP INDEX i', 'ALTER TABLE t DROP PRIMARY KEY']) {
      expect(await kinds(sql, 'mariadb'), sql).toEqual([]);
    }
  });

  it('collects type changes with the new type, for judging against the catalog', async () => {
    const pgA = await analyseStatement('ALTER TABLE "S"."T" ALTER x SET DATA TYPE numeric(10,2)', 'postgres');
    expect(pgA.typeChanges).toEqual([{ table: { schema: 'S', name: 'T' }, column: 'x', newType: 'numeric(10,2)' }]);
    const my = await analyseStatement('ALTER TABLE t MODIFY COLUMN x varchar(10) NOT NULL', 'mariadb');
    expect(my.via).toBe('node-sql-parser');
    expect(my.typeChanges).toEqual([{ table: { name: 't' }, column: 'x', newType: 'VARCHAR(10)' }]);
    const change = await analyseStatement('ALTER TABLE t CHANGE COLUMN x y varchar(10)', 'mysql');
    expect(change.typeChanges[0]).toMatchObject({ column: 'x', newType: 'VARCHAR(10)' });
  });

  it('falls back to the token walk where the parser cannot read the dialect, and says so', async () => {
    const replace = await analyseStatement('CREATE OR REPLACE TABLE t AS SELECT 1 AS a', 'duckdb');
    expect(replace.via).toBe('tokens');
    expect(replace.findings).toEqual([{ kind: 'replace_table', object: 't' }]);
    const sf = await analyseStatement('DROP TABLE IF EXISTS db.s."Orders"', 'snowflake');
    expect(sf.via).toBe('tokens');
    expect(sf.findings).toEqual([{ kind: 'drop_table', object: 'db.s.Orders' }]);
    const bq = await analyseStatement('ALTER TABLE ds.t ALTER COLUMN x SET DATA TYPE NUMERIC(10, 2)', 'bigquery');
    expect(bq.typeChanges).toEqual([{ table: { schema: 'ds', name: 't' }, column: 'x', newType: 'NUMERIC(10,2)' }]);
    const dbx = await analyseStatement('ALTER TABLE t DROP COLUMNS IF EXISTS (a, `b`)', 'databricks');
    expect(dbx.findings.map((f) => `${f.kind}:${f.object}`)).toEqual(['drop_column:t.a', 'drop_column:t.b']);
    const temp = await analyseStatement('DROP TEMPORARY TABLE IF EXISTS t', 'mysql');
    expect(temp.findings).toEqual([{ kind: 'drop_table', object: 't' }]);
  });

  it('reads table and column renames with every reader, and a type change after a rename in the same statement under the old name', async () => {
    const ren = async (sql: string, dialect: string) => (await analyseStatement(sql, dialect)).renames;
    expect(await ren('ALTER TABLE s.t RENAME COLUMN a TO b', 'postgres')).toEqual([{ kind: 'column', table: { schema: 's', name: 't' }, from: 'a', to: 'b' }]);
    expect(await ren('ALTER TABLE s.t RENAME TO u', 'duckdb')).toEqual([{ kind: 'table', from: { schema: 's', name: 't' }, to: { schema: 's', name: 'u' } }]);
    expect(await ren('ALTER TABLE s.t SET SCHEMA z', 'postgres')).toEqual([{ kind: 'table', from: { schema: 's', name: 't' }, to: { schema: 'z', name: 't' } }]);
    expect(await ren('RENAME TABLE a TO b', 'mariadb')).toEqual([{ kind: 'table', from: { name: 'a' }, to: { name: 'b' } }]);
    expect(await ren('ALTER TABLE db.t RENAME COLUMN "a" TO b', 'snowflake')).toEqual([{ kind: 'column', table: { schema: 'db', name: 't' }, from: 'a', to: 'b' }]);
    const both = await analyseStatement('ALTER TABLE t RENAME COLUMN a TO b, MODIFY b VARCHAR(5)', 'mariadb');
    expect(both.renames).toEqual([{ kind: 'column', table: { name: 't' }, from: 'a', to: 'b' }]);
    expect(both.typeChanges).toEqual([{ table: { name: 't' }, column: 'a', newType: 'VARCHAR(5)' }]);
    expect((await analyseStatement('ALTER TABLE t CHANGE x y INT', 'mysql')).renames).toEqual([{ kind: 'column', table: { name: 't' }, from: 'x', to: 'y' }]);
  });

  it('names the tables a statement creates, with every reader', async () => {
    expect((await analyseStatement('CREATE TABLE s.t (a int)', 'postgres')).creates).toEqual(['s.t']);
    expect((await analyseStatement('CREATE TABLE IF NOT EXISTS `d`.`t` (a int)', 'mysql')).creates).toEqual(['d.t']);
    expect((await analyseStatement('CREATE OR REPLACE TRANSIENT TABLE db.s.t (a int)', 'snowflake')).creates).toEqual(['db.s.t']);
  });

  it('recognises transaction control and labels statements', async () => {
    expect((await analyseStatement('BEGIN', 'postgres')).transactionControl).toBe('begin');
    expect((await analyseStatement('start transaction', 'mysql')).transactionControl).toBe('begin');
    expect((await analyseStatement('COMMIT WORK', 'postgres')).transactionControl).toBe('commit');
    expect((await analyseStatement('create unique index i on t(a)', 'postgres')).kind).toBe('CREATE INDEX');
    expect((await analyseStatement('CREATE OR REPLACE MATERIALIZED VIEW v AS SELECT 1', 'postgres')).kind).toBe('CREATE MATERIALIZED VIEW');
  });
});

describe('narrowing type changes', () => {
  const cases: [string, string, boolean, string?][] = [
    ['varchar(40)', 'varchar(10)', true], ['varchar(10)', 'varchar(40)', false], ['character varying(10)', 'text', false],
    ['text', 'varchar(255)', true], ['integer', 'smallint', true], ['int4', 'int8', false], ['INT(11)', 'bigint(20)', false, 'mysql'],
    ['bigint', 'integer', true], ['numeric(10,2)', 'numeric(12,2)', false], ['numeric(10,2)', 'numeric(10,1)', true],
    ['numeric(10,2)', 'numeric(9,2)', true], ['numeric', 'numeric(38,10)', true], ['integer', 'numeric(12,2)', false],
    ['integer', 'numeric(9,0)', true], ['bigint', 'double precision', true], ['integer', 'double precision', false],
    ['real', 'double precision', false], ['double precision', 'real', true], ['timestamp', 'date', true], ['date', 'timestamp', false],
    ['integer', 'varchar(11)', false], ['bigint', 'varchar(10)', true], ['varchar(10)', 'integer', true], ['boolean', 'integer', false],
    ['timestamp(6)', 'timestamp(3)', true], ['uuid', 'text', false], ['jsonb', 'json', false], ['NUMBER(38,0)', 'NUMBER(10,0)', true, 'snowflake'],
    ['STRING', 'STRING(10)', true, 'bigquery'], ['character varying(40)', 'varchar(80)', false], ['character varying(80)', 'varchar(10)', true],
    ['timestamp(3) with time zone', 'timestamptz', false], ['bigint(20) unsigned', 'int(11)', true, 'mysql'], ['int[]', 'bigint[]', true], ['VARCHAR', 'varchar(100)', false, 'duckdb'], ['varchar(100)', 'varchar(10)', false, 'duckdb'], ['VARCHAR', 'varchar(100)', true, 'postgres'], ['int unsigned', 'int unsigned', false, 'mysql'], ['decimal(10,2)', 'integer', true],
  ];
  it.each(cases)('%s → %s narrows: %s', (from, to, expected, dialect) => {
    expect(isNarrowing(from, to, dialect)).toBe(expected);
  });
});
