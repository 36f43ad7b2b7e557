// Positions placed by hand that are not saved yet: kept in this browser (localStorage, per
// project and layout file) so a reload keeps them, and written into the project only by "Save
// layout" — a drag never edits a tracked file by itself. `null` marks a position given back to
// the automatic layout (removed from the file when saved).
import { getProjectId } from '../api/client';
import type { Point } from './geometry';

export type Draft = Record<string, Point | null>;

const key = (layoutPath: string) => `modeler.layout-draft.${getProjectId()}.${layoutPath}`;

export function readDraft(layoutPath: string): Draft {
  try {
    const v = JSON.parse(localStorage.getItem(key(layoutPath)) ?? '{}');
    return v && typeof v === 'object' ? v as Draft : {};
  } catch { return {}; }
}

export function writeDraft(layoutPath: string, d: Draft): void {
  try {
    if (Object.keys(d).length) localStorage.setItem(key(layoutPath), JSON.stringify(d));
    else localStorage.removeItem(key(layoutPath));
  } catch { /* storage full or off: the draft lives until the page closes */ }
}

/** Saved positions with the draft over them. */
export function withDraft(saved: Record<string, Point>, d: Draft): Record<string, Point> {
  const out = { ...saved };
  for (const [id, p] of Object.entries(d)) { if (p) out[id] = p; else delete out[id]; }
  return out;
}
