// The inspector's lineage of a column: where its value comes from and what it feeds, each entry
// with its kind and the file:line of the expression (a link into the editor), nearest first.
import { useEffect } from 'react';
import type { LineageReply } from '../api/types';
import { openFile } from '../editor/actions';
import { app, select } from '../state/app';
import { clearLineage, lineage, loadLineage } from './store';

type Entry = LineageReply['upstream'][number];

function EntryList({ label, rows }: { label: string; rows: Entry[] }) {
  const nodes = app.use((s) => s.graph?.nodes);
  if (!rows.length) return <p className="muted">{label}: none</p>;
  const seen = new Set<string>();
  const uniq = rows.filter((r) => { const k = `${r.node}.${r.column}`; if (seen.has(k)) return false; seen.add(k); return true; });
  return (
    <>
      <h5>{label}</h5>
      <ul aria-label={label} className="lineage-list">
        {uniq.map((r) => {
          const target = nodes?.find((n) => n.name === r.node);
          return (
            <li key={`${r.node}.${r.column}`}>
              {target
                ? <button type="button" className="link" onClick={() => select({ kind: 'column', id: target.id, column: r.column })}>{r.node}.{r.column}</button>
                : <span>{r.node}.{r.column}</span>}
              {' '}<span className="badge">{r.kind}</span>
              {r.depth && r.depth > 1 ? <span className="muted"> · {r.depth} hops</span> : null}
              {r.file && <> · <button type="button" className="link" onClick={() => openFile(r.file!, r.line)}>{r.file}:{r.line ?? 1}</button></>}
              {/* a source column known from the package's declared staging columns, not the YAML: the evidence */}
              {r.declared_by && <span className="muted"> · not in the source's YAML: {r.declared_by}</span>}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** How the column is made in its model's file: each select item that makes it, with a link to its line. */
function MadeSteps({ made }: { made: NonNullable<LineageReply['made']> }) {
  return (
    <>
      <h5>How it is made</h5>
      <ol aria-label="How it is made" className="lineage-list">
        {made.steps.map((s) => (
          <li key={`${s.line}.${s.scope ?? ''}.${s.branch ?? ''}.${s.text}`}>
            <button type="button" className="link" onClick={() => openFile(made.file, s.line)}>{made.file}:{s.line}</button>
            {s.scope && <span className="muted"> · in {s.scope}</span>}
            {s.branch && <span className="muted"> · union branch {s.branch}</span>}
            {' '}<code>{s.text}</code>
            {s.groupBy && <span className="muted"> · grouped by <code>{s.groupBy}</code></span>}
          </li>
        ))}
      </ol>
    </>
  );
}

export function LineageSection({ node, column }: { node: string; column: string }) {
  useEffect(() => { void loadLineage(node, column); return clearLineage; }, [node, column]);
  const s = lineage.use((x) => x);
  const mine = s.key === `${node}.${column}`;
  return (
    <section aria-label={`Lineage of ${node}.${column}`}>
      <h4>Lineage</h4>
      {!mine || (!s.data && !s.error) ? <p className="muted">Reading the lineage…</p>
        : s.error ? <p className="muted">{s.error}</p>
        : (
          <>
            {s.data!.declared_by && <p className="muted">Not in the source's YAML: {s.data!.declared_by}</p>}
            {s.data!.made && <MadeSteps made={s.data!.made} />}
            <EntryList label="Upstream columns" rows={s.data!.upstream} />
            <EntryList label="Downstream columns" rows={s.data!.downstream} />
            {s.data!.unresolved.map((u) => <p key={`${u.node}.${u.column}.${u.reason}`} className="muted">Unresolved: {u.node}.{u.column}: {u.reason}</p>)}
            {s.data!.influence.length > 0 && <p className="muted">Rows decided by (not values): {s.data!.influence.map((i) => `${i.node}.${i.column} (${i.kind})`).join(', ')}</p>}
          </>
        )}
    </section>
  );
}
