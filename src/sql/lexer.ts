// A character-level SQL scanner: it only knows where strings, quoted identifiers, comments and
// dollar-quoted bodies start and end, so callers can split statements or find comments without
// ever mistaking a `;` or `--` inside a literal for syntax. Meaning comes from the real parsers.
import { DEFAULT_DIALECT, dialectTraits } from './dialects/index.js';

export type PieceKind = 'comment' | 'string' | 'ident' | 'dollar' | 'code';

export interface Piece {
  kind: PieceKind;
  text: string;
  /** 0-based offset into the scanned text */
  start: number;
}

export interface LexOptions {
  /** `#` starts a line comment (MySQL/MariaDB). */
  hashComments?: boolean;
  /** `[ident]` is a quoted identifier (SQL Server). */
  bracketIdents?: boolean;
  /** `$tag$ … $tag$` bodies (PostgreSQL, DuckDB, Snowflake). */
  dollarQuotes?: boolean;
  /** `/* … *\/` may nest (PostgreSQL). */
  nestedBlockComments?: boolean;
  /** backslash escapes inside '…' strings (MySQL, BigQuery, Databricks). */
  backslashEscapes?: boolean;
  /** `"…"` is a string literal, not an identifier (MySQL, BigQuery, Databricks). */
  doubleQuotedStrings?: boolean;
}

/** The lexical rules of a dialect (its `traits.lex`); PostgreSQL's for no or an unknown dialect. */
export function lexOptionsFor(dialect?: string): LexOptions {
  return (dialectTraits(dialect) ?? dialectTraits(DEFAULT_DIALECT)!).lex;
}

const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;

/** Scan `sql` into pieces; `code` pieces are the unquoted stretches between the others. */
export function scanSql(sql: string, opts: LexOptions = {}): Piece[] {
  const out: Piece[] = [];
  let codeStart = 0;
  const flush = (at: number) => {
    if (at > codeStart) out.push({ kind: 'code', text: sql.slice(codeStart, at), start: codeStart });
  };
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const ch = sql.charCodeAt(i);
    // fast path: only - / ' " ` # [ $ can start something that is not code
    if (ch !== 45 && ch !== 47 && ch !== 39 && ch !== 34 && ch !== 96 && ch !== 35 && ch !== 91 && ch !== 36) { i++; continue; }
    const c = sql[i];
    const d = sql[i + 1];
    let end = -1;
    let kind: PieceKind | undefined;
    if ((c === '-' && d === '-') || (c === '#' && opts.hashComments)) {
      kind = 'comment';
      const nl = sql.indexOf('\n', i);
      end = nl < 0 ? n : nl;
    } else if (c === '/' && d === '*') {
      kind = 'comment';
      end = blockCommentEnd(sql, i, !!opts.nestedBlockComments);
    } else if (c === "'") {
      kind = 'string';
      end = quotedEnd(sql, i, "'", !!opts.backslashEscapes);
    } else if (c === '"') {
      kind = opts.doubleQuotedStrings ? 'string' : 'ident';
      end = quotedEnd(sql, i, c, !!opts.doubleQuotedStrings && !!opts.backslashEscapes);
    } else if (c === '`') {
      kind = 'ident';
      end = quotedEnd(sql, i, c, false);
    } else if (c === '[' && opts.bracketIdents) {
      kind = 'ident';
      end = quotedEnd(sql, i, ']', false, '[');
    } else if (c === '$' && opts.dollarQuotes && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
      DOLLAR_TAG.lastIndex = i;
      const m = DOLLAR_TAG.exec(sql);
      if (m) {
        kind = 'dollar';
        const close = sql.indexOf(m[0], i + m[0].length);
        end = close < 0 ? n : close + m[0].length;
      }
    }
    if (kind) {
      flush(i);
      out.push({ kind, text: sql.slice(i, end), start: i });
      i = end;
      codeStart = i;
    } else i++;
  }
  flush(n);
  return out;
}

function blockCommentEnd(sql: string, i: number, nested: boolean): number {
  let depth = 0;
  let j = i;
  while (j < sql.length) {
    if (sql[j] === '/' && sql[j + 1] === '*') {
      depth = nested ? depth + 1 : 1;
      j += 2;
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else j++;
  }
  return sql.length;
}

/** End offset (exclusive) of a quoted run starting at i; doubled quotes escape themselves. */
function quotedEnd(sql: string, i: number, close: string, backslash: boolean, open = close): number {
  let j = i + open.length;
  while (j < sql.length) {
    const c = sql[j];
    if (backslash && c === '\\') { j += 2; continue; }
    if (c === close) {
      if (sql[j + 1] === close) { j += 2; continue; }
      return j + 1;
    }
    j++;
  }
  return sql.length;
}

/** 1-based line and column of a 0-based offset. */
export function lineCol(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) { line++; last = i; }
  }
  return { line, column: offset - last };
}

/** Precomputed line starts, for many lookups in one text. */
export function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset: number) => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}
