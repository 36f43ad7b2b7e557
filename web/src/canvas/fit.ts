// The zoom "Fit view" gives laid-out tables in the canvas's pane: one computation for the fit
// itself (Canvas.tsx) and for choosing a first screen that reads fitted (controller.ts).
import type { Size } from './geometry';
import { panels } from '../shell/panels';

/** The height of the focus note over the canvas's top edge (styles.css .focus-note), kept clear by Fit view. */
export const NOTE_H = 36;
const PAD = 1.1;
const MAX_FIT = 1.2;

/** The pane's room for tables: below the focus note, above the legend when it is shown (bottom left: it covered the tables there). */
export function fitArea(width: number, height: number): Size {
  const legend = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('section.canvas .legend');
  return { width, height: height - NOTE_H - (legend ? legend.offsetHeight + 12 : 0) };
}

/** Room kept between the legend and a table, and between a table and the pane's side. */
const GAP = 8;
type Box = { x: number; y: number; width: number; height: number };
type Span = { x0: number; x1: number; y0: number; y1: number };
const meets = (a: Span, b: Span) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;

/**
 * `vp` moved (never zoomed) by as little as keeps the legend off every table, where the pane has
 * room for that; else `vp`. fitArea keeps the legend's height clear of a fitted view, but a view
 * that stops where names read is taller than that (cropped): on cal-itp's "Show 41 more" at
 * 1024 × 768 its bottom row ran under the legend, a name half covered. `tables`: diagram coordinates.
 */
export function clearOfLegend(vp: { x: number; y: number; zoom: number }, tables: Box[], pane: Size): { x: number; y: number; zoom: number } {
  if (typeof document === 'undefined') return vp;
  const legend = document.querySelector<HTMLElement>('section.canvas .legend'), flow = document.querySelector<HTMLElement>('section.canvas .react-flow');
  if (!legend || !flow || !tables.length) return vp;
  const l = legend.getBoundingClientRect(), p = flow.getBoundingClientRect();
  const L = { x0: l.left - p.left - GAP, x1: l.right - p.left + GAP, y0: l.top - p.top - GAP, y1: l.bottom - p.top + GAP };
  const onScreen = (x: number, y: number) => tables.map((t) => ({ x0: x + t.x * vp.zoom, x1: x + (t.x + t.width) * vp.zoom, y0: y + t.y * vp.zoom, y1: y + (t.y + t.height) * vp.zoom }));
  const under = onScreen(vp.x, vp.y).filter((s) => meets(s, L));
  if (!under.length) return vp;
  // the tables read whole at a view: inside the pane, below the note, off the legend
  const clear = (x: number, y: number) => onScreen(x, y).filter((s) => s.x0 >= 0 && s.x1 <= pane.width && s.y0 >= NOTE_H && s.y1 <= pane.height && !meets(s, L)).length;
  const before = clear(vp.x, vp.y);
  const onLeft = L.x0 + L.x1 < pane.width;
  // sideways away from the legend, or up: taken when it covers nothing then and no table read whole before is cut
  const dx = onLeft ? Math.max(...under.map((s) => L.x1 - s.x0)) : -Math.max(...under.map((s) => s.x1 - L.x0));
  const dy = -Math.max(...under.map((s) => s.y1 - L.y0));
  const moves = [{ x: dx, y: 0 }, { x: 0, y: dy }]
    .filter((m) => !onScreen(vp.x + m.x, vp.y + m.y).some((s) => meets(s, L)) && clear(vp.x + m.x, vp.y + m.y) >= before)
    .sort((a, b) => Math.abs(a.x) + Math.abs(a.y) - Math.abs(b.x) - Math.abs(b.y));
  return moves.length ? { x: vp.x + moves[0].x, y: vp.y + moves[0].y, zoom: vp.zoom } : vp;
}

/** The zoom that fits a box of tables into `area`. */
export const fitZoom = (b: Size, area: Size): number => Math.max(0.02, Math.min(MAX_FIT, area.width / (b.width * PAD), area.height / (b.height * PAD)));

/** The default window (the Explorer open, findings closed, the legend shown). */
const DEFAULT_PANE = { width: 1440, height: 900 };
/** The Explorer's width with its border, and the rows above and below the canvas (top bar, tabs, toolbar wrapped once, findings' tabs). */
const EXPLORER_W = 232, CHROME_H = 172;
/** The legend's height with its margin (shown at first, bottom left; not yet drawn when the first screen is chosen). */
const LEGEND_H = 104;
// the Explorer as the page opened (remembered, or closed on a small screen): toggled later, the
// first screen is not chosen again for it
const explorerAtStart = panels.get().explorer;

/**
 * The pane a first screen is chosen for: the default window's (1440 × 900) or a smaller window's —
 * from the window's size and the Explorer as the page opened, never from the live canvas.
 * Measured on the live pane, a details panel opened by a selection narrowed it and the same project
 * opened on another screen after "Clear focus"; chosen for 1440 × 900 whatever the window, a
 * 1024 × 768 screen drew rows as bars. (When the details panel opens, keep-still.ts fits what was
 * in sight into the narrower canvas.)
 */
export function paneArea(): Size {
  const w = typeof window === 'undefined' ? DEFAULT_PANE : { width: window.innerWidth, height: window.innerHeight };
  const room = (win: Size, explorer: boolean): Size => ({ width: win.width - (explorer ? EXPLORER_W : 0), height: win.height - CHROME_H - NOTE_H - LEGEND_H });
  const def = room(DEFAULT_PANE, true), now = room(w, explorerAtStart);
  return { width: Math.min(def.width, now.width), height: Math.min(def.height, now.height) };
}
