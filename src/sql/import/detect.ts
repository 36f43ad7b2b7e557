// A sensible default for `import sql` without --dialect: look for words only one dialect uses
// (outside strings and comments). The parser then has the final say; postgres when nothing shows.
// The signals themselves are each dialect's `traits.detect`.
import type { DetectMark } from '../dialects/base.js';
import { DEFAULT_DIALECT, detectableDialects } from '../dialects/index.js';
import { scanSql } from '../lexer.js';

const MARK_REASON: Record<DetectMark, string> = { brackets: '[bracketed] identifiers', go: 'GO batch separators', backticks: '`backtick` identifiers' };

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
  const seen: Record<DetectMark, boolean> = { brackets, go: goLines, backticks };
  const signals = detectableDialects();
  for (const { name, detect } of signals) {
    const mark = detect.marks?.find((m) => seen[m]);
    if (mark) return { dialect: name, reason: MARK_REASON[mark] };
  }
  for (const { name, detect } of signals) {
    const hit = detect.words.find((w) => words.has(w));
    if (hit) return { dialect: name, reason: `the word ${hit.toUpperCase()}` };
  }
  const fallback = signals.find(({ detect }) => detect.fallbackMark && seen[detect.fallbackMark]);
  if (fallback) return { dialect: fallback.name, reason: MARK_REASON[fallback.detect.fallbackMark!] };
  return { dialect: DEFAULT_DIALECT, reason: 'no dialect-specific syntax found (default)' };
}
