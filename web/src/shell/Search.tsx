// The ⌘K / Ctrl+K search: type, pick with the arrow keys, Enter jumps — a table or entity is
// focused on the canvas with its neighbours, a column selected in its table, a file or doc
// block opened at its line.
import { useEffect, useRef, useState } from 'react';
import { focusOn, openSource } from '../canvas/controller';
import { focusTable } from '../canvas/focus';
import { canvas } from '../canvas/store';
import { openFile } from '../editor/actions';
import { app, select } from '../state/app';
import { findTable, projectTables } from '../state/data';
import { Modal } from './Modal';
import { indexSearch, localSearch, indexOffered, namesFirst, type Hit } from './search';

export async function jump(h: Hit): Promise<void> {
  const s = app.get();
  const [tname, col] = h.kind === 'column' ? [h.name.slice(0, h.name.lastIndexOf('.')), h.name.slice(h.name.lastIndexOf('.') + 1)] : [h.name, undefined];
  // a big project's graph is here only in part: the server finds the table
  const node = ['model', 'source', 'seed', 'snapshot', 'column', 'table'].includes(h.kind) ? await findTable(tname).catch(() => undefined) : undefined;
  if (node) {
    if (canvas.get().source.kind !== 'project') await openSource({ kind: 'project' });
    app.set({ center: 'canvas' });
    // selected first: the details panel it opens narrows the canvas, and the focus is fitted to what is left
    select(col ? { kind: 'column', id: node.id, column: col } : { kind: 'node', id: node.id });
    await focusOn([node.id]);
    // the keyboard carries on from the table found, not from the top of the page
    setTimeout(() => focusTable(node.id), 50);
    return;
  }
  if (h.kind === 'entity' && h.path && s.files.some((f) => f.path === h.path && f.kind === 'modeler_model')) {
    await openSource({ kind: 'model', path: h.path });
    select({ kind: 'node', id: h.name });
    await focusOn([h.name]);
    setTimeout(() => focusTable(h.name), 50);
    return;
  }
  if (h.kind === 'file' && h.path) { select({ kind: 'file', path: h.path }); openFile(h.path); return; }
  if (h.path) openFile(h.path, h.line);
}

export function Search() {
  const open = app.use((s) => s.dialog?.kind === 'search');
  const graph = app.use((s) => s.graph);
  const files = app.use((s) => s.files);
  const docs = app.use((s) => s.docBlocks);
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [active, setActive] = useState(0);
  // "No match." only once every lookup has answered: shown while the tables were still on their
  // way, it was an option Enter could pick, and picked nothing
  const [pending, setPending] = useState(false);
  const ctl = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    ctl.current?.abort();
    // a big project's graph is here in part: its tables by name come from the server first
    const all = projectTables();
    let stale = false;
    const indexed = indexOffered() && q.trim().length >= 2;
    setPending(!!all || indexed);
    const settled = () => { if (!indexed && !stale) setPending(false); };
    if (all) all.then((t) => { if (!stale) setHits(localSearch(q, graph, files, docs, 30, t)); settled(); }, () => { if (!stale) setHits(localSearch(q, graph, files, docs)); settled(); });
    else setHits(localSearch(q, graph, files, docs));
    setActive(0);
    if (!indexed) return () => { stale = true; };
    const c = new AbortController();
    ctl.current = c;
    // the tables named by what was typed lead the index's hits (every table's name, in a big project)
    const t = setTimeout(() => {
      Promise.all([indexSearch(q, c.signal), all?.catch(() => undefined)]).then(([h, tables]) => {
        if (!c.signal.aborted && h.length) { stale = true; setHits(namesFirst(q, h, localSearch(q, graph, files, docs, 30, tables))); }
      }).catch(() => {}).finally(() => { if (!c.signal.aborted) setPending(false); });
    }, 150);
    return () => { stale = true; clearTimeout(t); c.abort(); };
  }, [q, open, graph, files, docs]);
  if (!open) return null;
  const close = () => { app.set({ dialog: null }); setQ(''); };
  const choose = (h: Hit | undefined) => { if (!h) return; close(); void jump(h); };
  return (
    <Modal title="Search the project" onClose={close}>
      <input role="combobox" aria-expanded={hits.length > 0} aria-controls="search-results" aria-activedescendant={hits[active] ? `hit-${active}` : undefined}
        aria-label="Search models, entities, columns, files and doc blocks" autoFocus value={q} placeholder="orders, customer_id, _marts.yml…"
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { setActive((a) => Math.min(hits.length - 1, a + 1)); e.preventDefault(); }
          else if (e.key === 'ArrowUp') { setActive((a) => Math.max(0, a - 1)); e.preventDefault(); }
          else if (e.key === 'Enter') { choose(hits[active]); e.preventDefault(); }
        }} />
      <ul id="search-results" role="listbox" aria-label="Results" className="search-results">
        {hits.map((h, i) => (
          <li key={`${h.kind}:${h.name}:${i}`} id={`hit-${i}`} role="option" aria-selected={i === active} onMouseEnter={() => setActive(i)} onClick={() => choose(h)}>
            <span className="badge">{h.kind}</span> {h.name} {h.detail && <span className="muted">{h.detail}</span>}
            {h.path && <span className="muted"> — {h.path}{h.line ? `:${h.line}` : ''}</span>}
          </li>
        ))}
        {q.trim() && !hits.length && pending && <li className="muted" aria-disabled="true">Searching…</li>}
        {q.trim() && !hits.length && !pending && <li className="muted" role="option" aria-selected={false} aria-disabled="true">No match.</li>}
      </ul>
    </Modal>
  );
}
