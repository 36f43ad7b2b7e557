// MySQL and MariaDB through `mysql2`. DDL commits implicitly there, so a migration runs
// statement by statement and stops at the first failure; the report names exactly which
// statements ran. A dry run prepares each statement on the server (parsed, never executed).
import type { Connector, Session } from '../types.js';

// Server errors that mean "an object this statement needs is not there yet" — in a dry run that
// is expected when an earlier statement of the same migration would have created it.
const MISSING_OBJECT = new Set([1146, 1054, 1049, 1051, 1091]);
const UNSUPPORTED_IN_PS = 1295;

export const mysql: Connector = {
  name: 'mysql',
  dialect: 'mysql',
  transactionalDdl: false,
  dryRun: 'check',
  driver: 'mysql2',
  params: ['host', 'port', 'user', 'password', 'database'],
  env: {
    host: ['MYSQL_HOST'], port: ['MYSQL_TCP_PORT', 'MYSQL_PORT'], user: ['MYSQL_USER'],
    password: ['MYSQL_PWD', 'MYSQL_PASSWORD'], database: ['MYSQL_DATABASE'],
  },
  required: [],
  ledger: {
    types: { text: 'VARCHAR(255)', checksum: 'CHAR(64)', int: 'INT', bigint: 'BIGINT', timestamp: 'DATETIME(3)' },
    now: 'UTC_TIMESTAMP(3)',
    placeholder: () => '?',
    qualify: (parts) => parts.join('.'),
  },
  async connect(params, load) {
    const mod = await load('mysql2/promise');
    const api = mod.default ?? mod;
    const conn = await api.createConnection({
      host: params.host, port: params.port, user: params.user, password: params.password,
      database: params.database, multipleStatements: false, dateStrings: false,
    });
    conn.on?.('error', () => {});
    const held = new Set<string>();
    const session: Session = {
      execute: async (sql) => { await conn.query(sql); },
      query: async (sql, values) => {
        const [rows] = await conn.query(sql, values);
        return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
      },
      begin: async () => { await conn.query('START TRANSACTION'); },
      commit: async () => { await conn.query('COMMIT'); },
      rollback: async () => { await conn.query('ROLLBACK'); },
      async check(sql) {
        try {
          const stmt = await conn.prepare(sql);
          await stmt.close();
          return { check: 'prepared' };
        } catch (e: any) {
          if (e?.errno === UNSUPPORTED_IN_PS) return { check: 'not_checked', note: 'the server cannot prepare this kind of statement' };
          if (MISSING_OBJECT.has(e?.errno)) return { check: 'not_checked', note: `needs objects that do not exist yet (${e.message})` };
          throw e;
        } finally {
          conn.unprepare?.(sql);
        }
      },
      async columnType(table, column) {
        const [rows] = await conn.query(
          'SELECT COLUMN_TYPE AS t FROM information_schema.columns WHERE table_schema = coalesce(?, database()) AND table_name = ? AND column_name = ?',
          [table.schema ?? null, table.name, column]);
        return (rows as any[])[0]?.t as string | undefined;
      },
      async lock(key) {
        const [rows] = await conn.query('SELECT GET_LOCK(?, 60) AS got', [key]);
        if (Number((rows as any[])[0]?.got) !== 1) throw new Error(`another apply holds the ledger lock '${key}' (waited 60 s)`);
        held.add(key);
      },
      async unlock(key) {
        if (held.delete(key)) await conn.query('SELECT RELEASE_LOCK(?)', [key]);
      },
      close: async () => { await conn.end(); },
    };
    return session;
  },
};
