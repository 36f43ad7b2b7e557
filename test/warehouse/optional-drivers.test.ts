// Snowflake, BigQuery and Databricks drivers are optional and not installed here: the real
// loader must say what to install, and with stand-in driver modules (recording every call) the
// SQL and parameters each connector sends must have the engine's shape. No network.
import { describe, expect, it } from 'vitest';
import { applySql } from '../../src/warehouse/apply.js';

const SECRET = 'pw-Z9q!secret';

describe('optional drivers', () => {
  it.each([
    ['snowflake', { account: 'acme', user: 'ci', database: 'DB' }, 'snowflake-sdk'],
    ['bigquery', { project: 'my-proj', dataset: 'ds' }, '@google-cloud/bigquery'],
    ['databricks', { host: 'dbc.example.com', http_path: '/sql/1.0/warehouses/x', token: SECRET }, '@databricks/sql'],
  ])('%s without its driver: a clear "install" error', async (connector, params, pkg) => {
    const p = applySql({ connector, ...params, sql: 'CREATE TABLE t (a INT)' }, { env: {} });
    await expect(p).rejects.toThrow(`the ${connector} connector needs the optional driver '${pkg}', which is not installed; install it with: npm install ${pkg}`);
    await expect(p).rejects.toMatchObject({ exitCode: 1, code: 'DRIVER_MISSING' });
  });

  it('names the missing connection parameters and their environment variables', async () => {
    await expect(applySql({ connector: 'snowflake', user: 'ci', sql: 'SELECT 1' }, { env: {} }))
      .rejects.toThrow('the snowflake connector needs {opt:account} (or SNOWFLAKE_ACCOUNT), {opt:database} (or SNOWFLAKE_DATABASE)');
    await expect(applySql({ connector: 'bigquery', sql: 'SELECT 1' }, { env: { GOOGLE_CLOUD_PROJECT: 'p' } }))
      .rejects.toThrow('the bigquery connector needs {opt:dataset} (or BIGQUERY_DATASET)');
  });

  it('snowflake: ? binds, upper-case result columns, no transaction, no password in the report', async () => {
    const calls: { sqlText: string; binds?: unknown[] }[] = [];
    let connOpts: any;
    const sdk = {
      createConnection(o: any) {
        connOpts = o;
        return {
          connect: (cb: (e?: unknown) => void) => cb(),
          execute({ sqlText, binds, complete }: any) {
            calls.push({ sqlText, binds });
            complete(undefined, {}, sqlText.startsWith('SELECT name') ? [] : [{ STATUS: 'ok' }]);
          },
          destroy: (cb: () => void) => cb(),
        };
      },
    };
    const r = await applySql({ connector: 'snowflake', account: 'acme-x1', user: 'ci', password: SECRET, database: 'ANALYTICS', schema: 'CORE',
      warehouse: 'WH', role: 'DEPLOY', sql: 'CREATE TABLE orders (id NUMBER)', migration_name: 'sf1' },
    { loadDriver: async (pkg) => { expect(pkg).toBe('snowflake-sdk'); return { default: sdk }; }, appliedBy: 'ci', env: {} });
    expect(r.status, JSON.stringify(r.error)).toBe('success');
    expect(connOpts).toMatchObject({ account: 'acme-x1', username: 'ci', password: SECRET, database: 'ANALYTICS', schema: 'CORE', warehouse: 'WH', role: 'DEPLOY' });
    expect(calls.map((c) => c.sqlText)).toEqual([
      'CREATE TABLE IF NOT EXISTS modeler_migrations (name VARCHAR NOT NULL, checksum VARCHAR(64) NOT NULL, statement_count NUMBER(10,0) NOT NULL, '
        + 'status VARCHAR NOT NULL, applied_at TIMESTAMP_TZ NOT NULL, duration_ms NUMBER(19,0) NOT NULL, applied_by VARCHAR, tool_version VARCHAR)',
      "SELECT name, checksum, applied_at FROM modeler_migrations WHERE (name = ? OR checksum = ?) AND status = 'success'",
      'CREATE TABLE orders (id NUMBER)',
      'INSERT INTO modeler_migrations (name, checksum, statement_count, status, applied_at, duration_ms, applied_by, tool_version) '
        + 'VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP(), ?, ?, ?)',
    ]);
    expect(calls[1].binds).toEqual(['sf1', r.checksum]);
    expect(calls[3].binds).toEqual(['sf1', r.checksum, 1, 'success', expect.any(Number), 'ci', r.tool_version]);
    expect(r.transactional).toBe(false);
    expect(r.connection).toEqual({ account: 'acme-x1', user: 'ci', database: 'ANALYTICS', schema: 'CORE', warehouse: 'WH', role: 'DEPLOY' });
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('bigquery: named @p parameters, fully qualified ledger, engine dry run that never runs', async () => {
    const queries: any[] = [];
    const dryJobs: any[] = [];
    let clientOpts: any;
    const mod = {
      BigQuery: class {
        constructor(o: any) { clientOpts = o; }
        async query(job: any) { queries.push(job); return [job.query.startsWith('SELECT data_type') ? [{ data_type: 'STRING' }] : []]; }
        async createQueryJob(job: any) { dryJobs.push(job); return [{}]; }
      },
    };
    const base = { connector: 'bigquery', project: 'my-proj', dataset: 'ds', location: 'EU', key_file: '/keys/sa.json' };
    const r = await applySql({ ...base, sql: 'CREATE TABLE ds.other (a INT64);\nALTER TABLE ds.t ALTER COLUMN s SET DATA TYPE STRING(10)', dry_run: true, migration_name: 'bq1' },
      { loadDriver: async () => mod, env: {} });
    expect(clientOpts).toEqual({ projectId: 'my-proj', keyFilename: '/keys/sa.json', location: 'EU' });
    expect(queries[0]).toMatchObject({
      query: "SELECT name, checksum, applied_at FROM `my-proj.ds.modeler_migrations` WHERE (name = @p1 OR checksum = @p2) AND status = 'success'",
      params: { p1: 'bq1', p2: r.checksum }, location: 'EU', dryRun: false, defaultDataset: { projectId: 'my-proj', datasetId: 'ds' },
    });
    // the type change was judged against INFORMATION_SCHEMA: STRING → STRING(10) narrows
    expect(queries[1]).toMatchObject({ query: 'SELECT data_type FROM `my-proj.ds`.INFORMATION_SCHEMA.COLUMNS WHERE table_name = @p1 AND column_name = @p2', params: { p1: 't', p2: 's' } });
    expect(r.status).toBe('refused');
    expect(r.destructive_statements[0]).toMatchObject({ kind: 'narrowing_type_change', detail: 'STRING → STRING(10)' });
    const ok = await applySql({ ...base, sql: 'CREATE TABLE ds.t (a INT64)', dry_run: true }, { loadDriver: async () => mod, env: {} });
    expect(ok.status).toBe('dry_run');
    expect(ok.statements[0].check).toBe('engine_dry_run');
    expect(dryJobs.at(-1)).toMatchObject({ query: 'CREATE TABLE ds.t (a INT64)', dryRun: true });
    expect(queries.some((q) => q.query.startsWith('CREATE TABLE ds.t'))).toBe(false);
  });

  it('databricks: ordinal parameters, token from the environment, host without scheme', async () => {
    const statements: { sql: string; opts: any }[] = [];
    let connectOpts: any, sessionOpts: any;
    const closed: string[] = [];
    const mod = {
      DBSQLClient: class {
        async connect(o: any) { connectOpts = o; return this; }
        async openSession(o: any) {
          sessionOpts = o;
          return {
            async executeStatement(sql: string, opts: any) {
              statements.push({ sql, opts });
              return { fetchAll: async () => [], close: async () => { closed.push(sql.slice(0, 6)); } };
            },
            close: async () => { closed.push('session'); },
          };
        }
        async close() { closed.push('client'); }
      },
    };
    const r = await applySql({ connector: 'databricks', host: 'https://dbc-1.cloud.databricks.com', http_path: '/sql/1.0/warehouses/abc', catalog: 'main',
      schema: 'core', sql: 'CREATE TABLE t (a INT)', migration_name: 'dbx1' },
    { loadDriver: async () => mod, env: { DATABRICKS_TOKEN: SECRET }, appliedBy: 'ci' });
    expect(r.status, JSON.stringify(r.error)).toBe('success');
    expect(connectOpts).toEqual({ host: 'dbc-1.cloud.databricks.com', path: '/sql/1.0/warehouses/abc', token: SECRET });
    expect(sessionOpts).toEqual({ initialCatalog: 'main', initialSchema: 'core' });
    expect(statements[0].sql).toMatch(/^CREATE TABLE IF NOT EXISTS modeler_migrations \(name STRING NOT NULL, .* applied_at TIMESTAMP NOT NULL, duration_ms BIGINT NOT NULL/);
    expect(statements[1]).toEqual({ sql: "SELECT name, checksum, applied_at FROM modeler_migrations WHERE (name = ? OR checksum = ?) AND status = 'success'",
      opts: { ordinalParameters: ['dbx1', r.checksum] } });
    expect(statements[2]).toEqual({ sql: 'CREATE TABLE t (a INT)', opts: {} });
    expect(statements[3].sql).toContain('VALUES (?, ?, ?, ?, current_timestamp(), ?, ?, ?)');
    expect(statements[3].opts.ordinalParameters).toEqual(['dbx1', r.checksum, 1, 'success', expect.any(Number), 'ci', r.tool_version]);
    expect(closed.slice(-2)).toEqual(['session', 'client']);
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });
});

describe('secrets', () => {
  it('a password from the environment is used but never reported, even in a driver error', async () => {
    // root has no password on this MariaDB: the server refuses, and its message must not leak
    const r = await applySql({ connector: 'mysql', host: '127.0.0.1', user: 'root', sql: 'SELECT 1' }, { env: { MYSQL_PWD: SECRET } });
    expect(r).toMatchObject({ status: 'failed', error: { code: 'CONNECT_FAILED' } });
    expect(r.error!.message).toMatch(/Access denied.*using password: YES/);
    expect(r.connection).toEqual({ host: '127.0.0.1', user: 'root' });
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('scrubs a secret that a driver echoes back', async () => {
    const echo = { default: { Client: class { on() {} async connect() { throw new Error(`bad password ${SECRET} for ci`); } } } };
    const r = await applySql({ connector: 'postgres', user: 'ci', password: SECRET, sql: 'SELECT 1' }, { loadDriver: async () => echo, env: {} });
    expect(r.error!.message).toBe('cannot connect to postgres at localhost:5432: bad password *** for ci');
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });
});

describe('apply options', () => {
  it('rejects unknown keys with a suggestion, several inputs, and parameters of another connector', async () => {
    await expect(applySql({ sql: 'SELECT 1', dry_rn: true })).rejects.toThrow(/unknown key 'dry_rn'.*did you mean 'dry_run'/);
    await expect(applySql({ sql: 'SELECT 1', sql_file: 'x.sql' })).rejects.toThrow('give exactly one input, not sql_file and sql');
    await expect(applySql({})).rejects.toThrow(/^no input/);
    await expect(applySql({ connector: 'postgres', account: 'x', sql: 'SELECT 1' })).rejects.toThrow('{opt:account} is not a postgres connection parameter');
    await expect(applySql({ connector: 'oracle', sql: 'SELECT 1' })).rejects.toThrow(/unknown connector 'oracle'/);
    await expect(applySql({ connector: 'duckdb', sql: 'SELECT 1', policy_pack: 'p.yaml' })).rejects.toThrow('{opt:policy_pack} only applies to the model-diff mode');
    await expect(applySql({ connector: 'duckdb', sql: 'SELECT 1', ledger_table: 'a;drop' })).rejects.toThrow(/^\{opt:ledger_table\} 'a;drop' is not a plain table name/);
    await expect(applySql({ connector: 'duckdb', sql: '-- nothing\n' })).rejects.toThrow('no SQL statements in the sql text');
  });
});
