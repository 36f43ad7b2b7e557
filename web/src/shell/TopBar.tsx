// The top bar: project, git branch, validation and readiness status (kept current by server
// events), search (Ctrl+K / ⌘K), git and settings.
import { count } from '../../../src/core/count.js';
import { offers } from '../api/client';
import { app } from '../state/app';
import { panels, showDetails, togglePanel } from './panels';

export const gitOffered = () => ['GET /api/git/status', 'POST /api/git/branch/create', 'POST /api/git/commit', 'POST /api/git/push', 'POST /api/git/pull'].some(offers);

export function TopBar() {
  const project = app.use((s) => s.project);
  const status = app.use((s) => s.status);
  const branch = app.use((s) => s.branch);
  const live = app.use((s) => s.live);
  const validation = app.use((s) => s.validation);
  // the validation report counts what the findings panel lists (the column findings too, once the
  // server has read every model's SQL); the status pushed with each event counts them only when
  // cheap, so it is the fallback until the report is in
  const v = validation ? { valid: validation.valid, errors: validation.summary.errors, warnings: validation.summary.warnings } : status?.validation;
  const r = status?.readiness;
  const p = panels.use((s) => s);
  const details = app.use((s) => s.detailsOpen) && p.details;
  return (
    <header className="topbar" role="banner">
      <span className="brand">modeler</span>
      <span className="project" title="project">{project?.name}</span>
      {branch && <span className="branch" aria-label={`git branch ${branch}`}>⎇ {branch}</span>}
      {v && (
        <button type="button" className={`status ${v.valid ? 'ok' : 'bad'}`} onClick={() => { app.set({ bottomTab: 'validation' }); togglePanel('findings', true); }}
          aria-label={`Validation: ${v.valid ? 'valid' : count(Number(v.errors), 'error')}, ${count(Number(v.warnings), 'warning')}`}>
          {v.valid ? '✓ valid' : `✗ ${count(Number(v.errors), 'error')}`}{v.warnings ? ` · ${count(Number(v.warnings), 'warning')}` : ''}
        </button>
      )}
      {r && (
        <button type="button" className={`status ${r.red ? 'bad' : r.yellow ? 'warn' : 'ok'}`} onClick={() => { app.set({ bottomTab: 'readiness' }); togglePanel('findings', true); }}
          aria-label={`Readiness score ${r.score}: ${r.red} red, ${r.yellow} yellow, ${r.green} green ${r.red + r.yellow + r.green === 1 ? 'file' : 'files'}`}>
          readiness {r.score} · {r.red} red · {r.yellow} yellow
        </button>
      )}
      <span className={`live ${live ? 'on' : 'off'}`} role="status" aria-label={live ? 'live: following changes on disk' : 'not connected to the server'} title={live ? 'following changes on disk' : 'reconnecting…'} />
      <span className="spacer" />
      <span className="panel-toggles" role="group" aria-label="Panels">
        <button type="button" aria-pressed={p.explorer} onClick={() => togglePanel('explorer')} title="Show or hide the Explorer (remembered)">Explorer</button>
        <button type="button" aria-pressed={details} onClick={() => showDetails(!details)} title="Show or hide the inspector and AI panel (it opens by itself when something is selected, unless hidden here; remembered)">Details</button>
        <button type="button" aria-pressed={p.findings} onClick={() => togglePanel('findings')} title="Show or hide the findings (remembered)">Findings</button>
      </span>
      <button type="button" className="search-button" onClick={() => app.set({ dialog: { kind: 'search' } })} aria-keyshortcuts="Control+K Meta+K" aria-label="Search… Ctrl K">Search… <kbd>Ctrl K</kbd></button>
      {gitOffered() && <button type="button" onClick={() => app.set({ dialog: { kind: 'git' } })}>Git</button>}
      <button type="button" onClick={() => app.set({ dialog: { kind: 'settings' } })}>Settings</button>
    </header>
  );
}
