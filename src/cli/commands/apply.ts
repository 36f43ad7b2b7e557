import type { Command } from 'commander';
import { applySql, formatReport, type ApplyRequest } from '../../api/warehouse.js';
import { applyExitCode } from '../exit-codes.js';
import { action, err, out, printJson } from '../io.js';

// Flags map 1:1 onto the snake_case keys of POST /api/forward/apply (commander's camelCase → snake_case).
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

export function registerApply(program: Command): void {
  program.command('apply')
    .description('apply SQL to a warehouse (DuckDB by default) with a migration ledger, destructive-statement guard and dry run')
    .argument('[connector]', 'duckdb (default), postgres, mysql (MySQL/MariaDB), snowflake, bigquery, databricks')
    .option('--sql-file <file>', 'input: a SQL file')
    .option('--sql <text>', 'input: SQL text')
    .option('--old-model <file>', 'input (model-diff mode): the old model; with --new-model, runs migrate first')
    .option('--new-model <file>', 'input (model-diff mode): the new model')
    .option('--model-schema <file>', 'model-diff mode: an extra JSON Schema both models must satisfy')
    .option('--dialect <dialect>', "SQL dialect (default: the connector's)")
    .option('--dry-run', 'change nothing; say what would run (rehearsed, prepared or explained where the engine can)')
    .option('--migration-name <name>', 'ledger name (default: the SQL file name, or <model>_<old>_to_<new>)')
    .option('--skip-ledger', 'neither read nor write the ledger')
    .option('--ledger-table <table>', 'ledger table, optionally schema-qualified (default modeler_migrations)')
    .option('--allow-destructive', 'run DROP TABLE/COLUMN, TRUNCATE, CREATE OR REPLACE TABLE and narrowing type changes')
    .option('--policy-pack <pack>', 'model-diff mode: policy pack checked against the new model first')
    .option('--skip-policy-check', 'model-diff mode: skip the policy pre-flight')
    .option('--output-json', 'print the report as JSON')
    .option('--report-json <file>', 'also write the report as JSON to this file (written on failure too)')
    .option('--write-sql <file>', 'write the statements that ran (or would run) to this file')
    .option('--path <file>', 'duckdb: database file or :memory: (env MODELER_DUCKDB_PATH; default :memory:)')
    .option('--host <host>', 'postgres/mysql/databricks host (env PGHOST, MYSQL_HOST, DATABRICKS_SERVER_HOSTNAME)')
    .option('--port <port>', 'postgres/mysql port (env PGPORT, MYSQL_TCP_PORT)')
    .option('--user <user>', 'user (env PGUSER, MYSQL_USER, SNOWFLAKE_USER)')
    .option('--password <password>', 'password; prefer the env var (PGPASSWORD, MYSQL_PWD, SNOWFLAKE_PASSWORD): flags show in ps')
    .option('--database <name>', 'database (env PGDATABASE, MYSQL_DATABASE, SNOWFLAKE_DATABASE)')
    .option('--schema <name>', 'schema: search path / default schema')
    .option('--account <account>', 'snowflake account (env SNOWFLAKE_ACCOUNT)')
    .option('--warehouse <name>', 'snowflake warehouse (env SNOWFLAKE_WAREHOUSE)')
    .option('--role <role>', 'snowflake role (env SNOWFLAKE_ROLE)')
    .option('--project <id>', 'bigquery project (env BIGQUERY_PROJECT, GOOGLE_CLOUD_PROJECT)')
    .option('--dataset <name>', 'bigquery dataset (env BIGQUERY_DATASET)')
    .option('--location <loc>', 'bigquery location (env BIGQUERY_LOCATION)')
    .option('--key-file <file>', 'bigquery service-account key (env GOOGLE_APPLICATION_CREDENTIALS)')
    .option('--http-path <path>', 'databricks SQL warehouse HTTP path (env DATABRICKS_HTTP_PATH)')
    .option('--token <token>', 'databricks token; prefer env DATABRICKS_TOKEN')
    .option('--catalog <name>', 'databricks catalog (env DATABRICKS_CATALOG)')
    .addHelpText('after', `
Exit codes: 0 applied, already applied (no-op) or dry run passed; 1 failed (statement, connection,
checksum drift, policy); 2 destructive statements refused (pass --allow-destructive); 64 usage error.
Examples:
  modeler apply --sql-file migrations/001_init.sql --path warehouse.duckdb
  PGPASSWORD=… modeler apply postgres --sql-file 002.sql --host db --user ci --database app --dry-run
  modeler apply mysql --old-model v1.model.yaml --new-model v2.model.yaml --write-sql out.sql --report-json report.json`)
    .action(action(async (connector: string | undefined, opts: Record<string, unknown>) => {
      const request: Record<string, unknown> = { connector };
      for (const [k, v] of Object.entries(opts)) request[snake(k)] = v;
      const report = await applySql(request as ApplyRequest, { optionStyle: 'flag' });
      if (opts.outputJson) printJson(report);
      else out(formatReport(report));
      if (report.error && !opts.outputJson) err(`modeler: error[${report.error.code}]: ${report.error.message}`);
      return applyExitCode(report);
    }));
}
