// Rename, delete and create a file (from the Explorer's menus): small modal dialogs.
import { useState } from 'react';
import { api } from '../api/endpoints';
import { closeFile, openFile } from '../editor/actions';
import { app, errorText, select, toast } from '../state/app';
import { refresh } from '../state/data';
import { Modal } from '../shell/Modal';
import { newFileContent } from './tree';

export function FileDialogs() {
  const d = app.use((s) => s.dialog);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  if (!d || (d.kind !== 'rename' && d.kind !== 'delete' && d.kind !== 'new')) return null;
  const close = () => { app.set({ dialog: null }); setValue(''); };
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try { await fn(); close(); } catch (e) { toast('error', errorText(e)); } finally { setBusy(false); }
  };
  if (d.kind === 'delete') {
    return (
      <Modal title={`Delete ${d.path}?`} onClose={close}>
        <p>The file is removed from disk (git keeps its history if it was committed).</p>
        <div className="row">
          <button type="button" disabled={busy} onClick={() => void run(async () => { await api.deleteFile(d.path); closeFile(d.path); select(null); await refresh([d.path]); toast('success', `deleted ${d.path}`); })}>Delete</button>
          <button type="button" onClick={close}>Cancel</button>
        </div>
      </Modal>
    );
  }
  if (d.kind === 'rename') {
    const to = value || d.path;
    return (
      <Modal title={`Rename ${d.path}`} onClose={close}>
        <form onSubmit={(e) => { e.preventDefault(); void run(async () => { await api.renameFile(d.path, to); closeFile(d.path); await refresh([d.path, to]); select({ kind: 'file', path: to }); toast('success', `renamed to ${to}`); }); }}>
          <label>New path <input autoFocus value={to} onChange={(e) => setValue(e.target.value)} /></label>
          <div className="row"><button type="submit" disabled={busy || to === d.path}>Rename</button><button type="button" onClick={close}>Cancel</button></div>
        </form>
      </Modal>
    );
  }
  const name = value || (d.type === 'model' ? 'new_model' : 'new_diagram');
  const path = `${d.folder ? `${d.folder}/` : ''}${name}.${d.type}.yaml`;
  return (
    <Modal title={`New ${d.type} in ${d.folder || 'the project root'}`} onClose={close}>
      <form onSubmit={(e) => { e.preventDefault(); void run(async () => { await api.createFile(path, newFileContent(d.type, name, d.folder)); await refresh([path]); openFile(path); }); }}>
        <label>Name <input autoFocus value={name} pattern="[A-Za-z0-9_\-]+" onChange={(e) => setValue(e.target.value)} /></label>
        <p className="muted">Creates {path}</p>
        <div className="row"><button type="submit" disabled={busy}>Create</button><button type="button" onClick={close}>Cancel</button></div>
      </form>
    </Modal>
  );
}
