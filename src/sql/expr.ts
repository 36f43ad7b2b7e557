// Column names inside a SQL expression (a CHECK condition), read with the lexer so that text in
// string literals and comments is never taken for a name: which columns an expression uses, the
// expression with columns renamed, and whether two expressions are the same condition.
import { lexOptionsFor, scanSql } from './lexer.js';

const WORD = /[\p{L}_][\p{L}\p{N}_$]*/gu;

interface Token { text: string; quoted: boolean; word: boolean }

function tokens(expr: string, dialect?: string): Token[] {
  const out: Token[] = [];
  for (const p of scanSql(expr, lexOptionsFor(dialect))) {
    if (p.kind === 'comment') continue;
    if (p.kind === 'ident') { out.push({ text: p.text.slice(1, -1).split(p.text[p.text.length - 1].repeat(2)).join(p.text[p.text.length - 1]), quoted: true, word: true }); continue; }
    if (p.kind !== 'code') { out.push({ text: p.text, quoted: false, word: false }); continue; }
    let last = 0;
    for (const m of p.text.matchAll(WORD)) {
      for (const ch of p.text.slice(last, m.index).replace(/\s+/g, '')) out.push({ text: ch, quoted: false, word: false });
      // `1e5` and `x.y`: a word glued to a digit is part of a number, not a name
      const prev = p.text[m.index! - 1];
      out.push({ text: m[0], quoted: false, word: !(prev && /[0-9]/.test(prev)) });
      last = m.index! + m[0].length;
    }
    for (const ch of p.text.slice(last).replace(/\s+/g, '')) out.push({ text: ch, quoted: false, word: false });
  }
  return out;
}

/** Whether `tok` names `column`: unquoted names compare without regard to letter case. */
function names(tok: Token, column: string): boolean {
  if (!tok.word) return false;
  return tok.quoted ? tok.text === column : tok.text.toLowerCase() === column.toLowerCase();
}

/** True when `expr` mentions the column `column` (by name, quoted or not). */
export function exprUsesColumn(expr: string, column: string, dialect?: string): boolean {
  return tokens(expr, dialect).some((t) => names(t, column));
}

/** `expr` with every column of `renames` (old → new) spelled with its new name. */
export function renameColumnsInExpr(expr: string, renames: ReadonlyMap<string, string>, dialect?: string): string {
  if (!renames.size) return expr;
  const out: string[] = [];
  for (const p of scanSql(expr, lexOptionsFor(dialect))) {
    if (p.kind === 'ident') {
      const close = p.text[p.text.length - 1];
      const name = p.text.slice(1, -1).split(close + close).join(close);
      const to = renames.get(name);
      out.push(to === undefined ? p.text : p.text[0] + to.split(close).join(close + close) + close);
    } else if (p.kind === 'code') {
      out.push(p.text.replace(WORD, (w, at: number) => {
        if (/[0-9]/.test(p.text[at - 1] ?? '')) return w;
        for (const [from, to] of renames) if (from.toLowerCase() === w.toLowerCase()) return to;
        return w;
      }));
    } else out.push(p.text);
  }
  return out.join('');
}

/**
 * The same condition: equal once comments and spacing are ignored, unquoted words compared
 * without letter case, and the columns of `renames` (old → new) read under their new names.
 */
export function sameCondition(before: string, after: string, renames: ReadonlyMap<string, string> = new Map(), dialect?: string): boolean {
  const key = (e: string) => tokens(e, dialect).map((t) => (t.word && !t.quoted ? t.text.toLowerCase() : t.text)).join('\u0001');
  return key(renameColumnsInExpr(before, renames, dialect)) === key(after);
}
