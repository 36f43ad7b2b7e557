// The project graph by level of detail, for a canvas that asks only for what it shows: a focus
// (tables and their neighbours within N hops, or `auto`: the best-connected table, as the canvas
// picks it for a big project), a folder, a layer, or the project summarised as clusters (one per
// folder or layer, with the edges between them counted). Only the tables shown are built with
// their columns, so a screen of a 10,000-model project costs a screen, not the project.
import type { DbtNode, Project } from '../core/project/types.js';
import { inferLayers } from '../governance/layers.js';
import { bestConnected, neighbourhood, type WalkEdge } from './graph-walk.js';
import { projectInferredEdges } from './inferred-edges.js';
import { projectGraph, type GraphEdge, type GraphSkeleton, type ProjectGraph } from './project-graph.js';

export interface GraphLodQuery {
  /** table ids (or names), or 'auto' for the best-connected table */
  focus?: string[] | 'auto';
  /** how far from the focus (edges either way); default 1 */
  hops?: number;
  /** walk ref()/source() lineage as well as keys when finding neighbours (the canvas's lineage filter) */
  lineage?: boolean;
  /**
   * walk the keys the Conceptualizer infers too (the canvas's Inferred filter): always for a focus
   * asked for; for `auto` only when no declared key meets the tables in scope, where a hub by
   * declared keys is a table with none (most real projects declare no relationships tests)
   */
  inferred?: boolean;
  /** tables whose folder (of their SQL, else YAML, file) is this one or under it */
  folder?: string;
  /** tables of this layer (staging, intermediate, marts, …) */
  layer?: string;
  /** at most this many tables (a focus keeps the nearest, in breadth-first order) */
  limit?: number;
}

export interface GraphLod {
  total_nodes: number;
  total_edges: number;
  /** the focus in effect (the table `auto` chose) */
  focus?: string[];
  hops?: number;
  /** tables left out by `limit` */
  truncated: boolean;
}

export interface GraphCluster { key: string; nodes: number; by_type: Record<string, number> }
export interface ClusterEdge { from: string; to: string; kind: GraphEdge['kind']; count: number }
export interface GraphClusters { project: string; by: 'folder' | 'layer'; clusters: GraphCluster[]; edges: ClusterEdge[]; lod: GraphLod }

const isKey = (e: GraphEdge) => e.kind === 'relationship' || e.kind === 'foreign_key';
export const folderOf = (n: DbtNode): string => { const p = n.sqlPath ?? n.file ?? ''; return p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : ''; };
export const layerOf = (n: DbtNode): string => inferLayers({ name: n.tableName ?? n.name, path: n.sqlPath ?? n.file, declared: n.meta?.layer })[0] ?? '';

/** The part of the project graph the query names, each table with its columns; `lod` says what of the whole it is. */
export function projectGraphLod(p: Project, q: GraphLodQuery): ProjectGraph & { lod: GraphLod } {
  let lod!: GraphLod;
  const g = projectGraph(p, (s) => {
    const { ids, focus, truncated } = pick(s, q, () => projectInferredEdges(p).edges);
    lod = { total_nodes: s.tables.length, total_edges: s.edges.length, ...(focus ? { focus, hops: q.hops ?? 1 } : {}), truncated };
    return ids;
  });
  return { ...g, lod };
}

function pick(s: GraphSkeleton, q: GraphLodQuery, inferred: () => WalkEdge[]): { ids: Set<string>; focus?: string[]; truncated: boolean } {
  let tables = s.tables;
  if (q.folder !== undefined) { const f = q.folder.replace(/\/+$/, ''); tables = tables.filter((n) => { const d = folderOf(n); return d === f || d.startsWith(f + '/'); }); }
  if (q.layer !== undefined) tables = tables.filter((n) => layerOf(n) === q.layer);
  const allowed = new Set(tables.map((n) => n.uniqueId));
  const inScope = (e: WalkEdge) => allowed.has(e.from.node) && allowed.has(e.to.node);
  const declared = s.edges.filter((e) => inScope(e) && (q.lineage || isKey(e)));
  const walk: WalkEdge[] = q.focus !== undefined && q.inferred && (q.focus !== 'auto' || !declared.some(isKey)) ? [...declared, ...inferred().filter(inScope)] : declared;
  const limit = q.limit ?? Infinity;
  if (q.focus === undefined) {
    const ids = tables.map((n) => n.uniqueId);
    return { ids: new Set(ids.slice(0, limit)), truncated: ids.length > limit };
  }
  const byName = new Map<string, string>();
  for (const n of tables) if (!byName.has(n.name)) byName.set(n.name, n.uniqueId);
  // 'auto' is the best-connected table, as the canvas picks it (graph-walk.ts, shared with web/src/canvas/view.ts)
  const seeds = q.focus === 'auto' ? [bestConnected(tables, walk, (n) => n.uniqueId, (n) => n.name)?.uniqueId].filter((x): x is string => !!x)
    : q.focus.map((f) => (allowed.has(f) ? f : byName.get(f))).filter((x): x is string => !!x);
  const ids = neighbourhood(walk, seeds, q.hops ?? 1);
  return { ids: new Set([...ids].slice(0, limit)), focus: seeds, truncated: ids.size > limit };
}

/** The project summarised: one cluster per folder or layer, and the edges between clusters counted by kind. */
export function projectGraphClusters(p: Project, by: 'folder' | 'layer'): GraphClusters {
  let skeleton!: GraphSkeleton;
  const g = projectGraph(p, (s) => { skeleton = s; return new Set(); });
  const keyOf = by === 'folder' ? folderOf : layerOf;
  const clusterOf = new Map<string, string>();
  const clusters = new Map<string, GraphCluster>();
  for (const n of skeleton.tables) {
    const key = keyOf(n);
    clusterOf.set(n.uniqueId, key);
    const c = clusters.get(key) ?? { key, nodes: 0, by_type: {} };
    c.nodes++;
    c.by_type[n.resourceType] = (c.by_type[n.resourceType] ?? 0) + 1;
    clusters.set(key, c);
  }
  const counted = new Map<string, ClusterEdge>();
  for (const e of skeleton.edges) {
    const from = clusterOf.get(e.from.node)!, to = clusterOf.get(e.to.node)!;
    const k = `${from}\u0000${to}\u0000${e.kind}`;
    const c = counted.get(k);
    if (c) c.count++; else counted.set(k, { from, to, kind: e.kind, count: 1 });
  }
  return {
    project: g.project, by, clusters: [...clusters.values()].sort((a, b) => a.key.localeCompare(b.key)), edges: [...counted.values()],
    lod: { total_nodes: skeleton.tables.length, total_edges: skeleton.edges.length, truncated: false },
  };
}

/** Every edge of the project without building any table's columns (what inferring keys needs to know is declared). */
export function projectEdges(p: Project): GraphEdge[] {
  let edges: GraphEdge[] = [];
  projectGraph(p, (s) => { edges = s.edges; return new Set(); });
  return edges;
}

export interface TableEntry { id: string; name: string; resource_type: string; file?: string; line?: number; layer?: string }

/** Every table of the project by name, without columns or edges: what a search box needs of a big project. */
export function projectTables(p: Project): { project: string; tables: TableEntry[] } {
  const tables = [...p.models, ...p.sources, ...p.seeds, ...p.snapshots];
  return { project: p.name, tables: tables.map((n) => ({ id: n.uniqueId, name: n.name, resource_type: n.resourceType, file: n.file, line: n.line, layer: layerOf(n) || undefined })) };
}
