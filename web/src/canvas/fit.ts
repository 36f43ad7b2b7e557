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
