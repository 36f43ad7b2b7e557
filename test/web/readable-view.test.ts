// What "Auto" draws in a view that is not a first screen, measured for the canvas's pane: the most
// detail that reads fitted, names only at 9 px or more for a hub's fifty neighbours (they drew
// 4.5 px names with keys), and for hundreds of tables names only, fitted no lower than where they
// read. Plain TypeScript in Node with the real ELK, on the default window's pane.
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { fitZoom, paneArea } from '../../web/src/canvas/fit';
import { bounds, layoutGraph, type ElkRun } from '../../web/src/canvas/layout';
import type { CanvasGraph, CNode } from '../../web/src/canvas/model';
import { NAMES_PX, NAMES_ZOOM, readableView } from '../../web/src/canvas/readable-view';
import { NO_FILTERS, READABLE_ZOOM, visibleGraph, withDetail, type ViewOptions } from '../../web/src/canvas/view';

const elk = new ELK();
const run: ElkRun = (g) => elk.layout(g as any) as any;
const col = (name: string, pk: boolean, fk: boolean) => ({ name, pk, fk, unique: pk, notNull: pk, tests: [] });
const table = (id: string, name: string, folder: string, key: string, refs: string[], attributes = 12): CNode => ({ id, name, kind: 'model', folder, tags: [],
  columns: [col(key, true, false), ...refs.map((r) => col(r, false, true)), ...Array.from({ length: attributes }, (_, i) => col(`attribute_${i}`, false, false))] });

/** A hub met by `spokes` tables of dbt-length names. */
function star(spokes: number, attributes = 12): CanvasGraph {
  const nodes = [table('hub', 'dim_schedule_feeds', 'models/mart', 'feed_key', []),
    ...Array.from({ length: spokes }, (_, i) => table(`s${i}`, `fct_daily_schedule_${i}_`.padEnd(24 + (i % 5) * 4, 'x'), 'models/mart', `s${i}_key`, ['feed_key'], attributes))];
  const edges: CanvasGraph['edges'] = nodes.slice(1).map((n) => ({ id: `e-${n.id}`, kind: 'relationship', from: { node: n.id, column: 'feed_key' }, to: { node: 'hub', column: 'feed_key' }, cardinality: 'many_to_one' }));
  return { source: { kind: 'project' }, layoutPath: 'x.yml', nodes, edges, pinned: {} };
}

/** `n` tables in chains of four across ten folders. */
function many(n: number): CanvasGraph {
  const nodes = Array.from({ length: n }, (_, i) => table(`t${i}`, `stg_source_${i % 10}__table_${i}`, `models/staging/f${i % 10}`, `t${i}_id`, i % 4 ? [`t${i - 1}_id`] : []));
  const edges: CanvasGraph['edges'] = nodes.filter((_, i) => i % 4).map((x, j) => { const i = Number(x.id.slice(1)); return { id: `e${j}`, kind: 'relationship', from: { node: x.id, column: `t${i - 1}_id` }, to: { node: `t${i - 1}`, column: `t${i - 1}_id` }, cardinality: 'many_to_one' }; });
  return { source: { kind: 'project' }, layoutPath: 'x.yml', nodes, edges, pinned: {} };
}

const viewOf = (g: CanvasGraph) => (o: ViewOptions) => withDetail(visibleGraph(g, NO_FILTERS, undefined, true, o), undefined, {});

describe('a bigger view drawn in Auto', () => {
  it('draws every column when that reads fitted', async () => {
    const view = viewOf(star(12, 1));
    const { o } = await readableView(view({}), view, {}, run);
    expect(o.detail).toBe('all');
    expect(o.readAt).toBeUndefined();
  }, 60_000);

  it('draws a hub and fifty neighbours as names read at 9 px or more, fitted whole, a block', async () => {
    const view = viewOf(star(50));
    const { o, laid } = await readableView(view({}), view, {}, run);
    expect(o.detail).toBe('collapsed');
    expect(o.readAt).toBeUndefined();
    const b = bounds(laid!.visible.graph, laid!.positions);
    const zoom = fitZoom(b, paneArea());
    expect(zoom).toBeGreaterThanOrEqual(NAMES_ZOOM);
    expect(12 * (o.nameScale ?? 1) * zoom).toBeGreaterThanOrEqual(NAMES_PX - 0.01);
    expect(b.width / b.height).toBeGreaterThan(1 / 3);
    expect(b.width / b.height).toBeLessThan(3);
  }, 60_000);

  it('draws 600 tables as names, fitted no lower than where they read, laid out as a block', async () => {
    const g = many(600), view = viewOf(g);
    const { o } = await readableView(view({}), view, {}, run);
    expect(o.detail).toBe('collapsed');
    expect(o.readAt).toBeGreaterThan(READABLE_ZOOM * 0.8);
    // at that zoom the names, with the room they keep, are 9 px or more on screen
    expect(12 * o.nameScale! * o.readAt!).toBeGreaterThanOrEqual(NAMES_PX);
    const v = view(o);
    const b = bounds(v.graph, await layoutGraph(v.graph, {}, run));
    expect(b.width / b.height).toBeGreaterThan(1 / 3);
    expect(b.width / b.height).toBeLessThan(3);
  }, 120_000);
});
