// The page: top bar; Explorer left; the canvas, editor tabs and the review plan in the centre;
// inspector and Ask AI right; findings below. Ctrl+K (⌘K) searches from anywhere.
import { useEffect } from 'react';
import { AiPanel } from './ai/AiPanel';
import { Canvas } from './canvas/Canvas';
import { closeFile } from './editor/actions';
import { EditorTab } from './editor/EditorTab';
import { dirty, editor } from './editor/store';
import { Explorer } from './explorer/Explorer';
import { EditDialog } from './edit/EditDialog';
import { FileDialogs } from './explorer/FileDialogs';
import { FindingsPanel } from './findings/FindingsPanel';
import { GitPanel } from './git/GitPanel';
import { Inspector } from './inspector/Inspector';
import { ReviewPlan } from './review/ReviewPlan';
import { review } from './review/store';
import { Settings } from './settings/Settings';
import { ContextMenu } from './shell/ContextMenu';
import { Search } from './shell/Search';
import { Toasts } from './shell/Toasts';
import { TopBar } from './shell/TopBar';
import { app, type CenterTab } from './state/app';
import { panels } from './shell/panels';

function CenterTabs() {
  const center = app.use((s) => s.center);
  const files = app.use((s) => s.openFiles);
  const reviewOpen = review.use((s) => s.open);
  const buffers = editor.use((s) => s.buffers);
  const tab = (id: CenterTab, label: string, extra?: React.ReactNode) => (
    <span className={`ctab${center === id ? ' active' : ''}`} key={id}>
      <button type="button" role="tab" aria-selected={center === id} aria-controls="center-panel" onClick={() => app.set({ center: id })}>{label}</button>
      {extra}
    </span>
  );
  return (
    <div className="center-tabs" role="tablist" aria-label="Open views">
      {tab('canvas', 'Diagram')}
      {reviewOpen && tab('review', 'Review plan')}
      {files.map((p) => tab(`file:${p}` as CenterTab, `${p.split('/').pop()}${dirty(buffers[p]) ? ' •' : ''}`,
        <button type="button" className="close" aria-label={`Close ${p}`} onClick={() => closeFile(p)}>×</button>))}
    </div>
  );
}

function Center() {
  const center = app.use((s) => s.center);
  const files = app.use((s) => s.openFiles);
  return (
    <main className="center" aria-label="Workspace">
      <CenterTabs />
      <div id="center-panel" role="tabpanel" className="center-panel">
        <div className="view" hidden={center !== 'canvas'}><Canvas /></div>
        {center === 'review' && <div className="view"><ReviewPlan /></div>}
        {files.map((p) => <div className="view" key={p} hidden={center !== `file:${p}`}><EditorTab path={p} /></div>)}
      </div>
    </main>
  );
}

function RightPanel() {
  const tab = app.use((s) => s.rightTab);
  return (
    <aside className="right" aria-label="Details">
      <div role="tablist" aria-label="Details" className="tabs">
        <button type="button" role="tab" aria-selected={tab === 'inspector'} aria-controls="right-panel" onClick={() => app.set({ rightTab: 'inspector' })}>Inspector</button>
        <button type="button" role="tab" aria-selected={tab === 'ai'} aria-controls="right-panel" onClick={() => app.set({ rightTab: 'ai' })}>AI</button>
      </div>
      <div id="right-panel" role="tabpanel" className="right-body">
        <div hidden={tab !== 'inspector'}><Inspector /></div>
        <div hidden={tab !== 'ai'} className="ai-wrap"><AiPanel /></div>
      </div>
    </aside>
  );
}

export function App() {
  const ready = app.use((s) => s.ready);
  const error = app.use((s) => s.error);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') { e.preventDefault(); app.set({ dialog: { kind: 'search' }, menu: undefined }); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (error && !ready) return <main className="boot-error" role="alert"><h1>modeler</h1><p>{error}</p><button type="button" onClick={() => location.reload()}>Try again</button></main>;
  if (!ready) return <main className="booting" role="status">Reading the project…</main>;
  return <Shell />;
}

function Shell() {
  const p = panels.use((s) => s);
  const details = app.use((s) => s.detailsOpen) && p.details;
  return (
    <div className={`app${p.explorer ? '' : ' no-explorer'}${details ? '' : ' no-details'}${p.findings ? '' : ' findings-closed'}`}>
      <TopBar />
      <Explorer />
      <Center />
      <RightPanel />
      <FindingsPanel />
      <ContextMenu />
      <Toasts />
      <Search />
      <FileDialogs />
      <EditDialog />
      <Settings />
      <GitPanel />
    </div>
  );
}
