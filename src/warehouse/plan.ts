// What an apply would run, before any connection: the statements (split by the shared SQL
// splitter), what each does, which ones destroy data, the checksum and the migration name.
import { basename, extname } from 'node:path';
import { UserError } from '../core/diagnostics.js';
import type { MigrationStatement } from '../sql/migrate.js';
import { splitSqlStatements } from '../sql/split.js';
import { migrationChecksum, statementChecksum } from './checksum.js';
import { analyseStatement, type DestructiveFinding, type DestructiveKind, type Rename, type TypeChange } from './destructive.js';

export interface PlannedRun {
  index: number;
  line: number;
  sql: string;
  kind: string;
  checksum: string;
  preview: string;
  findings: DestructiveFinding[];
  /** type changes still to be judged against the live catalog (SQL input only) */
  typeChanges: TypeChange[];
  /** tables created by this statement */
  creates: string[];
  /** tables and columns this statement renames (SQL input: later type changes are judged under the old names) */
  renames: Rename[];
}

export interface Plan {
  statements: PlannedRun[];
  checksum: string;
  /** the SQL text the statements were split from (what --write-sql writes) */
  sql: string;
  messages: string[];
}

const DESTRUCTIVE_KINDS: DestructiveKind[] = ['drop_table', 'drop_schema', 'drop_database', 'truncate', 'replace_table',
  'drop_column', 'narrowing_type_change'];

export function preview(sql: string, max = 100): string {
  const one = sql.replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}

/**
 * Split and analyse. `migrate` (model-diff mode) gives migrate's statements with their own
 * destructive verdicts, which replace the catalog lookup for type changes.
 */
export async function buildPlan(sql: string, dialect: string, source: string, migrate?: MigrationStatement[]): Promise<Plan> {
  const split = splitSqlStatements(sql, dialect);
  if (!split.length) throw new UserError(`no SQL statements in ${source}`);
  const messages: string[] = [];
  const analysed = await Promise.all(split.map((s) => analyseStatement(s.sql, dialect)));

  // A script wrapped in BEGIN … COMMIT is accepted (apply runs its own transaction); any
  // other transaction control would break all-or-nothing, so it is refused.
  let first = 0;
  let last = split.length;
  if (analysed[0].transactionControl === 'begin' && analysed[split.length - 1].transactionControl === 'commit' && split.length > 2) {
    first = 1;
    last = split.length - 1;
    if (!migrate) messages.push('the script\'s own BEGIN/COMMIT were left out: apply runs the statements in its own transaction where the engine allows');
  }
  for (let i = first; i < last; i++) {
    if (analysed[i].transactionControl) {
      throw new UserError(`statement ${i + 1} (line ${split[i].line}) is transaction control (${preview(split[i].sql, 40)}); `
        + 'apply manages transactions itself — remove it', 1, 'TRANSACTION_CONTROL');
    }
  }
  const verdicts = migrate && migrateVerdicts(migrate, dialect);
  if (verdicts && verdicts.length !== last - first) {
    throw new Error(`migrate returned ${verdicts.length} statements but its SQL splits into ${last - first}`);
  }

  const statements: PlannedRun[] = [];
  for (let i = first; i < last; i++) {
    const a = analysed[i];
    let findings = [...a.findings];
    let typeChanges = a.typeChanges;
    const verdict = verdicts?.[i - first];
    if (verdict) {
      // migrate knows both models: its verdict replaces the parser's reading of the statement
      // (the DROP TABLE of a rebuild whose rows were copied first loses nothing)
      typeChanges = [];
      if (!verdict.destructive) findings = [];
      else if (!findings.length) {
        const kind = (DESTRUCTIVE_KINDS as string[]).includes(verdict.kind) ? verdict.kind as DestructiveKind
          : verdict.kind === 'alter_column_type' ? 'narrowing_type_change' : 'destructive_change';
        findings.push({ kind, object: a.typeChanges[0] ? `${a.typeChanges[0].table.name}.${a.typeChanges[0].column}` : '', detail: `migrate: ${verdict.kind}` });
      }
    }
    statements.push({
      index: statements.length + 1, line: split[i].line, sql: split[i].sql, kind: a.kind,
      checksum: statementChecksum(split[i].sql, dialect), preview: preview(split[i].sql), findings, typeChanges, creates: a.creates ?? [], renames: a.renames ?? [],
    });
  }
  return { statements, checksum: migrationChecksum(statements.map((s) => s.sql), dialect), sql, messages };
}

/** migrate's verdict for each executable statement, in order (one entry per split statement). */
function migrateVerdicts(statements: MigrationStatement[], dialect: string): { destructive: boolean; kind: string }[] {
  return statements.filter((s) => s.kind !== 'note')
    .flatMap((s) => splitSqlStatements(s.sql, dialect).map(() => ({ destructive: s.destructive, kind: s.kind })));
}

/** Default ledger name: the SQL file's base name, else `sql_` + the checksum's first 12 digits. */
export function defaultMigrationName(sqlFile: string | undefined, checksum: string): string {
  if (sqlFile) return basename(sqlFile, extname(sqlFile)).slice(0, 255);
  return `sql_${checksum.slice(0, 12)}`;
}
