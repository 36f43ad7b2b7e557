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
  /** tables after the filters (and the fold), before any focus */
  total: number;
  /** the focus in effect (asked for, or automatic for a big graph) */
  focus?: Focus & { automatic: boolean };
  /** tables of an automatic focus left out of the first screen (shown by "Show N more") */
  more?: number;
  /** keyless plumbing folded away (`_tmp` models, sources no key meets): a count, revealed on demand */
  folded?: number;
  /** the same plumbing, drawn because the user asked ("Hide tables without keys" folds it again) */
  revealed?: number;
  /** the first screen: no focus asked for, not "Show all" */
  overview?: boolean;
  /** the first screen draws keys only, however few its tables (ViewOptions.keys) */
  keys?: boolean;
  /** room for names this many times their size (ViewOptions.nameScale) */
  nameScale?: number;
  /** the detail "Auto" means here, measured for a view too big to read with every column (ViewOptions.detail) */
  detail?: Detail;
  /** the least zoom Fit view gives it: the whole does not read fitted, so it is fitted where names read (ViewOptions.readAt) */
  readAt?: number;
}

/**
 * A big project's first screen (its automatic focus) draws the hub and its best-connected
 * neighbours up to this many tables, the rest one click away: fitted, a hub with fifty neighbours
 * is text too small to read (cal-itp's warehouse opened so).
 */
export const FIRST_SCREEN = 24;

/**
 * The zoom below which a fitted first screen does not read (rows turn into bars below it, lod.ts
 * TEXT_ZOOM): a project whose whole diagram fits only below it opens on a focus, whatever its
 * size (Stripe's 64 tables opened at 22%, a grid of specks).
 */
export const READABLE_ZOOM = 0.5;

// a dbt package's `_tmp` models (stg_stripe__account_tmp, stg_hubspot__deal_tmp) select * from a
// source to fix its columns' types: plumbing, like the source tables themselves
const TMP = /_tmp$/i;

/**
 * The tables a data modeler would not draw: `_tmp` models and source tables with no key (no
 * primary or unique column) that no drawn relationship meets. A table with a relationship is never among them.
 */
export function plumbing(g: CanvasGraph): Set<string> {
  const related = new Set<string>();
  for (const e of g.edges) if (isKeyEdge(e)) { related.add(e.from.node); related.add(e.to.node); }
  return new Set(g.nodes.filter((n) => (n.kind === 'source' || (n.kind === 'model' && TMP.test(n.name)))
    && !related.has(n.id) && !n.columns.some((c) => c.pk || c.unique)).map((n) => n.id));
}

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

export interface ViewOptions {
  /** tables drawn at once before an automatic focus (FOCUS_LIMIT) */
  limit?: number;
  /** an automatic focus shows every table it holds, not only a first screen's */
  more?: boolean;
  /** draw the keyless plumbing too (folded away on the first screen otherwise) */
  plumbing?: boolean;
  /** an automatic focus whatever the count: the whole graph does not read fitted (the controller measured it) */
  tooBig?: boolean;
  /** tables on an automatic focus's first screen (FIRST_SCREEN; fewer when those do not read fitted) */
  firstScreen?: number;
  /** keys only, however few the tables: a first screen that did not read fitted with all columns */
  keys?: boolean;
  /** room for names this many times their size (CNode.nameScale): a first screen read zoomed out */
  nameScale?: number;
  /** what Auto draws in a view that is not a first screen (readable-view.ts measured it) */
  detail?: Detail;
  /** Fit view goes no lower than this zoom (readable-view.ts: the whole did not read at any detail) */
  readAt?: number;
}

export function visibleGraph(g: CanvasGraph, f: Filters, focus: Focus | undefined, showAll: boolean, o: ViewOptions = {}): VisibleGraph {
  const v = visibleOnly(g, f, focus, showAll, o);
  return { ...v, ...(o.detail ? { detail: o.detail } : {}), ...(o.readAt ? { readAt: o.readAt } : {}), ...(o.nameScale && o.nameScale > 1 ? { nameScale: o.nameScale } : {}) };
}

function visibleOnly(g: CanvasGraph, f: Filters, focus: Focus | undefined, showAll: boolean, o: ViewOptions): VisibleGraph {
  const limit = o.limit ?? FOCUS_LIMIT;
  const filtered = applyFilters(g, f);
  const asked = !!(focus && focus.ids.length);
  // the plumbing is folded unless revealed, lineage is drawn (which is about it) or a focus was asked for (it may be one)
  let fold = !f.lineage && !asked ? plumbing(filtered) : new Set<string>();
  // a view of plumbing only (sources and nothing else) is drawn as it is, never as an empty canvas
  if (fold.size === filtered.nodes.length) fold = new Set();
  const folded = !fold.size ? {} : o.plumbing ? { revealed: fold.size } : { folded: fold.size };
  if (o.plumbing) fold = new Set();
  const base = fold.size ? subgraph(filtered, filtered.nodes.filter((n) => !fold.has(n.id)), () => true) : filtered;
  // (with Lineage on the view is about the flow through every table: drawn whole, as asked)
  const overview = !asked && !showAll && !f.lineage ? { overview: true, ...(o.keys ? { keys: true } : {}), ...(o.nameScale && o.nameScale > 1 ? { nameScale: o.nameScale } : {}) } : {};
  const total = g.partOf?.total ?? base.nodes.length;
  let eff: VisibleGraph['focus'];
  if (asked) eff = { ...focus!, automatic: false };
  else if (g.partOf && g.partOf.focus.length) eff = { ids: g.partOf.focus, hops: g.partOf.hops, automatic: true };
  else if (!showAll && (total > limit || o.tooBig)) { const h = hub(base); if (h) eff = { ids: [h], hops: 1, automatic: true }; }
  if (!eff) return { graph: base, total, ...folded, ...overview };
  let ids = neighbourhood(base, eff.ids, eff.hops);
  // a hub with more neighbours than the limit shows the closest ones (edge order), never everything
  if (ids.size > limit) ids = new Set([...ids].slice(0, limit));
  let more = 0;
  const first = o.firstScreen ?? FIRST_SCREEN;
  if (eff.automatic && !o.more && ids.size > first) { const all = ids.size; ids = bestOf(base, ids, eff.ids, first); more = all - ids.size; }
  return { graph: subgraph(base, base.nodes.filter((n) => ids.has(n.id)), () => true), total, focus: eff, ...(more ? { more } : {}), ...folded, ...overview };
}

/** Above this many tables drawn, a table shows its keys only unless a detail is chosen. */
export const DETAIL_LIMIT = 50;
/** The same for a big project's first screen (an overview, which must read fitted): a hub and 23 neighbours with all columns do not. */
export const OVERVIEW_DETAIL_LIMIT = 12;

/** The detail the canvas draws at: the one chosen, else keys for an overview (a big project's first screen) or by how many tables are drawn. */
export const autoDetail = (tables: number, chosen?: Detail, overview = false): Detail => chosen ?? (tables > (overview ? OVERVIEW_DETAIL_LIMIT : DETAIL_LIMIT) ? 'keys' : 'all');

/** The detail "Auto" means for this view: keys on a first screen that did not read with all columns, else autoDetail. */
export const viewDetail = (v: VisibleGraph | undefined, chosen?: Detail): Detail =>
  chosen ?? v?.detail ?? (v?.keys ? 'keys' : autoDetail(v?.graph.nodes.length ?? 0, undefined, !!v?.focus?.automatic));

/**
 * The most room a first screen keeps for its names (CNode.nameScale): a 12 px name read at 11 px
 * on screen at READABLE_ZOOM (TableNode draws it larger as the zoom goes down, up to the room).
 */
export const NAME_SCALE = 11 / 12 / READABLE_ZOOM;

/** A table wider than this draws its keys in the Auto detail even among few tables: one 150-column table would make the fitted view a sliver. */
export const TALL_TABLE = 30;

/** The visible graph with each table's detail (the table's own, else the view's) and the columns its edges meet. */
export function withDetail(v: VisibleGraph, chosen: Detail | undefined, perTable: Record<string, Detail>): VisibleGraph {
  // a big project's first screen is an overview: keys from fewer tables, so that it stays readable fitted
  const all = viewDetail(v, chosen);
  const tall = chosen === undefined && all === 'all';
  const linked = new Map<string, string[]>();
  const link = (end: CEdge['from']) => { if (end.column) { const l = linked.get(end.node); if (l) l.push(end.column); else linked.set(end.node, [end.column]); } };
  for (const e of v.graph.edges) { link(e.from); link(e.to); }
  // a first screen read zoomed out: its names get the room to be drawn larger
  const scale = v.nameScale ? { nameScale: v.nameScale } : {};
  const nodes = v.graph.nodes.map((n) => ({ ...n, detail: perTable[n.id] ?? (tall && n.columns.length > TALL_TABLE ? 'keys' : all), linked: linked.get(n.id), ...scale }));
  return { ...v, graph: { ...v.graph, nodes } };
}
