// A sensible default for `import sql` without --dialect: look for words only one dialect uses
// (outside strings and comments). The parser then has the final say; postgres when nothing shows.
import { scanSql } from '../lexer.js';

const SIGNALS: [dialect: string, words: string[]][] = [
  ['sqlserver', ['nvarchar', 'datetime2', 'uniqueidentifier', 'getdate', 'sysdatetime', 'clustered', 'nonclustered']],
  ['bigquery', ['int64', 'float64', 'bignumeric']],
  ['snowflake', ['variant', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz', 'autoincrement']],
  ['databricks', ['tblproperties']],
  ['mysql', ['auto_increment', 'unsigned', 'mediumtext', 'longtext', 'charset']],
  ['duckdb', ['hugeint', 'uhugeint', 'ubigint', 'utinyint']],
];

const NAME_BEFORE = new Set(['(', ',', '.', 'table', 'exists', 'index', 'references', 'on', 'column']);

export function detectDialect(sql: string): { dialect: string; reason: string } {
  const words = new Set<string>();
  let brackets = false, backticks = false, goLines = false;
  // the token before a word: a word right after `(`, `,` or `.`, or after TABLE/INDEX/REFERENCES/ON,
  // names a column or table (`variant text`, `CREATE TABLE unsigned`), it is not dialect syntax
  let prev = '';
  for (const p of scanSql(sql, { hashComments: true, bracketIdents: true, dollarQuotes: true })) {
    if (p.kind === 'ident') { if (p.text.startsWith('[')) brackets = true; if (p.text.startsWith('`')) backticks = true; }
    if (p.kind !== 'code') { if (p.kind !== 'comment') prev = p.kind; continue; }
    for (const t of p.text.toLowerCase().match(/[a-z0-9_]+|[^\sa-z0-9_]/g) ?? []) {
      if (/^[a-z0-9_]/.test(t) && !NAME_BEFORE.has(prev)) words.add(t);
      prev = t;
    }
    if (/(^|\n)\s*go\s*(\n|$)/i.test(p.text)) goLines = true;
  }
  if (brackets || goLines) return { dialect: 'sqlserver', reason: brackets ? '[bracketed] identifiers' : 'GO batch separators' };
  for (const [dialect, list] of SIGNALS) {
    const hit = list.find((w) => words.has(w));
    if (hit) return { dialect, reason: `the word ${hit.toUpperCase()}` };
  }
  if (backticks) return { dialect: 'mysql', reason: '`backtick` identifiers' };
  return { dialect: 'postgres', reason: 'no dialect-specific syntax found (default)' };
}
