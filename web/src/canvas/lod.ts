// What the canvas draws at a zoom, and which tables it keeps in the page while panning. Panning
// must not change the page: every frame that adds or removes a table (React Flow's
// onlyRenderVisibleElements mounts tables as they come into view) repaints and re-layers the
// whole diagram, so tables are kept within a margin around the view and the set changes only
// when the view leaves it. Below the zoom where a column's text is readable (12 px under 6 px on
// screen) rows are drawn as bars, one element per table instead of a row of elements per column.
import { useEffect, useState } from 'react';
import { useStoreApi } from '@xyflow/react';
import { nodeSize, type Point } from './geometry';
import type { CNode } from './model';

/** Below this zoom a big diagram is the far view (FarView.tsx): boxes and lines in one SVG. */
export const FAR_ZOOM = 0.3;
/** Below this zoom a table's rows are bars and an edge is a plain line (no marks, no label). */
export const TEXT_ZOOM = 0.5;
/** Up to this many tables every table stays in the page; above it, those near the view. */
export const CULL_MIN = 120;

export type Band = 'far' | 'bars' | 'text';
export const bandOf = (zoom: number): Band => (zoom < FAR_ZOOM ? 'far' : zoom < TEXT_ZOOM ? 'bars' : 'text');

interface Rect { x0: number; y0: number; x1: number; y1: number }
const inside = (a: Rect, b: Rect) => a.x0 >= b.x0 && a.y0 >= b.y0 && a.x1 <= b.x1 && a.y1 <= b.y1;

/**
 * The area (in diagram coordinates) whose tables are kept in the page: the view grown by half
 * its size on every side, moved only when the view leaves it (undefined: keep every table).
 */
export function useKeptArea(enabled: boolean): Rect | undefined {
  const rf = useStoreApi();
  const [kept, setKept] = useState<Rect | undefined>();
  useEffect(() => {
    if (!enabled) { setKept(undefined); return; }
    let current: Rect | undefined;
    const check = () => {
      const { transform: [tx, ty, zoom], width, height } = rf.getState();
      if (!width || !height) return;
      const view = { x0: -tx / zoom, y0: -ty / zoom, x1: (width - tx) / zoom, y1: (height - ty) / zoom };
      // kept while the view is inside it and not much smaller (zoomed in, the margin would hold far more than the view)
      if (current && inside(view, current) && current.x1 - current.x0 < 3 * (view.x1 - view.x0)) return;
      const mx = (view.x1 - view.x0) / 2, my = (view.y1 - view.y0) / 2;
      current = { x0: view.x0 - mx, y0: view.y0 - my, x1: view.x1 + mx, y1: view.y1 + my };
      setKept(current);
    };
    check();
    return rf.subscribe(check);
  }, [enabled, rf]);
  return enabled ? kept : undefined;
}

/** Is this table (at its position) within the kept area? */
export function keeps(area: Rect | undefined, n: CNode, p: Point | undefined): boolean {
  if (!area) return true;
  if (!p) return false;
  const s = nodeSize(n);
  return p.x + s.width >= area.x0 && p.x <= area.x1 && p.y + s.height >= area.y0 && p.y <= area.y1;
}

/** The size a table's name is read at on screen, however far out (up to the room the table keeps: CNode.nameScale). */
export const NAME_PX = 11;

/**
 * The zoom as a CSS variable (--name-px, whole pixels: set only when it changes) that draws
 * names NAME_PX on screen: a first screen fitted at 50% drew 12 px names as 6 px specks.
 */
export function useNameSize(el: () => HTMLElement | null): void {
  const rf = useStoreApi();
  useEffect(() => {
    let last = 0;
    const set = () => {
      const px = Math.min(48, Math.max(12, Math.ceil(NAME_PX / rf.getState().transform[2])));
      const e = el();
      if (px === last || !e) return;
      last = px;
      e.style.setProperty('--name-px', `${px}px`);
    };
    set();
    return rf.subscribe(set);
  }, [rf, el]);
}
