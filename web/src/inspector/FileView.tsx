// A file: its kind and layer, readiness, findings, its text (read-only here; Open edits it), and
// for a model file the SQL preview per dialect.
import { useEffect, useState } from 'react';
import { askAbout } from '../ai/actions';
import { api } from '../api/endpoints';
import { openSource } from '../canvas/controller';
import { langOf } from '../editor/cm';
import { CodeEditor } from '../editor/CodeEditor';
import { openFile } from '../editor/actions';
import { app, errorText } from '../state/app';
import { FindingList } from './Findings';
import { findingsOfFile, readinessOf } from './findings-of';
import { SqlPreview } from './SqlPreview';

export function FileView({ path }: { path: string }) {
  const entry = app.use((s) => s.files.find((f) => f.path === path));
  const readiness = app.use((s) => s.readiness);
  const validation = app.use((s) => s.validation);
  const version = app.use((s) => s.version);
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    if (entry && entry.kind !== 'target_json') api.readFile(path).then((f) => { if (live) { setText(f.content); setError(undefined); } }).catch((e) => live && setError(errorText(e)));
    else setText(undefined);
    return () => { live = false; };
  }, [path, version, entry?.kind]);
  if (!entry) return <p className="muted">{path} is no longer in the project.</p>;
  const r = readinessOf(path, readiness);
  const isModel = entry.kind === 'modeler_model';
  return (
    <article aria-label={`Inspector for ${path}`}>
      <h2>{path.split('/').pop()}</h2>
      <dl>
        <dt>Path</dt><dd>{path}</dd>
        <dt>Kind</dt><dd>{entry.kind}{entry.layer ? ` · ${entry.layer}` : ''}</dd>
        {r && <><dt>Readiness</dt><dd className={`status-${r.status}`}>{r.status} ({r.score})</dd></>}
      </dl>
      <div className="row">
        <button type="button" onClick={() => openFile(path)}>Open</button>
        {isModel && <button type="button" onClick={() => void openSource({ kind: 'model', path })}>Open on canvas</button>}
        <button type="button" onClick={() => askAbout([{ kind: 'file', path, layer: entry.layer }])}>Ask AI about this file</button>
      </div>
      <h3>Findings</h3>
      <FindingList rows={findingsOfFile(path, readiness, validation)} empty="No findings for this file." />
      {isModel && <SqlPreview path={path} />}
      {error && <p className="error">{error}</p>}
      {text !== undefined && <><h3>Contents</h3><CodeEditor key={path} value={text} lang={langOf(path)} label={`Preview of ${path}`} readOnly className="preview" /></>}
    </article>
  );
}
