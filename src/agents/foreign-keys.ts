// Every way a dbt project declares that a column points at another model, read off one model:
//   relationships tests (`tests` / `data_tests`, plain and `arguments:` forms, model-level with
//   column_name, dbt_utils.relationships_where), `foreign_key:` / `references:` on the column or in
//   its `meta`, and foreign-key constraints (`to:` + `to_columns:`, or `expression:`), column- or
//   model-level.
import { isTest, parseRefTarget } from '../core/project/dbt-tests.js';
import type { DbtColumn, DbtNode, DbtTest } from '../core/project/types.js';

/** What a declaration points at, before it is resolved to an entity. */
export interface TargetRef {
  /** ref: a model name; source: `source.table`; name: a bare model/table/entity name; infer: from the column name */
  kind: 'ref' | 'source' | 'name' | 'infer';
  name: string;
}

export interface ForeignKeyDecl {
  model: string;
  column: string;
  target: TargetRef;
  targetColumn?: string;
  /** Human-readable origin, e.g. "relationships test in data_tests". */
  via: string;
  /** Project-relative file and line of the declaration (the column's or model's entry). */
  file?: string;
  line?: number;
}

export function foreignKeysOf(node: DbtNode): ForeignKeyDecl[] {
  const out: ForeignKeyDecl[] = [];
  const file = node.file;
  const add = (column: string, target: TargetRef | undefined, targetColumn: unknown, via: string, line?: number) => {
    if (!target || !column) return;
    out.push({ model: node.name, column, target, targetColumn: typeof targetColumn === 'string' && targetColumn ? targetColumn : undefined, via,
      ...(file ? { file } : {}), ...((line ?? node.line) ? { line: line ?? node.line } : {}) });
  };
  const addShorthand = (c: DbtColumn, v: unknown, via: string) => {
    if (v === false) return;
    const parsed = shorthand(v, c);
    if (parsed) add(c.name, parsed.target, parsed.column, via, c.line);
  };
  for (const c of node.columns) {
    for (const t of c.tests) if (isRelationshipTest(t)) add(c.name, targetOf(t.args.to), t.args.field ?? t.args.to_field, `relationships test in ${t.key}`, t.line ?? c.line);
    const raw = c.raw, meta = c.meta;
    if (raw?.foreign_key != null) addShorthand(c, raw.foreign_key, 'foreign_key in column');
    if (raw?.references != null) addShorthand(c, raw.references, 'references in column');
    if (meta?.foreign_key != null) addShorthand(c, meta.foreign_key, 'foreign_key in column meta');
    if (meta?.references != null) addShorthand(c, meta.references, 'references in column meta');
    for (const k of c.constraints) {
      if (k?.type !== 'foreign_key') continue;
      const parsed = constraintTarget(k);
      if (parsed) add(c.name, parsed.target, parsed.columns[0], 'foreign_key constraint', c.line);
    }
  }
  for (const t of node.tests) {
    if (isRelationshipTest(t) && typeof t.args.column_name === 'string') {
      add(t.args.column_name, targetOf(t.args.to), t.args.field ?? t.args.to_field, `relationships test in ${t.key}`, t.line);
    }
  }
  const modelLevel = node.raw?.constraints;
  if (Array.isArray(modelLevel)) {
    for (const k of modelLevel) {
      if (k?.type !== 'foreign_key') continue;
      const cols: string[] = Array.isArray(k.columns) ? k.columns.map(String) : typeof k.columns === 'string' ? [k.columns] : [];
      const parsed = constraintTarget(k);
      // composite keys: each column pairs with its counterpart
      if (parsed) cols.forEach((col, i) => add(col, parsed.target, parsed.columns[i], 'model-level foreign_key constraint'));
    }
  }
  return out;
}

function isRelationshipTest(t: DbtTest): boolean {
  if ((t.args.config as { enabled?: unknown } | undefined)?.enabled === false) return false; // dbt ignores disabled tests
  return isTest(t, 'relationships') || /(^|\.)relationships_where$/.test(t.name);
}

/** `ref('x')`, `source('s','t')`, or a bare name. */
function targetOf(v: unknown): TargetRef | undefined {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const r = parseRefTarget(v.replace(/^\{\{\s*|\s*\}\}$/g, ''));
  if (r) return { kind: r.kind, name: r.name };
  return { kind: 'name', name: v.trim() };
}

/** `foreign_key:` / `references:` in any of their shorthand forms. */
function shorthand(v: unknown, c: DbtColumn): { target: TargetRef; column?: string } | undefined {
  if (v === true) return { target: { kind: 'infer', name: c.name } };
  if (typeof v === 'string') {
    const s = v.trim();
    // ref('customers').customer_id  /  ref('customers')(customer_id)
    const m = /^((?:ref|source)\(.*\))\s*(?:\.\s*([A-Za-z_][\w]*)|\(\s*([A-Za-z_][\w]*)\s*\))?$/.exec(s);
    if (m) { const t = targetOf(m[1]); return t && { target: t, column: m[2] ?? m[3] }; }
    const dot = /^([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)$/.exec(s);
    if (dot) return { target: { kind: 'name', name: dot[1] }, column: dot[2] };
    const paren = /^([A-Za-z_][\w.]*)\s*\(\s*([A-Za-z_][\w]*)\s*\)$/.exec(s);
    if (paren) return { target: { kind: 'name', name: paren[1].split('.').pop()! }, column: paren[2] };
    return /^[A-Za-z_][\w]*$/.test(s) ? { target: { kind: 'name', name: s } } : undefined;
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, any>;
    const raw = o.to ?? o.ref ?? o.model ?? o.table ?? o.entity;
    const target = targetOf(raw);
    if (!target) return undefined;
    const col = o.column ?? o.field ?? o.to_column ?? o.to_field ?? (Array.isArray(o.to_columns) ? o.to_columns[0] : undefined) ?? (Array.isArray(o.columns) ? o.columns[0] : undefined);
    return { target, column: typeof col === 'string' ? col : undefined };
  }
  return undefined;
}

/** A foreign_key constraint's target: `to:` (+ `to_columns:`) or `expression: "<table> (<cols>)"`. */
function constraintTarget(k: Record<string, any>): { target: TargetRef; columns: string[] } | undefined {
  const toCols: string[] = Array.isArray(k.to_columns) ? k.to_columns.map(String) : typeof k.to_columns === 'string' ? [k.to_columns] : [];
  if (k.to) {
    const t = targetOf(k.to);
    return t && { target: t, columns: toCols };
  }
  if (typeof k.expression === 'string') {
    const m = /^(.*?)\s*\(\s*([^)]*)\)\s*$/.exec(k.expression.trim());
    if (!m) return undefined;
    const cols = m[2].split(',').map((s) => s.trim().replace(/^["`[]|["`\]]$/g, '')).filter(Boolean);
    const table = m[1];
    const ref = /(?:ref|source)\([^)]*\)/.exec(table);
    if (ref) { const t = targetOf(ref[0]); return t && { target: t, columns: cols }; }
    const last = table.replace(/\{\{[^}]*\}\}\.?/g, '').split('.').pop()?.trim().replace(/^["`[]|["`\]]$/g, '');
    return last ? { target: { kind: 'name', name: last }, columns: cols } : undefined;
  }
  return undefined;
}
