// The zoom "Fit view" gives laid-out tables in the canvas's pane: one computation for the fit
// itself (Canvas.tsx) and for choosing a first screen that reads fitted (controller.ts).
import type { Size } from './geometry';

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

/**
 * The pane a first screen is chosen for: the canvas of the default window (1440 × 900, Explorer
 * open, details closed), whatever the window now. Measured on the live pane, a details panel
 * opened by a selection narrowed it and the same project opened on another screen after "Clear focus";
 * the legend is counted as shown (it is, at first), drawn or not yet.
 */
export const paneArea = (): Size => ({ width: 1440 - 232, height: 900 - 172 - NOTE_H - LEGEND_H });
/** The legend's height with its margin (shown at first, bottom left; not yet drawn when the first screen is chosen). */
const LEGEND_H = 104;
