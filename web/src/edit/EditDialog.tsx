// The dialog of a diagram edit: what the action needs (a new name, a description, a type, a new
// column, the other end of a relationship, or only a confirmation), then "Review change" asks
// for the proposal and opens it in the review plan. A refusal stays in the dialog with why.
// Escape or Cancel closes it and focus goes back to what opened it; after a proposal, to the plan.
import { useEffect, useState } from 'react';
import type { CanvasEdit } from '../api/types';
import { canvas } from '../canvas/store';
import { Modal } from '../shell/Modal';
import { app } from '../state/app';
import { ACTION_NAMES, proposeEdit } from './actions';

/** Focus the plan's heading once it is drawn (the dialog's own focus-return runs first and finds its opener hidden). */
function focusReview(tries = 20): void {
  const h = document.querySelector<HTMLElement>('section.review h2');
  if (h && h.offsetParent) { h.focus(); return; }
  if (tries > 0) setTimeout(() => focusReview(tries - 1), 50);
}

export function EditDialog() {
  const d = app.use((s) => (s.dialog?.kind === 'edit' ? s.dialog : undefined));
  const graph = canvas.use((s) => s.graph);
  const [v, setV] = useState<Record<string, string>>({});
  const [why, setWhy] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => { setV({}); setWhy(undefined); setBusy(false); }, [d?.action, d?.table, d?.column]);
  if (!d) return null;
  const node = graph?.nodes.find((n) => n.id === d.node);
  const col = d.column ? node?.columns.find((c) => c.name === d.column) : undefined;
  const what = d.column ? `${d.table}.${d.column}` : d.table;
  const close = () => app.set({ dialog: null });
  const val = (k: string, initial = '') => v[k] ?? initial;
  const set = (k: string) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const description = (col ? col.description : node?.description) ?? '';
  const doc = col?.doc;
  const targets = (graph?.nodes ?? []).filter((n) => n.columns.length);
  // a relationship from a table (not a column) names its column here: a key that is not the table's own first
  const ownColumns = node?.columns ?? [];
  const fromColumn = d.column ?? val('column', (ownColumns.find((c) => c.fk) ?? ownColumns.find((c) => !c.pk && /_(id|key)$/.test(c.name)) ?? ownColumns[0])?.name ?? '');
  const toTable = val('to_table', targets.find((n) => n.id !== d.node && n.columns.some((c) => c.name === fromColumn))?.name ?? targets[0]?.name ?? '');
  const toColumns = targets.find((n) => n.name === toTable)?.columns ?? [];
  const toColumn = toColumns.some((c) => c.name === v.to_column) ? v.to_column! : (toColumns.find((c) => c.name === fromColumn) ?? toColumns.find((c) => c.pk) ?? toColumns[0])?.name ?? '';

  const edit = (): CanvasEdit => {
    switch (d.action) {
      case 'rename': return { action: 'rename', table: d.table, ...(d.column ? { column: d.column } : {}), to: val('to', d.column ?? d.table).trim() };
      case 'describe': return { action: 'describe', table: d.table, ...(d.column ? { column: d.column } : {}), description: val('description', description) };
      case 'set_type': return { action: 'set_type', table: d.table, column: d.column!, data_type: val('data_type', col?.type ?? '').trim() };
      case 'add_column': return { action: 'add_column', table: d.table, column: val('name').trim(), ...(val('data_type').trim() ? { data_type: val('data_type').trim() } : {}), ...(val('description').trim() ? { description: val('description').trim() } : {}) };
      case 'relate': return { action: 'relate', table: d.table, column: fromColumn, to_table: toTable, to_column: toColumn };
      case 'delete': return { action: 'delete', table: d.table, ...(d.column ? { column: d.column } : {}) };
    }
  };
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setWhy(undefined);
    const refused = await proposeEdit(edit());
    setBusy(false);
    if (refused) { setWhy(refused); return; }
    app.set({ dialog: null });
    focusReview();
  };
  const title = `${ACTION_NAMES[d.action]}: ${d.action === 'add_column' ? `new column of ${d.table}` : what}`;
  return (
    <Modal title={title} onClose={close} returnTo={d.opener}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        {d.action === 'rename' && <label>New name <input autoFocus value={val('to', d.column ?? d.table)} onChange={set('to')} /></label>}
        {d.action === 'rename' && !d.column && <p className="muted">The SQL file, the YAML entry, and every ref() and relationships test that names {d.table} are changed together.</p>}
        {d.action === 'describe' && (
          <>
            {doc && <p className="muted">This description is the doc block “{doc}”: the block is edited in its .md file, and every column bound to it changes too.</p>}
            <label>Description <textarea autoFocus rows={5} value={val('description', description)} onChange={set('description')} /></label>
          </>
        )}
        {d.action === 'set_type' && <label>Data type <input autoFocus value={val('data_type', col?.type ?? '')} placeholder="integer, varchar(20), decimal(18,2)…" onChange={set('data_type')} /></label>}
        {d.action === 'add_column' && (
          <>
            <label>Column name <input autoFocus value={val('name')} onChange={set('name')} /></label>
            <label>Data type <input value={val('data_type')} onChange={set('data_type')} /></label>
            <label>Description <input value={val('description')} onChange={set('description')} /></label>
          </>
        )}
        {d.action === 'relate' && (
          <>
            {!d.column && <label>Column <select autoFocus value={fromColumn} onChange={(e) => setV((x) => ({ ...x, column: e.target.value, to_column: '' }))}>
              {ownColumns.map((c) => <option key={c.name} value={c.name}>{c.name}{c.fk ? ' (references)' : ''}</option>)}
            </select></label>}
            <p className="muted">Each {d.column ? what : `${d.table}.${fromColumn}`} refers to one row of the table chosen here (a relationships test, or a relationship in the model file).</p>
            <label>Referenced table <select autoFocus={!!d.column} value={toTable} onChange={(e) => setV((x) => ({ ...x, to_table: e.target.value, to_column: '' }))}>
              {targets.map((n) => <option key={n.id} value={n.name}>{n.name}</option>)}
            </select></label>
            <label>Referenced column <select value={toColumn} onChange={set('to_column')}>
              {toColumns.map((c) => <option key={c.name} value={c.name}>{c.name}{c.pk ? ' (key)' : ''}</option>)}
            </select></label>
          </>
        )}
        {d.action === 'delete' && <p>{d.column ? `The YAML entry of ${what} (its description, type and tests) is removed.` : `The model ${what} (its SQL file and its YAML entry) is removed; it is refused while other models read it.`}</p>}
        {why && <p role="alert" className="error">Not proposed: {why}</p>}
        <div className="row">
          <button type="submit" className="primary" aria-disabled={busy || undefined}>{busy ? 'Proposing…' : 'Review change'}</button>
          <button type="button" onClick={close}>Cancel</button>
        </div>
      </form>
    </Modal>
  );
}
