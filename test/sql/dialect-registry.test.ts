// A dialect is one file plus its registry line: everything the rest of the tool needs to know
// about it (lexing, type bounds, detection, parser names, catalog platform, type spellings) is on
// the dialect, and no other module spells a dialect's name to decide something.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECT_ALIASES, DIALECTS, dialectTraits, getDialect } from '../../src/sql/dialects/index.js';
import { REPO } from '../helpers/cli.js';

// The spelling of every type family in every dialect: a new dialect adds its column here.
const TYPES: Record<string, string[]> = {
  //                postgres            duckdb          mysql           sqlserver            snowflake            bigquery          databricks
  'string':        ['TEXT',             'VARCHAR',      'VARCHAR(255)', 'NVARCHAR(255)',     'VARCHAR',           'STRING',         'STRING'],
  'varchar(40)':   ['VARCHAR(40)',      'VARCHAR(40)',  'VARCHAR(40)',  'NVARCHAR(40)',      'VARCHAR(40)',       'STRING',         'STRING'],
  'varchar(max)':  ['TEXT',             'VARCHAR',      'VARCHAR(255)', 'NVARCHAR(MAX)',     'VARCHAR',           'STRING',         'STRING'],
  'text':          ['TEXT',             'VARCHAR',      'TEXT',         'NVARCHAR(MAX)',     'VARCHAR',           'STRING',         'STRING'],
  'char(3)':       ['CHAR(3)',          'VARCHAR(3)',   'CHAR(3)',      'NCHAR(3)',          'CHAR(3)',           'STRING',         'STRING'],
  'tinyint':       ['SMALLINT',         'TINYINT',      'TINYINT',      'TINYINT',           'SMALLINT',          'INT64',          'TINYINT'],
  'int':           ['INTEGER',          'INTEGER',      'INT',          'INT',               'INTEGER',           'INT64',          'INT'],
  'decimal(12,2)': ['NUMERIC(12,2)',    'DECIMAL(12,2)', 'DECIMAL(12,2)', 'DECIMAL(12,2)',   'NUMBER(12,2)',      'NUMERIC(12,2)',  'DECIMAL(12,2)'],
  'decimal(40,2)': ['NUMERIC(40,2)',    'DECIMAL(40,2)', 'DECIMAL(40,2)', 'DECIMAL(40,2)',   'NUMBER(40,2)',      'BIGNUMERIC(40,2)', 'DECIMAL(40,2)'],
  'float':         ['DOUBLE PRECISION', 'DOUBLE',       'DOUBLE',       'FLOAT',             'FLOAT',             'FLOAT64',        'DOUBLE'],
  'real':          ['REAL',             'REAL',         'FLOAT',        'REAL',              'FLOAT',             'FLOAT64',        'FLOAT'],
  'boolean':       ['BOOLEAN',          'BOOLEAN',      'BOOLEAN',      'BIT',               'BOOLEAN',           'BOOL',           'BOOLEAN'],
  'time':          ['TIME',             'TIME',         'TIME',         'TIME',              'TIME',              'TIME',           'time'],
  'timestamp(3)':  ['TIMESTAMP',        'TIMESTAMP',    'DATETIME(3)',  'DATETIME2(3)',      'TIMESTAMP_NTZ(3)',  'DATETIME',       'TIMESTAMP_NTZ'],
  'timestamptz':   ['TIMESTAMPTZ',      'TIMESTAMPTZ',  'TIMESTAMP',    'DATETIMEOFFSET',    'TIMESTAMP_TZ',      'TIMESTAMP',      'TIMESTAMP'],
  'json':          ['JSONB',            'JSON',         'JSON',         'NVARCHAR(MAX)',     'VARIANT',           'JSON',           'STRING'],
  'uuid':          ['UUID',             'UUID',         'CHAR(36)',     'UNIQUEIDENTIFIER',  'VARCHAR(36)',       'STRING',         'STRING'],
  'binary':        ['BYTEA',            'BLOB',         'BLOB',         'VARBINARY(MAX)',    'BINARY',            'BYTES',          'BINARY'],
  'geography':     ['geography',        'geography',    'geography',    'geography',         'geography',         'geography',      'geography'],
};

describe('dialect registry', () => {
  it('every dialect spells every type family from its own table', () => {
    expect(DIALECTS).toEqual(['postgres', 'duckdb', 'mysql', 'sqlserver', 'snowflake', 'bigquery', 'databricks']);
    for (const [type, spellings] of Object.entries(TYPES)) {
      expect(DIALECTS.map((d) => getDialect(d).renderType(type)), type).toEqual(spellings);
    }
  });

  it('every dialect and alias has its traits; detection tries dialects in a fixed order', () => {
    for (const name of [...DIALECTS, ...Object.keys(DIALECT_ALIASES)]) {
      const t = dialectTraits(name)!;
      expect(t, name).toBeDefined();
      expect(typeof t.catalogPlatform, name).toBe('string');
      expect(['libpg_query', 'sqlparser-rs'], name).toContain(t.parser.kind);
    }
    const orders = DIALECTS.map((d) => dialectTraits(d)!.detect?.order).filter((o) => o !== undefined);
    expect(new Set(orders).size).toBe(orders.length);
    // an alias changes only what it says: MariaDB is its own node-sql-parser database and catalog platform
    expect(dialectTraits('mariadb')).toMatchObject({ nodeSqlParser: 'mariadb', catalogPlatform: 'mariadb', decimalDefault: [10, 0] });
    expect(dialectTraits('oracle')).toBeUndefined();
  });

  it('no module outside the dialect files decides on a dialect by its name', () => {
    const names = new Set([...DIALECTS, ...Object.keys(DIALECT_ALIASES)]);
    // connectors are warehouse engines with their own registry (src/warehouse/connectors); a
    // catalog platform is the catalogs' own id (duckdb is also the platform when nothing names one)
    // the Conceptualizer's storage words are words found in table names (app_postgres_users), not a dialect choice
    const allowed = [/^src\/sql\/dialects\//, /^src\/warehouse\/connectors\//, /^src\/warehouse\/(types|apply)\.ts$/, /^src\/agents\/naming\.ts$/];
    const hits: string[] = [];
    const walk = (dir: string): void => {
      for (const n of readdirSync(dir)) {
        const p = join(dir, n);
        if (statSync(p).isDirectory()) { walk(p); continue; }
        const rel = relative(REPO, p).split('\\').join('/');
        if (!rel.endsWith('.ts') || allowed.some((a) => a.test(rel))) continue;
        readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          for (const m of line.matchAll(/'([a-z]+)'/g)) if (names.has(m[1])) hits.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
      }
    };
    walk(join(REPO, 'src'));
    expect(hits.filter((h) => !h.startsWith("src/catalog/settings.ts:") || !h.includes(": 'duckdb')"))).toEqual([]);
  });
});
