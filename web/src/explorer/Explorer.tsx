// The Explorer: the project's files as a tree with kind and layer badges and readiness dots.
// Arrow keys move, Enter opens, the context-menu key (or a right-click) offers open, Ask AI,
// rename, delete, and new model/diagram here.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { askAbout } from '../ai/actions';
import { openSource, showFolder } from '../canvas/controller';
import { openFile } from '../editor/actions';
import { app, openMenu, select } from '../state/app';
import { buildTree, initialExpanded, kindBadge, visibleRows, type Row } from './tree';

function menuFor(row: Row, el: HTMLElement | null, x: number, y: number): void {
  const n = row.node;
  const folder = n.kind === 'folder' ? n.path : n.path.includes('/') ? n.path.slice(0, n.path.lastIndexOf('/')) : '';
  const items = n.kind === 'file'
    ? [
      { label: 'Open', run: () => openFile(n.path) },
      ...(n.file?.kind === 'modeler_model' ? [{ label: 'Open on canvas', run: () => void openSource({ kind: 'model', path: n.path }) }] : []),
      { label: `Ask AI about ${n.name}`, run: () => askAbout([{ kind: 'file', path: n.path, layer: n.file?.layer }]) },
      { label: 'Rename…', run: () => app.set({ dialog: { kind: 'rename', path: n.path } }) },
      { label: 'Delete…', run: () => app.set({ dialog: { kind: 'delete', path: n.path } }) },
      { label: 'New model here…', run: () => app.set({ dialog: { kind: 'new', folder, type: 'model' } }) },
      { label: 'New diagram here…', run: () => app.set({ dialog: { kind: 'new', folder, type: 'diagram' } }) },
    ]
    : [
      { label: `Show ${n.path}/ on the diagram`, run: () => void showFolder(n.path) },
      { label: `Ask AI about ${n.path}/`, run: () => askAbout([{ kind: 'folder', path: n.path, name: n.path }]) },
      { label: 'New model here…', run: () => app.set({ dialog: { kind: 'new', folder, type: 'model' } }) },
      { label: 'New diagram here…', run: () => app.set({ dialog: { kind: 'new', folder, type: 'diagram' } }) },
    ];
  openMenu({ x, y, label: `${n.kind} ${n.path}`, items, returnFocus: el });
}

export function Explorer() {
  const files = app.use((s) => s.files);
  const readiness = app.use((s) => s.readiness);
  const selection = app.use((s) => s.selection);
  const tree = useMemo(() => buildTree(files), [files]);
  const [expanded, setExpanded] = useState<Set<string> | undefined>();
  const open = expanded ?? initialExpanded(tree);
  const rows = useMemo(() => visibleRows(tree, open), [tree, open]);
  const [focus, setFocus] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const status = useMemo(() => new Map((readiness?.files ?? []).map((f) => [f.path, f.status])), [readiness]);
  const selectedPath = selection?.kind === 'file' ? selection.path : undefined;

  useEffect(() => { if (focus >= rows.length) setFocus(Math.max(0, rows.length - 1)); }, [rows.length, focus]);
  const move = (i: number) => {
    const j = Math.max(0, Math.min(rows.length - 1, i));
    setFocus(j);
    (list.current?.querySelectorAll<HTMLElement>('[role="treeitem"]')[j])?.focus();
  };
  const toggle = (path: string, to?: boolean) => {
    const next = new Set(open);
    if (to ?? !next.has(path)) next.add(path); else next.delete(path);
    setExpanded(next);
  };
  const activate = (r: Row) => { if (r.node.kind === 'folder') toggle(r.node.path); else openFile(r.node.path); };
  const onKey = (e: KeyboardEvent, r: Row, i: number) => {
    const isOpen = open.has(r.node.path);
    switch (e.key) {
      case 'ArrowDown': move(i + 1); break;
      case 'ArrowUp': move(i - 1); break;
      case 'Home': move(0); break;
      case 'End': move(rows.length - 1); break;
      case 'ArrowRight': if (r.node.kind === 'folder') { if (!isOpen) toggle(r.node.path, true); else move(i + 1); } break;
      case 'ArrowLeft':
        if (r.node.kind === 'folder' && isOpen) toggle(r.node.path, false);
        else if (r.parent !== undefined) move(rows.findIndex((x) => x.node.path === r.parent));
        break;
      case 'Enter': activate(r); break;
      case ' ': if (r.node.kind === 'file') select({ kind: 'file', path: r.node.path }); else toggle(r.node.path); break;
      default: return;
    }
    e.preventDefault();
  };
  const onContext = (e: MouseEvent, r: Row, i: number) => {
    e.preventDefault();
    setFocus(i);
    const el = e.currentTarget as HTMLElement;
    const box = el.getBoundingClientRect();
    menuFor(r, el, e.clientX || box.left + 24, e.clientY || box.bottom);
  };
  return (
    <nav className="explorer" aria-label="Explorer">
      <h2 className="panel-title">Explorer</h2>
      <ul role="tree" aria-label="Project files" ref={list}>
        {rows.map((r, i) => {
          const n = r.node;
          const st = n.kind === 'file' ? status.get(n.path) : undefined;
          return (
            <li key={n.path} role="treeitem" aria-level={r.depth} aria-expanded={n.kind === 'folder' ? open.has(n.path) : undefined}
              aria-selected={n.path === selectedPath} tabIndex={i === focus ? 0 : -1} aria-label={n.kind === 'folder' ? `${n.name}/` : n.name}
              className={`tree-row ${n.kind}`} style={{ paddingLeft: `${(r.depth - 1) * 14 + 6}px` }}
              onClick={() => { setFocus(i); if (n.kind === 'folder') toggle(n.path); else select({ kind: 'file', path: n.path }); }}
              onDoubleClick={() => n.kind === 'file' && openFile(n.path)}
              onKeyDown={(e) => onKey(e, r, i)} onContextMenu={(e) => onContext(e, r, i)}>
              <span className="twisty" aria-hidden="true">{n.kind === 'folder' ? (open.has(n.path) ? '▾' : '▸') : ''}</span>
              {/* a long name is cut by the panel's width (a package's stg_shopify__… run together): whole in the tooltip */}
              <span className="tree-name" title={n.path}>{n.name}</span>
              {n.file && kindBadge(n.file.kind) && <span className="badge kind">{kindBadge(n.file.kind)}</span>}
              {n.file?.layer && <span className="badge layer">{n.file.layer}</span>}
              {st && <span className={`dot status-${st}`} role="img" aria-label={`readiness ${st}`} title={`readiness ${st}`} />}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
