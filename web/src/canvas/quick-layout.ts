// A layered layout in linear time for big views: ELK's layered algorithm takes seconds on a
// thousand tables (minutes with lineage), this takes milliseconds. Each connected set is laid
// out on its own: layers by longest path (cycles broken where a depth-first walk meets them),
// order within a layer by the mean place of the neighbours in the layer before (one sweep each
// way), each layer stacked and centred on the tallest. Same input and output as ELK, so
// layout.ts treats the two alike.
import type { ElkGraphIn, ElkGraphOut } from './layout';

const LAYER_GAP = 90, NODE_GAP = 36;

export function quickLayout(g: ElkGraphIn): ElkGraphOut {
  const size = new Map(g.children.map((c) => [c.id, c]));
  const out = new Map<string, string[]>(), inn = new Map<string, string[]>();
  for (const c of g.children) { out.set(c.id, []); inn.set(c.id, []); }
  for (const e of g.edges) {
    const s = e.sources[0], t = e.targets[0];
    if (!size.has(s) || !size.has(t) || s === t) continue;
    out.get(s)!.push(t); inn.get(t)!.push(s);
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
  const layers: string[][] = [];
  for (const id of queue) (layers[layer.get(id)!] ??= []).push(id);
  // order: the mean index of the neighbours in the layer before (a sweep right, then left)
  const index = new Map<string, number>();
  const number = (l: string[]) => l.forEach((id, i) => index.set(id, i));
  layers.forEach(number);
  const mean = (ids: string[], fallback: number) => {
    let sum = 0, n = 0;
    for (const id of ids) { const i = index.get(id); if (i !== undefined) { sum += i; n++; } }
    return n ? sum / n : fallback;
  };
  const sweep = (l: string[], near: (id: string) => string[]) => {
    const keyed = l.map((id, i) => [id, mean(near(id), i)] as const).sort((a, b) => a[1] - b[1]);
    l.splice(0, l.length, ...keyed.map((k) => k[0]));
    number(l);
  };
  for (let i = 1; i < layers.length; i++) sweep(layers[i], (id) => inn.get(id)!);
  for (let i = layers.length - 2; i >= 0; i--) sweep(layers[i], (id) => out.get(id)!);
  // coordinates: layers left to right, each stacked in its order and centred on the tallest
  const heightOf = (l: string[]) => l.reduce((h, id) => h + size.get(id)!.height + NODE_GAP, -NODE_GAP);
  const tallest = Math.max(...layers.map(heightOf));
  const children: ElkGraphOut['children'] = [];
  let x = 0;
  for (const l of layers) {
    let y = (tallest - heightOf(l)) / 2, widest = 0;
    for (const id of l) {
      const s = size.get(id)!;
      children.push({ id, x, y });
      y += s.height + NODE_GAP;
      widest = Math.max(widest, s.width);
    }
    x += widest + LAYER_GAP;
  }
  return { children };
}
