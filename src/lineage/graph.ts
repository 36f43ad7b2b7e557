// The project's column lineage graph: for every model and snapshot, each output column → the
// columns of upstream nodes its value comes from (read from the model's SQL as dbt compiles it:
// src/core/columns), with the kind of each edge and the file:line of the expression; and the
// reverse (each column → the columns it feeds). Join and filter columns are kept apart, per
// model, as row influence. What cannot be traced is `unresolved` with its reason, never a guess.
// Built once per state of the project; the next state (a few files changed) replaces the parts of
// the models whose reading changed and keeps the rest.
import type { DbtNode, Project } from '../core/project/types.js';
import { addedColumns, projectColumns, type ColumnsOptions, type SqlReading } from '../core/columns/project-columns.js';
import { columnSteps, madeSteps, type ColumnStep } from '../core/columns/column-steps.js';
import { columnLineOf, type ColumnLines } from '../core/columns/select-lines.js';
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
  /** a source column its YAML does not list, known from a package's declared staging columns: the evidence (staging-columns.ts) */
  declaredBy(id: string, column: string): { macro: string; by: string } | undefined;
  /** columns deciding the rows of a model (join keys, filters) */
  influence(id: string): InfluenceEdge[];
  node(id: string): DbtNode | undefined;
  /** how a model's column is made in its own file (column-steps.ts): the select items worth showing, read when asked */
  made(id: string, column: string): { file: string; steps: ColumnStep[] } | undefined;
  /** a node dbt does not build (its `enabled` is false as the project is read): named so a refusal says why it is absent */
  disabled(name: string): DbtNode | undefined;
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

/** A model's part of the graph, kept per state so the next state replaces only the models whose reading changed. */
interface Part {
  reading: SqlReading;
  file?: string;
  up: [string, LineageEdge[]][];
  unresolved: [string, string[]][];
  gaps?: string[];
  influence?: InfluenceEdge[];
  outputs: string[];
  edges: number;
  unres: number;
}
/** The graph's tables, updated in place from one state to the next. */
interface Tables {
  parts: Map<string, Part>;
  up: Map<string, LineageEdge[]>;
  down: Map<string, LineageEdge[]>;
  unresolved: Map<string, string[]>;
  gaps: Map<string, string[]>;
  influence: Map<string, InfluenceEdge[]>;
  outputs: Map<string, string[]>;
  /** columns of a node read by some model: lower-cased name → name as first read, and how many edges read it */
  read: Map<string, Map<string, { name: string; n: number }>>;
  /** each model file's column → line (the select item defining it), found when first asked for */
  fileLines: Map<string, ColumnLines>;
  nodes?: NodeIndex;
  edges: number;
  unres: number;
}

/** Every node by id and by display name (lower-cased), and the other packages' models and snapshots. */
interface NodeIndex {
  byId: Map<string, DbtNode>;
  byName: Map<string, string>;
  packaged: DbtNode[];
  /** how many nodes the project itself has; the packages' node list they were read from, and its ids */
  own: number;
  packageNodes: readonly DbtNode[];
  packageIds: string[];
}

const graphs = new WeakMap<Project, { files: unknown; graph: LineageGraph; tables: Tables; target: string }>();

/** The lineage graph of a project (one per state of the project; the SQL parser must be loaded). */
export function lineageGraph(p: Project, opts: ColumnsOptions = {}): LineageGraph {
  const held = graphs.get(p);
  const target = JSON.stringify(opts.target ?? null);
  if (held && held.files === p.files && held.target === target) return held.graph;
  // a new state: the models whose reading is unchanged keep their part of the graph
  const { graph, tables } = build(p, opts, held && held.target === target ? held.tables : undefined);
  graphs.set(p, { files: p.files, graph, tables, target });
  return graph;
}

/** A node's display name; versions other than the latest are `name.v2`. */
function displayName(n: DbtNode): string {
  if (n.resourceType === 'source') return `${n.sourceName ?? ''}.${n.tableName ?? n.name}`.replace(/^\./, '');
  return n.version !== undefined && n.latestVersion === false ? `${n.name}.v${n.version}` : n.name;
}

function emptyTables(): Tables {
  return { parts: new Map(), up: new Map(), down: new Map(), unresolved: new Map(), gaps: new Map(), influence: new Map(), outputs: new Map(), read: new Map(), fileLines: new Map(), edges: 0, unres: 0 };
}

/** A model's SQL file as written (an installed package's as its read kept it), else its code in dbt's manifest. */
function nodeText(p: Project, n: DbtNode, file: string): string | undefined {
  try { return p.sqlText?.(file) ?? p.readText(file); } catch { return manifestCode(p, n); }
}

/** One model's part of the graph, from its reading. */
function partOf(p: Project, t: Tables, n: DbtNode, r: SqlReading): Part {
  const file = n.sqlPath;
  const lines = () => {
    let l = file ? t.fileLines.get(file) : undefined;
    if (file && !l) {
      let text: string | undefined;
      t.fileLines.set(file, (l = columnLineOf(nodeText(p, n, file), addedColumns(n))));
    }
    return l;
  };
  // lines are found when first asked for (reading every file up front would double the build):
  // a column's where its select item defines it, a join or filter column's where it is last read
  const lineOf = (name: string) => lines()?.column(name);
  const mentionOf = (name: string) => lines()?.mention(name);
  const part: Part = { reading: r, file, up: [], unresolved: [], outputs: r.columns.map((c) => c.name), edges: 0, unres: 0, ...(r.gaps.length ? { gaps: r.gaps } : {}) };
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
    if (list.length) part.up.push([k, list]);
    part.edges += list.length;
    if (c.unresolved) { part.unresolved.push([k, [notRendered(c.placeholders, r) ?? c.unresolved]]); part.unres++; }
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
      list.push(file ? { from: { id: i.relation, column }, to: n.uniqueId, as: i.as, file, get line() { return mentionOf(column); } } : { from: { id: i.relation, column }, to: n.uniqueId, as: i.as });
    }
    part.influence = list;
  }
  return part;
}

/**
 * A package model only target/manifest.json lists (not installed here): its raw_code is the
 * package's file as dbt read it, so its lines are the file's; else the compiled_code lines.
 */
function manifestCode(p: Project, n: DbtNode): string | undefined {
  const m = p.target.manifest?.nodes?.[n.uniqueId] as { raw_code?: unknown; compiled_code?: unknown } | undefined;
  return typeof m?.raw_code === 'string' ? m.raw_code : typeof m?.compiled_code === 'string' ? m.compiled_code : undefined;
}

/** The macro calls an expression holds that were not rendered, each with its line and why (the renderer's reason), instead of a bare "a macro". */
function notRendered(ids: string[] | undefined, r: SqlReading): string | undefined {
  const held = (ids ?? []).map((id) => r.placeholders.find((x) => x.id === id)).filter((x) => x !== undefined);
  return held.length ? held.map((x) => `line ${x.line}: ${x.src} is not rendered: ${x.reason}`).join('; ') : undefined;
}

function addPart(t: Tables, id: string, part: Part): void {
  t.parts.set(id, part);
  if (part.gaps) t.gaps.set(id, part.gaps);
  t.outputs.set(id, part.outputs);
  if (part.influence) t.influence.set(id, part.influence);
  for (const [k, v] of part.unresolved) t.unresolved.set(k, v);
  for (const [k, list] of part.up) {
    t.up.set(k, list);
    for (const e of list) {
      // a column read from upstream is a column of it, documented or not (a source's YAML may list few)
      let cols = t.read.get(e.from.id);
      if (!cols) t.read.set(e.from.id, (cols = new Map()));
      const low = e.from.column.toLowerCase();
      const seen = cols.get(low);
      if (seen) seen.n++; else cols.set(low, { name: e.from.column, n: 1 });
      const dk = key(e.from.id, e.from.column);
      let d = t.down.get(dk);
      if (!d) t.down.set(dk, (d = []));
      d.push(e);
    }
  }
  t.edges += part.edges;
  t.unres += part.unres;
}

function removePart(t: Tables, id: string): void {
  const part = t.parts.get(id);
  if (!part) return;
  t.parts.delete(id);
  t.gaps.delete(id);
  t.outputs.delete(id);
  t.influence.delete(id);
  if (part.file) t.fileLines.delete(part.file);
  for (const [k] of part.unresolved) t.unresolved.delete(k);
  for (const [k, list] of part.up) {
    t.up.delete(k);
    for (const e of list) {
      const cols = t.read.get(e.from.id);
      const low = e.from.column.toLowerCase();
      const seen = cols?.get(low);
      if (seen && --seen.n === 0) { cols!.delete(low); if (!cols!.size) t.read.delete(e.from.id); }
      const dk = key(e.from.id, e.from.column);
      const d = t.down.get(dk);
      if (!d) continue;
      const rest = d.filter((x) => x !== e);
      if (rest.length) t.down.set(dk, rest); else t.down.delete(dk);
    }
  }
  t.edges -= part.edges;
  t.unres -= part.unres;
}

const projectNodes = (p: Project) => [p.sources, p.seeds, p.snapshots, p.models];

function indexNodes(p: Project): NodeIndex {
  const byId = new Map<string, DbtNode>();
  const byName = new Map<string, string>();
  let own = 0;
  for (const list of projectNodes(p)) for (const n of list) {
    byId.set(n.uniqueId, n);
    byName.set(displayName(n).toLowerCase(), n.uniqueId);
    own++;
  }
  return addPackages({ byId, byName, packaged: [], own, packageNodes: p.packageNodes, packageIds: [] });
}

/**
 * Other packages' nodes (installed under dbt_packages/, or listed by target/manifest.json): the
 * chain goes on through them to their sources; a name the project has is the project's.
 */
function addPackages(x: NodeIndex): NodeIndex {
  for (const n of x.packageNodes) {
    if (x.byId.has(n.uniqueId)) continue;
    x.byId.set(n.uniqueId, n);
    x.packageIds.push(n.uniqueId);
    const k = displayName(n).toLowerCase();
    if (!x.byName.has(k)) x.byName.set(k, n.uniqueId);
    if (n.resourceType === 'model' || n.resourceType === 'snapshot') x.packaged.push(n);
  }
  return x;
}

/**
 * The index of the previous state brought up to date: a node edited in place (same id, same
 * name) replaces its entry; a node added, removed or renamed indexes every node afresh. At 10,000
 * models, indexing afresh was most of a one-file update's time.
 */
function updateNodes(p: Project, was: NodeIndex | undefined): NodeIndex {
  if (!was) return indexNodes(p);
  let own = 0;
  const replaced: DbtNode[] = [];
  for (const list of projectNodes(p)) for (const n of list) {
    own++;
    const had = was.byId.get(n.uniqueId);
    if (had === n) continue;
    if (!had || displayName(had).toLowerCase() !== displayName(n).toLowerCase() || was.packageIds.includes(n.uniqueId)) return indexNodes(p);
    replaced.push(n);
  }
  if (own !== was.own) return indexNodes(p);
  for (const n of replaced) was.byId.set(n.uniqueId, n);
  if (was.packageNodes === p.packageNodes) return was;
  for (const id of was.packageIds) {
    const n = was.byId.get(id)!;
    was.byId.delete(id);
    const k = displayName(n).toLowerCase();
    if (was.byName.get(k) === id) was.byName.delete(k);
  }
  return addPackages({ ...was, packaged: [], packageNodes: p.packageNodes, packageIds: [] });
}

function build(p: Project, opts: ColumnsOptions, prev?: Tables): { graph: LineageGraph; tables: Tables } {
  const t0 = performance.now();
  const cols = projectColumns(p, opts);
  const nodes = updateNodes(p, prev?.nodes);
  const { byId, byName, packaged } = nodes;
  const stale: [DbtNode, SqlReading][] = [], all: [DbtNode, SqlReading][] = [];
  let count = 0;
  for (const list of [p.models, p.snapshots, packaged]) {
    for (const n of list) {
      const r = cols.sql(n);
      if (!r) continue;
      count++;
      all.push([n, r]);
      const had = prev?.parts.get(n.uniqueId);
      if (!had || had.reading !== r || had.file !== n.sqlPath) stale.push([n, r]);
    }
  }
  // many models read again (a macro or the target changed): building afresh costs less than replacing
  // (afresh: every model's part, not only the changed ones)
  const t = prev && stale.length * 4 < count ? prev : emptyTables();
  t.nodes = nodes;
  for (const [n, r] of t === prev ? stale : all) {
    if (t.parts.has(n.uniqueId)) removePart(t, n.uniqueId);
    addPart(t, n.uniqueId, partOf(p, t, n, r));
  }
  // models no longer read (removed, or no SQL now)
  if (t === prev && t.parts.size !== count) for (const id of [...t.parts.keys()]) { const n = byId.get(id); if (!n || !cols.sql(n)) removePart(t, id); }
  // every model's SQL has been read: the next command on an unchanged project parses none of it again
  cols.keep();
  const { up, down, unresolved, gaps, influence, outputs } = t;

  const nameOf = (id: string) => { const n = byId.get(id); return n ? displayName(n) : id; };
  const known = new Map<string, string[]>();
  const g: LineageGraph = {
    nameOf,
    idOf: (name) => byName.get(name.toLowerCase()),
    names: () => [...byName.keys()].map((k) => nameOf(byName.get(k)!)),
    node: (id) => byId.get(id),
    made: (id, column) => {
      const n = byId.get(id);
      const file = n && (n.resourceType === 'model' || n.resourceType === 'snapshot') ? n.sqlPath : undefined;
      if (!n || !file) return undefined;
      const steps = madeSteps(columnSteps(nodeText(p, n, file), column));
      return steps.length ? { file, steps } : undefined;
    },
    disabled: (name) => p.disabled.find((n) => displayName(n).toLowerCase() === name.toLowerCase()),
    columnsOf: (id) => {
      let c = known.get(id);
      if (c) return c;
      const seen = new Map<string, string>();
      for (const x of [...(outputs.get(id) ?? []), ...(byId.get(id) ? cols.of(id).map((y) => y.name) : []), ...[...(t.read.get(id)?.values() ?? [])].map((y) => y.name)]) if (!seen.has(x.toLowerCase())) seen.set(x.toLowerCase(), x);
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
    declaredBy: (id, column) => {
      const n = byId.get(id), d = n?.resourceType === 'source' ? cols.declared(id) : undefined;
      const low = column.toLowerCase();
      if (!d || !d.names.some((x) => x.toLowerCase() === low) || n!.columns.some((c) => c.name.toLowerCase() === low)) return undefined;
      return { macro: d.macro, by: d.by };
    },
    influence: (id) => influence.get(id) ?? [],
    stats: { models: outputs.size, edges: t.edges, unresolved: t.unres, ms: 0 },
  };
  g.stats.ms = Math.round(performance.now() - t0);
  return { graph: g, tables: t };
}
