// Dialects without an engine here (SQL Server, Snowflake, BigQuery, Databricks): every statement
// generate sql and migrate emit must parse in that dialect's grammar (sqlparser-rs), so quoting
// and ALTER spellings are the engine's own — e.g. no "double quoted" column names in BigQuery.
import { beforeAll, describe, expect, it } from 'vitest';
import { Parser } from '@guanmingchiu/sqlparser-ts';
import { generateSqlStatements } from '../../src/sql/generate.js';
import { generateMigration } from '../../src/sql/migrate.js';
import { initRs } from '../../src/sql/import/rs.js';
import { describeShared } from '../helpers/shared.js';
import { peerScenarios, SCENARIOS, type Scenario } from './migrate-scenarios.js';

// databricks is checked with hive's grammar: sqlparser-rs' databricks one lacks COMMENT … TBLPROPERTIES
const GRAMMAR: Record<string, string> = { sqlserver: 'mssql', snowflake: 'snowflake', bigquery: 'bigquery', databricks: 'hive', mysql: 'mysql', postgres: 'postgresql', duckdb: 'duckdb' };

// T-SQL forms sqlparser-rs does not know, though SQL Server documents them:
// ALTER TABLE t ALTER COLUMN c <type> [NOT] NULL, and ALTER TABLE t ADD CONSTRAINT d DEFAULT x FOR c
const GRAMMAR_GAPS: Record<string, (sql: string) => boolean> = {
  sqlserver: (sql) => /^ALTER TABLE \S+ ALTER COLUMN \S+ [A-Z]+[0-9]*(\([^)]*\))? (NOT )?NULL$/.test(sql) || /^ALTER TABLE \S+ ADD CONSTRAINT \S+ DEFAULT .+ FOR \S+$/.test(sql),
};

function unparsable(statements: { sql: string; kind: string }[], dialect: string): string[] {
  const bad: string[] = [];
  for (const s of statements) {
    if (s.kind === 'note' || GRAMMAR_GAPS[dialect]?.(s.sql)) continue;
    try { Parser.parse(s.sql, GRAMMAR[dialect] as any); } catch (e: any) { bad.push(`${s.sql}\n  → ${e.message}`); }
  }
  return bad;
}

function parsesInEachDialect(scenarios: Scenario[]): void {
  for (const dialect of ['sqlserver', 'snowflake', 'bigquery', 'databricks', 'mysql', 'postgres']) {
    it(`${dialect}: generate and migrate for every scenario`, () => {
      const bad: string[] = [];
      for (const sc of scenarios) {
        bad.push(...unparsable(generateSqlStatements(sc.new, dialect).statements, dialect));
        bad.push(...unparsable(generateMigration(sc.old, sc.new, dialect).statements, dialect));
      }
      expect(bad).toEqual([]);
    });
  }
  it('bigquery quotes with backticks and never double quotes', () => {
    for (const sc of scenarios) for (const s of generateMigration(sc.old, sc.new, 'bigquery').statements) expect(s.sql).not.toMatch(/"/);
  });
}

describe('emitted SQL parses in each dialect', () => {
  beforeAll(() => initRs());
  parsesInEachDialect(SCENARIOS);
  describeShared('the peer scenario pairs', () => parsesInEachDialect(peerScenarios()));
});
