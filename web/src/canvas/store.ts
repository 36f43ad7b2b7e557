// The canvas's one store: which view is open (the dbt project or a model/diagram file), its
// graph, filters, focus, positions (automatic and placed by hand) and the diff overlay.
import type { GraphDiffReply } from '../api/types';
import { createStore } from '../state/store';
import type { Point } from './geometry';
import type { CanvasGraph, CanvasSource, Detail } from './model';
import { NO_FILTERS, type Filters, type Focus, type VisibleGraph } from './view';

export type DiffMarks = GraphDiffReply;

export interface CanvasState {
  source: CanvasSource;
  graph?: CanvasGraph;
  filters: Filters;
  focus?: Focus;
  hops: number;
  showAll: boolean;
  /** an automatic focus (a big project's first screen) shows every table it holds, not only the best-connected */
  more: boolean;
  /** the keyless plumbing (`_tmp` models, sources no key meets) is drawn, not folded into a count */
  plumbing: boolean;
  visible?: VisibleGraph;
  /** where each visible table is drawn */
  positions: Record<string, Point>;
  /** positions placed by hand (saved in the layout file, or in the draft) */
  pinned: Record<string, Point>;
  /** placed or released since the last "Save layout" (kept in this browser) */
  draft: Record<string, Point | null>;
  layingOut: boolean;
  /** changes under way (a slice asked of the server, a rebuild, a layout): the diagram is not settled until none is */
  working: number;
  error?: string;
  /** bumped when the view should fit the visible tables (new source, new focus, a search hit) */
  /** (`around`: fit all, but where that leaves text unreadable, these tables at the least zoom that draws text) */
  /** (`unmoved`: only if the view is still where the last fit left it — late news is not a reason to move a view the user moved) */
  fitRequest: { n: number; ids?: string[]; around?: string[]; unmoved?: boolean };
  /** the fit request last applied (the view is moving until it is `fitRequest.n`) */
  fitted: number;
  diff?: DiffMarks;
  /** the detail chosen for every table (unset: by how many are drawn) */
  detail?: Detail;
  /** a detail chosen for one table */
  tableDetail: Record<string, Detail>;
  /** ms from asking for the layout to positions (bench/web-canvas.mjs reads it) */
  lastLayoutMs?: number;
}

export const canvas = createStore<CanvasState>({
  source: { kind: 'project' }, filters: NO_FILTERS, hops: 1, showAll: false, more: false, plumbing: false, positions: {}, pinned: {}, draft: {}, tableDetail: {}, layingOut: false, working: 0, fitRequest: { n: 0 }, fitted: 0,
});
