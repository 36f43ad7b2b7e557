// Which panels are open around the canvas (Explorer, details, findings, and the canvas's minimap
// and legend), remembered in this browser so the canvas keeps the room a user gave it. The canvas
// is what the page is for, so it starts with most of the window: findings and the minimap closed,
// the details panel shown only once something is selected (or asked about), the Explorer closed
// on a small screen. A panel a user opens or closes stays so.
import { app } from '../state/app';
import { createStore } from '../state/store';

export interface Panels { explorer: boolean; details: boolean; findings: boolean; minimap: boolean; legend: boolean }

const KEY = 'modeler.panels';
/** Below this window width the Explorer starts closed (at 1024 px its 220 px are a fifth of the canvas). */
export const EXPLORER_MIN_WIDTH = 1280;
export const DEFAULT_PANELS: Panels = {
  explorer: typeof window === 'undefined' || window.innerWidth >= EXPLORER_MIN_WIDTH,
  // details: whether the panel opens by itself on a selection (app.detailsOpen says whether it shows now)
  details: true, findings: false, minimap: false, legend: true,
};

function load(): Panels {
  try { return { ...DEFAULT_PANELS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Panels>) }; } catch { return DEFAULT_PANELS; }
}

export const panels = createStore<Panels>(load());

/** The details panel on or off, now and for later selections. */
export function showDetails(open: boolean): void {
  togglePanel('details', open);
  app.set({ detailsOpen: open });
}

export function togglePanel(which: keyof Panels, open = !panels.get()[which]): void {
  panels.set({ [which]: open });
  try { localStorage.setItem(KEY, JSON.stringify(panels.get())); } catch { /* storage full or off: the choice lasts this visit */ }
}
