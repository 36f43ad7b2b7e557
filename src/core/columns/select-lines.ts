// The line of a model's file where each output column is defined: its item in the select that
// returns the model's rows (the first branch of a UNION; through `select * from cte` into that
// CTE's select, as dbt's `final` style writes it). Read from the file as written (Jinja blocks
// masked: `{{ … }}` is an opaque expression, `{% … %}` and `{# … #}` nothing), so the line is
// the one the user edits. A name no item defines — a column made by a macro, or passed on by a
// `*` over another model — is at the line of the `*` (or the macro) when the select has exactly
// one such item, else at its last mention in the file (nameLines). A name a Jinja loop makes
// (`sum(…) as n_{{ s }}`) is at the item whose name, its Jinja a wildcard, matches it; one named
// by Jinja alone (`as {{ c }}`), at that item when the select has one such.
import { scanSql } from '../../sql/lexer.js';

export interface Tok {
  v: string; low: string; kind: 'word' | 'ident' | 'punct' | 'str' | 'jinja'; line: number;
  /** a name part Jinja: the names it may render to */ templ?: RegExp;
  /** its extent in the file as written (a masked Jinja token: the whole `{{ … }}`) */ start: number; end: number;
}

/** Ends of a select list, at its own depth (`except` after `*` is BigQuery's, not a set operation). */
const LIST_END = new Set(['from', 'where', 'group', 'having', 'qualify', 'order', 'limit', 'union', 'intersect', 'except', 'minus', 'window', 'into', ';']);
const FROM_END = new Set(['where', 'group', 'having', 'qualify', 'order', 'limit', 'union', 'intersect', 'except', 'minus', 'window', ';']);
/** words after a relation that are not its alias */
const NOT_ALIAS = new Set(['on', 'using', 'join', 'left', 'right', 'inner', 'outer', 'full', 'cross', 'natural', 'lateral', 'as', 'where', 'group', 'order', 'limit', 'union', 'window', 'qualify', 'having', 'pivot', 'unpivot', 'tablesample', 'final', 'sample']);
const JINJA = '__modeler_jinja__';

/** The file's tokens: Jinja masked, comments dropped, strings and quoted names kept as one token each. */
export function tokens(text: string): Tok[] {
  // where each masked stretch was in the file, so a token knows its extent there (column-steps quotes items)
  const masks: { m0: number; m1: number; o0: number; o1: number }[] = [];
  let shift = 0;
  // mask Jinja, keeping every newline where it was; a `{% set x %}…{% endset %}` or call/macro
  // block's body is text for Jinja (a query run at compile time), not the model's SQL
  // block's body is text for Jinja (a query run at compile time), not the model's SQL. An
  // expression touching a name (`n_{{ s }}`) stays part of it, as one word
  const masked = text.replace(/\{%-?\s*(?:set\s+[\w.]+\s*-?%\}|call\b|macro\b)[\s\S]*?\{%-?\s*end(?:set|call|macro)\s*-?%\}|\{#[\s\S]*?#\}|\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g, (m, at: number) => {
    const nl = m.replace(/[^\n]/g, '');
    const glued = /\w/.test(text[at - 1] ?? '') || /\w/.test(text[at + m.length] ?? '');
    const r = !m.startsWith('{{') ? ` ${nl}` : glued && !nl ? JINJA : ` ${JINJA} ${nl}`;
    masks.push({ m0: at + shift, m1: at + shift + r.length, o0: at, o1: at + m.length });
    shift += r.length - m.length;
    return r;
  });
  // masked offset → the file's: the last stretch masked before it says how far the file is shifted
  const orig = (i: number, end: boolean): number => {
    let lo = 0, hi = masks.length - 1, idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (end ? masks[mid].m0 < i : masks[mid].m0 <= i) { idx = mid; lo = mid + 1; } else hi = mid - 1;
    }
    if (idx < 0) return i;
    const m = masks[idx];
    if (end ? i <= m.m1 : i < m.m1) return end ? m.o1 : m.o0;
    return i + m.o1 - m.m1;
  };
  const extent = (start: number, len: number) => ({ start: orig(start, false), end: orig(start + len, true) });
  const out: Tok[] = [];
  let line = 1, at = 0;
  const lineAt = (i: number) => { for (; at < i; at++) if (masked.charCodeAt(at) === 10) line++; return line; };
  for (const piece of scanSql(masked)) {
    if (piece.kind === 'comment') continue;
    if (piece.kind === 'string' || piece.kind === 'dollar') { out.push({ v: piece.text, low: '', kind: 'str', line: lineAt(piece.start), ...extent(piece.start, piece.text.length) }); continue; }
    if (piece.kind === 'ident') {
      const v = piece.text.slice(1, -1);
      out.push({ v, low: v.toLowerCase(), kind: 'ident', line: lineAt(piece.start), ...extent(piece.start, piece.text.length) });
      continue;
    }
    for (const m of piece.text.matchAll(/[A-Za-z_][A-Za-z0-9_$]*|[0-9]+(?:\.[0-9]+)?|::|[(),.;*]|\S/g)) {
      const v = m[0];
      const word = /^[A-Za-z_]/.test(v);
      const templ = word && v !== JINJA && v.includes(JINJA) ? new RegExp(`^${v.toLowerCase().split(JINJA).map(escapeRe).join('.+')}$`) : undefined;
      out.push({ v, low: v.toLowerCase(), kind: v === JINJA ? 'jinja' : word ? 'word' : 'punct', line: lineAt(piece.start + m.index!), ...(templ ? { templ } : {}), ...extent(piece.start + m.index!, v.length) });
    }
  }
  return out;
}

const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const isName = (t: Tok | undefined) => !!t && (t.kind === 'word' || t.kind === 'ident');

/** Where each name a select returns is defined, and the one item (`*`, a macro) the others come through, if one. */
interface SelectLines { named: Map<string, number>; templated: Templated[]; through?: { line: number; relation?: string; body?: number } }
/** A name Jinja makes, as the pattern of the names it may render to, and its item's line. */
interface Templated { re: RegExp; line: number; /** the whole name is Jinja (`as {{ c }}`): it may be any name */ any?: boolean }

/** The items of the select list after tokens[i] (`select`), each as its token range [from, to), and the index where the list ends. */
export function listItems(ts: Tok[], i: number): { items: [number, number][]; end: number } {
  let j = i + 1;
  if (ts[j]?.low === 'distinct' || ts[j]?.low === 'all') {
    j++;
    if (ts[j]?.low === 'on' && ts[j + 1]?.v === '(') j = skipParens(ts, j + 1);
  }
  if (ts[j]?.low === 'top') j += 2;
  const items: [number, number][] = [];
  let from = j, depth = 0;
  for (; j < ts.length; j++) {
    const t = ts[j];
    if (t.v === '(') depth++;
    else if (t.v === ')') { if (depth === 0) break; depth--; }
    if (depth === 0 && t.kind === 'word' && LIST_END.has(t.low) && !(t.low === 'except' && ts[j - 1]?.v === '*' && j > from)) break;
    if (depth === 0 && t.v === ',') { if (j > from) items.push([from, j]); from = j + 1; }
  }
  if (j > from) items.push([from, j]);
  return { items, end: j };
}

/** The select list starting after tokens[i] (`select`). */
function selectAt(ts: Tok[], i: number): SelectLines {
  const named = new Map<string, number>();
  const templated: Templated[] = [];
  const opaque: { line: number; qualifier?: string }[] = [];
  const { items, end: j } = listItems(ts, i);
  for (const [a, b] of items) {
    const item = ts.slice(a, b);
    const last = item[item.length - 1], prev = item[item.length - 2];
    if (last.v === '*') opaque.push({ line: last.line, qualifier: prev?.v === '.' ? item[item.length - 3]?.low : undefined });
    else if (item.length === 1 && last.kind === 'jinja') opaque.push({ line: last.line });
    else if (last.kind === 'jinja' && prev?.low === 'as') templated.push({ re: /^/, line: last.line, any: true });
    else if (isName(last) && last.kind !== 'jinja' && (item.length === 1 || prev?.low === 'as' || prev?.v === '.' || prev?.v === ')' || isName(prev) || prev?.kind === 'str')) {
      if (last.templ) templated.push({ re: last.templ, line: last.line });
      else if (!named.has(last.low)) named.set(last.low, last.line);
    }
  }
  const lines: SelectLines = { named, templated };
  if (opaque.length === 1) {
    // the relation a `*` reads: its qualifier's, or the FROM's only one
    const rels = ts[j]?.low === 'from' ? fromRelations(ts, j + 1) : [];
    const q = opaque[0].qualifier;
    const rel = q !== undefined ? rels.find((r) => r.alias === q || r.name === q) : rels.length === 1 ? rels[0] : undefined;
    lines.through = { line: opaque[0].line, relation: rel?.name, body: rel?.body };
  }
  return lines;
}

export function skipParens(ts: Tok[], i: number): number {
  let depth = 0;
  for (; i < ts.length; i++) {
    if (ts[i].v === '(') depth++;
    else if (ts[i].v === ')' && --depth === 0) return i + 1;
  }
  return i;
}

/** The relations of a FROM clause (tokens from i): each one-word name (a CTE's), or a subquery's first token, with its alias. */
export function fromRelations(ts: Tok[], i: number): { name?: string; body?: number; alias?: string }[] {
  const out: { name?: string; body?: number; alias?: string }[] = [];
  let expect = true;
  for (let j = i; j < ts.length; j++) {
    const t = ts[j];
    if (t.v === ')' || (t.kind === 'word' && FROM_END.has(t.low))) break;
    if (t.v === '(') {
      const end = skipParens(ts, j);
      if (expect) {
        const a = ts[end]?.low === 'as' ? ts[end + 1] : ts[end];
        out.push({ body: j + 1, alias: isName(a) && !NOT_ALIAS.has(a!.low) ? a!.low : undefined });
        expect = false;
      }
      j = end - 1;
      continue;
    }
    if (t.v === ',' || t.low === 'join') { expect = true; continue; }
    if (!expect) continue;
    if (!isName(t) && t.kind !== 'jinja') continue;
    expect = false;
    // a dotted name is a table, not a CTE of this file
    let k = j + 1;
    const dotted = ts[k]?.v === '.';
    while (ts[k]?.v === '.') k += 2;
    const a = ts[k]?.low === 'as' ? ts[k + 1] : ts[k];
    out.push({ name: t.kind === 'jinja' || dotted ? undefined : t.low, alias: isName(a) && !NOT_ALIAS.has(a!.low) && a!.v !== ',' ? a!.low : undefined });
    j = k - 1;
  }
  return out;
}

/** Each CTE of the query whose tokens start at i (`with` …): its name → the index of its body's first token. */
export function ctesOf(ts: Tok[], start: number, end: number, into: Map<string, number>): void {
  let depth = 0;
  for (let j = start; j < end; j++) {
    const t = ts[j];
    if (t.v === '(') { depth++; continue; }
    if (t.v === ')') { depth--; continue; }
    if (depth !== 0 || !isName(t)) continue;
    // name [ (columns) ] as [not] [materialized] (
    let k = j + 1;
    if (ts[k]?.v === '(') k = skipParens(ts, k);
    if (ts[k]?.low !== 'as') continue;
    k++;
    if (ts[k]?.low === 'not') k++;
    if (ts[k]?.low === 'materialized') k++;
    if (ts[k]?.v === '(' && !into.has(t.low)) into.set(t.low, k + 1);
  }
}

/** The first `select` at the depth of tokens[from] (before that depth closes), else -1. */
export function firstSelect(ts: Tok[], from: number): number {
  let depth = 0;
  for (let j = from; j < ts.length; j++) {
    const t = ts[j];
    if (t.v === '(') depth++;
    else if (t.v === ')') { if (depth === 0) return -1; depth--; }
    else if (depth === 0 && t.low === 'select' && t.kind === 'word') return j;
  }
  return -1;
}

/** Each output column's line (lower-cased name → 1-based line); names not found are absent. */
export function selectItemLines(text: string | undefined): { lines: Map<string, number>; templated: Templated[]; through?: number } {
  const lines = new Map<string, number>();
  const templated: Templated[] = [];
  if (text === undefined) return { lines, templated };
  const ts = tokens(text);
  const ctes = new Map<string, number>();
  ctesOf(ts, 0, ts.length, ctes);
  let at = firstSelect(ts, 0);
  let through: number | undefined;
  // follow `select * from cte` (a chain of `final`s) or `from (subquery)` into it; the deepest `*` is where the rest come through
  for (let hops = 0; at >= 0 && hops < 20; hops++) {
    const s = selectAt(ts, at);
    for (const [k, v] of s.named) if (!lines.has(k)) lines.set(k, v);
    templated.push(...s.templated);
    through = s.through?.line;
    const body = s.through?.body ?? (s.through?.relation !== undefined ? ctes.get(s.through.relation) : undefined);
    if (body === undefined) break;
    ctesOf(ts, body, ts.length, ctes); // the CTE's own WITH, if it has one
    at = firstSelect(ts, body);
    if (at < 0) break;
  }
  return { lines, templated, ...(through !== undefined ? { through } : {}) };
}

/**
 * A node's column → its line: the select item that defines it (selectItemLines), or whose name
 * Jinja makes and matches it, else the `*` or
 * macro it comes through, else its last mention. `added` (dbt's snapshot columns, made by dbt, not
 * by the select) are at the snapshot's definition: its `config(` (or `{% snapshot %}`) line, or
 * its entry in a YAML file. `mention`: a name's last mention (where a join or filter reads it).
 */
export interface ColumnLines { column(name: string): number; mention(name: string): number }
export function columnLineOf(text: string | undefined, added?: { names: ReadonlySet<string>; node: string }): ColumnLines {
  let items: ReturnType<typeof selectItemLines> | undefined, last: Map<string, number> | undefined, defined: number | undefined;
  const mention = (name: string) => (last ??= nameLines(text)).get(name.toLowerCase()) ?? 1;
  return {
    mention,
    column(name) {
      const k = name.toLowerCase();
      if (added?.names.has(k)) return (defined ??= definitionLine(text, added.node));
      items ??= selectItemLines(text);
      // a name Jinja makes whole (`as {{ c }}`) may be any name: only when one item does so, and after a `*`
      const any = items.templated.filter((t) => t.any);
      return items.lines.get(k) ?? items.templated.find((t) => !t.any && t.re.test(k))?.line ?? items.through ?? (any.length === 1 ? any[0].line : undefined) ?? mention(k);
    },
  };
}

/** The line that defines a snapshot: its config() call, its `{% snapshot %}` block, or its YAML entry. */
function definitionLine(text: string | undefined, node: string): number {
  if (text === undefined) return 1;
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  const esc = node.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`\\{%-?\\s*snapshot\\s+${esc}\\b`, 'i').exec(text);
  const from = block?.index ?? 0;
  const config = /\{\{-?\s*config\s*\(/.exec(text.slice(from));
  if (config) return lineOf(from + config.index);
  if (block) return lineOf(block.index);
  const yaml = new RegExp(`^\\s*-?\\s*name:\\s*['"]?${esc}['"]?\\s*$`, 'im').exec(text);
  return yaml ? lineOf(yaml.index + yaml[0].search(/\S/)) : 1;
}

/** Each identifier's last mention in a SQL file, by lower-cased name: where a name no select item defines is looked for. */
export function nameLines(text: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (text === undefined) return out;
  let line = 1, at = 0;
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    for (let i = at; i < m.index!; i++) if (text.charCodeAt(i) === 10) line++;
    at = m.index!;
    out.set(m[0].toLowerCase(), line);
  }
  return out;
}
