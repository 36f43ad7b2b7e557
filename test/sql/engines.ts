// Real engines for SQL tests: DuckDB in-process, the live PostgreSQL (PGlite when the service is
// unreachable) and the live MariaDB. Each gives an isolated namespace, runs scripts statement by
// statement, and reads its catalog into one comparable shape.
import { randomBytes } from 'node:crypto';
import { splitSqlStatements } from '../../src/sql/split.js';

export interface Catalog {
  tables: Record<string, {
    columns: { name: string; type: string; nullable: boolean; default: string | null }[];
    constraints: string[];
    foreignKeys: string[];
    indexes: string[];
  }>;
}

export interface Engine {
  kind: 'duckdb' | 'postgres' | 'mariadb';
  dialect: string;
  /** run a script (split with the shared splitter); throws with the failing statement */
  exec(script: string): Promise<void>;
  query(sql: string): Promise<Record<string, unknown>[]>;
  catalog(): Promise<Catalog>;
  /** empty the namespace so the next script starts from nothing */
  reset(): Promise<void>;
  close(): Promise<void>;
  note?: string;
}

const uid = () => `m_${process.pid}_${randomBytes(3).toString('hex')}`;

async function runScript(script: string, dialect: string, run: (s: string) => Promise<unknown>): Promise<void> {
  for (const st of splitSqlStatements(script, dialect)) {
    try {
      await run(st.sql);
    } catch (e: any) {
      throw new Error(`${e.message}\n  in statement at line ${st.line}: ${st.sql}`);
    }
  }
}

export async function openDuckDb(): Promise<Engine> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  let inst = await DuckDBInstance.create(':memory:');
  let con = await inst.connect();
  const query = async (sql: string) => (await con.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  return {
    kind: 'duckdb', dialect: 'duckdb',
    exec: (s) => runScript(s, 'duckdb', (x) => con.run(x)),
    query,
    async catalog() {
      const cat: Catalog = { tables: {} };
      const cols = await query(`select table_name, column_name, column_index, data_type, is_nullable, column_default from duckdb_columns() where schema_name = 'main' and not internal order by table_name, column_index`);
      for (const c of cols) {
        const t = (cat.tables[c.table_name as string] ??= { columns: [], constraints: [], foreignKeys: [], indexes: [] });
        t.columns.push({ name: c.column_name as string, type: String(c.data_type), nullable: !!c.is_nullable, default: (c.column_default as string) ?? null });
      }
      const cons = await query(`select table_name, constraint_type, constraint_text from duckdb_constraints() where schema_name = 'main' order by table_name, constraint_text`);
      for (const c of cons) {
        const t = cat.tables[c.table_name as string];
        if (!t || c.constraint_type === 'NOT NULL') continue;
        (c.constraint_type === 'FOREIGN KEY' ? t.foreignKeys : t.constraints).push(String(c.constraint_text));
      }
      const ix = await query(`select table_name, index_name, sql from duckdb_indexes() where schema_name = 'main' order by table_name, index_name`);
      for (const i of ix) cat.tables[i.table_name as string]?.indexes.push(String(i.sql));
      for (const t of Object.values(cat.tables)) { t.constraints.sort(); t.foreignKeys.sort(); t.indexes.sort(); }
      return cat;
    },
    async reset() {
      con.closeSync();
      inst.closeSync();
      inst = await DuckDBInstance.create(':memory:');
      con = await inst.connect();
    },
    async close() { con.closeSync(); inst.closeSync(); },
  };
}

const PG_CATALOG = {
  columns: `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as data_type,
      not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as column_default
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = $1 and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped order by c.relname, a.attnum`,
  constraints: `select c.relname as table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) as def
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = $1 and k.contype in ('p','u','c','f') order by c.relname, k.conname`,
  indexes: `select tablename as table_name, indexname, indexdef from pg_indexes where schemaname = $1 order by tablename, indexname`,
};

export async function openPostgres(): Promise<Engine> {
  const schema = uid();
  let q: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  let end: () => Promise<void>;
  let note: string | undefined;
  try {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ host: process.env.PGHOST ?? '127.0.0.1', port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? 'postgres', database: 'test', connectionTimeoutMillis: 3000 });
    await client.connect();
    q = async (sql, params) => (await client.query(sql, params as any[])).rows;
    end = () => client.end();
  } catch (e: any) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    q = async (sql, params) => (await db.query(sql, params as any[])).rows as Record<string, unknown>[];
    end = () => db.close();
    note = `PostgreSQL service unreachable (${e.message}); using PGlite`;
    console.warn(note);
  }
  const setup = async () => { await q(`create schema ${schema}`); await q(`set search_path to ${schema}`); };
  await setup();
  return {
    kind: 'postgres', dialect: 'postgres', note,
    exec: (s) => runScript(s, 'postgres', (x) => q(x)),
    query: (s) => q(s),
    async catalog() {
      const cat: Catalog = { tables: {} };
      for (const c of await q(PG_CATALOG.columns, [schema])) {
        const t = (cat.tables[c.table_name as string] ??= { columns: [], constraints: [], foreignKeys: [], indexes: [] });
        t.columns.push({ name: c.column_name as string, type: c.data_type as string, nullable: c.nullable as boolean, default: (c.column_default as string) ?? null });
      }
      for (const k of await q(PG_CATALOG.constraints, [schema])) {
        const t = cat.tables[k.table_name as string];
        (k.contype === 'f' ? t.foreignKeys : t.constraints).push(`${k.conname}: ${k.def}`);
      }
      for (const i of await q(PG_CATALOG.indexes, [schema])) cat.tables[i.table_name as string]?.indexes.push(String(i.indexdef));
      return cat;
    },
    async reset() { await q('rollback').catch(() => {}); await q(`drop schema ${schema} cascade`); await setup(); },
    async close() { await q('rollback').catch(() => {}); await q(`drop schema if exists ${schema} cascade`); await end(); },
  };
}

export async function openMariaDb(): Promise<Engine> {
  const mysql = await import('mysql2/promise');
  const db = uid();
  const admin = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', connectTimeout: 3000 });
  await admin.query(`create database ${db}`);
  await admin.query(`use ${db}`);
  const q = async (sql: string, params?: unknown[]) => (await admin.query(sql, params))[0] as Record<string, unknown>[];
  return {
    kind: 'mariadb', dialect: 'mariadb',
    exec: (s) => runScript(s, 'mysql', (x) => q(x)),
    query: (s) => q(s),
    async catalog() {
      const cat: Catalog = { tables: {} };
      const cols = await q(`select TABLE_NAME t, COLUMN_NAME c, COLUMN_TYPE ty, IS_NULLABLE n, COLUMN_DEFAULT d from information_schema.COLUMNS where TABLE_SCHEMA = ? order by TABLE_NAME, ORDINAL_POSITION`, [db]);
      for (const c of cols) {
        const t = (cat.tables[c.t as string] ??= { columns: [], constraints: [], foreignKeys: [], indexes: [] });
        t.columns.push({ name: c.c as string, type: c.ty as string, nullable: c.n === 'YES', default: (c.d as string) ?? null });
      }
      const fks = await q(`select k.TABLE_NAME t, k.CONSTRAINT_NAME n, group_concat(k.COLUMN_NAME order by k.ORDINAL_POSITION) cols, k.REFERENCED_TABLE_NAME rt,
          group_concat(k.REFERENCED_COLUMN_NAME order by k.ORDINAL_POSITION) rcols, r.DELETE_RULE dr, r.UPDATE_RULE ur
        from information_schema.KEY_COLUMN_USAGE k join information_schema.REFERENTIAL_CONSTRAINTS r
          on r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA and r.CONSTRAINT_NAME = k.CONSTRAINT_NAME and r.TABLE_NAME = k.TABLE_NAME
        where k.TABLE_SCHEMA = ? group by k.TABLE_NAME, k.CONSTRAINT_NAME, k.REFERENCED_TABLE_NAME, r.DELETE_RULE, r.UPDATE_RULE order by 1, 2`, [db]);
      for (const f of fks) cat.tables[f.t as string].foreignKeys.push(`${f.n}: (${f.cols}) -> ${f.rt}(${f.rcols}) delete ${f.dr} update ${f.ur}`);
      const ix = await q(`select TABLE_NAME t, INDEX_NAME n, NON_UNIQUE nu, group_concat(COLUMN_NAME order by SEQ_IN_INDEX) cols
        from information_schema.STATISTICS where TABLE_SCHEMA = ? group by TABLE_NAME, INDEX_NAME, NON_UNIQUE order by 1, 2`, [db]);
      for (const i of ix) cat.tables[i.t as string].indexes.push(`${i.n}: ${Number(i.nu) ? '' : 'unique '}(${i.cols})`);
      const ck = await q(`select TABLE_NAME t, CONSTRAINT_NAME n, CHECK_CLAUSE c from information_schema.CHECK_CONSTRAINTS where CONSTRAINT_SCHEMA = ? order by 1, 2`, [db]);
      for (const c of ck) cat.tables[c.t as string]?.constraints.push(`${c.n}: CHECK ${c.c}`);
      return cat;
    },
    async reset() { await q(`drop database ${db}`); await q(`create database ${db}`); await q(`use ${db}`); },
    async close() { await q(`drop database if exists ${db}`); await admin.end(); },
  };
}

export const ENGINES: Record<Engine['kind'], () => Promise<Engine>> = { duckdb: openDuckDb, postgres: openPostgres, mariadb: openMariaDb };
