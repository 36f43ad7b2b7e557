// Which panels are open around the canvas (Explorer, details, findings, and the canvas's minimap
// and legend), remembered in this browser so the canvas keeps the room a user gave it. Findings
// start closed: the canvas is what the page is for.
import { createStore } from '../state/store';

export interface Panels { explorer: boolean; details: boolean; findings: boolean; minimap: boolean; legend: boolean }

const KEY = 'modeler.panels';
export const DEFAULT_PANELS: Panels = { explorer: true, details: true, findings: false, minimap: true, legend: true };

function load(): Panels {
  try { return { ...DEFAULT_PANELS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Panels>) }; } catch { return DEFAULT_PANELS; }
}

export const panels = createStore<Panels>(load());

export function togglePanel(which: keyof Panels, open = !panels.get()[which]): void {
  panels.set({ [which]: open });
  try { localStorage.setItem(KEY, JSON.stringify(panels.get())); } catch { /* storage full or off: the choice lasts this visit */ }
}
