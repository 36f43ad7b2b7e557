// Questions asked of the lineage graph: where one column comes from and what it feeds (one hop,
// or up to a depth), every column of a node with its direct upstream, and the one-line refusal
// for a node or column the project does not have (with the nearest name).
import { UserError } from '../core/diagnostics.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import { lineageDepth } from './depth.js';
import type { ColumnStep } from '../core/columns/column-steps.js';
import type { LineageEdge, LineageGraph, LineageKind } from './graph.js';

/** `declared_by`: a source column its YAML does not list, known from the package's declared staging columns (the evidence) */
export interface LineageEntry { node: string; column: string; kind: LineageKind; file?: string; line?: number; depth?: number; declared_by?: string }
export interface UnresolvedEntry { node: string; column: string; reason: string; depth?: number }
export interface InfluenceEntry { node: string; column: string; kind: 'join' | 'filter'; file?: string; line?: number }
export interface ColumnLineage {
  column: string;
  /** the column is a source's that its YAML does not list: the package declaration it is known from */
  declared_by?: string;
  upstream: LineageEntry[];
  downstream: LineageEntry[];
  unresolved: UnresolvedEntry[];
  /** columns deciding which rows the column's model has (join keys, filters): not value lineage */
  influence: InfluenceEntry[];
  /** how the column is made in its model's file: the select items that make it, through its CTEs */
  made?: { file: string; steps: ColumnStep[] };
}
export interface NodeLineage {
  node: string;
  columns: ColumnLineage[];
  /** why no column of the node is known (its SQL could not be read), with its file */
  unresolved?: string;
  /** why the names of some of its columns are not known (the others are listed), with its file */
  partial?: string;
}

export interface ColumnAddress { id: string; node: string; column?: string }

/**
 * An address as SQL quotes it (`"orders"."customer_id"`, `` orders.`id` ``, `[orders].[id]`): a
 * column copied from a query is read as the plain names. A stray quote leaves the text as typed,
 * so the refusal quotes what the user wrote.
 */
function unquoteAddress(t: string): { text: string; parts?: string[] } {
  if (!/["`[]/.test(t)) return { text: t };
  const re = /"((?:[^"]|"")*)"|`([^`]*)`|\[([^\]]*)\]|([^."`[]+)|(\.)/y;
  const parts = [''];
  while (re.lastIndex < t.length) {
    const m = re.exec(t);
    if (!m) return { text: t };
    if (m[5]) parts.push('');
    else parts[parts.length - 1] += m[1]?.replace(/""/g, '"') ?? m[2] ?? m[3] ?? m[4];
  }
  return { text: parts.join('.'), parts };
}

/**
 * Where the node's name ends and the column's begins: before the last name (as quoted, a dot
 * in it kept), unless the text before it names no node and an earlier split names a node with
 * that column (a column whose name holds a dot, `payload.id`, typed unquoted).
 */
function columnDot(g: LineageGraph, t: string, parts?: string[]): number {
  const last = parts && parts.length > 1 ? t.length - parts[parts.length - 1].length - 1 : t.lastIndexOf('.');
  if (last <= 0 || g.idOf(t.slice(0, last))) return last;
  for (let i = t.indexOf('.'); i > 0 && i < last; i = t.indexOf('.', i + 1)) {
    const id = g.idOf(t.slice(0, i)), rest = t.slice(i + 1).toLowerCase();
    if (id && g.columnsOf(id).some((c) => c.toLowerCase() === rest)) return i;
  }
  return last;
}

/** A column of the project's own, to show the form with (orders.customer_id where it has none). */
function exampleAddress(g: LineageGraph): string {
  // a model's first (a source's column takes three parts, which says less about the form)
  const names = g.names();
  for (const name of [...names.filter((n) => !n.includes('.')), ...names.filter((n) => n.includes('.'))]) {
    const id = g.idOf(name);
    const col = id ? g.columnsOf(id)[0] : undefined;
    if (col) return `${name}.${col}`;
  }
  return 'orders.customer_id';
}

/** Read `NODE.COLUMN` (or `NODE` alone when `nodeOnly` allows it) against the graph; unknown names are refused with a suggestion. */
export function parseAddress(g: LineageGraph, text: string, opts: { allowNode?: boolean } = {}): ColumnAddress {
  const { text: t, parts } = unquoteAddress(text.trim());
  if (!t) throw new UserError('give a column as NODE.COLUMN, e.g. orders.customer_id', 1, 'COLUMN_NOT_FOUND');
  const whole = g.idOf(t);
  if (whole && opts.allowNode) return { id: whole, node: g.nameOf(whole) };
  // a path or an empty part (../x, a..b) split at its last dot names a node nobody typed ('../.'): say what was typed
  const odd = whole || parts ? undefined : /[/\\]/.test(t) ? 'a path' : t.startsWith('.') ? 'an empty name before a dot' : t.includes('..') ? 'an empty name between two dots' : undefined;
  if (odd) throw new UserError(`'${t}' is not NODE.COLUMN (${odd}): give a model, source or seed and one of its columns, e.g. ${exampleAddress(g)}`, 1, 'COLUMN_NOT_FOUND');
  const dot = columnDot(g, t, parts);
  const nodeText = dot > 0 ? t.slice(0, dot) : t;
  const colText = dot > 0 ? t.slice(dot + 1) : undefined;
  const id = g.idOf(nodeText);
  if (colText === undefined && !opts.allowNode) throw new UserError(`give a column as NODE.COLUMN: '${t}' ${whole ? 'is a node' : 'names no column'}${whole ? `; e.g. ${t}.${g.columnsOf(whole)[0] ?? 'id'}` : didYouMeanSuffix(t, g.names())}`, 1, 'COLUMN_NOT_FOUND');
  if (id && colText === '') throw new UserError(`give a column after the dot: '${t}' names no column; e.g. ${nodeText}.${g.columnsOf(id)[0] ?? 'id'}`, 1, 'COLUMN_NOT_FOUND');
  if (!id || colText === undefined) {
    // a node dbt does not build is absent from the graph: say so, rather than that the project lacks it
    const asked = g.disabled(nodeText) ? nodeText : colText !== undefined && g.disabled(t) ? t : undefined;
    const off = asked === undefined ? undefined : g.disabled(asked);
    if (off) throw new UserError(`'${asked}' is disabled (its enabled config${off.disabledBy ? ` at ${off.disabledBy}` : ''}), so dbt does not build it and it has no lineage; enable it (e.g. the var that config reads, with --vars) and re-run`, 1, 'COLUMN_NOT_FOUND');
    throw new UserError(`no node '${nodeText}' in the project${didYouMeanSuffix(nodeText, g.names())}`, 1, 'COLUMN_NOT_FOUND');
  }
  const cols = g.columnsOf(id);
  const col = cols.find((c) => c.toLowerCase() === colText.toLowerCase());
  const unread = cols.length ? undefined : unreadReason(g, id);
  if (unread) throw new UserError(`${g.nameOf(id)} has no known columns: ${unread}`, 1, 'COLUMN_NOT_FOUND');
  if (!col) {
    // some of its columns have no known name (a macro not rendered names them): the column asked for may be one
    const gaps = g.unresolved(id, colText).filter((r) => !r.includes('does not return'));
    throw new UserError(`${g.nameOf(id)} has no column '${colText}'${didYouMeanSuffix(colText, cols)}${gaps.length ? ` among the columns known; the names of others are not: ${gaps.join('; ')}` : ''}`, 1, 'COLUMN_NOT_FOUND');
  }
  return { id, node: g.nameOf(id), column: col };
}

const entry = (g: LineageGraph, e: LineageEdge, side: 'from' | 'to', depth?: number): LineageEntry => {
  const declared = g.declaredBy(e[side].id, e[side].column);
  return {
    node: g.nameOf(e[side].id), column: e[side].column, kind: e.kind,
    ...(e.file ? { file: e.file, line: e.line } : {}), ...(depth !== undefined ? { depth } : {}), ...(declared ? { declared_by: declared.by } : {}),
  };
};

/** Breadth-first over the edges one way, up to `depth` hops (each column once, at its nearest depth). */
function walk(g: LineageGraph, id: string, column: string, dir: 'up' | 'down', depth: number, onColumn?: (id: string, column: string, d: number) => void): { edge: LineageEdge; depth: number }[] {
  const out: { edge: LineageEdge; depth: number }[] = [];
  const seen = new Set<string>([`${id}\u0000${column.toLowerCase()}`]);
  let frontier = [{ id, column }];
  for (let d = 1; d <= depth && frontier.length; d++) {
    const next: { id: string; column: string }[] = [];
    for (const f of frontier) {
      for (const e of dir === 'up' ? g.up(f.id, f.column) : g.down(f.id, f.column)) {
        const o = dir === 'up' ? e.from : e.to;
        const k = `${o.id}\u0000${o.column.toLowerCase()}`;
        out.push({ edge: e, depth: d });
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(o);
        onColumn?.(o.id, o.column, d);
      }
    }
    frontier = next;
  }
  return out;
}

/** One column's lineage: direct parents and children, or all within `depth` hops (then each entry has its depth). */
export function columnLineage(g: LineageGraph, addr: { id: string; column: string }, depth?: number): ColumnLineage {
  const d = lineageDepth(depth) ?? 1;
  const tag = depth !== undefined;
  const unresolved: UnresolvedEntry[] = g.unresolved(addr.id, addr.column).map((reason) => ({ node: g.nameOf(addr.id), column: addr.column, reason, ...(tag ? { depth: 0 } : {}) }));
  const upstream = walk(g, addr.id, addr.column, 'up', d, tag ? (id, column, k) => {
    for (const reason of g.unresolved(id, column)) unresolved.push({ node: g.nameOf(id), column, reason, depth: k });
  } : undefined).map((x) => entry(g, x.edge, 'from', tag ? x.depth : undefined));
  const downstream = walk(g, addr.id, addr.column, 'down', d).map((x) => entry(g, x.edge, 'to', tag ? x.depth : undefined));
  const influence = g.influence(addr.id).map((i) => ({ node: g.nameOf(i.from.id), column: i.from.column, kind: i.as, ...(i.file ? { file: i.file, line: i.line } : {}) }));
  const declared = g.declaredBy(addr.id, addr.column);
  const made = g.made(addr.id, addr.column);
  return { column: `${g.nameOf(addr.id)}.${addr.column}`, ...(declared ? { declared_by: declared.by } : {}), upstream, downstream, unresolved, influence, ...(made ? { made } : {}) };
}

/**
 * Why a model or snapshot has no known column: its SQL did not read (a syntax error, Jinja that
 * does not render), named with its file and the fix; undefined when it has columns. Without this
 * an unreadable model looks like one with no columns.
 */
function unreadReason(g: LineageGraph, id: string): string | undefined {
  const n = g.node(id);
  if (!n || (n.resourceType !== 'model' && n.resourceType !== 'snapshot') || g.columnsOf(id).length) return undefined;
  // a column it cannot have: the graph answers with the model's own reason (its gaps)
  const why = g.unresolved(id, '\u0000').filter((r) => !r.includes('does not return'));
  const file = n.sqlPath ?? n.file;
  return `${file ? `${file}: ` : ''}${why.length ? why.join('; ') : 'its SQL returns no column'}; fix the SQL, or declare its columns in YAML`;
}

/** Every column of a node with its direct upstream (or why none is known). */
export function nodeLineage(g: LineageGraph, id: string): NodeLineage {
  const unresolved = unreadReason(g, id);
  const partial = unresolved ? undefined : partialReason(g, id);
  return { node: g.nameOf(id), columns: g.columnsOf(id).map((c) => columnLineage(g, { id, column: c })), ...(unresolved ? { unresolved } : {}), ...(partial ? { partial } : {}) };
}

/** Some columns known, others not (a name a macro not rendered makes): the model's own gaps, so a listing is not taken for all. */
function partialReason(g: LineageGraph, id: string): string | undefined {
  const n = g.node(id);
  if (!n || (n.resourceType !== 'model' && n.resourceType !== 'snapshot')) return undefined;
  const why = g.unresolved(id, '\u0000').filter((r) => !r.includes('does not return') && !r.includes('could not be read'));
  const file = n.sqlPath ?? n.file;
  return why.length ? `${file ? `${file}: ` : ''}${why.join('; ')}` : undefined;
}

/** Every column downstream of one, at all depths (each once, at its nearest depth). */
export function downstreamColumns(g: LineageGraph, id: string, column: string): { id: string; column: string; depth: number; via: LineageEdge }[] {
  const out: { id: string; column: string; depth: number; via: LineageEdge }[] = [];
  const seen = new Set<string>();
  for (const x of walk(g, id, column, 'down', Infinity)) {
    const k = `${x.edge.to.id}\u0000${x.edge.to.column.toLowerCase()}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ id: x.edge.to.id, column: x.edge.to.column, depth: x.depth, via: x.edge });
  }
  return out;
}
