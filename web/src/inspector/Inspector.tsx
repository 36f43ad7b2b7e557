// The right panel's inspector: what is selected — a table or entity (with its columns), a
// column, a relationship, or a file — or, with nothing selected, the two agents. Text selected
// here can be sent to Ask AI.
import { useState } from 'react';
import { askAbout } from '../ai/actions';
import { canvas } from '../canvas/store';
import { app } from '../state/app';
import { Agents } from './Agents';
import { EdgeView } from './EdgeView';
import { FileView } from './FileView';
import { NodeView } from './NodeView';

export function Inspector() {
  const selection = app.use((s) => s.selection);
  const graph = canvas.use((s) => s.graph);
  const [picked, setPicked] = useState('');
  const onMouseUp = () => {
    const t = window.getSelection()?.toString().trim() ?? '';
    setPicked(t.length > 1 ? t : '');
  };
  let body;
  if (!selection) body = <Agents />;
  else if (selection.kind === 'file') body = <FileView path={selection.path} />;
  else if (selection.kind === 'edge') {
    const e = graph?.edges.find((x) => x.id === selection.id);
    body = e ? <EdgeView e={e} /> : <p className="muted">The relationship is no longer in the diagram.</p>;
  } else {
    const n = graph?.nodes.find((x) => x.id === selection.id);
    body = n ? <NodeView n={n} column={selection.kind === 'column' ? selection.column : undefined} /> : <p className="muted">The table is no longer in the diagram.</p>;
  }
  return (
    <section className="inspector" aria-label="Inspector" onMouseUp={onMouseUp} onKeyUp={onMouseUp}>
      {body}
      {/* last, and sticky at the bottom: showing it never moves the text being selected */}
      {picked && (
        <div className="picked" role="region" aria-label="Selected text">
          <span>“{picked.slice(0, 80)}{picked.length > 80 ? '…' : ''}”</span>
          <button type="button" onClick={() => { askAbout([{ kind: 'selection', selectedText: picked, ...(selection?.kind === 'file' ? { path: selection.path } : {}) }]); setPicked(''); }}>Ask AI about selected text</button>
        </div>
      )}
    </section>
  );
}
