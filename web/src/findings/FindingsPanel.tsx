// The bottom panel: validation, mesh and readiness findings as the server reports them. A click
// opens the file at the line; every row has Ask AI (and a context menu with both).
import type { MouseEvent } from 'react';
import { askAbout } from '../ai/actions';
import { openFile } from '../editor/actions';
import { app, openMenu, type AppState } from '../state/app';
import { panels, togglePanel } from '../shell/panels';

interface Row { code: string; severity: string; message: string; hint?: string; file?: string; line?: number }

function rowsOf(tab: AppState['bottomTab'], s: AppState): Row[] {
  if (tab === 'validation') return [...(s.validation?.files ?? []).flatMap((f) => f.diagnostics.map((d) => ({ ...d, file: d.file ?? f.file }))), ...((s.validation?.loader as { diagnostics?: Row[] } | undefined)?.diagnostics ?? [])];
  if (tab === 'mesh') return [...(s.mesh?.findings ?? []), ...((s.mesh as { loadDiagnostics?: Row[] } | undefined)?.loadDiagnostics ?? [])];
  return (s.readiness?.files ?? []).flatMap((f) => f.findings.map((x) => ({ ...x, file: x.file ?? f.path })));
}

const SEV = { error: 0, warning: 1, info: 2 } as Record<string, number>;

export function FindingsPanel() {
  const tab = app.use((s) => s.bottomTab);
  const state = app.use((s) => s);
  const open = panels.use((s) => s.findings);
  const counts = { validation: rowsOf('validation', state).length, mesh: rowsOf('mesh', state).length, readiness: rowsOf('readiness', state).length };
  // the server reads every model's SQL for the column findings after the first screen: until then the count is not the last word
  const checking = state.validation?.column_checks === 'pending';
  const rows = rowsOf(tab, state).sort((a, b) => (SEV[a.severity] ?? 3) - (SEV[b.severity] ?? 3));
  const ask = (r: Row) => askAbout([{ kind: 'issue', code: r.code, path: r.file, line: r.line, message: r.message }]);
  const menu = (e: MouseEvent, r: Row) => {
    e.preventDefault();
    openMenu({ x: e.clientX || 40, y: e.clientY || window.innerHeight - 120, label: `finding ${r.code}`, returnFocus: e.currentTarget as HTMLElement, items: [
      { label: `Ask AI about ${r.code}`, run: () => ask(r) },
      { label: 'Open at the line', run: () => r.file && openFile(r.file, r.line), disabled: !r.file },
    ] });
  };
  return (
    <section className="findings" aria-label="Findings">
      <div role="tablist" aria-label="Finding kinds" className="tabs">
        {(['validation', 'mesh', 'readiness'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} aria-controls="findings-table" onClick={() => { app.set({ bottomTab: t }); togglePanel('findings', true); }}>
            {t[0].toUpperCase() + t.slice(1)} ({counts[t]}{t === 'validation' && checking ? ', checking columns…' : ''})
          </button>
        ))}
        <span className="spacer" />
        <button type="button" className="panel-toggle" aria-expanded={open} aria-controls="findings-table" onClick={() => togglePanel('findings')}>{open ? 'Hide findings' : 'Show findings'}</button>
      </div>
      <div id="findings-table" role="tabpanel" className="findings-body" hidden={!open}>
        {tab === 'validation' && checking && <p role="status" className="muted">Checking columns… the findings where a model's YAML and SQL disagree come once every model's SQL is read.</p>}
        {!rows.length ? <p className="muted">{tab === 'validation' && checking ? 'No validation findings so far.' : `No ${tab} findings.`}</p> : (
          <table>
            <thead><tr><th scope="col">Severity</th><th scope="col">Code</th><th scope="col">Message</th><th scope="col">Location</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className={`sev-${r.severity}`} onContextMenu={(e) => menu(e, r)}>
                  <td>{r.severity}</td>
                  <td><code>{r.code}</code></td>
                  <td>{r.message}{r.hint && <div className="muted">fix: {r.hint}</div>}</td>
                  <td>{r.file ? <button type="button" className="link" onClick={() => openFile(r.file!, r.line)}>{r.file}{r.line ? `:${r.line}` : ''}</button> : '—'}</td>
                  <td><button type="button" onClick={() => ask(r)} aria-label={`Ask AI about ${r.code} at ${r.file ?? 'the project'}${r.line ? `:${r.line}` : ''}`}>Ask AI</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
