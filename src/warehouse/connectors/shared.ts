// Small helpers the connectors share.
import type { Session } from '../types.js';

type Run = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * A session's statement and transaction methods over one runner. `tx` gives the engine's
 * words for BEGIN/COMMIT/ROLLBACK; without it statements run one by one (no transactional DDL).
 */
export function runnerSession(run: Run, tx?: { begin: string; commit: string; rollback: string }): Pick<Session, 'execute' | 'query' | 'begin' | 'commit' | 'rollback'> {
  const say = (word: string | undefined) => async () => { if (word) await run(word); };
  return { execute: async (sql) => { await run(sql); }, query: run, begin: say(tx?.begin), commit: say(tx?.commit), rollback: say(tx?.rollback) };
}

/** A SQL string literal (standard doubling of single quotes). */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** A double-quoted identifier (PostgreSQL, DuckDB, Snowflake). */
export function quoteIdent(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

const DML = /^(SELECT|WITH|INSERT|UPDATE|DELETE|MERGE)\b/i;

/**
 * Dry-run check for engines that can only EXPLAIN queries: DML is explained, anything else is
 * reported as not checked. A missing object is expected when an earlier statement of the same
 * migration would create it, so it is a note, not a failure.
 */
export async function explainCheck(run: (sql: string) => Promise<unknown>, sql: string, isMissing: (e: unknown) => boolean):
Promise<{ check: 'explained' | 'not_checked'; note?: string }> {
  if (!DML.test(sql.trimStart())) return { check: 'not_checked', note: 'the engine cannot check DDL without running it' };
  try {
    await run(`EXPLAIN ${sql}`);
    return { check: 'explained' };
  } catch (e) {
    if (isMissing(e)) return { check: 'not_checked', note: `needs objects that do not exist yet (${(e as Error).message})` };
    throw e;
  }
}
