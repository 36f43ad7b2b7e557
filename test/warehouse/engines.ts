// Real engines for the warehouse tests: the live PostgreSQL and MariaDB of this machine, each
// test file in its own schema/database, and DuckDB files in a temp dir. PostgreSQL falls back
// to PGlite (in-process PostgreSQL) only when the server is unreachable, and says so.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { DuckDBInstance } from '@duckdb/node-api';
import { postgresSession } from '../../src/warehouse/connectors/postgres.js';
import type { ApplyContext } from '../../src/warehouse/apply.js';

export const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
export const MY = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
}

export interface PgTarget {
  /** request fields for applySql (connector, connection, schema) */
  request: Record<string, unknown>;
  /** context (PGlite fallback opens its own session) */
  ctx: ApplyContext;
  query(sql: string, params?: unknown[]): Promise<Record<string, any>[]>;
  tables(): Promise<string[]>;
  columns(table: string): Promise<Record<string, string>>;
  close(): Promise<void>;
  engine: 'postgresql' | 'pglite';
}

export async function pgTarget(): Promise<PgTarget> {
  const schema = uniqueName('modeler_wh');
  const client = new pg.Client({ ...PG, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  let live = true;
  try {
    await client.connect();
  } catch (e) {
    live = false;
    console.log(`PostgreSQL unreachable at ${PG.host}:${PG.port} (${(e as Error).message}): these tests use PGlite instead`);
  }
  let query: PgTarget['query'];
  let ctx: ApplyContext = {};
  let close: () => Promise<void>;
  if (live) {
    query = async (sql, params) => (await client.query(sql, params)).rows;
    await query(`CREATE SCHEMA ${schema}`);
    close = async () => { await query(`DROP SCHEMA ${schema} CASCADE`); await client.end(); };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    query = async (sql, params) => (await db.query(sql, params)).rows as Record<string, any>[];
    await query(`CREATE SCHEMA ${schema}`);
    // one in-process database: apply's session and the test's queries share it
    ctx = { openSession: async (_c, p) => postgresSession(db as any, p.schema, async () => {}) };
    close = async () => { await db.close(); };
  }
  return {
    request: { connector: 'postgres', ...PG, schema }, ctx, query, close, engine: live ? 'postgresql' : 'pglite',
    tables: async () => (await query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1`, [schema])).map((r) => r.table_name),
    columns: async (table) => Object.fromEntries((await query(
      `SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS t FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`,
      [`${schema}.${table}`])).map((r) => [r.attname, r.t])),
  };
}

export interface MyTarget {
  request: Record<string, unknown>;
  database: string;
  query(sql: string, params?: unknown[]): Promise<Record<string, any>[]>;
  tables(): Promise<string[]>;
  close(): Promise<void>;
}

export async function mariaTarget(): Promise<MyTarget> {
  const database = uniqueName('modeler_wh');
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({ ...MY, connectTimeout: 3000 });
  } catch (e) {
    throw new Error(`MariaDB/MySQL is not reachable at ${MY.host}:${MY.port} as root: ${(e as Error).message}`);
  }
  const query = async (sql: string, params?: unknown[]) => (await conn.query(sql, params))[0] as Record<string, any>[];
  await query(`CREATE DATABASE ${database}`);
  await query(`USE ${database}`);
  return {
    request: { connector: 'mysql', host: MY.host, port: MY.port, user: MY.user, database }, database, query,
    tables: async () => (await query('SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? ORDER BY 1', [database])).map((r) => r.t),
    close: async () => { await query(`DROP DATABASE ${database}`); await conn.end(); },
  };
}

/** Read a DuckDB file with a fresh instance (after apply closed its own). */
export async function duckQuery(path: string, sql: string): Promise<Record<string, any>[]> {
  const inst = await DuckDBInstance.create(path);
  const conn = await inst.connect();
  try {
    const reader = await conn.runAndReadAll(sql);
    return reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
  } finally {
    conn.closeSync();
    inst.closeSync();
  }
}
