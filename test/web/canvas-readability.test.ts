// The canvas's readability at size, as plain functions: the order within layers crosses few edges
// (a layered graph with a planted crossing-free order, shuffled, comes back with almost none), a
// folder's tables stay together in a layer, a big lineage view is a block whose layers follow
// lineage (keys among staging models do not make a hundred layers), many edges meeting one row
// fan out, and far out the lines between groups are drawn once each, counted.
import { describe, expect, it } from 'vitest';
import { countCrossings, orderLayers, withPlaceholders } from '../../web/src/canvas/layer-order';
import { bounds, layoutGraph } from '../../web/src/canvas/layout';
import type { CanvasGraph, CNode, CEdge } from '../../web/src/canvas/model';
import { fanOf, routeEdges } from '../../web/src/canvas/routing';
import { nodeSize } from '../../web/src/canvas/geometry';
import { farEdges } from '../../web/src/canvas/far-edges';

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

/** `layers` layers of `width` nodes, each edge joining nodes of neighbouring layers at nearby planted places; layers shuffled (and the crossings of the planted order). */
function planted(layers: number, width: number, seed = 7) {
  const rnd = random(seed);
  const place = new Map<string, number>();
  const ls: string[][] = [];
  for (let l = 0; l < layers; l++) {
    ls.push(Array.from({ length: width }, (_, i) => { const id = `n${l}_${i}`; place.set(id, i); return id; }));
  }
  const edges: [string, string][] = [];
  for (let l = 0; l + 1 < layers; l++) for (const s of ls[l]) {
    const p = place.get(s)!;
    for (let k = 0; k < 2; k++) { const q = Math.min(width - 1, Math.max(0, p + Math.floor(rnd() * 3) - 1)); edges.push([s, `n${l + 1}_${q}`]); }
  }
  const layer = new Map(ls.flatMap((l, i) => l.map((id) => [id, i] as const)));
  const inPlantedOrder = countCrossings(withPlaceholders(ls, edges, layer));
  for (const l of ls) for (let i = l.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [l[i], l[j]] = [l[j], l[i]]; }
  return { ls, edges, layer, inPlantedOrder };
}

const col = (name: string, pk = false) => ({ name, pk, fk: !pk, unique: pk, notNull: pk, tests: [] });
const node = (id: string, folder: string): CNode => ({ id, name: id, kind: 'model', folder, tags: [], columns: [col(`${id}_id`, true), col('parent_id')] });

describe('the order within layers', () => {
  it('crosses few edges: a shuffled layered graph comes back with under 5% of its crossings', () => {
    const { ls, edges, layer, inPlantedOrder } = planted(8, 60);
    const g = withPlaceholders(ls, edges, layer);
    const before = countCrossings(g);
    const after = countCrossings(orderLayers(g));
    expect(before).toBeGreaterThan(10_000);
    expect(after).toBeLessThan(before * 0.05);
    // (the order it was made in crosses fewer still: barycenter sweeps find a good order, not the best)
    expect(after).toBeGreaterThanOrEqual(inPlantedOrder);
  });

  it('counts crossings exactly, and routes an edge over two layers through the layer between', () => {
    // a→d and b→c cross; c and d are one layer down
    const g = withPlaceholders([['a', 'b'], ['c', 'd']], [['a', 'd'], ['b', 'c']], new Map([['a', 0], ['b', 0], ['c', 1], ['d', 1]]));
    expect(countCrossings(g)).toBe(1);
    expect(countCrossings(orderLayers(g))).toBe(0);
    const long = withPlaceholders([['a'], ['b'], ['c']], [['a', 'c']], new Map([['a', 0], ['b', 1], ['c', 2]]));
    expect(long.layers[1]).toHaveLength(2);
  });

  it("keeps a folder's tables together within a layer", () => {
    const { ls, edges, layer } = planted(5, 40, 11);
    const group = (id: string) => (Number(id.split('_')[1]) % 3 === 0 ? 'models/finance' : 'models/marketing');
    const out = orderLayers(withPlaceholders(ls, edges, layer), (id) => (id.startsWith('n') ? group(id) : undefined));
    for (const l of out.layers) {
      const seq = l.filter((id) => id.startsWith('n')).map(group);
      const runs = seq.filter((g, i) => i === 0 || g !== seq[i - 1]).length;
      expect(runs).toBeLessThanOrEqual(2);
    }
  });
});

/** Sources → staging (keys chained among staging, as real projects' staging models reference each other) → marts. */
function lineageProject(n: number): CanvasGraph {
  const nodes: CNode[] = [], edges: CEdge[] = [];
  for (let i = 0; i < n; i++) {
    nodes.push({ ...node(`src_${i}`, 'models/staging'), kind: 'source' }, node(`stg_${i}`, `models/staging/s${i % 4}`));
    edges.push({ id: `s${i}`, kind: 'source', from: { node: `src_${i}` }, to: { node: `stg_${i}` } });
    if (i >= 4) edges.push({ id: `k${i}`, kind: 'relationship', from: { node: `stg_${i}`, column: 'parent_id' }, to: { node: `stg_${i - 4}`, column: `stg_${i - 4}_id` } });
  }
  for (let j = 0; j < n / 2; j++) {
    nodes.push(node(`fct_${j}`, 'models/marts'));
    for (const i of [j, (j * 7) % n]) edges.push({ id: `r${j}_${i}`, kind: 'ref', from: { node: `stg_${i}` }, to: { node: `fct_${j}` } });
  }
  return { source: { kind: 'project' }, layoutPath: 'x', nodes, edges, pinned: {} };
}

describe('a big lineage view', () => {
  it('is laid out in the layers lineage makes (sources, staging, marts), as a block about a screen wide, without overlaps', async () => {
    const g = lineageProject(240);
    const pos = await layoutGraph(g, {}, () => { throw new Error('ELK is not used above 200 tables'); });
    const b = bounds(g, pos);
    expect(b.width / b.height).toBeGreaterThan(1 / 2);
    expect(b.width / b.height).toBeLessThan(3);
    // lineage flows left to right, every edge of it: the keys among staging models made no layers to wrap into bands
    const backwards = g.edges.filter((e) => e.kind !== 'relationship' && pos[e.from.node].x >= pos[e.to.node].x).map((e) => e.id);
    expect(backwards).toEqual([]);
    // far out: one line per pair of groups (a folder's tables lying together), counting every edge between groups
    const far = farEdges(g, pos);
    expect(far.groups.length).toBeLessThan(g.nodes.length / 10);
    expect(far.lines.length).toBeLessThan(g.edges.length / 5);
    expect(far.groups.map((x) => x.name)).toEqual(expect.arrayContaining(['marts', 'staging/s0']));
    expect(far.groups.reduce((n, x) => n + x.tables, 0)).toBe(g.nodes.length);
    expect(far.lines.reduce((n, l) => n + l.count, 0)).toBeLessThanOrEqual(g.edges.length);
    // lines leaving one group spread along its side: no two start at one point
    expect(new Set(far.lines.map((l) => `${l.from.x},${l.from.y}`)).size).toBe(far.lines.length);
    const rects = g.nodes.map((n) => ({ ...pos[n.id], w: 170, h: 60 }));
    const seen = new Set(rects.map((r) => `${Math.round(r.x)},${Math.round(r.y)}`));
    expect(seen.size).toBe(g.nodes.length);
  });
});

describe('many edges meeting one row', () => {
  it('fan out: each end its own point on the row, leaning apart in the order of the other ends', () => {
    const ends = Array.from({ length: 20 }, (_, i) => fanOf(i, 20));
    expect(new Set(ends.map((e) => e.dy)).size).toBe(20);
    expect(Math.max(...ends.map((e) => Math.abs(e.dy)))).toBeLessThan(11);
    for (let i = 1; i < 20; i++) expect(ends[i].fan - ends[i - 1].fan).toBeGreaterThanOrEqual(6);
    expect(fanOf(0, 1)).toEqual({ dy: 0, fan: 0 });

    const hub = node('hub', 'models/core');
    const refs = Array.from({ length: 6 }, (_, i) => node(`r${i}`, 'models/marts'));
    const g: CanvasGraph = { source: { kind: 'project' }, layoutPath: 'x', nodes: [hub, ...refs], pinned: {},
      edges: refs.map((r) => ({ id: `e${r.id}`, kind: 'relationship', from: { node: r.id, column: 'parent_id' }, to: { node: 'hub', column: 'hub_id' } })) };
    const pos = Object.fromEntries([['hub', { x: 0, y: 300 }], ...refs.map((r, i) => [r.id, { x: 500, y: (5 - i) * 120 }])]);
    const routes = routeEdges(g, pos);
    const atHub = routes.map((r) => ({ other: r.from.at.y, fan: r.to.fan.fan }));
    expect(new Set(atHub.map((r) => r.fan)).size).toBe(6);
    const byOther = [...atHub].sort((a, b) => a.other - b.other).map((r) => r.fan);
    expect(byOther).toEqual([...byOther].sort((a, b) => a - b));
  });
});

describe('edge labels', () => {
  // tables are drawn over edges: a label reaching under one was cut to "hubspot_contact_id (infer"
  // on a focus where tables stand close (hubs-core-network's stg_fact_orders)
  it('are left off where they would reach under a table, and drawn where there is room', () => {
    const g: CanvasGraph = { source: { kind: 'project' }, layoutPath: 'x', nodes: [node('hub', 'models/core'), node('r0', 'models/marts')], pinned: {},
      edges: [{ id: 'e', kind: 'inferred', from: { node: 'r0', column: 'parent_id' }, to: { node: 'hub', column: 'hub_id' } }] };
    const width = nodeSize(g.nodes[0]).width;
    const label = (gap: number) => routeEdges(g, { hub: { x: 0, y: 0 }, r0: { x: width + gap, y: 0 } })[0].label;
    expect(label(90)).toBeUndefined();
    expect(label(400)).toBe('parent_id (inferred)');
  });
});
