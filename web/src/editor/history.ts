// Undo and redo for the editors. @codemirror/commands (which has the full history) is not among
// the installed packages, so this keeps a plain stack of inverted change sets, grouping edits
// typed within half a second into one step.
import { ChangeSet, StateEffect, StateField, type Extension, type Transaction } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

interface Step { inverse: ChangeSet; at: number }
interface History { done: Step[]; undone: ChangeSet[] }
const replace = StateEffect.define<History>();

const field = StateField.define<History>({
  create: () => ({ done: [], undone: [] }),
  update(h, tr: Transaction) {
    for (const e of tr.effects) if (e.is(replace)) return e.value;
    if (!tr.docChanged) return h;
    const inverse = tr.changes.invert(tr.startState.doc);
    const now = Date.now();
    const last = h.done[h.done.length - 1];
    const done = last && now - last.at < 500 && tr.isUserEvent('input')
      ? [...h.done.slice(0, -1), { inverse: inverse.compose(last.inverse), at: now }]
      : [...h.done.slice(-199), { inverse, at: now }];
    return { done, undone: [] };
  },
});

function undo(view: EditorView): boolean {
  const h = view.state.field(field);
  const step = h.done[h.done.length - 1];
  if (!step) return false;
  const redo = step.inverse.invert(view.state.doc);
  view.dispatch({ changes: step.inverse, effects: replace.of({ done: h.done.slice(0, -1), undone: [...h.undone, redo] }), userEvent: 'undo' });
  return true;
}

function redo(view: EditorView): boolean {
  const h = view.state.field(field);
  const change = h.undone[h.undone.length - 1];
  if (!change) return false;
  const inverse = change.invert(view.state.doc);
  view.dispatch({ changes: change, effects: replace.of({ done: [...h.done, { inverse, at: 0 }], undone: h.undone.slice(0, -1) }), userEvent: 'redo' });
  return true;
}

export function history(): Extension {
  return [field, keymap.of([{ key: 'Mod-z', run: undo, preventDefault: true }, { key: 'Mod-y', run: redo, preventDefault: true }, { key: 'Mod-Shift-z', run: redo, preventDefault: true }])];
}
