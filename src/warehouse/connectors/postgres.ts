// PostgreSQL through `pg`. DDL is transactional: a migration is all or nothing, and a dry run
// is a rehearsal in a transaction that is always rolled back. The session works on anything
// with pg's `query(sql, params) → {rows}` (PGlite included, which tests use when no server runs).
import type { Connector, Session } from '../types.js';
import { quoteIdent } from './shared.js';
import { opt } from '../../core/option-names.js';

export interface PgLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export const postgres: Connector = {
  name: 'postgres',
  dialect: 'postgres',
  transactionalDdl: true,
  dryRun: 'rehearse',
  driver: 'pg',
  params: ['host', 'port', 'user', 'password', 'database', 'schema'],
  env: { host: ['PGHOST'], port: ['PGPORT'], user: ['PGUSER'], password: ['PGPASSWORD'], database: ['PGDATABASE'] },
  required: [],
  ledger: {
    types: { text: 'VARCHAR(255)', checksum: 'CHAR(64)', int: 'INTEGER', bigint: 'BIGINT', timestamp: 'TIMESTAMPTZ' },
    now: 'CURRENT_TIMESTAMP',
    placeholder: (i) => `$${i}`,
    qualify: (parts) => parts.join('.'),
  },
  async connect(params, load) {
    const mod = await load('pg');
    const Client = (mod.default ?? mod).Client;
    const client = new Client({
      host: params.host, port: params.port, user: params.user, password: params.password, database: params.database,
      application_name: 'modeler apply',
    });
    // pg emits 'error' on a dropped connection; without a listener that would crash the process
    client.on('error', () => {});
    await client.connect();
    try {
      return await postgresSession(client, params.schema, () => client.end());
    } catch (e) {
      await client.end().catch(() => {}); // an open client would keep the process alive
      throw e;
    }
  },
};

export async function postgresSession(client: PgLike, schema: string | undefined, end: () => Promise<void>): Promise<Session> {
  if (schema) {
    // search_path skips a missing schema silently: a typo would put every table in public
    const { rows } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (!rows.length) throw new Error(`schema "${schema}" does not exist; create it first or fix ${opt('schema')}`);
    await client.query(`SET search_path TO ${quoteIdent(schema)}, public`);
  }
  const held = new Set<string>();
  return {
    execute: async (sql) => { await client.query(sql); },
    query: async (sql, params) => (await client.query(sql, params)).rows,
    begin: async () => { await client.query('BEGIN'); },
    commit: async () => { await client.query('COMMIT'); },
    rollback: async () => { await client.query('ROLLBACK'); },
    async columnType(table, column) {
      const rel = [table.schema, table.name].filter(Boolean).map((p) => quoteIdent(p!)).join('.');
      const { rows } = await client.query(
        'SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a '
        + 'WHERE a.attrelid = to_regclass($1) AND a.attname = $2 AND a.attnum > 0 AND NOT a.attisdropped', [rel, column]);
      return rows[0]?.type as string | undefined;
    },
    async lock(key) {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      held.add(key);
    },
    async unlock(key) {
      if (held.delete(key)) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    },
    close: end,
  };
}
