// A layered layout in near-linear time for big views: ELK's layered algorithm takes seconds on a
// thousand tables (minutes with lineage), this takes milliseconds. Each connected set is laid
// out on its own: layers by longest path (cycles broken where a depth-first walk meets them) over
// the edges that say which way things flow (with Lineage on, ref()/source(); keys between tables
// are drawn but do not make layers — else a chain of keys among staging models makes a hundred),
// the order within a layer chosen to cross few edges, a folder's tables kept together
// (layer-order.ts), and a layer taller than the picture wraps into several columns, row by row
// in that order, so the whole is a block about as wide as a screen instead of a column
// 50,000 px tall cut into bands. Same input and output as ELK, so layout.ts treats the two alike.
import type { ElkGraphIn, ElkGraphOut } from './layout';
import { orderLayers, VIA, withPlaceholders } from './layer-order';

const LAYER_GAP = 90, NODE_GAP = 36, COLUMN_GAP = 36;
/** Width over height the wrapped layers aim for (a screen's). */
const ASPECT = 1.6;

/** An edge of the quick layout: `weak` ones (keys, with Lineage on) join sets but do not make layers or order. */
export type QuickEdge = ElkGraphIn['edges'][number] & { weak?: boolean };
export type QuickGraph = Omit<ElkGraphIn, 'edges'> & { edges: QuickEdge[] };

export function quickLayout(g: QuickGraph, groupOf?: (id: string) => string): ElkGraphOut {
  const size = new Map(g.children.map((c) => [c.id, c]));
  const out = new Map<string, string[]>();
  for (const c of g.children) out.set(c.id, []);
  for (const e of g.edges) {
    const s = e.sources[0], t = e.targets[0];
    if (e.weak || !size.has(s) || !size.has(t) || s === t) continue;
    out.get(s)!.push(t);
  }
  // drop the edges that close a cycle (found by a depth-first walk), keeping a DAG
  const state = new Map<string, 1 | 2>();
  const dag = new Map<string, string[]>(g.children.map((c) => [c.id, []]));
  for (const c of g.children) {
    if (state.has(c.id)) continue;
    const stack: [string, number][] = [[c.id, 0]];
    state.set(c.id, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const next = out.get(top[0])![top[1]++];
      if (next === undefined) { state.set(top[0], 2); stack.pop(); continue; }
      if (state.get(next) === 1) continue;
      dag.get(top[0])!.push(next);
      if (!state.has(next)) { state.set(next, 1); stack.push([next, 0]); }
    }
  }
  // longest-path layers, in topological order (Kahn)
  const indeg = new Map(g.children.map((c) => [c.id, 0]));
  for (const ts of dag.values()) for (const t of ts) indeg.set(t, indeg.get(t)! + 1);
  const layer = new Map<string, number>();
  const queue = g.children.filter((c) => !indeg.get(c.id)).map((c) => c.id);
  for (const id of queue) layer.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    for (const t of dag.get(id)!) {
      layer.set(t, Math.max(layer.get(t) ?? 0, layer.get(id)! + 1));
      indeg.set(t, indeg.get(t)! - 1);
      if (!indeg.get(t)) queue.push(t);
    }
  }
  const first: string[][] = [];
  for (const id of queue) (first[layer.get(id)!] ??= []).push(id);
  const edges: [string, string][] = [];
  for (const [s, ts] of dag) for (const t of ts) edges.push([s, t]);
  const ordered = orderLayers(withPlaceholders(first, edges, layer), groupOf && ((id) => (id.startsWith(VIA) ? undefined : groupOf(id))));
  const layers = ordered.layers.map((l) => l.filter((id) => !id.startsWith(VIA)));
  return { children: place(layers, size) };
}

interface Sized { width: number; height: number }

/** Layers left to right; a layer taller than the picture's height wraps into columns (row by row, keeping its order); each centred on the tallest. */
function place(layers: string[][], size: Map<string, Sized>): ElkGraphOut['children'] {
  const stack = (l: string[]) => l.reduce((h, id) => h + size.get(id)!.height + NODE_GAP, -NODE_GAP);
  const widest = (l: string[]) => l.reduce((w, id) => Math.max(w, size.get(id)!.width), 0);
  // the columns each layer needs under a height limit, and the width that gives
  const columnsAt = (limit: number) => layers.map((l) => Math.max(1, Math.min(l.length, Math.ceil(stack(l) / limit))));
  const widthAt = (cols: number[]) => layers.reduce((w, l, i) => w + cols[i] * (widest(l) + COLUMN_GAP) - COLUMN_GAP + LAYER_GAP, -LAYER_GAP);
  // the lowest height limit whose picture is no wider than ASPECT times it (halving search)
  let lo = Math.max(1, ...layers.flatMap((l) => l.map((id) => size.get(id)!.height))), hi = Math.max(lo, ...layers.map(stack));
  for (let k = 0; k < 30 && hi - lo > 1; k++) {
    const mid = (lo + hi) / 2;
    if (widthAt(columnsAt(mid)) > ASPECT * mid) lo = mid; else hi = mid;
  }
  const cols = columnsAt(hi);
  const blocks = layers.map((l, i) => grid(l, cols[i], size, widest(l)));
  const tallest = Math.max(...blocks.map((b) => b.height));
  const children: ElkGraphOut['children'] = [];
  let x = 0;
  blocks.forEach((b) => {
    const dy = (tallest - b.height) / 2;
    for (const c of b.at) children.push({ id: c.id, x: x + c.x, y: dy + c.y });
    x += b.width + LAYER_GAP;
  });
  return children;
}

/** A layer's tables in `cols` columns, filled row by row in order (so the order still reads top to bottom). */
function grid(l: string[], cols: number, size: Map<string, Sized>, cellW: number): { at: { id: string; x: number; y: number }[]; width: number; height: number } {
  const at: { id: string; x: number; y: number }[] = [];
  let y = 0;
  for (let r = 0; r * cols < l.length; r++) {
    const row = l.slice(r * cols, (r + 1) * cols);
    row.forEach((id, c) => at.push({ id, x: c * (cellW + COLUMN_GAP), y }));
    y += Math.max(...row.map((id) => size.get(id)!.height)) + NODE_GAP;
  }
  return { at, width: cols * (cellW + COLUMN_GAP) - COLUMN_GAP, height: Math.max(0, y - NODE_GAP) };
}
