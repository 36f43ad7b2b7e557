// What "Auto" draws in a view that is not a first screen ("Show all", "Show N more", a focus): the
// most detail that reads fitted — every column, keys only, then collapsed (names only) — measured
// in the pane as the first screen is (first-screen.ts). A view that does not read even collapsed
// (hundreds of tables) is collapsed with its names' full room, and Fit view stops at the zoom where
// they read, NAMES_PX on screen (VisibleGraph.readAt): cal-itp's 51 tables drew 4.5 px names fitted, Shopify's 121 3 px.
import { runElk } from './elk-runner';
import { paneArea } from './fit';
import type { Point } from './geometry';
import { BIG, type ElkRun } from './layout';
import type { Detail } from './model';
import { reading, type Laid } from './first-screen';
import { DETAIL_LIMIT, NAME_SCALE, OVERVIEW_DETAIL_LIMIT, type ViewOptions, type VisibleGraph } from './view';

type View = (o: ViewOptions) => VisibleGraph;

/** The least size (px on screen) of a name in a view of names only, and the zoom that draws it with the most room a name keeps. */
export const NAMES_PX = 9;
export const NAMES_ZOOM = (NAMES_PX + 0.25) / 12 / NAME_SCALE; // (a quarter pixel spare: a name's box is drawn to whole pixels)

/** Views of this many tables or fewer draw every column (autoDetail): nothing is measured. */
export const MEASURED_FROM = OVERVIEW_DETAIL_LIMIT;

/** The details tried for a view of `n` tables, most first (every column is not tried where it never reads). */
export const detailsFor = (n: number): Detail[] => (n > BIG ? ['collapsed'] : n > DETAIL_LIMIT ? ['keys', 'collapsed'] : ['all', 'keys', 'collapsed']);

let chosen: { key: string; o: ViewOptions } | undefined;

/** The options that make this view read fitted (or read where Fit view stops), and its layout when it was measured now. */
export async function readableView(base: VisibleGraph, view: View, pinned: Record<string, Point>, run: ElkRun = runElk): Promise<{ o: ViewOptions; laid?: Laid }> {
  const area = paneArea();
  // (a table's own detail changed later is not a new view: the choice stands)
  const key = `${JSON.stringify([base.graph.nodes.map((n) => n.id), base.graph.edges.map((e) => e.id), pinned])}|${Math.round(area.width / 50)}x${Math.round(area.height / 50)}`;
  if (chosen?.key === key) return { o: chosen.o };
  let r: { o: ViewOptions; laid?: Laid } | undefined;
  for (const detail of detailsFor(base.graph.nodes.length)) {
    // names only have no rows to read: the names alone, NAMES_PX on screen, set the zoom
    const m = await reading(area, view, pinned, { detail }, run, detail === 'collapsed' ? { zoom: NAMES_ZOOM, px: NAMES_PX } : undefined);
    if (m) { r = { o: { detail, ...(m.scale > 1 ? { nameScale: m.scale } : {}) }, laid: m.laid }; break; }
  }
  // too many to read at once: names only, with their full room, fitted no lower than where they read
  r ??= { o: { detail: 'collapsed', nameScale: NAME_SCALE, readAt: NAMES_ZOOM } };
  chosen = { key, o: r.o };
  return r;
}
