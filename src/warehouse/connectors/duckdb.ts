// DuckDB, embedded (the default connector): a database file, or `:memory:`. DDL is
// transactional, so a migration is all or nothing and a dry run is a rehearsal rolled back.
import type { Connector, Session } from '../types.js';
import { sqlString } from './shared.js';

/** The catalog name a database file is attached under. */
const ATTACHED = 'modeler_warehouse';

export const duckdb: Connector = {
  name: 'duckdb',
  dialect: 'duckdb',
  transactionalDdl: true,
  dryRun: 'rehearse',
  driver: '@duckdb/node-api',
  params: ['path', 'schema'],
  env: { path: ['MODELER_DUCKDB_PATH'], schema: ['MODELER_DUCKDB_SCHEMA'] },
  required: [],
  writesFiles: ['path'],
  ledger: {
    types: { text: 'VARCHAR', checksum: 'VARCHAR', int: 'INTEGER', bigint: 'BIGINT', timestamp: 'TIMESTAMPTZ' },
    now: 'CURRENT_TIMESTAMP',
    placeholder: (i) => `$${i}`,
    qualify: (parts) => parts.join('.'),
  },
  async connect(params, load) {
    const api = await load('@duckdb/node-api');
    // A database file is attached under a fixed name: DuckDB names a file's catalog after the
    // file, so `shop.duckdb` holding schema `shop` made every `shop.table` ambiguous.
    const file = params.path && params.path !== ':memory:' ? params.path : undefined;
    const instance = await api.DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    const run = async (sql: string, values?: unknown[]) => {
      const reader = await conn.runAndReadAll(sql, values?.map(toDuck));
      return (reader.getRowObjectsJS() as Record<string, unknown>[]).map(plainRow);
    };
    if (file) {
      try {
        await run(`ATTACH ${sqlString(file)} AS ${ATTACHED}`);
        await run(`USE ${ATTACHED}`);
      } catch (e) { conn.closeSync(); instance.closeSync(); throw e; }
    }
    if (params.schema) await run(`SET schema = ${sqlString(params.schema)}`);
    const session: Session = {
      execute: async (sql) => { await conn.run(sql); },
      query: (sql, values) => run(sql, values),
      begin: async () => { await conn.run('BEGIN TRANSACTION'); },
      commit: async () => { await conn.run('COMMIT'); },
      rollback: async () => { await conn.run('ROLLBACK'); },
      async columnType(table, column) {
        const rows = await run(
          `SELECT data_type FROM information_schema.columns WHERE table_schema = coalesce($1, current_schema()) AND table_name = $2 AND column_name = $3`,
          [table.schema ?? null, table.name, column]);
        return rows[0]?.data_type as string | undefined;
      },
      async close() {
        conn.closeSync();
        instance.closeSync();
      },
    };
    return session;
  },
};

function toDuck(v: unknown): unknown {
  // DuckDB binds JS numbers as DOUBLE; integers we pass are counts and durations
  return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v;
}

/** Rows as JSON-able values: BigInt → number, Date kept for the ledger to format. */
export function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? Number(v) : v;
  return out;
}
