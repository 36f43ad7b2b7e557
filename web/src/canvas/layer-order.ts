// The order of tables within the layers of a layered layout, chosen to cross few edges: edges
// spanning several layers pass through a placeholder in each layer between (so they take part
// in the order), then barycenter sweeps — each table to the mean place of its neighbours in the
// layer before, down then up, a few times — keeping the order that crossed least (counted
// exactly by inversions, E log E per layer pair). Tables of one folder stay together within a
// layer, their block placed by its members' mean. Plain functions, near-linear in the edges.

/** A layer's ids top to bottom; ids starting with this are placeholders of a long edge, not tables. */
export const VIA = '\u0000via:';

export interface Layered {
  layers: string[][];
  /** each id's neighbours in the next layer (placeholders included) */
  down: Map<string, string[]>;
  /** each id's neighbours in the layer before */
  up: Map<string, string[]>;
}

/** Layers of tables and the edges between them (from layer `layer(s)` < `layer(t)`), each long edge cut into one-layer steps. */
export function withPlaceholders(layers: string[][], edges: [string, string][], layer: Map<string, number>): Layered {
  const out = layers.map((l) => [...l]);
  const down = new Map<string, string[]>(), up = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const d = down.get(a); if (d) d.push(b); else down.set(a, [b]);
    const u = up.get(b); if (u) u.push(a); else up.set(b, [a]);
  };
  let n = 0;
  for (const [s, t] of edges) {
    const ls = layer.get(s)!, lt = layer.get(t)!;
    if (lt <= ls) continue;
    let prev = s;
    for (let l = ls + 1; l < lt; l++) { const via = `${VIA}${n++}`; out[l].push(via); link(prev, via); prev = via; }
    link(prev, t);
  }
  return { layers: out, down, up };
}

/** Edge crossings between each pair of neighbouring layers, summed (exact: inversions of the edges' lower ends). */
export function countCrossings(g: Layered): number {
  let total = 0;
  for (let i = 0; i + 1 < g.layers.length; i++) {
    const below = new Map(g.layers[i + 1].map((id, k) => [id, k]));
    const ends: number[] = [];
    // edges in order of their upper end, then lower end: crossings are the inversions left in the lower ends
    for (const id of g.layers[i]) {
      const ks = (g.down.get(id) ?? []).map((t) => below.get(t)).filter((k): k is number => k !== undefined).sort((a, b) => a - b);
      ends.push(...ks);
    }
    total += inversions(ends);
  }
  return total;
}

function inversions(a: number[]): number {
  if (a.length < 2) return 0;
  const buf = new Array<number>(a.length);
  let count = 0;
  for (let width = 1; width < a.length; width *= 2) {
    for (let lo = 0; lo < a.length; lo += 2 * width) {
      const mid = Math.min(lo + width, a.length), hi = Math.min(lo + 2 * width, a.length);
      let i = lo, j = mid, k = lo;
      while (i < mid && j < hi) { if (a[j] < a[i]) { count += mid - i; buf[k++] = a[j++]; } else buf[k++] = a[i++]; }
      while (i < mid) buf[k++] = a[i++];
      while (j < hi) buf[k++] = a[j++];
    }
    for (let k = 0; k < a.length; k++) a[k] = buf[k];
  }
  return count;
}

/**
 * The layers reordered to cross few edges: `sweeps` barycenter passes (alternately down and up),
 * the order with the fewest crossings kept. `group` (a table's folder): tables of one group stay
 * together in a layer, the groups ordered by the mean place of their members.
 */
export function orderLayers(g: Layered, group?: (id: string) => string | undefined, sweeps = 8): Layered {
  let layers = g.layers.map((l) => [...l]);
  const index = new Map<string, number>();
  const number = (l: string[]) => l.forEach((id, i) => index.set(id, i));
  const sortLayer = (l: string[], near: Map<string, string[]>) => {
    const key = new Map<string, number>();
    for (let i = 0; i < l.length; i++) {
      const ns = near.get(l[i]);
      let sum = 0, n = 0;
      if (ns) for (const m of ns) { const k = index.get(m); if (k !== undefined) { sum += k; n++; } }
      // a table with no neighbour that side keeps its place
      key.set(l[i], n ? sum / n : i);
    }
    let groupKey: Map<string, number> | undefined;
    if (group) {
      const acc = new Map<string, [number, number]>();
      for (const id of l) { const gr = group(id); if (gr === undefined) continue; const a = acc.get(gr) ?? [0, 0]; a[0] += key.get(id)!; a[1]++; acc.set(gr, a); }
      groupKey = new Map([...acc].map(([k, [s, n]]) => [k, s / n]));
    }
    const gk = (id: string) => { const gr = group?.(id); return gr === undefined ? key.get(id)! : groupKey!.get(gr)!; };
    const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    l.sort((a, b) => gk(a) - gk(b) || cmp(group?.(a) ?? '', group?.(b) ?? '') || key.get(a)! - key.get(b)!);
    number(l);
  };
  // start from the order a depth-first walk meets the tables in (neighbours start near each other,
  // as dot does), each group together where its first table was met
  const met = new Map<string, number>();
  let clock = 0;
  for (const l of layers) for (const root of l) {
    if (met.has(root)) continue;
    const stack = [root];
    while (stack.length) {
      const id = stack.pop()!;
      if (met.has(id)) continue;
      met.set(id, clock++);
      const next = [...(g.down.get(id) ?? []), ...(g.up.get(id) ?? [])];
      for (let k = next.length - 1; k >= 0; k--) if (!met.has(next[k])) stack.push(next[k]);
    }
  }
  for (const l of layers) {
    const first = new Map<string, number>();
    for (const id of l) { const gr = group?.(id) ?? id; first.set(gr, Math.min(first.get(gr) ?? Infinity, met.get(id)!)); }
    l.sort((a, b) => first.get(group?.(a) ?? a)! - first.get(group?.(b) ?? b)! || met.get(a)! - met.get(b)!);
  }
  layers.forEach(number);
  let best = layers.map((l) => [...l]), fewest = countCrossings({ ...g, layers });
  for (let s = 0; s < sweeps && fewest > 0; s++) {
    if (s % 2 === 0) for (let i = 1; i < layers.length; i++) sortLayer(layers[i], g.up);
    else for (let i = layers.length - 2; i >= 0; i--) sortLayer(layers[i], g.down);
    const c = countCrossings({ ...g, layers });
    if (c < fewest) { fewest = c; best = layers.map((l) => [...l]); }
  }
  layers = best;
  layers.forEach(number);
  // then neighbours swapped where that crosses less (a few passes; a folder's tables stay together)
  for (let pass = 0; pass < 4; pass++) {
    let gained = false;
    for (const l of layers) {
      for (let i = 0; i + 1 < l.length; i++) {
        const u = l[i], v = l[i + 1];
        const gu = group?.(u), gv = group?.(v);
        if (gu !== undefined && gv !== undefined && gu !== gv) continue;
        const now = pairCrossings(u, v, g, index), swapped = pairCrossings(v, u, g, index);
        if (swapped < now) { l[i] = v; l[i + 1] = u; index.set(v, i); index.set(u, i + 1); gained = true; }
      }
    }
    if (!gained) break;
  }
  return { ...g, layers };
}

/** Crossings between the edges of `u` and of `v` (both sides) when `u` is just above `v`: merged sorted places, linear. */
function pairCrossings(u: string, v: string, g: Layered, index: Map<string, number>): number {
  let c = 0;
  for (const near of [g.up, g.down]) {
    const a = places(near.get(u), index), b = places(near.get(v), index);
    // pairs (x of u, y of v) with y < x cross
    let j = 0;
    for (const x of a) { while (j < b.length && b[j] < x) j++; c += j; }
  }
  return c;
}

const places = (ids: string[] | undefined, index: Map<string, number>) => (ids ?? []).map((id) => index.get(id)!).sort((a, b) => a - b);
