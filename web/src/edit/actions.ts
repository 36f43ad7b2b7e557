// Diagram edits: a table's or column's action asks the server for the changes it makes
// (POST /api/ai/proposals/edit) and opens them in the review plan — validated there, written
// only by Apply. The dialog collects what the action needs; a refusal is shown in it with why.
import { ApiError } from '../api/client';
import { api } from '../api/endpoints';
import type { CanvasEdit } from '../api/types';
import { canvas } from '../canvas/store';
import { openReview } from '../review/actions';
import { app, errorText, toast } from '../state/app';

export type EditAction = CanvasEdit['action'];

/** The accessible name of each action (the same in the context menu, the inspector and the dialog's title). */
export const ACTION_NAMES: Record<EditAction, string> = {
  rename: 'Rename', describe: 'Edit description', set_type: 'Set type', add_column: 'Add column', relate: 'Add relationship', delete: 'Delete',
};
// a table's Add relationship asks for the column too: it works at any zoom (below 50% rows are bars, with no column to drag from or to)
export const TABLE_ACTIONS: EditAction[] = ['rename', 'describe', 'add_column', 'relate', 'delete'];
export const COLUMN_ACTIONS: EditAction[] = ['rename', 'describe', 'set_type', 'relate', 'delete'];

export interface EditTarget { node: string; table: string; column?: string }

/** The model file the canvas shows, when it shows one (edits go to its entities). */
const modelPath = () => { const s = canvas.get().source; return s.kind === 'model' ? s.path : undefined; };

/** Where focus goes back when the dialog closes: what opened it, else the table on the canvas. */
function opener(node: string): HTMLElement | null {
  const back = app.get().menu?.returnFocus ?? (document.activeElement as HTMLElement | null);
  // a menu item is gone once the dialog is open: the table is where to come back to
  if (back && back !== document.body && back.isConnected && !back.closest('[role="menu"]')) return back;
  return document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(node)}"]`);
}

export function openEdit(action: EditAction, t: EditTarget): void {
  app.set({ dialog: { kind: 'edit', action, ...t, opener: opener(t.node) }, menu: undefined });
}

/**
 * Ask for the proposal and open it in the review plan (with a re-run that asks again from the
 * files as they are then). A refusal comes back as its message (the dialog shows it).
 */
export async function proposeEdit(edit: CanvasEdit): Promise<string | undefined> {
  const path = modelPath();
  const ask = async () => {
    const r = await api.editProposal(edit, path);
    openReview({ title: r.title, changes: r.changes, notes: r.notes, rerun: { label: `${r.title} again`, run: async () => { await ask(); } } });
  };
  try { await ask(); return undefined; } catch (e) {
    if (e instanceof ApiError && (e.code === 'EDIT_REFUSED' || e.status === 400)) return e.message;
    toast('error', errorText(e));
    return errorText(e);
  }
}

/** A relationship drawn by dragging from one column to another: proposed at once (the review is the confirmation). */
export async function relateByDrag(from: EditTarget & { column: string }, to: { table: string; column: string }): Promise<void> {
  const why = await proposeEdit({ action: 'relate', table: from.table, column: from.column, to_table: to.table, to_column: to.column });
  if (why) toast('error', `No relationship proposed: ${why}`);
}
