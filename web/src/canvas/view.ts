// What the canvas shows of a graph: the filters (folder, layer, domain, tag; lineage on or off),
// then either the focus (selected tables and their neighbours within N hops) or, for a graph too
// big to draw at once, an automatic focus on its best-connected table. Plain functions.
// the walks are the server's own (a pure file of src/, no imports), so both pick the same focus
import { bestConnected, neighbourhood as walk } from '../../../src/views/graph-walk.js';
import { isKeyEdge, type CanvasGraph, type CEdge, type CNode, type Detail } from './model';

export interface Filters {
  folders: string[];
  layers: string[];
  domains: string[];
  tags: string[];
  /** show ref()/source() lineage edges too */
  lineage: boolean;
  /** show keys the project does not declare but the Conceptualizer infers (dashed) */
  inferred: boolean;
}

export const NO_FILTERS: Filters = { folders: [], layers: [], domains: [], tags: [], lineage: false, inferred: true };

export interface Focus { ids: string[]; hops: number }

/** Tables drawn at once before the canvas shows a focused subgraph instead. */
export const FOCUS_LIMIT = 150;

export interface Facets { folders: string[]; layers: string[]; domains: string[]; tags: string[] }

export function facets(g: CanvasGraph): Facets {
  const f = { folders: new Set<string>(), layers: new Set<string>(), domains: new Set<string>(), tags: new Set<string>() };
  for (const n of g.nodes) {
    if (n.folder) f.folders.add(n.folder);
    if (n.layer) f.layers.add(n.layer);
    if (n.domain) f.domains.add(n.domain);
    for (const t of n.tags) f.tags.add(t);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { folders: sorted(f.folders), layers: sorted(f.layers), domains: sorted(f.domains), tags: sorted(f.tags) };
}

export const activeFilterCount = (f: Filters) => f.folders.length + f.layers.length + f.domains.length + f.tags.length;

function keep(n: CNode, f: Filters): boolean {
  if (f.folders.length && !f.folders.some((d) => n.folder === d || n.folder?.startsWith(d + '/'))) return false;
  if (f.layers.length && !(n.layer && f.layers.includes(n.layer))) return false;
  if (f.domains.length && !(n.domain && f.domains.includes(n.domain))) return false;
  if (f.tags.length && !n.tags.some((t) => f.tags.includes(t))) return false;
  return true;
}

function subgraph(g: CanvasGraph, nodes: CNode[], edgeOk: (e: CEdge) => boolean): CanvasGraph {
  const ids = new Set(nodes.map((n) => n.id));
  return { ...g, nodes, edges: g.edges.filter((e) => ids.has(e.from.node) && ids.has(e.to.node) && edgeOk(e)) };
}

export function applyFilters(g: CanvasGraph, f: Filters): CanvasGraph {
  // a source with no columns is only a lineage root: drawn when lineage is, or when a key names it
  const keyed = new Set<string>();
  if (!f.lineage) for (const e of g.edges) if (isKeyEdge(e) && (f.inferred || e.kind !== 'inferred')) { keyed.add(e.from.node); keyed.add(e.to.node); }
  const shown = (n: CNode) => f.lineage || n.kind !== 'source' || n.columns.length > 0 || keyed.has(n.id);
  return subgraph(g, g.nodes.filter((n) => keep(n, f) && shown(n)), (e) => (f.lineage || isKeyEdge(e)) && (f.inferred || e.kind !== 'inferred'));
}

/** `seeds` (those in the graph) and every table within `hops` edges of them, both ways: the server's walk (graph-walk.ts). */
export function neighbourhood(g: CanvasGraph, seeds: string[], hops: number): Set<string> {
  const known = new Set(g.nodes.map((n) => n.id));
  return walk(g.edges, seeds.filter((s) => known.has(s)), hops);
}

/** The table with the most edges (ties: by name), where an overview of a big graph starts — as the server picks it. */
export const hub = (g: CanvasGraph): string | undefined => bestConnected(g.nodes, g.edges, (n) => n.id, (n) => n.name)?.id;

export interface VisibleGraph {
  graph: CanvasGraph;
  /** tables after the filters, before any focus */
  total: number;
  /** the focus in effect (asked for, or automatic for a big graph) */
  focus?: Focus & { automatic: boolean };
  /** tables of an automatic focus left out of the first screen (shown by "Show N more") */
  more?: number;
}

/**
 * A big project's first screen (its automatic focus) draws the hub and its best-connected
 * neighbours up to this many tables, the rest one click away: fitted, a hub with fifty neighbours
 * is text too small to read (cal-itp's warehouse opened so).
 */
export const FIRST_SCREEN = 24;

/** The seeds and the best-connected others of `ids` (by tables met among `ids`, then name), `max` in all. */
function bestOf(g: CanvasGraph, ids: Set<string>, seeds: string[], max: number): Set<string> {
  const met = new Map<string, Set<string>>();
  for (const e of g.edges) {
    const a = e.from.node, b = e.to.node;
    if (a === b || !ids.has(a) || !ids.has(b)) continue;
    for (const [x, y] of [[a, b], [b, a]]) { const s = met.get(x) ?? new Set<string>(); s.add(y); met.set(x, s); }
  }
  const name = new Map(g.nodes.map((n) => [n.id, n.name]));
  const first = seeds.filter((s) => ids.has(s));
  const rest = [...ids].filter((id) => !first.includes(id))
    .sort((a, b) => (met.get(b)?.size ?? 0) - (met.get(a)?.size ?? 0) || (name.get(a) ?? a).localeCompare(name.get(b) ?? b));
  return new Set([...first, ...rest].slice(0, Math.max(max, first.length)));
}

/** `more`: an automatic focus shows every table it holds, not only a first screen's. */
export function visibleGraph(g: CanvasGraph, f: Filters, focus: Focus | undefined, showAll: boolean, o: { limit?: number; more?: boolean } = {}): VisibleGraph {
  const limit = o.limit ?? FOCUS_LIMIT;
  const filtered = applyFilters(g, f);
  const total = g.partOf?.total ?? filtered.nodes.length;
  let eff: VisibleGraph['focus'];
  if (focus && focus.ids.length) eff = { ...focus, automatic: false };
  else if (g.partOf && g.partOf.focus.length) eff = { ids: g.partOf.focus, hops: g.partOf.hops, automatic: true };
  else if (!showAll && total > limit) { const h = hub(filtered); if (h) eff = { ids: [h], hops: 1, automatic: true }; }
  if (!eff) return { graph: filtered, total };
  let ids = neighbourhood(filtered, eff.ids, eff.hops);
  // a hub with more neighbours than the limit shows the closest ones (edge order), never everything
  if (ids.size > limit) ids = new Set([...ids].slice(0, limit));
  let more = 0;
  if (eff.automatic && !o.more && ids.size > FIRST_SCREEN) { const all = ids.size; ids = bestOf(filtered, ids, eff.ids, FIRST_SCREEN); more = all - ids.size; }
  return { graph: subgraph(filtered, filtered.nodes.filter((n) => ids.has(n.id)), () => true), total, focus: eff, ...(more ? { more } : {}) };
}

/** Above this many tables drawn, a table shows its keys only unless a detail is chosen. */
export const DETAIL_LIMIT = 50;
/** The same for a big project's first screen (an overview, which must read fitted): a hub and 23 neighbours with all columns do not. */
export const OVERVIEW_DETAIL_LIMIT = 12;

/** The detail the canvas draws at: the one chosen, else keys for an overview (a big project's first screen) or by how many tables are drawn. */
export const autoDetail = (tables: number, chosen?: Detail, overview = false): Detail => chosen ?? (tables > (overview ? OVERVIEW_DETAIL_LIMIT : DETAIL_LIMIT) ? 'keys' : 'all');

/** A table wider than this draws its keys in the Auto detail even among few tables: one 150-column table would make the fitted view a sliver. */
export const TALL_TABLE = 30;

/** The visible graph with each table's detail (the table's own, else the view's) and the columns its edges meet. */
export function withDetail(v: VisibleGraph, chosen: Detail | undefined, perTable: Record<string, Detail>): VisibleGraph {
  // a big project's first screen is an overview: keys from fewer tables, so that it stays readable fitted
  const all = autoDetail(v.graph.nodes.length, chosen, !!v.focus?.automatic);
  const tall = chosen === undefined && all === 'all';
  const linked = new Map<string, string[]>();
  const link = (end: CEdge['from']) => { if (end.column) { const l = linked.get(end.node); if (l) l.push(end.column); else linked.set(end.node, [end.column]); } };
  for (const e of v.graph.edges) { link(e.from); link(e.to); }
  const nodes = v.graph.nodes.map((n) => ({ ...n, detail: perTable[n.id] ?? (tall && n.columns.length > TALL_TABLE ? 'keys' : all), linked: linked.get(n.id) }));
  return { ...v, graph: { ...v.graph, nodes } };
}
