// The review plan in the centre: every change (keep or leave out), its validation verdict with
// the cause and location when blocked — a change made against a file that changed since is
// marked stale, with the request that made it offered again — and one tab per file with a diff
// against what is on disk now, the proposed side editable. Validate, then Apply (enabled only
// after a clean validation).
import { count } from '../../../src/core/count.js';
import { openFile } from '../editor/actions';
import { langOf } from '../editor/cm';
import { MergeView } from '../editor/MergeView';
import { apply, closeReview, editFile, rerun, toggle, validate } from './actions';
import { canApply, review } from './store';

function FileTab({ path }: { path: string }) {
  const served = review.use((s) => s.files.find((x) => x.path === path));
  // a change that carries the whole text shows it even when validation blocks it (the server's
  // preview leaves a blocked change out); a patch is shown as the server applied it
  const proposed = review.use((s) => [...s.items].reverse().find((i) => i.included && i.change.path === path && (i.change.op === 'create_file' || i.change.op === 'update_file') && i.change.content !== undefined)?.change.content);
  const f = served && proposed !== undefined ? { ...served, after: proposed } : served;
  const edited = review.use((s) => s.edits[path]);
  const applied = review.use((s) => !!s.applied);
  const busy = review.use((s) => s.busy === 'preview');
  if (!f) return <p role="status">{busy ? 'Reading the file…' : 'Not read yet.'}</p>;
  if (f.after === null && f.before !== null) return <p>This change deletes {path}.</p>;
  if (f.after === null && f.before === null) return <p className="muted">{busy ? 'Reading…' : `No content: the change for ${path} is left out or blocked.`}</p>;
  return (
    <>
      {/* once applied, the right side is what is on disk: the left is the file as it was */}
      <p className="muted">{applied ? (f.before === null ? 'Created' : 'Left: as it was before. Right: as written') : f.before === null ? 'New file' : 'Left: on disk now. Right: as proposed'}{edited !== undefined ? ' (edited by you)' : ''}.</p>
      <MergeView key={`${path}:${f.before ?? ''}`} original={f.before ?? ''} modified={edited ?? f.after ?? ''} lang={langOf(path)} label={path} readOnly={applied}
        onChange={(t) => { if (t !== (edited ?? f.after)) editFile(path, t); }} />
    </>
  );
}

export function ReviewPlan() {
  const s = review.use((x) => x);
  if (!s.open) return <p className="muted">No review plan is open.</p>;
  const resultOf = (i: number) => {
    // results are per sent change; map them back through the kept ones (edits may merge several)
    const kept = s.items.map((it, j) => (it.included ? j : -1)).filter((j) => j >= 0);
    const pos = kept.indexOf(i);
    return pos >= 0 ? s.result?.results.find((r) => r.index === pos && r.path === s.items[i].change.path) ?? s.result?.results.find((r) => r.path === s.items[i].change.path) : undefined;
  };
  const stale = s.result && !canApply(s) && !s.busy && !s.applied && s.result.valid;
  const verdictOf = (i: number) => (s.result && s.items[i].included ? resultOf(i) : undefined) ?? (s.items[i].included ? checkedOf(i) : undefined);
  const checkedOf = (i: number) => {
    const kept = s.items.map((it, j) => (it.included ? j : -1)).filter((j) => j >= 0);
    return s.checked?.find((r) => r.index === kept.indexOf(i));
  };
  const staleCount = s.items.filter((_, i) => verdictOf(i)?.code === 'STALE_PROPOSAL').length;
  const paths = [...new Set(s.items.map((i) => i.change.path))];
  const active = s.activeFile && paths.includes(s.activeFile) ? s.activeFile : paths[0];
  return (
    <section className="review" aria-label="Review plan">
      <header className="review-head">
        <h2 tabIndex={-1}>Review plan: {s.title}</h2>
        <div className="row" role="toolbar" aria-label="Review actions">
          <button type="button" onClick={() => void validate()} disabled={!!s.busy || !!s.applied}>{s.busy === 'validate' ? 'Validating…' : 'Validate'}</button>
          <button type="button" className="primary" onClick={() => void apply()} disabled={!canApply(s)}>{s.busy === 'apply' ? 'Applying…' : 'Apply'}</button>
          <button type="button" onClick={closeReview}>{s.applied ? 'Close review' : 'Discard'}</button>
        </div>
      </header>
      {s.notes.length > 0 && <ul className="notes">{s.notes.map((n, i) => <li key={i}>{n}</li>)}</ul>}
      {s.result && (
        <p role="status" className={s.result.valid ? 'ok' : 'error'}>
          {s.result.valid ? `Validation passed: ${count(s.result.summary.total, 'change')} can be applied.` : `Validation blocked ${s.result.summary.blocked} of ${count(s.result.summary.total, 'change')}; nothing was written.`}
          {stale ? ' The plan changed since: validate again before applying.' : ''}
        </p>
      )}
      {staleCount > 0 && !s.applied && (
        <div role="alert" className="error stale-note">
          {staleCount === 1 ? 'One change is stale' : `${staleCount} changes are stale`}: its file changed since the proposal was made, and it cannot be placed where it was meant. Nothing is written for it.
          {s.rerun && <> <button type="button" onClick={() => void rerun()} disabled={!!s.busy}>Re-run the request</button> <span className="muted">({s.rerun.label})</span></>}
        </div>
      )}
      {s.applied && <p role="status" className="ok">Applied: {count(s.applied.written.length, 'file')} written{s.applied.deleted.length ? `, ${s.applied.deleted.length} deleted` : ''}.</p>}
      <div className="review-body">
      <ol className="changes" aria-label="Changes">
        {s.items.map((it, i) => {
          const r = verdictOf(i);
          return (
            <li key={i} className={r ? (r.valid ? 'valid' : r.code === 'STALE_PROPOSAL' ? 'blocked stale' : 'blocked') : ''}>
              <label><input type="checkbox" checked={it.included} disabled={!!s.applied} onChange={(e) => toggle(i, e.target.checked)} />
                Include {it.change.op} {it.change.path}{it.change.to ? ` → ${it.change.to}` : ''}</label>
              {it.change.review_summary && <div className="muted">{it.change.review_summary}</div>}
              <div className="rationale">{it.change.rationale}</div>
              {r && (r.valid
                ? <div className="verdict ok">{r.already ? 'already applied: nothing to write' : `passes: ${r.validation_impact}`}
                  {r.reanchored?.length ? <div className="muted">re-anchored: {r.reanchored.map((m) => `${m.anchor} (${m.from} → ${m.to})${m.note ? ` — ${m.note}` : ''}`).join('; ')}</div> : null}</div>
                : r.code === 'STALE_PROPOSAL'
                ? <div className="verdict error">stale — {r.message}</div>
                : <div className="verdict error" role="alert">blocked — {r.code}: {r.message}
                  {r.location?.file && <> <button type="button" className="link" onClick={() => openFile(r.location!.file, r.location!.line)}>{r.location.file}{r.location.line ? `:${r.location.line}` : ''}</button></>}
                </div>)}
            </li>
          );
        })}
      </ol>
      <div className="review-files">
      <div className="file-tabs" role="tablist" aria-label="Files in the proposal">
        {paths.map((p) => (
          <button key={p} type="button" role="tab" id={`rtab-${p}`} aria-selected={p === active} aria-controls="review-file" onClick={() => review.set({ activeFile: p })}>{p}</button>
        ))}
      </div>
      {active && <div id="review-file" role="tabpanel" aria-labelledby={`rtab-${active}`} className="review-file"><FileTab key={active} path={active} /></div>}
      </div>
      </div>
    </section>
  );
}
