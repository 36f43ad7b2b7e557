// The migration ledger: one row per apply attempt in a table of the target warehouse (default
// `modeler_migrations`). A `success` row marks a migration as applied: re-applying the same
// name and checksum is a no-op, the same name with another checksum is drift. Failed attempts
// are recorded as `failed` (nothing kept: rolled back or the first statement failed) or
// `partial` (an engine without transactional DDL kept the statements before the failure), so
// the ledger is an audit trail and never claims success for a failed run.
import { UserError } from '../core/diagnostics.js';
import type { ConnectionParams, Session } from './types.js';
import { opt } from '../core/option-names.js';

export const DEFAULT_LEDGER_TABLE = 'modeler_migrations';
export const LEDGER_COLUMNS = ['name', 'checksum', 'statement_count', 'status', 'applied_at', 'duration_ms', 'applied_by', 'tool_version'] as const;
export type LedgerStatus = 'success' | 'failed' | 'partial';

/** How one engine spells the ledger's SQL. */
export interface LedgerDialect {
  types: { text: string; checksum: string; int: string; bigint: string; timestamp: string };
  /** expression for the current UTC time */
  now: string;
  /** placeholder for the i-th (1-based) parameter */
  placeholder(i: number): string;
  /** the ledger table's name as written in SQL, qualified from the connection when unqualified */
  qualify(parts: string[], params: ConnectionParams): string;
}

export interface LedgerRow {
  name: string;
  checksum: string;
  statement_count: number;
  status: LedgerStatus;
  duration_ms: number;
  applied_by: string;
  tool_version: string;
}

// Validated identifiers are written unquoted, so each engine applies its own case rules (a
// Snowflake user finds MODELER_MIGRATIONS, a PostgreSQL user modeler_migrations) and no
// user text is ever spliced into SQL.
const IDENT = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/**
 * Parse `--ledger-table` (`name`, `schema.name`, `db.schema.name`); a BigQuery project id (the
 * first of three parts) may also hold `-`.
 */
export function parseLedgerTable(value: string, projectPart = false): string[] {
  const parts = value.split('.');
  const ok = (p: string, i: number) => IDENT.test(p) || (projectPart && i === 0 && parts.length === 3 && /^[a-z][a-z0-9-]*$/i.test(p));
  if (parts.length > 3 || !parts.every(ok)) {
    throw new UserError(`${opt('ledger_table')} '${value}' is not a plain table name (letters, digits, _ ; optionally schema-qualified)`);
  }
  return parts;
}

export class Ledger {
  readonly table: string;
  constructor(private readonly session: Session, private readonly d: LedgerDialect, parts: string[], params: ConnectionParams) {
    this.table = d.qualify(parts, params);
  }

  createSql(): string {
    const t = this.d.types;
    return `CREATE TABLE IF NOT EXISTS ${this.table} (name ${t.text} NOT NULL, checksum ${t.checksum} NOT NULL, `
      + `statement_count ${t.int} NOT NULL, status ${t.text} NOT NULL, applied_at ${t.timestamp} NOT NULL, `
      + `duration_ms ${t.bigint} NOT NULL, applied_by ${t.text}, tool_version ${t.text})`;
  }

  findSql(): string {
    const p = (i: number) => this.d.placeholder(i);
    return `SELECT name, checksum, applied_at FROM ${this.table} WHERE (name = ${p(1)} OR checksum = ${p(2)}) AND status = 'success'`;
  }

  insertSql(): string {
    const p = (i: number) => this.d.placeholder(i);
    return `INSERT INTO ${this.table} (${LEDGER_COLUMNS.join(', ')}) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${this.d.now}, ${p(5)}, ${p(6)}, ${p(7)})`;
  }

  async ensure(): Promise<void> {
    await this.session.execute(this.createSql());
  }

  /**
   * Success rows with this name or this checksum. `exists` is false when the table is absent
   * (only asked in a dry run, which must not create it).
   */
  async lookup(name: string, checksum: string): Promise<{ exists: boolean; rows: { name: string; checksum: string; applied_at?: string }[] }> {
    let rows: Record<string, unknown>[];
    try {
      rows = await this.session.query(this.findSql(), [name, checksum]);
    } catch (e) {
      if (isMissingTable(e)) return { exists: false, rows: [] };
      throw e;
    }
    return {
      exists: true,
      rows: rows.map((r) => ({ name: String(r.name ?? r.NAME), checksum: String(r.checksum ?? r.CHECKSUM), applied_at: timeText(r.applied_at ?? r.APPLIED_AT) })),
    };
  }

  async record(row: LedgerRow): Promise<void> {
    await this.session.query(this.insertSql(),
      [row.name, row.checksum, row.statement_count, row.status, row.duration_ms, row.applied_by, row.tool_version]);
  }
}

function timeText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** Does a driver error say the table does not exist? (codes of each engine, then wording) */
export function isMissingTable(e: unknown): boolean {
  const any = e as { code?: unknown; errno?: unknown; message?: unknown };
  if (any?.code === '42P01' || any?.errno === 1146 || any?.code === 'ER_NO_SUCH_TABLE') return true;
  const msg = String(any?.message ?? e);
  return /does not exist|doesn't exist|not found|no such table|TABLE_OR_VIEW_NOT_FOUND/i.test(msg);
}
