// The diagram stays still on screen when the canvas's box moves, and what was in sight stays in
// sight when it narrows: opening the details panel narrows the canvas (it covered the tables on
// the right of the first screen), the toolbar then wraps onto a second line and the canvas's top
// moves down — without this the tables slid under a pointer that had just clicked a column.
import { useEffect, useRef } from 'react';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { fitArea, fitZoom, NOTE_H } from './fit';
import { nodeSize, type Size } from './geometry';
import { TEXT_ZOOM } from './lod';
import { canvas } from './store';

/** The box (diagram coordinates) of the tables wholly inside a view of `pane` at `transform`, or undefined. */
function inSight(pane: Size, [tx, ty, zoom]: [number, number, number]) {
  const c = canvas.get(), g = c.visible?.graph;
  if (!g) return undefined;
  const v = { x0: -tx / zoom, y0: -ty / zoom, x1: (pane.width - tx) / zoom, y1: (pane.height - ty) / zoom };
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const n of g.nodes) {
    const p = c.positions[n.id];
    if (!p) continue;
    const s = nodeSize(n);
    if (p.x < v.x0 || p.y < v.y0 || p.x + s.width > v.x1 || p.y + s.height > v.y1) continue;
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x + s.width); y1 = Math.max(y1, p.y + s.height);
  }
  return x0 === Infinity ? undefined : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Move the view by as much as the canvas's top-left corner moved, so what is drawn stays put on
 * screen; when the canvas narrows or shortens, the tables that were wholly in sight are fitted into
 * what is left: zoomed out about the point just clicked (what is under the pointer stays under it),
 * else centred; the zoom is kept when they fit at it, and never goes below the zoom where rows are text.
 */
export function useKeptStill(root: () => HTMLElement | null, moved?: (before: readonly number[], after: readonly number[]) => void): void {
  const rf = useStoreApi();
  const flow = useReactFlow();
  // told of each view this moves to (a view kept still is not one the user moved: late news may still fit it)
  const onMoved = useRef(moved);
  onMoved.current = moved;
  useEffect(() => {
    const el = root();
    if (!el) return;
    let last = el.getBoundingClientRect();
    let pointer: { x: number; y: number; at: number } | undefined;
    const down = (e: PointerEvent) => { pointer = { x: e.clientX, y: e.clientY, at: Date.now() }; };
    el.addEventListener('pointerdown', down, true);
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      // hidden (another tab in the centre): nothing to keep in sight, and the view stays as it was for its return
      if (r.width < 1 || r.height < 1) return;
      const dx = r.left - last.left, dy = r.top - last.top, before = last;
      last = r;
      const [x, y, zoom] = rf.getState().transform;
      const was = [x, y, zoom] as const;
      const move = (vp: { x: number; y: number; zoom: number }) => { void flow.setViewport(vp).then(() => onMoved.current?.(was, rf.getState().transform)); };
      const nx = x - dx, ny = y - dy;
      const box = r.width < before.width - 1 || r.height < before.height - 1 ? inSight(before, [x, y, zoom]) : undefined;
      if (box) {
        const area = fitArea(r.width, r.height);
        // the box on screen, and the pane it must stay in
        const s = { x0: box.x * zoom + nx, x1: (box.x + box.width) * zoom + nx, y0: box.y * zoom + ny, y1: (box.y + box.height) * zoom + ny };
        const room = { x0: 0, x1: r.width, y0: 0, y1: r.height };
        if (s.x0 < room.x0 || s.x1 > room.x1 || s.y0 < room.y0 || s.y1 > room.y1) {
          // never out past the zoom where rows are text (a first screen chosen to read does not turn to bars)
          const fitted = Math.min(zoom, Math.max(fitZoom(box, area), TEXT_ZOOM));
          const p = pointer && Date.now() - pointer.at < 2000 ? { x: pointer.x - r.left, y: pointer.y - r.top } : undefined;
          // a click the narrowed pane no longer holds (the "Ask AI" button that opened the panel) is no anchor:
          // zoomed about it, the tables were pushed out past the pane's right edge
          const a = p && p.x > room.x0 && p.x < room.x1 && p.y > room.y0 && p.y < room.y1 ? p : undefined;
          const k = a ? about(a, s, room) : 0;
          // about the pointer when that keeps the rows text: the row just clicked stays under the pointer
          if (a && k > 0 && k * zoom >= Math.min(fitted, TEXT_ZOOM)) { move({ x: a.x + (nx - a.x) * k, y: a.y + (ny - a.y) * k, zoom: zoom * k }); return; }
          // at the least zoom that draws text: about the pointer (else centred), then moved only as far
          // as keeps most of the tables in the pane — centred, a box wider than the pane cut the table
          // just clicked at its edge, and the view then jumped to centre that table, cutting the others
          const f = fitted / zoom;
          const vx = a ? a.x + (nx - a.x) * f : area.width / 2 - (box.x + box.width / 2) * fitted;
          const vy = a ? a.y + (ny - a.y) * f : NOTE_H + area.height / 2 - (box.y + box.height / 2) * fitted;
          // a margin at the pane's sides (on the side of the table clicked, when they overflow it);
          // tables that fit with less room than two margins are centred
          const slack = r.width - box.width * fitted;
          const m = slack < 0 ? MARGIN : Math.min(MARGIN, slack / 2);
          move({
            x: within(vx, m - box.x * fitted, r.width - m - (box.x + box.width) * fitted),
            y: within(vy, NOTE_H - box.y * fitted, NOTE_H + area.height - (box.y + box.height) * fitted),
            zoom: fitted,
          });
          return;
        }
      }
      if (!dx && !dy) return;
      move({ x: nx, y: ny, zoom });
    });
    ro.observe(el);
    return () => { ro.disconnect(); el.removeEventListener('pointerdown', down, true); };
  }, [rf, flow]); // eslint-disable-line react-hooks/exhaustive-deps
}

const MARGIN = 8;
/** `v` moved into the range between `a` and `b` (either way round: a box that fits, or one wider than the pane). */
const within = (v: number, a: number, b: number) => Math.min(Math.max(v, Math.min(a, b)), Math.max(a, b));

type Span = { x0: number; x1: number; y0: number; y1: number };
/** The scale (at most 1) about point `a` that brings the box `s` inside `room` (0: `a` is outside the room). */
function about(a: { x: number; y: number }, s: Span, room: Span): number {
  if (a.x <= room.x0 || a.x >= room.x1 || a.y <= room.y0 || a.y >= room.y1) return 0;
  let k = 1;
  if (s.x0 < a.x) k = Math.min(k, (a.x - room.x0) / (a.x - s.x0));
  if (s.x1 > a.x) k = Math.min(k, (room.x1 - a.x) / (s.x1 - a.x));
  if (s.y0 < a.y) k = Math.min(k, (a.y - room.y0) / (a.y - s.y0));
  if (s.y1 > a.y) k = Math.min(k, (room.y1 - a.y) / (s.y1 - a.y));
  return k;
}
