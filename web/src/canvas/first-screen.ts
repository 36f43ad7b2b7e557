// The first screen (no focus asked for, not "Show all") is chosen by the zoom it fits at, not by
// its count of tables. Laid out and measured in the pane, from the most to the least: every table;
// every table with keys only; the best-connected table and its neighbours (a focus); fewer of the
// neighbours — the most that fits at READABLE_ZOOM or more. Names get the room to be drawn at
// NAME_PX on screen (CNode.nameScale), and no more. Measured once per graph, filters and pane, then kept.
import { runElk } from './elk-runner';
import { fitZoom, paneArea } from './fit';
import type { Point, Size } from './geometry';
import { bounds, layoutGraph, type ElkRun } from './layout';
import { NAME_PX } from './lod';
import type { CanvasGraph } from './model';
import { NAME_SCALE, READABLE_ZOOM, viewDetail, type ViewOptions, type VisibleGraph } from './view';

/** What a layout depends on: the tables (and their heights), the edges, the hand-placed positions. */
export const keyOf = (g: CanvasGraph, pinned: Record<string, Point>) =>
  JSON.stringify([g.nodes.map((n) => `${n.id}:${n.columns.length}:${n.detail}:${n.nameScale ?? 1}`), g.edges.map((e) => e.id), g.nodes.map((n) => pinned[n.id] ?? null)]);

export type Laid = { visible: VisibleGraph; positions: Record<string, Point> };
type View = (o: ViewOptions) => VisibleGraph;

let chosen: { key: string; o: ViewOptions } | undefined;
/** Fewest tables a first screen is cut to (the hub and the closest of its neighbours). */
const FEWEST = 8;
// a little over: the pane measured now can be a few pixels larger than the one Fit view meets
const READS = READABLE_ZOOM + 0.02;

/** The next smaller first screen after `v` (drawn with `o`), or undefined when there is none. */
function smaller(v: VisibleGraph, o: ViewOptions, zoom: number, more: boolean): ViewOptions | undefined {
  const keys = viewDetail(v) === 'keys';
  if (!v.focus) return keys ? { ...o, tooBig: true, keys: true } : { ...o, keys: true };
  if (!v.focus.automatic || more) return undefined;
  // keys only before fewer tables, however few (a 1024 × 768 window's seven tables with every column drew bars)
  if (!keys) return { ...o, keys: true };
  if (v.graph.nodes.length <= FEWEST) return undefined;
  // by the zoom lost (the area fitted grows with its square, but a layered layout's gaps do not
  // shrink with its tables: the square cut Stripe's eleven to eight, fitted at 70%)
  const n = v.graph.nodes.length;
  return { ...o, keys: true, firstScreen: Math.max(FEWEST, Math.min(n - 1, Math.floor(n * (zoom / READABLE_ZOOM)))) };
}

/** Is the first screen for this graph already chosen (for some pane)? Then nothing is measured. */
export const isChosen = (g: CanvasGraph, pinned: Record<string, Point>) => !!chosen && chosen.key.split('|')[0] === keyOf(g, pinned);

export async function firstScreen(base: VisibleGraph, view: View, pinned: Record<string, Point>, more: boolean): Promise<{ o: ViewOptions; laid?: Laid }> {
  const area = paneArea();
  const key = `${keyOf(base.graph, pinned)}|${Math.round(area.width / 50)}x${Math.round(area.height / 50)}|${more}`;
  if (chosen?.key === key) return { o: chosen.o };
  const r = await chooseFor(area, view, pinned, more);
  chosen = { key, o: r.o };
  return r;
}

type Measured = { laid: Laid; zoom: number; scale: number };

/**
 * `o` laid out with the least room for names that still draws them at NAME_PX fitted, or
 * undefined when it does not fit at a readable zoom (a few rounds: more room, lower zoom);
 * `least` lowers both for tables drawn as names only (readable-view.ts).
 */
export async function reading(area: Size, view: View, pinned: Record<string, Point>, o: ViewOptions, run: ElkRun = runElk, least: { zoom: number; px: number } = { zoom: READS, px: NAME_PX }): Promise<Measured | undefined> {
  let scale = 1;
  for (let round = 0; round < 4; round++) {
    const v = view(scale > 1 ? { ...o, nameScale: scale } : o);
    const positions = await layoutGraph(v.graph, pinned, run);
    const zoom = fitZoom(bounds(v.graph, positions), area);
    if (zoom < least.zoom) return undefined;
    if (12 * scale * zoom >= least.px - 0.01 || scale >= NAME_SCALE) return { laid: { visible: v, positions }, zoom, scale };
    // wider titles fit at a lower zoom: a tenth more room than this zoom needs
    scale = Math.min(NAME_SCALE, (least.px / 12 / zoom) * 1.1);
  }
  return undefined;
}

/** The first screen for a pane: the most that reads in it. */
export async function chooseFor(area: Size, view: View, pinned: Record<string, Point>, more: boolean, run: ElkRun = runElk): Promise<{ o: ViewOptions; laid?: Laid }> {
  let o: ViewOptions = {}, scale = 1, laid: Laid | undefined;
  /** tables in the last focus cut to fewer that did not read */
  let failed: number | undefined;
  for (let step = 0; step < 12; step++) {
    const v = view(scale > 1 ? { ...o, nameScale: scale } : o);
    const positions = await layoutGraph(v.graph, pinned, run);
    laid = { visible: v, positions };
    const zoom = fitZoom(bounds(v.graph, positions), area);
    if (zoom >= READS) {
      // readable: done when the names are too (or have all the room they may have: at this zoom, NAME_PX)
      if (12 * scale * zoom >= NAME_PX - 0.01 || scale >= NAME_SCALE) break;
      // wider titles fit at a lower zoom: a tenth more room than this zoom needs
      scale = Math.min(NAME_SCALE, (NAME_PX / 12 / zoom) * 1.1);
      continue;
    }
    // not readable with the room its names need: fewer tables (cal-itp's hub and 23 neighbours kept
    // every table and drew its names at 7 px; names are what a first screen is read by)
    const next = smaller(v, o, zoom, more);
    if (!next) break;
    if (next.firstScreen !== undefined) failed = v.graph.nodes.length;
    o = next;
  }
  // The cut is by the zoom lost, so it can overshoot (cal-itp: 13 tables did not read at 40%, 10
  // then read at 70%), and the names keep the room the larger screen needed (names 15 px where
  // 11 were asked). Between the two counts, the most tables that read, with their names' room
  // measured again for the zoom they fit at.
  const n = o.firstScreen;
  if (n !== undefined && laid && laid.visible.graph.nodes.length === n) {
    let best = await reading(area, view, pinned, o, run);
    // (the count that failed is tried again: it failed with the room for names a larger screen needed)
    let lo = n, hi = failed === undefined ? n : failed + 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const m = await reading(area, view, pinned, { ...o, firstScreen: mid }, run);
      if (m && m.laid.visible.graph.nodes.length === mid) { lo = mid; best = m; } else hi = mid;
    }
    if (best) {
      if (lo !== n) o = { ...o, firstScreen: lo };
      scale = best.scale;
      laid = best.laid;
    }
  }
  if (scale > 1) o = { ...o, nameScale: scale };
  return { o, laid };
}
