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

export function detectDialect(sql: string): { dialect: string; reason: string } {
  const words = new Set<string>();
  let brackets = false, backticks = false, goLines = false;
  for (const p of scanSql(sql, { hashComments: true, bracketIdents: true, dollarQuotes: true })) {
    if (p.kind === 'ident') { if (p.text.startsWith('[')) brackets = true; if (p.text.startsWith('`')) backticks = true; }
    if (p.kind !== 'code') continue;
    for (const w of p.text.toLowerCase().split(/[^a-z0-9_]+/)) if (w) words.add(w);
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
