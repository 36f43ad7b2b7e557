// Shapes shared by the apply pipeline, the connectors and the faces (CLI, HTTP).
import type { DestructiveKind } from './destructive.js';

export const CONNECTORS = ['duckdb', 'postgres', 'mysql', 'snowflake', 'bigquery', 'databricks'] as const;
export type ConnectorName = (typeof CONNECTORS)[number];

/** Connection parameters, snake_case as in the HTTP body; the CLI flags are their kebab-case. */
export interface ConnectionParams {
  /** DuckDB database file (or `:memory:`) */
  path?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  schema?: string;
  /** Snowflake */
  account?: string;
  warehouse?: string;
  role?: string;
  /** BigQuery */
  project?: string;
  dataset?: string;
  location?: string;
  key_file?: string;
  /** Databricks */
  http_path?: string;
  token?: string;
  catalog?: string;
}

/** Keys of ConnectionParams that are secrets: never printed, logged or written to a report. */
export const SECRET_PARAMS = ['password', 'token'] as const;

/**
 * The options of one apply, exactly the body of `POST /api/forward/apply` (spec §4.2); the CLI
 * builds the same object from its flags. Exactly one input: sql_file, sql, or old_model+new_model.
 */
export interface ApplyRequest extends ConnectionParams {
  connector?: string;
  dialect?: string;
  sql_file?: string;
  sql?: string;
  old_model?: string;
  new_model?: string;
  model_schema?: string;
  dry_run?: boolean;
  skip_ledger?: boolean;
  ledger_table?: string;
  migration_name?: string;
  allow_destructive?: boolean;
  policy_pack?: string;
  skip_policy_check?: boolean;
  output_json?: boolean;
  report_json?: string;
  write_sql?: string;
}

export type ApplyMode = 'sql_file' | 'sql' | 'model_diff';
export type ApplyStatus = 'success' | 'no_op' | 'dry_run' | 'failed' | 'refused';

export type StatementStatus =
  | 'applied' // ran and is in effect
  | 'rolled_back' // ran, then undone by the transaction rollback
  | 'failed' // this statement raised the error
  | 'not_run' // after a failure or refusal
  | 'would_run'; // dry run

export interface StatementReport {
  /** 1-based position in the migration */
  index: number;
  /** 1-based line of the statement's first character in the SQL text */
  line: number;
  kind: string;
  checksum: string;
  preview: string;
  /** the statement as it runs */
  sql: string;
  status: StatementStatus;
  duration_ms?: number;
  error?: string;
  /** dry run: how the engine checked it without changing anything */
  check?: 'rehearsed' | 'prepared' | 'explained' | 'engine_dry_run' | 'not_checked';
  check_note?: string;
  destructive?: DestructiveKind[];
}

export interface DestructiveReport {
  index: number;
  line: number;
  kind: DestructiveKind;
  object: string;
  detail?: string;
  preview: string;
}

export interface PolicyReport {
  checked: boolean;
  pack?: string;
  reason?: string;
  errors: number;
  warnings: number;
  results: { code: string; severity: string; message: string; file?: string; line?: number; column?: number }[];
}

export interface ApplyReport {
  tool: 'modeler';
  tool_version: string;
  connector: ConnectorName;
  dialect: string;
  mode: ApplyMode;
  status: ApplyStatus;
  /** the outcome in one word: applied, already applied, or a dry run that passed (status says which) */
  ok: boolean;
  dry_run: boolean;
  migration_name: string;
  checksum: string;
  checksum_form: number;
  statement_count: number;
  applied_count: number;
  transactional: boolean;
  /** connection parameters as used, secrets removed */
  connection: Record<string, string | number>;
  ledger: { table: string; skipped: boolean; row_written: boolean; previous?: { checksum: string; applied_at?: string } };
  destructive_statements: DestructiveReport[];
  allow_destructive: boolean;
  policy: PolicyReport;
  statements: StatementReport[];
  failed_statement?: { index: number; line: number; kind: string; preview: string; error: string };
  error?: { code: string; message: string };
  messages: string[];
  started_at: string;
  finished_at: string;
  duration_ms: number;
}

/** One open connection, the only thing the pipeline talks to. */
export interface Session {
  /** run one statement, no result needed */
  execute(sql: string): Promise<void>;
  /** run a parameterised query (placeholders as shaped by the connector's ledger SQL) */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** dry run: check one statement without changing anything (prepare / explain / engine dry run) */
  check?(sql: string): Promise<{ check: StatementReport['check']; note?: string }>;
  /** the column's current type, for judging type changes; undefined when the column is unknown */
  columnType?(table: { schema?: string; name: string }, column: string): Promise<string | undefined>;
  /** serialise concurrent applies of one ledger (advisory lock); released by unlock or close */
  lock?(key: string): Promise<void>;
  unlock?(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Loads a driver package (the real `import()`, or a fake in tests). */
export type DriverLoader = (pkg: string) => Promise<any>;

/** One warehouse engine: how to connect, and how it behaves for apply. */
export interface Connector {
  name: ConnectorName;
  /** SQL dialect for splitting, parsing and `migrate` (overridable by the request's `dialect`) */
  dialect: string;
  /** DDL can be rolled back, so a whole migration is all or nothing */
  transactionalDdl: boolean;
  /** dry run: `rehearse` runs everything in a transaction that is always rolled back */
  dryRun: 'rehearse' | 'check';
  /** npm package of the driver */
  driver: string;
  /** the connection parameters this connector accepts */
  params: (keyof ConnectionParams)[];
  /** environment variables read for each parameter, first set wins */
  env: Partial<Record<keyof ConnectionParams, string[]>>;
  /** parameters that must be present after flags and environment are merged */
  required: (keyof ConnectionParams)[];
  /** parameters naming a local file the connection writes (a DuckDB database file) */
  writesFiles?: (keyof ConnectionParams)[];
  ledger: import('./ledger.js').LedgerDialect;
  connect(params: ConnectionParams, load: DriverLoader): Promise<Session>;
}
