// A big project's first screen is cut to fewer tables until it reads fitted (rows text, names at
// 11 px). The cut goes by the zoom lost, so it overshot: cal-itp's 13 tables did not read at 40%
// and the next try, 10, read at 70% with room for names the larger screen needed (names 15 px).
// Now the first screen is the most tables that read — one more does not — its names given the room
// measured for the zoom it fits at. Plain TypeScript in Node with the real ELK.
import { describe, expect, it } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import { chooseFor, reading } from '../../web/src/canvas/first-screen';
import { fitZoom } from '../../web/src/canvas/fit';
import { bounds, type ElkRun } from '../../web/src/canvas/layout';
import { NAME_PX } from '../../web/src/canvas/lod';
import type { CanvasGraph, CNode } from '../../web/src/canvas/model';
import { FOCUS_LIMIT, NO_FILTERS, READABLE_ZOOM, visibleGraph, withDetail, type ViewOptions } from '../../web/src/canvas/view';

const elk = new ELK();
const run: ElkRun = (g) => elk.layout(g as any) as any;
const col = (name: string, pk: boolean, fk: boolean) => ({ name, pk, fk, unique: pk, notNull: pk, tests: [] });

/**
 * A hub met by 50 tables with long names of several lengths (as dbt's are), every `cross`-th also
 * referencing the one before, and enough unrelated tables to make the project big.
 */
function project(len: number, cross: number): CanvasGraph {
  const spokes: CNode[] = Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, name: `int_s${i}_`.padEnd(len - (i % 7) * 3, 'x'), kind: 'model', tags: [],
    columns: [col(`s${i}_key`, true, false), col('feed_key', false, true), col('prev_key', false, i > 0 && i % cross === 0)] }));
  const others: CNode[] = Array.from({ length: FOCUS_LIMIT }, (_, i) => ({ id: `o${i}`, name: `other_${i}`, kind: 'model', tags: [], columns: [col('id', true, false)] }));
  const nodes: CNode[] = [{ id: 'hub', name: 'dim_schedule_feeds', kind: 'model', tags: [], columns: [col('feed_key', true, false)] }, ...spokes, ...others];
  const edges: CanvasGraph['edges'] = spokes.map((s) => ({ id: `e-${s.id}`, kind: 'relationship', from: { node: s.id, column: 'feed_key' }, to: { node: 'hub', column: 'feed_key' }, cardinality: 'many_to_one' }));
  spokes.forEach((s, i) => { if (i > 0 && i % cross === 0) edges.push({ id: `p-${s.id}`, kind: 'relationship', from: { node: s.id, column: 'prev_key' }, to: { node: `s${i - 1}`, column: `s${i - 1}_key` }, cardinality: 'many_to_one' }); });
  return { source: { kind: 'project' }, layoutPath: 'Modeler/diagrams/x.diagram.yaml', nodes, edges, pinned: {} };
}

describe('the first screen cut to fewer tables', () => {
  // the canvas's room for tables at 1440 × 900 (Explorer open) and at 1024 × 768; two shapes the cut
  // by the zoom lost overshot (to 10 and 9 tables, where 12 and 11 read)
  it.each([
    { len: 40, cross: 3, area: { width: 1208, height: 588 } },
    { len: 32, cross: 5, area: { width: 1024, height: 456 } },
  ])('is the most tables that read fitted in $area.width × $area.height, one more does not', async ({ len, cross, area }) => {
    const g = project(len, cross);
    const view = (o: ViewOptions) => withDetail(visibleGraph(g, NO_FILTERS, undefined, false, o), undefined, {});
    const { o, laid } = await chooseFor(area, view, {}, false, run);
    const n = laid!.visible.graph.nodes.length;
    console.log(`${area.width} × ${area.height}: ${n} tables, name room ${(o.nameScale ?? 1).toFixed(2)}`);
    expect(o.firstScreen).toBe(n);
    expect(n).toBeLessThan(51);
    // it reads: rows text, names at NAME_PX
    const zoom = fitZoom(bounds(laid!.visible.graph, laid!.positions), area);
    expect(zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(12 * (o.nameScale ?? 1) * zoom).toBeGreaterThanOrEqual(NAME_PX - 0.01);
    // one more table does not, whatever room its names are given
    const { nameScale: _, ...cut } = o;
    expect(await reading(area, view, {}, { ...cut, firstScreen: n + 1 }, run)).toBeUndefined();
  }, 60_000);
});
