// What the reader needs from a model's SQL (or Python) file without rendering it: its
// `config(...)` calls (kept as parsed expressions, evaluated later against the project's vars),
// its ref()/source() calls for lineage, the names of `{% snapshot %}` blocks, and where the file
// calls ref(), source() and env_var() outside any {% if %}/{% for %}/{% macro %} block (calls dbt
// renders whatever the vars are, so a missing target or unset variable makes it refuse).
import type { Diagnostic } from '../diagnostics.js';
import { LineIndex } from '../yaml-fast.js';
import { evaluate, jinjaTruthy, parseExpression, UNKNOWN, unmark, type JContext } from './jinja-expr.js';
import { mergeConfig, type Config } from './config-cascade.js';
import { blankPythonComments, closingParenEnd } from './python-source.js';

type Expr = ReturnType<typeof parseExpression>['node'];

export interface SqlRef { name: string; package?: string; version?: string }
/**
 * One {% if %}/{% elif %}/{% else %} branch around a config() call: dbt renders the call only
 * when the earlier conditions of its if-block are false and its own (none for else) is true.
 * A condition that does not parse is null (not known).
 */
export interface IfBranch { earlier: (Expr | null)[]; own?: Expr | null }
export interface ConfigCall { expr: Expr; line: number; branches?: IfBranch[] }
export interface SqlFacts {
  configCalls: ConfigCall[];
  refs: SqlRef[];
  sources: { source: string; table: string }[];
  snapshots: { name: string; line: number }[];
  /** ref()/source()/env_var() calls (env_var without a default only) rendered unconditionally, with their lines. */
  calls: SqlCall[];
  /**
   * Names that may be vars read in the file: `var('issue')`, and quoted names inside `{{ }}` that a
   * macro may pass to var() (`union_data(default_variable='customer_source')`). A var whose value is
   * `{{ source('jira', 'issue') }}` makes the file depend on that source, as dbt's parse records.
   */
  varNames?: string[];
  diagnostics: Diagnostic[];
}
export interface SqlCall { kind: 'ref' | 'source' | 'env_var'; name: string; package?: string; line: number }

const REF = /\bref\s*\(\s*(['"])([^'"\n]+)\1(?:\s*,\s*(['"])([^'"\n]+)\3)?(?:\s*,\s*v(?:ersion)?\s*=\s*['"]?([^'")\s]+)['"]?)?\s*\)/g;
const SOURCE = /\bsource\s*\(\s*(['"])([^'"\n]+)\1\s*,\s*(['"])([^'"\n]+)\3\s*\)/g;
const CONFIG = /(\{\{-?|\{%-?\s*do)\s*(?:dbt\s*\.\s*)?config\s*\(|\bdbt\s*\.\s*config\s*\(/g;
const ENV_VAR = /\benv_var\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
const VAR_CALL = /(?<![\w.])var\s*\(\s*(['"])([A-Za-z_][\w]*)\1/g;
const EXPRESSION = /\{\{[\s\S]*?\}\}/g;
const QUOTED_NAME = /(['"])([A-Za-z_]\w*)\1/g;
const BLOCK_TAG = /\{%-?\s*(if|for|macro|call|filter|set|raw|endif|endfor|endmacro|endcall|endfilter|endset|endraw)\b([^%]*)%\}/g;
const IF_TAG = /\{%-?\s*(if|elif|else|endif)\b([\s\S]*?)-?%\}/g;
const SNAPSHOT = /\{%-?\s*snapshot\s+([A-Za-z_][A-Za-z0-9_]*)\s*-?%\}/g;

export function readSqlFacts(raw: string, file: string): SqlFacts {
  // Jinja comments are not rendered, nor a Python model's comments read: blank them out (keeping
  // offsets) so nothing in them counts.
  const python = file.toLowerCase().endsWith('.py');
  const text = python ? blankPythonComments(raw)
    : raw.includes('{#') ? raw.replace(/\{#[\s\S]*?#\}/g, (m) => m.replace(/[^\n]/g, ' ')) : raw;
  const facts: SqlFacts = { configCalls: [], refs: [], sources: [], snapshots: [], calls: [], diagnostics: [] };
  let lines: LineIndex | undefined;
  const lineAt = (off: number) => (lines ??= new LineIndex(text)).lineOf(off);
  if (text.includes('config')) {
    const branchesAt = text.includes('{%') ? ifBranches(text) : undefined;
    for (const m of text.matchAll(CONFIG)) {
      try {
        const at = m.index! + (m[1]?.length ?? 0);
        const { node } = parseExpression(python ? text.slice(0, closingParenEnd(text, at)) : text, at);
        const branches = branchesAt?.(m.index!);
        facts.configCalls.push({ expr: node, line: lineAt(m.index!), ...(branches?.length ? { branches } : {}) });
      } catch (e: any) {
        facts.diagnostics.push({ code: 'SQL_CONFIG_UNREADABLE', severity: 'warning', file, line: lineAt(m.index!), column: 1,
          message: `cannot read this config() call: ${e.message}; its settings are ignored`,
          hint: 'write config() arguments as literals, var() or env_var() calls' });
      }
    }
  }
  let guarded: ((off: number) => boolean) | undefined;
  const plain = (off: number) => !(guarded ??= guardedRanges(text))(off);
  if (text.includes('ref')) {
    for (const m of text.matchAll(REF)) {
      facts.refs.push(m[4] ? { package: m[2], name: m[4], version: m[5] } : { name: m[2], version: m[5] });
      if (plain(m.index!)) facts.calls.push({ kind: 'ref', name: m[4] ?? m[2], ...(m[4] ? { package: m[2] } : {}), line: lineAt(m.index!) });
    }
  }
  if (text.includes('source')) {
    for (const m of text.matchAll(SOURCE)) {
      facts.sources.push({ source: m[2], table: m[4] });
      if (plain(m.index!)) facts.calls.push({ kind: 'source', name: `${m[2]}.${m[4]}`, line: lineAt(m.index!) });
    }
  }
  if (text.includes('var')) {
    const names = new Set<string>();
    for (const m of text.matchAll(VAR_CALL)) names.add(m[2]);
    // a var's name handed to a macro that reads it (union_data(default_variable='issue')): only in an
    // expression that reads vars — string_agg('label', …) names no var
    for (const block of text.matchAll(EXPRESSION)) if (/variable|\bvar\s*\(/.test(block[0])) for (const m of block[0].matchAll(QUOTED_NAME)) names.add(m[2]);
    if (names.size) facts.varNames = [...names];
  }
  if (text.includes('env_var')) for (const m of text.matchAll(ENV_VAR)) if (plain(m.index!)) facts.calls.push({ kind: 'env_var', name: m[2], line: lineAt(m.index!) });
  if (text.includes('snapshot')) for (const m of text.matchAll(SNAPSHOT)) facts.snapshots.push({ name: m[1], line: lineAt(m.index!) });
  return facts;
}

/**
 * Whether an offset lies inside a Jinja block that may not be rendered (or rendered with other
 * values): {% if %}, {% for %}, {% macro %}, {% call %}, {% filter %}, a block {% set %}, {% raw %}.
 */
/** The ref()s and source()s a var's value renders (`"{{ source('jira', 'issue') }}"`). */
export function relationsIn(value: string): { refs: SqlRef[]; sources: { source: string; table: string }[] } {
  const refs: SqlRef[] = [], sources: { source: string; table: string }[] = [];
  if (value.includes('ref')) for (const m of value.matchAll(REF)) refs.push(m[4] ? { package: m[2], name: m[4], version: m[5] } : { name: m[2], version: m[5] });
  if (value.includes('source')) for (const m of value.matchAll(SOURCE)) sources.push({ source: m[2], table: m[4] });
  return { refs, sources };
}

export function guardedRanges(text: string): (off: number) => boolean {
  const ranges: [number, number][] = [];
  const open: number[] = [];
  for (const m of text.matchAll(BLOCK_TAG)) {
    const tag = m[1];
    if (tag === 'set' && m[2].includes('=')) continue; // `{% set x = ... %}` has no end tag
    if (!tag.startsWith('end')) { open.push(m.index!); continue; }
    const start = open.pop();
    if (start !== undefined && open.length === 0) ranges.push([start, m.index! + m[0].length]);
  }
  if (open.length) ranges.push([open[0], text.length]); // unclosed: treat the rest as guarded
  return (off) => ranges.some(([a, b]) => off >= a && off < b);
}

/**
 * The if-branches that enclose an offset, outermost first, from the file's {% if %}, {% elif %},
 * {% else %} and {% endif %} tags (other blocks do not change which branch a call is in).
 */
function ifBranches(text: string): (off: number) => IfBranch[] {
  type Open = { conds: (Expr | null)[]; inElse: boolean };
  const marks: { at: number; open: IfBranch[] }[] = [];
  const stack: Open[] = [];
  const cond = (src: string): Expr | null => {
    try {
      const { node, end } = parseExpression(src);
      return src.slice(end).trim() === '' ? node : null;
    } catch { return null; }
  };
  const snapshot = () => stack.map((o) => (o.inElse ? { earlier: o.conds } : { earlier: o.conds.slice(0, -1), own: o.conds[o.conds.length - 1] }));
  for (const m of text.matchAll(IF_TAG)) {
    const tag = m[1];
    if (tag === 'if') stack.push({ conds: [cond(m[2])], inElse: false });
    else if (!stack.length) continue; // a stray tag: dbt would refuse the file; nothing to guard
    else if (tag === 'elif') stack[stack.length - 1].conds.push(cond(m[2]));
    else if (tag === 'else') stack[stack.length - 1].inElse = true;
    else stack.pop();
    marks.push({ at: m.index! + m[0].length, open: snapshot() });
  }
  return (off) => {
    let open: IfBranch[] = [];
    for (const k of marks) { if (k.at > off) break; open = k.open; }
    return open;
  };
}

/**
 * Whether dbt renders a call in these branches when it parses the project: false when a condition
 * decides against it, UNKNOWN when one cannot be evaluated here. `execute` is false while dbt
 * parses, and a var() nothing defines is None then (a config() value of None is refused instead).
 */
function rendered(branches: readonly IfBranch[] | undefined, ctx: JContext): { shown: boolean | typeof UNKNOWN; why?: string } {
  if (!branches) return { shown: true };
  const why: string[] = [];
  const at: JContext = { ...ctx, markers: false, missingVarIsNone: true, note: (r) => why.push(r), globals: { ...ctx.globals, execute: false } };
  const test = (e: Expr | null) => {
    if (!e) { why.push('a condition around it cannot be read'); return UNKNOWN; }
    const v = evaluate(e, at);
    return v === UNKNOWN ? UNKNOWN : jinjaTruthy(v);
  };
  let sure = true;
  for (const b of branches) {
    for (const e of b.earlier) { const v = test(e); if (v === true) return { shown: false }; if (v === UNKNOWN) sure = false; }
    if (b.own !== undefined) { const v = test(b.own); if (v === false) return { shown: false }; if (v === UNKNOWN) sure = false; }
  }
  return sure ? { shown: true } : { shown: UNKNOWN, why: why[0] };
}

/** The settings of a file's config() calls, later calls on top of earlier ones. */
export function sqlConfig(facts: SqlFacts, ctx: JContext): Config {
  return sqlConfigAt(facts, ctx).config;
}

/**
 * sqlConfig, and the line of the call that set `enabled` last (where a disabled model was decided).
 * A call in an {% if %} branch dbt does not render is skipped; in one whose condition is not known
 * here its `enabled` is not known either (its other settings are kept, as before).
 */
export function sqlConfigAt(facts: SqlFacts, ctx: JContext): { config: Config; enabledLine?: number } {
  let out: Config = {};
  let enabledLine: number | undefined;
  for (const c of facts.configCalls) {
    const { shown, why } = rendered(c.branches, ctx);
    if (shown === false) continue;
    let kwargs: Record<string, unknown> | undefined;
    // SQL is rendered as text, where dbt's as_bool passes its value through (no marker)
    evaluate(c.expr, { ...ctx, markers: false, call: (name, args, kw) => {
      // config(materialized='table') or config({'materialized': 'table'}): dbt takes both
      const dict = args[0] && typeof args[0] === 'object' && !Array.isArray(args[0]) ? args[0] as Record<string, unknown> : {};
      if (name === 'config' || name === 'dbt.config') { kwargs = { ...dict, ...kw }; return ''; }
      ctx.note?.(`${name}() is a macro that is not evaluated when reading the project`);
      return UNKNOWN;
    } });
    if (!kwargs) continue;
    const settings: Config = Object.fromEntries(Object.entries(kwargs).map(([k, v]) => [k, unmark(v)]));
    if (settings.enabled !== undefined) {
      enabledLine = c.line;
      if (shown === UNKNOWN) { settings.enabled = UNKNOWN; ctx.note?.(why ?? 'a condition around its config() call is not known when reading the project'); }
    }
    out = mergeConfig(out, settings);
  }
  return { config: out, enabledLine };
}

const MACRO_DEF = /\{%-?\s*(macro|test|materialization)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:\(|,\s*(?:adapter\s*=\s*['"]([A-Za-z0-9_]+)['"]|default))?/g;

/** The macros a file defines, named as dbt names them (`test_<name>` for generic tests, `materialization_<name>_<adapter>`). */
export function macroNames(text: string): string[] {
  if (!text.includes('{%')) return [];
  const plain = text.includes('{#') ? text.replace(/\{#[\s\S]*?#\}/g, '') : text;
  return [...plain.matchAll(MACRO_DEF)].map((m) => m[1] === 'macro' ? m[2] : m[1] === 'test' ? `test_${m[2]}` : `materialization_${m[2]}_${m[3] ?? 'default'}`);
}
