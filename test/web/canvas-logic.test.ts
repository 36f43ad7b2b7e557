// The canvas's plain TypeScript, in Node with the real ELK: building the graph from the server's
// views, filters, focus and N hops, the automatic focus of a big graph, layout that keeps
// hand-placed positions, and the whole-diagram SVG.
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { fromModel, fromProjectGraph, positionsOf, projectLayoutPath } from '../../web/src/canvas/build';
import { diagramSvg, MAX_EXPORT_ASPECT } from '../../web/src/canvas/export';
import { columnY, edgeText, endMarks, HEADER_H, nodeSize, ROW_H } from '../../web/src/canvas/geometry';
import { bounds, layoutGraph, type ElkRun } from '../../web/src/canvas/layout';
import type { CanvasGraph, CNode } from '../../web/src/canvas/model';
import { pngScale } from '../../web/src/canvas/png';
import { applyFilters, DETAIL_LIMIT, TALL_TABLE, FIRST_SCREEN, FOCUS_LIMIT, hub, neighbourhood, NO_FILTERS, visibleGraph, withDetail } from '../../web/src/canvas/view';
import { buildTree, initialExpanded, newFileContent, visibleRows } from '../../web/src/explorer/tree';
import { projectGraph } from '../../src/api.js';
import { loadProject } from '../../src/core/project/load.js';
import { EXAMPLE } from '../helpers/cli.js';

const elk = new ELK();
const run: ElkRun = (g) => elk.layout(g as any) as any;
const example = () => fromProjectGraph(projectGraph(loadProject(EXAMPLE)) as any, projectLayoutPath('jaffle_shop'));

function chain(n: number): CanvasGraph {
  const nodes: CNode[] = Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: `t${i}`, kind: 'model', tags: [], columns: [{ name: 'id', pk: true, fk: false, unique: true, notNull: true, tests: [] }, { name: 'parent_id', pk: false, fk: i > 0, unique: false, notNull: false, tests: [] }] }));
  const edges = nodes.slice(1).map((m, i) => ({ id: `e${i}`, kind: 'relationship' as const, from: { node: m.id, column: 'parent_id' }, to: { node: `t${i}`, column: 'id' }, cardinality: 'many_to_one' as const }));
  return { source: { kind: 'project' }, layoutPath: 'Modeler/diagrams/x.diagram.yaml', nodes, edges, pinned: {} };
}

/** A hub table and `n` tables that reference it (a star: ELK alone draws it as one tall column). */
function star(n: number, folderOf: (i: number) => string = () => 'models/marts'): CanvasGraph {
  const col = (name: string, pk: boolean, fk: boolean) => ({ name, pk, fk, unique: pk, notNull: pk, tests: [] });
  const nodes: CNode[] = [{ id: 'hub', name: 'hub', kind: 'model', folder: 'models/core', tags: [], columns: [col('hub_id', true, false), col('name', false, false)] },
    ...Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: `s${i}`, kind: 'model', folder: folderOf(i), tags: [], columns: [col('id', true, false), col('hub_id', false, true), col('a', false, false), col('b', false, false)] }))];
  const edges = nodes.slice(1).map((m) => ({ id: `e-${m.id}`, kind: 'relationship' as const, from: { node: m.id, column: 'hub_id' }, to: { node: 'hub', column: 'hub_id' }, cardinality: 'many_to_one' as const }));
  return { source: { kind: 'project' }, layoutPath: 'Modeler/diagrams/x.diagram.yaml', nodes, edges, pinned: {} };
}

const aspectOf = (g: CanvasGraph, pos: Record<string, { x: number; y: number }>) => { const b = bounds(g, pos); return b.width / b.height; };
const noOverlaps = (g: CanvasGraph, pos: Record<string, { x: number; y: number }>) => {
  const rects = g.nodes.map((n) => ({ id: n.id, ...pos[n.id], ...nodeSize(n) }));
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) if (overlap(rects[i], rects[j])) return `${rects[i].id} / ${rects[j].id}`;
  return 'none';
};

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('building the canvas graph', () => {
  it('takes tables, keys with cardinality, and lineage from the project graph; marks referencing columns', () => {
    const g = example();
    expect(g.nodes.find((n) => n.name === 'orders')?.columns.find((c) => c.name === 'customer_id')?.fk).toBe(true);
    expect(g.nodes.find((n) => n.name === 'customers')?.columns.find((c) => c.name === 'customer_id')?.pk).toBe(true);
    const rel = g.edges.find((e) => e.kind === 'relationship' && e.from.column === 'customer_id' && e.from.node === 'model.jaffle_shop.orders')!;
    expect(endMarks(rel)).toEqual({ from: 'many', to: 'one' });
    expect(new Set(g.edges.map((e) => e.id)).size).toBe(g.edges.length);
    expect(g.layoutPath).toBe('Modeler/diagrams/jaffle_shop.diagram.yaml');
  });

  it('never draws an inferred key on a column whose key is declared (an inferred reply older than the graph, just after Apply)', () => {
    const graph = projectGraph(loadProject(EXAMPLE)) as any;
    const rel = graph.edges.find((e: any) => e.kind === 'relationship' && e.from.column === 'customer_id' && e.from.node === 'model.jaffle_shop.orders');
    const stale = { project: 'jaffle_shop', counts: { inferred: 1, declared_elsewhere: 0 }, edges: [
      { kind: 'inferred', from: { node: rel.from.node, column: 'CUSTOMER_ID' }, to: rel.to, via: 'inferred', cardinality: 'many_to_one', evidence: { rule: 'r', confidence: 0.9 }, entities: { from: 'Order', to: 'Customer' } },
    ] };
    const g = fromProjectGraph(graph, projectLayoutPath('jaffle_shop'), undefined, stale as any);
    expect(g.edges.filter((e) => e.kind === 'inferred')).toEqual([]);
    expect(g.edges.filter((e) => e.kind === 'relationship' && e.from.node === rel.from.node && e.from.column === 'customer_id')).toHaveLength(1);
  });

  it('takes entities, relationships and hand-placed positions from a model file', () => {
    const g = fromModel({
      path: 'Modeler/x.model.yaml', kind: 'model', valid: true, diagnostics: [], display: { positions: { A: { x: 5, y: 6 }, B: { x: 'no' } } },
      entities: [{ name: 'A', tags: [], columns: [{ name: 'id', primary_key: true, nullable: false, unique: true, tests: [] }] }, { name: 'B', tags: [], columns: [{ name: 'a_id', primary_key: false, nullable: true, unique: false, tests: [] }] }],
      relationships: [{ from: { entity: 'A', columns: ['id'] }, to: { entity: 'B', columns: ['a_id'] }, cardinality: 'one_to_many', verb: 'has' }],
    } as any);
    expect(g.pinned).toEqual({ A: { x: 5, y: 6 } });
    expect(g.nodes[1].columns[0].fk).toBe(true);
    expect(endMarks(g.edges[0])).toEqual({ from: 'one', to: 'many' });
    expect(positionsOf(undefined)).toEqual({});
  });
});

describe('what is shown', () => {
  it('filters by layer; sources without columns only with lineage; lineage edges only when asked', () => {
    const g = example();
    const marts = applyFilters(g, { ...NO_FILTERS, layers: ['mart'] });
    expect(marts.nodes.map((n) => n.name).sort()).toEqual(['customers', 'orders', 'rpt_daily_revenue']);
    expect(marts.edges.every((e) => e.kind !== 'ref')).toBe(true);
    expect(applyFilters(g, NO_FILTERS).nodes.some((n) => n.kind === 'source')).toBe(false);
    const withLineage = applyFilters(g, { ...NO_FILTERS, lineage: true });
    expect(withLineage.nodes.some((n) => n.kind === 'source')).toBe(true);
    expect(withLineage.edges.some((e) => e.kind === 'ref')).toBe(true);
  });

  it('focuses on tables and their neighbours within N hops', () => {
    const g = chain(10);
    expect([...neighbourhood(g, ['t5'], 1)].sort()).toEqual(['t4', 't5', 't6']);
    expect(neighbourhood(g, ['t5'], 3).size).toBe(7);
    const v = visibleGraph(g, NO_FILTERS, { ids: ['t0'], hops: 2 }, false);
    expect(v.graph.nodes.map((n) => n.id)).toEqual(['t0', 't1', 't2']);
    expect(v.graph.edges).toHaveLength(2);
    expect(v.focus).toMatchObject({ automatic: false, hops: 2 });
  });

  it('a graph over the limit opens on its best-connected table; Show all shows everything', () => {
    const g = chain(FOCUS_LIMIT + 50);
    g.edges.push(...[10, 20, 30].map((i) => ({ id: `x${i}`, kind: 'relationship' as const, from: { node: `t${i}`, column: 'parent_id' }, to: { node: 't99', column: 'id' } })));
    expect(hub(g)).toBe('t99');
    const v = visibleGraph(g, NO_FILTERS, undefined, false);
    expect(v.focus).toMatchObject({ ids: ['t99'], automatic: true });
    expect(v.graph.nodes.length).toBeLessThan(10);
    expect(v.total).toBe(FOCUS_LIMIT + 50);
    expect(visibleGraph(g, NO_FILTERS, undefined, true).graph.nodes).toHaveLength(FOCUS_LIMIT + 50);
  });

  it(`a big graph's first screen is its hub and the best-connected neighbours (${FIRST_SCREEN} tables, keys only); "Show N more" shows the rest`, () => {
    const g = star(60);
    // tables s0..s2 also reference one another: they are the best-connected after the hub
    g.edges.push({ id: 'x1', kind: 'relationship', from: { node: 's1', column: 'a' }, to: { node: 's0', column: 'id' } }, { id: 'x2', kind: 'relationship', from: { node: 's2', column: 'a' }, to: { node: 's1', column: 'id' } });
    const other = chain(FOCUS_LIMIT);
    g.nodes.push(...other.nodes.map((n) => ({ ...n, id: `c${n.id}`, name: `c${n.name}` })));
    const v = withDetail(visibleGraph(g, NO_FILTERS, undefined, false), undefined, {});
    expect(v.focus).toMatchObject({ ids: ['hub'], automatic: true });
    expect(v.graph.nodes).toHaveLength(FIRST_SCREEN);
    expect(v.more).toBe(61 - FIRST_SCREEN);
    expect(v.graph.nodes.map((n) => n.id).slice(0, 4).sort()).toEqual(['hub', 's0', 's1', 's2']);
    expect(v.graph.nodes.every((n) => n.detail === 'keys')).toBe(true);
    const all = visibleGraph(g, NO_FILTERS, undefined, false, { more: true });
    expect(all.graph.nodes).toHaveLength(61);
    expect(all.more).toBeUndefined();
    // a focus asked for is shown whole
    expect(visibleGraph(g, NO_FILTERS, { ids: ['hub'], hops: 1 }, false).graph.nodes).toHaveLength(61);
  });

  it('folds the keyless plumbing of the first screen (_tmp models, sources no key meets) into a count, never a table a relationship meets', () => {
    const g = star(3);
    const col = (name: string, pk = false) => ({ name, pk, fk: false, unique: pk, notNull: false, tests: [] });
    g.nodes.push(
      { id: 'tmp', name: 'stg_x__orders_tmp', kind: 'model', tags: [], columns: [col('id'), col('amount')] },
      { id: 'src', name: 'orders', kind: 'source', tags: [], columns: [col('id')] },
      // a key of its own, or a relationship: drawn whatever its name or kind
      { id: 'keyed_tmp', name: 'stg_x__keyed_tmp', kind: 'model', tags: [], columns: [col('id', true)] },
      { id: 'related_src', name: 'customers', kind: 'source', tags: [], columns: [col('id')] },
      { id: 'plain', name: 'stg_x__payments', kind: 'model', tags: [], columns: [col('id')] });
    g.edges.push({ id: 'r', kind: 'inferred', from: { node: 's0', column: 'a' }, to: { node: 'related_src', column: 'id' } });
    const ids = (v: ReturnType<typeof visibleGraph>) => v.graph.nodes.map((n) => n.id).sort();
    const first = visibleGraph(g, NO_FILTERS, undefined, false);
    expect(ids(first)).toEqual(['hub', 'keyed_tmp', 'plain', 'related_src', 's0', 's1', 's2']);
    expect(first).toMatchObject({ folded: 2, total: 7, overview: true });
    // without the inferred keys drawn, the source they met is plumbing too
    expect(visibleGraph(g, { ...NO_FILTERS, inferred: false }, undefined, false).folded).toBe(3);
    // revealed, with Lineage on, or in a focus asked for: drawn
    expect(visibleGraph(g, NO_FILTERS, undefined, false, { plumbing: true })).toMatchObject({ revealed: 2, total: 9 });
    expect(visibleGraph(g, { ...NO_FILTERS, lineage: true }, undefined, false).folded).toBeUndefined();
    expect(visibleGraph(g, NO_FILTERS, { ids: ['tmp'], hops: 1 }, false).graph.nodes.map((n) => n.id)).toEqual(['tmp']);
    // a view of nothing but plumbing is drawn as it is
    const sources = { ...g, nodes: g.nodes.filter((n) => n.id === 'src'), edges: [] };
    expect(visibleGraph(sources, NO_FILTERS, undefined, false).graph.nodes).toHaveLength(1);
  });

  it('a first screen too small to read fitted is a focus whatever its count, cut to fewer tables, keys only, names given room', () => {
    const g = star(30);
    const v = withDetail(visibleGraph(g, NO_FILTERS, undefined, false, { tooBig: true, firstScreen: 10, keys: true, nameScale: 1.5 }), undefined, {});
    expect(v.focus).toMatchObject({ ids: ['hub'], automatic: true });
    expect(v.graph.nodes).toHaveLength(10);
    expect(v.more).toBe(21);
    expect(v.graph.nodes.every((n) => n.detail === 'keys' && n.nameScale === 1.5)).toBe(true);
    // the room is the title's: a long name's table is wider, a short one's as wide as its rows make it
    const long = { ...v.graph.nodes[1], name: 'stg_stripe__balance_transaction' };
    expect(nodeSize(long).width).toBeGreaterThan(nodeSize({ ...long, nameScale: undefined }).width);
    expect(nodeSize({ ...v.graph.nodes[1], nameScale: 1 }).width).toBe(nodeSize(v.graph.nodes[1]).width);
    // not below the Auto detail's usual choice without the options
    expect(withDetail(visibleGraph(g, NO_FILTERS, undefined, false), undefined, {}).graph.nodes).toHaveLength(31);
  });
});

describe('layout', () => {
  it('places every table without overlaps, referenced tables left of those that reference them', async () => {
    const g = example();
    const shown = applyFilters(g, NO_FILTERS);
    const pos = await layoutGraph(shown, {}, run);
    expect(Object.keys(pos).sort()).toEqual(shown.nodes.map((n) => n.id).sort());
    const rects = shown.nodes.map((n) => ({ ...pos[n.id], ...nodeSize(n) }));
    for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) expect(overlap(rects[i], rects[j])).toBe(false);
    expect(pos['model.jaffle_shop.customers'].x).toBeLessThan(pos['model.jaffle_shop.orders'].x);
  });

  it('keeps hand-placed positions exactly, and moves no other table onto them', async () => {
    const g = chain(12);
    const first = await layoutGraph(g, {}, run);
    // pin t3 right where t7 was laid out: the automatic layout must make room
    const pinned = { t3: { ...first.t7 }, t0: { x: -500, y: -500 } };
    const pos = await layoutGraph(g, pinned, run);
    expect(pos.t3).toEqual(pinned.t3);
    expect(pos.t0).toEqual(pinned.t0);
    const rects = g.nodes.map((n) => ({ id: n.id, ...pos[n.id], ...nodeSize(n) }));
    for (const r of rects) for (const s of rects) if (r.id < s.id) expect(overlap(r, s), `${r.id} / ${s.id}`).toBe(false);
  });
});

describe('a readable picture at any size', () => {
  it('lays out a hub with 120 neighbours, a 300-table chain and 200 unrelated tables each as a block (aspect within 1:3 and 3:1), without overlaps', async () => {
    const unrelated: CanvasGraph = { ...chain(200), edges: [] };
    for (const g of [star(120), chain(300), unrelated]) {
      const pos = await layoutGraph(g, {}, run);
      expect(aspectOf(g, pos)).toBeGreaterThan(1 / 3);
      expect(aspectOf(g, pos)).toBeLessThan(3);
      expect(noOverlaps(g, pos)).toBe('none');
    }
  });

  it('lays out a hub with 50 neighbours (a big project\'s first screen) compactly: a block a 1180×740 canvas fits at readable zoom, the hub in the middle, no overlaps', async () => {
    for (const detail of ['keys', 'all'] as const) {
      const g = star(50);
      // a few neighbours referencing each other too, as on a real first screen
      g.edges.push({ id: 'x1', kind: 'relationship', from: { node: 's1', column: 'a' }, to: { node: 's0', column: 'id' } }, { id: 'x2', kind: 'relationship', from: { node: 's2', column: 'a' }, to: { node: 's1', column: 'id' } });
      g.nodes = g.nodes.map((n) => ({ ...n, detail }));
      const pos = await layoutGraph(g, {}, run);
      expect(noOverlaps(g, pos)).toBe('none');
      const b = bounds(g, pos);
      // the zoom Fit view picks (10% margin); text is drawn from 50%
      const zoom = Math.min(1180 / (b.width * 1.1), 740 / (b.height * 1.1));
      expect(zoom, detail).toBeGreaterThanOrEqual(0.5);
      expect(aspectOf(g, pos)).toBeGreaterThan(1 / 3);
      expect(aspectOf(g, pos)).toBeLessThan(3);
      const hubMid = pos.hub.x + nodeSize(g.nodes[0]).width / 2;
      expect(Math.abs(hubMid - (b.x + b.width / 2)) / b.width).toBeLessThan(0.35);
    }
  });

  it('lays out a view of more than 200 connected tables without ELK (cycles too): no overlaps, the referenced hub in a layer of its own, a block', async () => {
    const g = star(260);
    // a cycle too (a references b references a): the quick layout must still place both
    g.edges.push({ id: 'c1', kind: 'relationship', from: { node: 's0', column: 'a' }, to: { node: 's1', column: 'id' } }, { id: 'c2', kind: 'relationship', from: { node: 's1', column: 'a' }, to: { node: 's0', column: 'id' } });
    let called = 0;
    const pos = await layoutGraph(g, {}, async (x) => { called++; return run(x); });
    expect(called).toBe(0);
    expect(Object.keys(pos)).toHaveLength(261);
    expect(noOverlaps(g, pos)).toBe('none');
    expect(aspectOf(g, pos)).toBeGreaterThan(1 / 3);
    expect(aspectOf(g, pos)).toBeLessThan(3);
    // the hub, referenced by all, is a layer of its own: no other table shares its column
    expect(g.nodes.slice(1).filter((n) => Math.abs(pos[n.id].x - pos.hub.x) < 1)).toEqual([]);
  });

  it('keeps the tables of one folder together: two folders of unrelated tables take two separate areas', async () => {
    const g = star(80, (i) => (i % 2 ? 'models/finance' : 'models/marketing'));
    g.edges = [];
    const pos = await layoutGraph(g, {}, run);
    const area = (f: string) => bounds({ ...g, nodes: g.nodes.filter((n) => n.folder === f) }, pos);
    const a = area('models/finance'), b = area('models/marketing');
    expect(overlap(a, b)).toBe(false);
  });

  it(`draws tables with keys only above ${DETAIL_LIMIT} tables, all columns below; a table's own choice wins; edges meet the rows drawn`, () => {
    const big = withDetail(visibleGraph(star(DETAIL_LIMIT + 5), NO_FILTERS, undefined, true), undefined, { s1: 'all', s2: 'collapsed' });
    const n = (id: string) => big.graph.nodes.find((x) => x.id === id)!;
    expect(n('s0').detail).toBe('keys');
    expect(nodeSize(n('s0')).height).toBeLessThan(nodeSize(n('s1')).height);
    expect(nodeSize(n('s2')).height).toBe(HEADER_H + 2);
    // the keys row of s0 is drawn (the edge meets it); s2 collapsed: its edge meets the title bar
    expect(columnY(n('s0'), 'hub_id')).toBeGreaterThan(HEADER_H);
    expect(columnY(n('s2'), 'hub_id')).toBe(HEADER_H / 2);
    const small = withDetail(visibleGraph(star(10), NO_FILTERS, undefined, true), undefined, {});
    expect(small.graph.nodes.every((x) => x.detail === 'all')).toBe(true);
    expect(withDetail(visibleGraph(star(10), NO_FILTERS, undefined, true), 'collapsed', {}).graph.nodes.every((x) => x.detail === 'collapsed')).toBe(true);
  });

  it(`in Auto, a table of more than ${TALL_TABLE} columns draws its keys among few tables (no sliver); chosen details and its own choice win`, () => {
    const g = star(4);
    const wide = g.nodes[1];
    wide.columns = [...wide.columns, ...Array.from({ length: TALL_TABLE + 10 }, (_, i) => ({ name: `attr_${i}`, type: 'text' }))] as typeof wide.columns;
    const v = visibleGraph(g, NO_FILTERS, undefined, true);
    const n = (x: ReturnType<typeof withDetail>, id: string) => x.graph.nodes.find((m) => m.id === id)!;
    const auto = withDetail(v, undefined, {});
    expect(n(auto, wide.id).detail).toBe('keys');
    expect(nodeSize(n(auto, wide.id)).height).toBeLessThan(10 * ROW_H);
    expect(n(auto, g.nodes[2].id).detail).toBe('all');
    expect(n(withDetail(v, 'all', {}), wide.id).detail).toBe('all');
    expect(n(withDetail(v, undefined, { [wide.id]: 'all' }), wide.id).detail).toBe('all');
  });

  it('labels a key edge with its verb or role, marking inferred ones; lineage has no label', () => {
    const e = star(1).edges[0];
    expect(edgeText(e)).toBe('hub_id');
    expect(edgeText({ ...e, verb: 'belongs to' })).toBe('belongs to');
    expect(edgeText({ ...e, kind: 'inferred' })).toBe('hub_id (inferred)');
    expect(edgeText({ ...e, kind: 'ref' })).toBe('');
  });

  it('exports 1,000 tables as a picture within 3:1 whose text stays readable (PNG scale at least 0.75), and wraps hand-placed tables far apart', async () => {
    const g = withDetail(visibleGraph(chain(1000), NO_FILTERS, undefined, true), undefined, {}).graph;
    const pos = await layoutGraph(g, {}, run);
    const d = diagramSvg(g, pos);
    expect(d.width / d.height).toBeLessThanOrEqual(MAX_EXPORT_ASPECT);
    expect(d.height / d.width).toBeLessThanOrEqual(MAX_EXPORT_ASPECT);
    expect(pngScale(d.width, d.height)).toBeGreaterThanOrEqual(0.75);
    expect(d.svg.match(/<g class="table"/g)).toHaveLength(1000);
    const row = chain(12);
    const apart = Object.fromEntries(row.nodes.map((n, i) => [n.id, { x: i * 5000, y: 0 }]));
    const w = diagramSvg(row, apart);
    expect(w.width / w.height).toBeLessThanOrEqual(MAX_EXPORT_ASPECT);
    expect(w.svg.match(/<g class="table"/g)).toHaveLength(12);
  }, 60_000);
});

describe('export', () => {
  it('draws every table and edge of the diagram, at its full size, whatever the viewport', async () => {
    const g = chain(30);
    const pos = await layoutGraph(g, {}, run);
    const d = diagramSvg(g, pos);
    const b = bounds(g, pos);
    expect(d.width).toBe(Math.ceil(b.width + 64));
    expect(d.svg.match(/<g class="table"/g)).toHaveLength(30);
    expect(d.svg.match(/<g class="edge"/g)).toHaveLength(29);
    expect(d.svg).toContain('>t29<');
    expect(d.svg).not.toMatch(/NaN|undefined/);
    // names are escaped
    g.nodes[0].name = 'a<b&c';
    expect(diagramSvg(g, pos).svg).toContain('a&lt;b&amp;c');
  });

  it('scales a very large PNG down to what a canvas can hold', () => {
    expect(pngScale(1000, 800)).toBe(2);
    expect(pngScale(20_000, 1000)).toBeCloseTo(16_384 / 20_000);
    const s = pngScale(12_000, 12_000);
    expect(12_000 * 12_000 * s * s).toBeLessThanOrEqual(120_000_000 + 1);
  });
});

describe('the Explorer tree', () => {
  it('nests files in folders (folders first) and shows the rows of open folders', () => {
    const t = buildTree([{ path: 'b.sql', kind: 'sql' }, { path: 'models/x/y.yml', kind: 'dbt_yaml' }, { path: 'models/a.sql', kind: 'sql' }]);
    expect(t.map((n) => n.name)).toEqual(['models', 'b.sql']);
    expect(visibleRows(t, new Set(['models'])).map((r) => `${r.depth}:${r.node.name}`)).toEqual(['1:models', '2:x', '2:a.sql', '1:b.sql']);
    expect(newFileContent('diagram', 'd', 'Modeler/conceptual')).toContain('layer: conceptual');
  });

  it('the Explorer opens on the models: Modeler files next, macros/analyses after them, closed; hidden folders (.github, .buildkite) last', () => {
    const t = buildTree([{ path: '.github/workflows/ci.yml', kind: 'other' }, { path: '.buildkite/pipeline.yml', kind: 'other' }, { path: 'analyses/x.sql', kind: 'other' },
      { path: 'models/staging/a.sql', kind: 'sql', layer: 'stg' }, { path: 'macros/m.sql', kind: 'macro' }, { path: 'Modeler/logical/x.yaml', kind: 'modeler_model', layer: 'logical' }, { path: 'README.md', kind: 'other' }]);
    expect(t.map((n) => n.name)).toEqual(['models', 'Modeler', 'analyses', 'macros', '.buildkite', '.github', 'README.md']);
    expect([...initialExpanded(t)].sort()).toEqual(['Modeler', 'Modeler/logical', 'models', 'models/staging']);
    // a tree with no models opens its top two levels, as before
    const plain = buildTree([{ path: 'macros/m.sql', kind: 'macro' }, { path: 'docs/a/b.md', kind: 'docs_md' }]);
    expect([...initialExpanded(plain)].sort()).toEqual(['docs', 'docs/a', 'macros']);
  });
});
