// Small helpers the connectors share.

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
