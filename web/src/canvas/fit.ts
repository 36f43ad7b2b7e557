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

/** The canvas's pane now; before it is drawn, what a window of this size leaves it (Explorer open). */
export function paneArea(): Size {
  const el = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('section.canvas .react-flow');
  const r = el?.getBoundingClientRect();
  if (r && r.width && r.height) return fitArea(r.width, r.height);
  const w = typeof window === 'undefined' ? 1440 : window.innerWidth, h = typeof window === 'undefined' ? 900 : window.innerHeight;
  return fitArea(Math.max(320, w - 230), Math.max(240, h - 180));
}
