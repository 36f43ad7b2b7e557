// The project's column lineage graph: for every model and snapshot, each output column → the
// columns of upstream nodes its value comes from (read from the model's SQL as dbt compiles it:
// src/core/columns), with the kind of each edge and the file:line of the expression; and the
// reverse (each column → the columns it feeds). Join and filter columns are kept apart, per
// model, as row influence. What cannot be traced is `unresolved` with its reason, never a guess.
// Built once per state of the project (a changed file builds it again; parses are cached by text).
import type { DbtNode, Project } from '../core/project/types.js';
import { nameLines, projectColumns, type ColumnsOptions } from '../core/columns/project-columns.js';
import type { EdgeKind } from '../core/sql-columns/scope.js';

export type LineageKind = Exclude<EdgeKind, 'literal'>;

/** One direct edge: `from` (upstream) feeds `to` (a column of a model or snapshot). */
export interface LineageEdge {
  from: { id: string; column: string };
  to: { id: string; column: string };
  kind: LineageKind;
  /** where the expression is: the downstream model's file and the line its column is returned on */
  file?: string;
  line?: number;
}

export interface InfluenceEdge { from: { id: string; column: string }; to: string; as: 'join' | 'filter'; file?: string; line?: number }

export interface LineageGraph {
  /** display name of a node id: a model's name, a source's `source_name.table_name` */
  nameOf(id: string): string;
  /** node id of a display name (case-insensitive) */
  idOf(name: string): string | undefined;
  /** every node name (for suggestions) */
  names(): string[];
  /** the columns a node is known to have (YAML, SQL, catalog, CSV header) */
  columnsOf(id: string): string[];
  up(id: string, column: string): LineageEdge[];
  down(id: string, column: string): LineageEdge[];
  /** why a column's value cannot be traced (fully or in part) */
  unresolved(id: string, column: string): string[];
  /** columns deciding the rows of a model (join keys, filters) */
  influence(id: string): InfluenceEdge[];
  node(id: string): DbtNode | undefined;
  stats: { models: number; edges: number; unresolved: number; ms: number };
}

/** An edge whose line is found when first read. */
function edge(from: LineageEdge['from'], to: LineageEdge['to'], kind: LineageKind, file: string | undefined, lineOf: (name: string) => number | undefined): LineageEdge {
  if (!file) return { from, to, kind };
  let line: number | undefined;
  return { from, to, kind, file, get line() { return (line ??= lineOf(to.column)); } };
}

const key = (id: string, column: string) => `${id}\u0000${column.toLowerCase()}`;
const RANK: LineageKind[] = ['passthrough', 'rename', 'transform', 'aggregate'];

const graphs = new WeakMap<Project, { files: unknown; graph: LineageGraph }>();

/** The lineage graph of a project (one per state of the project; the SQL parser must be loaded). */
export function lineageGraph(p: Project, opts: ColumnsOptions = {}): LineageGraph {
  const held = graphs.get(p);
  if (held && held.files === p.files) return held.graph;
  const graph = build(p, opts);
  graphs.set(p, { files: p.files, graph });
  return graph;
}

/** A node's display name; versions other than the latest are `name.v2`. */
function displayName(n: DbtNode): string {
  if (n.resourceType === 'source') return `${n.sourceName ?? ''}.${n.tableName ?? n.name}`.replace(/^\./, '');
  return n.version !== undefined && n.latestVersion === false ? `${n.name}.v${n.version}` : n.name;
}

function build(p: Project, opts: ColumnsOptions): LineageGraph {
  const t0 = performance.now();
  const cols = projectColumns(p, opts);
  const byId = new Map<string, DbtNode>();
  const byName = new Map<string, string>();
  for (const n of [...p.sources, ...p.seeds, ...p.snapshots, ...p.models]) {
    byId.set(n.uniqueId, n);
    byName.set(displayName(n).toLowerCase(), n.uniqueId);
  }
  const up = new Map<string, LineageEdge[]>();
  const down = new Map<string, LineageEdge[]>();
  const unresolved = new Map<string, string[]>();
  const gaps = new Map<string, string[]>();
  const influence = new Map<string, InfluenceEdge[]>();
  const outputs = new Map<string, string[]>();
  const read = new Map<string, Map<string, string>>();
  let edges = 0, unres = 0;
  const fileLines = new Map<string, Map<string, number>>();
  const lazyLine = (file: string, name: string) => {
    let lines = fileLines.get(file);
    if (!lines) { try { lines = nameLines(p.readText(file)); } catch { lines = new Map(); } fileLines.set(file, lines); }
    return lines.get(name.toLowerCase()) ?? 1;
  };

  for (const n of [...p.models, ...p.snapshots]) {
    const r = cols.sql(n);
    if (!r) continue;
    const file = n.sqlPath;
    // lines are found when first asked for (reading every file up front would double the build)
    const lineOf = (name: string) => (file ? lazyLine(file, name) : undefined);
    if (r.gaps.length) gaps.set(n.uniqueId, r.gaps);
    outputs.set(n.uniqueId, r.columns.map((c) => c.name));
    for (const c of r.columns) {
      const k = key(n.uniqueId, c.name);
      const merged = new Map<string, LineageEdge>();
      for (const s of c.sources) {
        if (s.kind === 'literal') continue;
        const sk = key(s.relation, s.column);
        const prev = merged.get(sk);
        if (prev) { if (RANK.indexOf(s.kind) > RANK.indexOf(prev.kind)) prev.kind = s.kind; continue; }
        merged.set(sk, edge({ id: s.relation, column: s.column }, { id: n.uniqueId, column: c.name }, s.kind, file, lineOf));
      }
      const list = [...merged.values()];
      if (list.length) up.set(k, list);
      for (const e of list) {
        // a column read from upstream is a column of it, documented or not (a source's YAML may list few)
        const seenCols = read.get(e.from.id) ?? new Map<string, string>();
        if (!seenCols.has(e.from.column.toLowerCase())) seenCols.set(e.from.column.toLowerCase(), e.from.column);
        read.set(e.from.id, seenCols);
        const dk = key(e.from.id, e.from.column);
        let d = down.get(dk);
        if (!d) down.set(dk, (d = []));
        d.push(e);
      }
      edges += list.length;
      if (c.unresolved) { unresolved.set(k, [c.unresolved]); unres++; }
    }
    if (r.influence?.length) {
      const seen = new Set<string>();
      const list: InfluenceEdge[] = [];
      for (const i of r.influence) {
        const ik = `${i.as}\u0000${key(i.relation, i.column)}`;
        if (seen.has(ik)) continue;
        seen.add(ik);
        const column = i.column;
        // a getter, not a spread: spreading would read every line now
        list.push(file ? { from: { id: i.relation, column }, to: n.uniqueId, as: i.as, file, get line() { return lineOf(column); } } : { from: { id: i.relation, column }, to: n.uniqueId, as: i.as });
      }
      influence.set(n.uniqueId, list);
    }
  }

  const nameOf = (id: string) => { const n = byId.get(id); return n ? displayName(n) : id; };
  const known = new Map<string, string[]>();
  const g: LineageGraph = {
    nameOf,
    idOf: (name) => byName.get(name.toLowerCase()),
    names: () => [...byName.keys()].map((k) => nameOf(byName.get(k)!)),
    node: (id) => byId.get(id),
    columnsOf: (id) => {
      let c = known.get(id);
      if (c) return c;
      const seen = new Map<string, string>();
      for (const x of [...(outputs.get(id) ?? []), ...(byId.get(id) ? cols.of(id).map((y) => y.name) : []), ...(read.get(id)?.values() ?? [])]) if (!seen.has(x.toLowerCase())) seen.set(x.toLowerCase(), x);
      c = [...seen.values()];
      known.set(id, c);
      return c;
    },
    up: (id, column) => up.get(key(id, column)) ?? [],
    down: (id, column) => down.get(key(id, column)) ?? [],
    unresolved: (id, column) => {
      const own = unresolved.get(key(id, column));
      if (own) return own;
      const n = byId.get(id);
      if (!n || (n.resourceType !== 'model' && n.resourceType !== 'snapshot')) return [];
      if (up.has(key(id, column))) return [];
      const out = outputs.get(id);
      if (out?.some((x) => x.toLowerCase() === column.toLowerCase())) return [];
      const g = gaps.get(id);
      return g?.length ? g : out ? [`${nameOf(id)}'s SQL does not return ${column}`] : ['the model\'s SQL could not be read'];
    },
    influence: (id) => influence.get(id) ?? [],
    stats: { models: outputs.size, edges, unresolved: unres, ms: 0 },
  };
  g.stats.ms = Math.round(performance.now() - t0);
  return g;
}
