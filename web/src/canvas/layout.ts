// ELK's layered layout for the tables, keeping every position a user placed: ELK places all
// tables (pinned ones as hints), each connected set is then wrapped and packed with the others
// of its domain or folder into one block (pack.ts), pinned tables take their saved positions,
// and a table that would overlap a pinned one is moved below it. `run` is ELK (in a worker in
// the browser, in process in tests), so this file stays plain TypeScript.
import { isKeyEdge, type CanvasGraph, type CNode } from './model';
import { nodeSize, type Point, type Size } from './geometry';
import { ASPECT, packGroups, type Rect } from './pack';
import { quickLayout, type QuickEdge, type QuickGraph } from './quick-layout';
import { compactStar, starHub, STAR_MIN } from './star';

export interface ElkNodeIn { id: string; width: number; height: number; x?: number; y?: number; layoutOptions?: Record<string, string> }
export interface ElkGraphIn { id: string; layoutOptions: Record<string, string>; children: ElkNodeIn[]; edges: { id: string; sources: string[]; targets: string[] }[] }
export interface ElkGraphOut { children?: { id: string; x?: number; y?: number }[] }
export type ElkRun = (g: ElkGraphIn) => Promise<ElkGraphOut>;

export const LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '90',
  'elk.spacing.nodeNode': '36',
  'elk.spacing.componentComponent': '70',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.separateConnectedComponents': 'true',
};

/** Above this many connected tables the quick layered layout replaces ELK (seconds there; minutes with lineage). */
export const BIG = 200;

export function elkInput(g: CanvasGraph, pinned: Record<string, Point>): QuickGraph {
  const ids = new Set(g.nodes.map((n) => n.id));
  const seen = new Set<string>();
  const edges: QuickEdge[] = [];
  // with lineage drawn, lineage makes the layers; keys only join tables into sets (the quick layout's `weak`)
  const lineage = g.edges.some((e) => !isKeyEdge(e));
  for (const e of g.edges) {
    if (!ids.has(e.from.node) || !ids.has(e.to.node) || e.from.node === e.to.node) continue;
    // referenced tables to the left of those that reference them; lineage flows left to right
    const key = isKeyEdge(e);
    const [s, t] = key ? [e.to.node, e.from.node] : [e.from.node, e.to.node];
    const weak = lineage && key;
    const k = `${s}>${t}${weak ? '~' : ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    edges.push({ id: `e${edges.length}`, sources: [s], targets: [t], ...(weak ? { weak } : {}) });
  }
  return {
    id: 'root', layoutOptions: LAYOUT_OPTIONS, edges,
    children: g.nodes.map((n) => ({ id: n.id, ...nodeSize(n), ...(pinned[n.id] ? { x: pinned[n.id].x, y: pinned[n.id].y } : {}) })),
  };
}

/** The group a table is packed with: its domain, else its folder below models/ (two levels). */
export function groupOf(n: CNode): string {
  if (n.domain) return `domain:${n.domain}`;
  const parts = (n.folder ?? '').split('/').filter(Boolean);
  if (parts[0] === 'models') parts.shift();
  return `folder:${parts.slice(0, 2).join('/')}`;
}

/** The connected sets of tables (by the laid-out edges): a table to its set's representative. */
function components(g: CanvasGraph, edges: QuickEdge[]): (id: string) => string {
  const parent = new Map<string, string>();
  const find = (a: string): string => { let r = a; while (parent.get(r) !== r) r = parent.get(r)!; parent.set(a, r); return r; };
  for (const n of g.nodes) parent.set(n.id, n.id);
  for (const e of edges) parent.set(find(e.sources[0]), find(e.targets[0]));
  return find;
}

/** Connected sets of tables, each as laid out, packed by group into a block. */
function packed(g: CanvasGraph, raw: Record<string, Point>, find: (id: string) => string): Record<string, Point> {
  const pieces = new Map<string, Rect[]>();
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  for (const n of g.nodes) {
    const p = raw[n.id] ?? { x: 0, y: 0 };
    const root = find(n.id);
    const list = pieces.get(root) ?? [];
    list.push({ id: n.id, ...p, ...nodeSize(n) });
    pieces.set(root, list);
  }
  // a piece belongs to the group most of its tables are in
  const groups = new Map<string, Rect[][]>();
  for (const piece of pieces.values()) {
    const votes = new Map<string, number>();
    for (const r of piece) { const k = groupOf(byId.get(r.id)!); votes.set(k, (votes.get(k) ?? 0) + 1); }
    const key = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    const list = groups.get(key) ?? [];
    list.push(piece);
    groups.set(key, list);
  }
  const keys = [...groups.keys()].sort();
  const out: Record<string, Point> = {};
  for (const r of packGroups(keys.map((k) => groups.get(k)!))) out[r.id] = { x: r.x, y: r.y };
  return out;
}

/** Each star-shaped connected set (a hub met by most of its tables) rearranged compactly around its hub (star.ts). */
function starsCompacted(g: CanvasGraph, raw: Record<string, Point>, find: (id: string) => string, edges: QuickEdge[]): void {
  const sets = new Map<string, string[]>();
  for (const n of g.nodes) if (raw[n.id]) { const r = find(n.id); const s = sets.get(r) ?? []; s.push(n.id); sets.set(r, s); }
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const degree = new Map<string, number>();
  for (const e of edges) for (const id of [e.sources[0], e.targets[0]]) degree.set(id, (degree.get(id) ?? 0) + 1);
  for (const ids of sets.values()) {
    if (ids.length <= STAR_MIN) continue;
    const hub = starHub(ids, edges);
    if (!hub) continue;
    for (const r of compactStar(ids.map((id) => ({ id, ...raw[id], ...nodeSize(byId.get(id)!) })), hub, ASPECT, (id) => degree.get(id) === 1)) raw[r.id] = { x: r.x, y: r.y };
  }
}

const overlaps = (a: Point & Size, b: Point & Size, gap: number) =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

/** Positions of every table: pinned ones where the user put them, the rest where ELK puts them, none overlapping a pinned one. */
export async function layoutGraph(g: CanvasGraph, pinned: Record<string, Point>, run: ElkRun): Promise<Record<string, Point>> {
  const out: Record<string, Point> = {};
  if (!g.nodes.length) return out;
  const free = g.nodes.filter((n) => !pinned[n.id]);
  if (free.length) {
    const input = elkInput(g, pinned);
    // a table no edge meets needs no layered layout: it is a piece of its own
    const met = new Set(input.edges.flatMap((e) => [e.sources[0], e.targets[0]]));
    const children = input.children.filter((c) => met.has(c.id));
    const raw: Record<string, Point> = {};
    const find = components(g, input.edges);
    if (children.length > BIG) {
      // each connected set on its own, so a set's tables stay together when the sets are packed
      const sets = new Map<string, QuickGraph>();
      for (const c of children) { const r = find(c.id); const s = sets.get(r) ?? { id: r, layoutOptions: {}, children: [], edges: [] }; s.children.push(c); sets.set(r, s); }
      for (const e of input.edges) sets.get(find(e.sources[0]))?.edges.push(e);
      // a folder's tables kept together within a layer
      const groups = new Map(g.nodes.map((n) => [n.id, groupOf(n)]));
      const group = (id: string) => groups.get(id)!;
      for (const set of sets.values()) for (const c of quickLayout(set, group).children ?? []) raw[c.id] = { x: c.x ?? 0, y: c.y ?? 0 };
    } else if (children.length) {
      const res = await run({ ...input, children, edges: input.edges.map(({ id, sources, targets }) => ({ id, sources, targets })) });
      for (const c of res.children ?? []) raw[c.id] = { x: c.x ?? 0, y: c.y ?? 0 };
    }
    starsCompacted(g, raw, find, input.edges);
    Object.assign(out, packed(g, raw, find));
  }
  const fixed: (Point & Size)[] = [];
  for (const n of g.nodes) if (pinned[n.id]) { out[n.id] = { ...pinned[n.id] }; fixed.push({ ...pinned[n.id], ...nodeSize(n) }); }
  if (fixed.length) {
    const gap = 24;
    for (const n of free) {
      const size = nodeSize(n);
      const p = out[n.id] ?? { x: 0, y: 0 };
      for (let guard = 0; guard < fixed.length + 1; guard++) {
        const hit = fixed.find((f) => overlaps({ ...p, ...size }, f, gap));
        if (!hit) break;
        p.y = hit.y + hit.height + gap;
      }
      out[n.id] = p;
      fixed.push({ ...p, ...size }); // later free tables stay clear of a moved one too
    }
  }
  return out;
}

/** The bounding box of laid-out tables. */
export function bounds(g: CanvasGraph, pos: Record<string, Point>): { x: number; y: number; width: number; height: number } {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const n of g.nodes) {
    const p = pos[n.id];
    if (!p) continue;
    const s = nodeSize(n);
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x + s.width); y1 = Math.max(y1, p.y + s.height);
  }
  if (x0 === Infinity) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
