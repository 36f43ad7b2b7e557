// What the reader needs from a model's SQL (or Python) file without rendering it: its
// `config(...)` calls (kept as parsed expressions, evaluated later against the project's vars),
// its ref()/source() calls for lineage, and the names of `{% snapshot %}` blocks.
import type { Diagnostic } from '../diagnostics.js';
import { LineIndex } from '../yaml-fast.js';
import { evaluate, parseExpression, UNKNOWN, type JContext } from './jinja-expr.js';
import { mergeConfig, type Config } from './config-cascade.js';

type Expr = ReturnType<typeof parseExpression>['node'];

export interface SqlRef { name: string; package?: string; version?: string }
export interface SqlFacts {
  configCalls: { expr: Expr; line: number }[];
  refs: SqlRef[];
  sources: { source: string; table: string }[];
  snapshots: { name: string; line: number }[];
  diagnostics: Diagnostic[];
}

const REF = /\bref\s*\(\s*(['"])([^'"\n]+)\1(?:\s*,\s*(['"])([^'"\n]+)\3)?(?:\s*,\s*v(?:ersion)?\s*=\s*['"]?([^'")\s]+)['"]?)?\s*\)/g;
const SOURCE = /\bsource\s*\(\s*(['"])([^'"\n]+)\1\s*,\s*(['"])([^'"\n]+)\3\s*\)/g;
const CONFIG = /(\{\{-?|\{%-?\s*do)\s*(?:dbt\s*\.\s*)?config\s*\(|\bdbt\s*\.\s*config\s*\(/g;
const SNAPSHOT = /\{%-?\s*snapshot\s+([A-Za-z_][A-Za-z0-9_]*)\s*-?%\}/g;

export function readSqlFacts(raw: string, file: string): SqlFacts {
  // Jinja comments are not rendered; blank them out (keeping offsets) so nothing in them counts.
  const text = raw.includes('{#') ? raw.replace(/\{#[\s\S]*?#\}/g, (m) => m.replace(/[^\n]/g, ' ')) : raw;
  const facts: SqlFacts = { configCalls: [], refs: [], sources: [], snapshots: [], diagnostics: [] };
  let lines: LineIndex | undefined;
  const lineAt = (off: number) => (lines ??= new LineIndex(text)).lineOf(off);
  if (text.includes('config')) {
    for (const m of text.matchAll(CONFIG)) {
      try {
        const { node } = parseExpression(text, m.index! + (m[1]?.length ?? 0));
        facts.configCalls.push({ expr: node, line: lineAt(m.index!) });
      } catch (e: any) {
        facts.diagnostics.push({ code: 'SQL_CONFIG_UNREADABLE', severity: 'warning', file, line: lineAt(m.index!), column: 1,
          message: `cannot read this config() call: ${e.message}; its settings are ignored`,
          hint: 'write config() arguments as literals, var() or env_var() calls' });
      }
    }
  }
  if (text.includes('ref')) {
    for (const m of text.matchAll(REF)) {
      facts.refs.push(m[4] ? { package: m[2], name: m[4], version: m[5] } : { name: m[2], version: m[5] });
    }
  }
  if (text.includes('source')) for (const m of text.matchAll(SOURCE)) facts.sources.push({ source: m[2], table: m[4] });
  if (text.includes('snapshot')) for (const m of text.matchAll(SNAPSHOT)) facts.snapshots.push({ name: m[1], line: lineAt(m.index!) });
  return facts;
}

/** The settings of a file's config() calls, later calls on top of earlier ones. */
export function sqlConfig(facts: SqlFacts, ctx: JContext): Config {
  let out: Config = {};
  for (const c of facts.configCalls) {
    let kwargs: Record<string, unknown> | undefined;
    evaluate(c.expr, { ...ctx, call: (name, _args, kw) => {
      if (name === 'config' || name === 'dbt.config') { kwargs = kw; return ''; }
      ctx.note?.(`${name}() is a macro that is not evaluated when reading the project`);
      return UNKNOWN;
    } });
    if (kwargs) out = mergeConfig(out, kwargs);
  }
  return out;
}
