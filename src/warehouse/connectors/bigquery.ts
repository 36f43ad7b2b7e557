// BigQuery through the optional `@google-cloud/bigquery` (loaded only when used). No
// transactional DDL; parameters are named (`@p1`, `@p2` …); a dry run asks BigQuery itself to
// validate each statement (`dryRun: true` query jobs, which never run).
import { UserError } from '../../core/diagnostics.js';
import { isMissingTable } from '../ledger.js';
import type { ConnectionParams, Connector, Session } from '../types.js';
import { runnerSession } from './shared.js';

const PROJECT_ID = /^[a-z][a-z0-9.:-]*[a-z0-9]$/i;

export const bigquery: Connector = {
  name: 'bigquery',
  dialect: 'bigquery',
  transactionalDdl: false,
  dryRun: 'check',
  driver: '@google-cloud/bigquery',
  params: ['project', 'dataset', 'location', 'key_file'],
  env: {
    project: ['BIGQUERY_PROJECT', 'GOOGLE_CLOUD_PROJECT'], dataset: ['BIGQUERY_DATASET'], location: ['BIGQUERY_LOCATION'],
    key_file: ['GOOGLE_APPLICATION_CREDENTIALS'],
  },
  required: ['project', 'dataset'],
  ledger: {
    types: { text: 'STRING', checksum: 'STRING', int: 'INT64', bigint: 'INT64', timestamp: 'TIMESTAMP' },
    now: 'CURRENT_TIMESTAMP()',
    placeholder: (i) => `@p${i}`,
    qualify: (parts, params) => {
      const full = parts.length === 1 ? [params.project!, params.dataset!, parts[0]] : parts.length === 2 ? [params.project!, ...parts] : parts;
      if (!PROJECT_ID.test(full[0])) throw new UserError(`BigQuery project id '${full[0]}' is not valid`);
      return '`' + full.join('.') + '`';
    },
  },
  async connect(params, load) {
    const mod = await load('@google-cloud/bigquery');
    const BigQuery = mod.BigQuery ?? mod.default?.BigQuery;
    const client = new BigQuery({ projectId: params.project, keyFilename: params.key_file, location: params.location });
    return bigquerySession(client, params);
  },
};

/** Named parameters for BigQuery: [a, b] → {p1: a, p2: b}, matching the ledger's placeholders. */
export function namedParams(values: unknown[] | undefined): Record<string, unknown> | undefined {
  if (!values?.length) return undefined;
  return Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
}

/** The session over a BigQuery client (exported for shaping tests). */
export function bigquerySession(client: any, params: ConnectionParams): Session {
  const job = (query: string, values?: unknown[], dryRun = false) => ({
    query, params: namedParams(values), location: params.location, dryRun,
    defaultDataset: params.dataset ? { projectId: params.project, datasetId: params.dataset } : undefined,
  });
  const run = async (sql: string, values?: unknown[]) => {
    const [rows] = await client.query(job(sql, values));
    return (rows ?? []) as Record<string, unknown>[];
  };
  return {
    // statements run one by one; BigQuery transactions span a single script only
    ...runnerSession(run),
    async check(sql) {
      try {
        await client.createQueryJob(job(sql, undefined, true));
        return { check: 'engine_dry_run' };
      } catch (e) {
        if (isMissingTable(e)) return { check: 'not_checked', note: `needs objects that do not exist yet (${(e as Error).message})` };
        throw e;
      }
    },
    async columnType(table, column) {
      const dataset = table.schema ?? params.dataset;
      const rows = await run(`SELECT data_type FROM \`${params.project}.${dataset}\`.INFORMATION_SCHEMA.COLUMNS WHERE table_name = @p1 AND column_name = @p2`,
        [table.name, column]);
      return rows[0]?.data_type as string | undefined;
    },
    close: async () => {},
  };
}
