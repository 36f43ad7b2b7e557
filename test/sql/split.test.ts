import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../src/sql/split.js';

describe('splitSqlStatements', () => {
  it('splits at top-level semicolons with start lines', () => {
    const s = splitSqlStatements('create table a (x int);\n\n-- note; not a split\ncreate table b (y text);\n');
    expect(s.map((x) => [x.sql, x.line])).toEqual([['create table a (x int)', 1], ['create table b (y text)', 4]]);
  });
  it('ignores semicolons in strings, quoted identifiers and comments', () => {
    const sql = "insert into t values ('a;b', 'it''s;');\nselect \"x;y\" from t /* ; */;\nselect 1";
    expect(splitSqlStatements(sql).map((x) => x.sql)).toEqual([
      "insert into t values ('a;b', 'it''s;')", 'select "x;y" from t /* ; */', 'select 1']);
  });
  it('keeps dollar-quoted bodies whole (PostgreSQL)', () => {
    const sql = 'create function f() returns int as $body$ begin; return 1; end; $body$ language plpgsql;\nselect $$a;b$$;';
    const s = splitSqlStatements(sql, 'postgres');
    expect(s).toHaveLength(2);
    expect(s[0].sql).toContain('end; $body$ language plpgsql');
    expect(s[1]).toMatchObject({ sql: 'select $$a;b$$', line: 2, column: 1 });
  });
  it('nested block comments in PostgreSQL', () => {
    expect(splitSqlStatements('/* a /* ; */ ; */ select 1; select 2').map((x) => x.sql)).toEqual(['select 1', 'select 2']);
  });
  it('MySQL # comments, backslash escapes and double-quoted strings', () => {
    const sql = "# a; comment\nselect 'a\\';b', \"c;d\";\nselect `x;y`;";
    expect(splitSqlStatements(sql, 'mysql').map((x) => [x.sql, x.line])).toEqual([["select 'a\\';b', \"c;d\"", 2], ['select `x;y`', 3]]);
  });
  it('SQL Server brackets and GO batches', () => {
    const sql = 'create table [a;b] (x int)\nGO\ncreate table c (y int)\n  go  \nselect 1 as gone';
    expect(splitSqlStatements(sql, 'sqlserver').map((x) => [x.sql, x.line])).toEqual([
      ['create table [a;b] (x int)', 1], ['create table c (y int)', 3], ['select 1 as gone', 5]]);
  });
  it('skips empty and comment-only segments, reports columns', () => {
    expect(splitSqlStatements(';;  -- only\n ;\n   select 1;').map((x) => [x.sql, x.line, x.column])).toEqual([['select 1', 3, 4]]);
  });
});
