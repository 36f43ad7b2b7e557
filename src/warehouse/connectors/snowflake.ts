// Snowflake through the optional `snowflake-sdk` (loaded only when used). DDL commits
// implicitly, so statements run one by one and stop at the first failure. Binds are `?`.
import { isMissingTable } from '../ledger.js';
import type { Connector, Session } from '../types.js';
import { explainCheck, runnerSession } from './shared.js';

export const snowflake: Connector = {
  name: 'snowflake',
  dialect: 'snowflake',
  transactionalDdl: false,
  dryRun: 'check',
  driver: 'snowflake-sdk',
  params: ['account', 'user', 'password', 'warehouse', 'role', 'database', 'schema'],
  env: {
    account: ['SNOWFLAKE_ACCOUNT'], user: ['SNOWFLAKE_USER'], password: ['SNOWFLAKE_PASSWORD'],
    warehouse: ['SNOWFLAKE_WAREHOUSE'], role: ['SNOWFLAKE_ROLE'], database: ['SNOWFLAKE_DATABASE'], schema: ['SNOWFLAKE_SCHEMA'],
  },
  required: ['account', 'user', 'database'],
  ledger: {
    types: { text: 'VARCHAR', checksum: 'VARCHAR(64)', int: 'NUMBER(10,0)', bigint: 'NUMBER(19,0)', timestamp: 'TIMESTAMP_TZ' },
    now: 'CURRENT_TIMESTAMP()',
    placeholder: () => '?',
    qualify: (parts) => parts.join('.'),
  },
  async connect(params, load) {
    const mod = await load('snowflake-sdk');
    const sdk = mod.default ?? mod;
    const conn = sdk.createConnection({
      account: params.account, username: params.user, password: params.password, warehouse: params.warehouse,
      role: params.role, database: params.database, schema: params.schema, application: 'modeler',
    });
    await new Promise<void>((resolve, reject) => conn.connect((e: unknown) => (e ? reject(e) : resolve())));
    return snowflakeSession(conn);
  },
};

/** The session over a connected snowflake-sdk connection (exported for shaping tests). */
export function snowflakeSession(conn: any): Session {
  const run = (sqlText: string, binds?: unknown[]) => new Promise<Record<string, unknown>[]>((resolve, reject) => {
    conn.execute({ sqlText, binds, complete: (e: unknown, _stmt: unknown, rows?: Record<string, unknown>[]) => (e ? reject(e) : resolve(rows ?? [])) });
  });
  // Snowflake returns upper-case column names; the pipeline reads lower-case ones
  const lower = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k.toLowerCase(), v])));
  return {
    ...runnerSession(run, { begin: 'BEGIN', commit: 'COMMIT', rollback: 'ROLLBACK' }),
    query: async (sql, params) => lower(await run(sql, params)),
    check: (sql) => explainCheck(run, sql, isMissingTable),
    async columnType(table, column) {
      const rows = lower(await run(
        'SELECT data_type, character_maximum_length AS len, numeric_precision AS p, numeric_scale AS s FROM information_schema.columns '
        + 'WHERE UPPER(table_schema) = UPPER(coalesce(?, current_schema())) AND UPPER(table_name) = UPPER(?) AND UPPER(column_name) = UPPER(?)',
        [table.schema ?? null, table.name, column]));
      const r = rows[0];
      if (!r) return undefined;
      if (r.len !== null && r.len !== undefined) return `VARCHAR(${r.len})`;
      if (r.p !== null && r.p !== undefined && r.data_type === 'NUMBER') return `NUMBER(${r.p},${r.s ?? 0})`;
      return String(r.data_type);
    },
    close: () => new Promise<void>((resolve) => conn.destroy(() => resolve())),
  };
}
