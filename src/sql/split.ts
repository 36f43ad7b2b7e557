// Split a SQL script into statements at top-level `;` (and T-SQL `GO` lines), never inside
// strings, quoted identifiers, comments or dollar-quoted bodies. Reused by importers and by
// anything that executes scripts statement by statement (warehouse apply, tests).
import { dialectTraits } from './dialects/index.js';
import { lexOptionsFor, lineIndex, scanSql } from './lexer.js';

export interface SqlStatement {
  /** statement text without the terminating `;`, trimmed; inner comments kept */
  sql: string;
  /** 1-based line and column of the statement's first significant character */
  line: number;
  column: number;
  /** 0-based offset of `sql` in the input */
  offset: number;
}

/**
 * Statements in source order. Segments holding only whitespace and comments are skipped.
 * `dialect` picks the lexical rules (`#` comments for MySQL, `[ident]` and `GO` for SQL Server,
 * `$$` bodies for PostgreSQL/DuckDB/Snowflake); the default is PostgreSQL's.
 */
export function splitSqlStatements(sql: string, dialect?: string): SqlStatement[] {
  const opts = lexOptionsFor(dialect);
  const goBatches = !!dialectTraits(dialect)?.goBatches;
  const locate = lineIndex(sql);
  const out: SqlStatement[] = [];
  let firstSignificant = -1;

  const close = (end: number) => {
    if (firstSignificant >= 0) {
      const text = sql.slice(firstSignificant, end).trimEnd();
      if (text) {
        const pos = locate(firstSignificant);
        out.push({ sql: text, line: pos.line, column: pos.column, offset: firstSignificant });
      }
    }
    firstSignificant = -1;
  };

  for (const p of scanSql(sql, opts)) {
    if (p.kind === 'comment') continue;
    if (p.kind !== 'code') {
      if (firstSignificant < 0) firstSignificant = p.start;
      continue;
    }
    for (let k = 0; k < p.text.length; k++) {
      const at = p.start + k;
      const ch = p.text[k];
      if (ch === ';') { close(at); continue; }
      if (goBatches && (ch === 'G' || ch === 'g') && isGoLine(sql, at)) {
        close(at);
        k += 1;
        continue;
      }
      if (firstSignificant < 0 && ch !== ' ' && ch !== '\n' && ch !== '\t' && ch !== '\r' && !/\s/.test(ch)) firstSignificant = at;
    }
  }
  close(sql.length);
  return out;
}

/** `GO` alone on its line (optionally followed by whitespace), the SQL Server batch separator. */
function isGoLine(sql: string, at: number): boolean {
  if (!/^go$/i.test(sql.slice(at, at + 2))) return false;
  let b = at - 1;
  while (b >= 0 && (sql[b] === ' ' || sql[b] === '\t')) b--;
  if (b >= 0 && sql[b] !== '\n' && sql[b] !== '\r') return false;
  let e = at + 2;
  while (e < sql.length && (sql[e] === ' ' || sql[e] === '\t' || sql[e] === '\r')) e++;
  return e >= sql.length || sql[e] === '\n';
}
