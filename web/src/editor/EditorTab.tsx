// A file open in the centre: CodeMirror with Save (If-Match), a conflict view when the file
// changed on disk, Ask AI about the selected text, and "Review as proposal" (the edit goes
// through proposal validation — layers, doc blocks — instead of a plain save).
import { useState } from 'react';
import { MergeView } from './MergeView';
import { askAbout } from '../ai/actions';
import { openReview } from '../review/actions';
import { openSource } from '../canvas/controller';
import { app } from '../state/app';
import { closeFile, edit, resolveConflict, save } from './actions';
import { langOf } from './cm';
import { CodeEditor } from './CodeEditor';
import { dirty, editor } from './store';

export function EditorTab({ path }: { path: string }) {
  const b = editor.use((s) => s.buffers[path]);
  const kind = app.use((s) => s.files.find((f) => f.path === path)?.kind);
  const [selected, setSelected] = useState('');
  if (!b) return null;
  const isDirty = dirty(b);
  const isModel = kind === 'modeler_model';
  return (
    <section className="editor-tab" aria-label={`Editor ${path}`}>
      <div className="editor-bar" role="toolbar" aria-label={`${path} actions`}>
        <span className="editor-path">{path}{isDirty ? ' (modified)' : ''}</span>
        <button type="button" onClick={() => void save(path)} disabled={!isDirty || b.saving || !!b.conflict}>Save</button>
        <button type="button" disabled={!selected} onClick={() => askAbout([{ kind: 'selection', path, selectedText: selected }])}>Ask AI about selection</button>
        <button type="button" disabled={!isDirty} onClick={() => openReview({ title: `Edit of ${path}`, changes: [{ op: 'update_file', path, content: b.content, ...(b.etag ? { base_etag: b.etag } : {}), rationale: `Edited ${path} in the editor`, review_summary: `update ${path}` }] })}>Review as proposal</button>
        {isModel && <button type="button" onClick={() => void openSource({ kind: 'model', path })}>Open on canvas</button>}
        <button type="button" onClick={() => closeFile(path)} aria-label={`Close ${path}`}>Close</button>
      </div>
      {b.error && <p role="alert" className="error">{b.error}</p>}
      {b.conflict && (
        <div className="conflict" role="alert">
          <p><strong>Conflict:</strong> {path} changed on disk after you opened it. Left: on disk now; right: your version.</p>
          <div className="row">
            <button type="button" onClick={() => void resolveConflict(path, 'disk')}>Keep the version on disk</button>
            <button type="button" onClick={() => void resolveConflict(path, 'mine')}>Keep mine and save</button>
          </div>
          <MergeView original={b.conflict.disk} modified={b.content} lang={langOf(path)} label={`conflict in ${path}`} onChange={(t) => edit(path, t)} />
        </div>
      )}
      {b.loading ? <p role="status">Loading {path}…</p> : !b.conflict && (
        <CodeEditor key={path} value={b.content} lang={langOf(path)} label={`Contents of ${path}`} goto={b.goto}
          onChange={(t) => edit(path, t)} onSave={() => void save(path)} onSelection={setSelected} />
      )}
    </section>
  );
}
