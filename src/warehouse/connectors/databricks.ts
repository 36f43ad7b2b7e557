// Databricks SQL warehouses through the optional `@databricks/sql` (loaded only when used). No
// transactional DDL; parameters are ordinal `?` passed as `ordinalParameters`.
import { isMissingTable } from '../ledger.js';
import type { Connector, Session } from '../types.js';
import { explainCheck, runnerSession } from './shared.js';

export const databricks: Connector = {
  name: 'databricks',
  dialect: 'databricks',
  transactionalDdl: false,
  dryRun: 'check',
  driver: '@databricks/sql',
  params: ['host', 'http_path', 'token', 'catalog', 'schema'],
  env: {
    host: ['DATABRICKS_SERVER_HOSTNAME', 'DATABRICKS_HOST'], http_path: ['DATABRICKS_HTTP_PATH'], token: ['DATABRICKS_TOKEN'],
    catalog: ['DATABRICKS_CATALOG'], schema: ['DATABRICKS_SCHEMA'],
  },
  required: ['host', 'http_path', 'token'],
  ledger: {
    types: { text: 'STRING', checksum: 'STRING', int: 'INT', bigint: 'BIGINT', timestamp: 'TIMESTAMP' },
    now: 'current_timestamp()',
    placeholder: () => '?',
    qualify: (parts) => parts.join('.'),
  },
  async connect(params, load) {
    const mod = await load('@databricks/sql');
    const DBSQLClient = mod.DBSQLClient ?? mod.default?.DBSQLClient;
    const client = new DBSQLClient();
    await client.connect({ host: params.host!.replace(/^https?:\/\//, ''), path: params.http_path, token: params.token });
    const session = await client.openSession({ initialCatalog: params.catalog, initialSchema: params.schema });
    return databricksSession(session, async () => { await client.close(); });
  },
};

/** The session over an open @databricks/sql session (exported for shaping tests). */
export function databricksSession(session: any, closeClient: () => Promise<void>): Session {
  const run = async (sql: string, values?: unknown[]) => {
    const op = await session.executeStatement(sql, values?.length ? { ordinalParameters: values } : {});
    try {
      return (await op.fetchAll()) as Record<string, unknown>[];
    } finally {
      await op.close();
    }
  };
  return {
    ...runnerSession(run),
    check: (sql) => explainCheck(run, sql, isMissingTable),
    async columnType(table, column) {
      const rows = await run(
        'SELECT full_data_type FROM information_schema.columns WHERE table_schema = coalesce(?, current_schema()) AND table_name = ? AND column_name = ?',
        [table.schema ?? null, table.name.toLowerCase(), column.toLowerCase()]);
      return rows[0]?.full_data_type as string | undefined;
    },
    close: async () => {
      await session.close();
      await closeClient();
    },
  };
}
