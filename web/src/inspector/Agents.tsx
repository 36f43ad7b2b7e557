// The inspector's empty state: the two deterministic agents (no provider, no key). Each returns a
// proposal that opens as a review plan.
import { useState } from 'react';
import { offers } from '../api/client';
import { api } from '../api/endpoints';
import { openReview } from '../review/actions';
import { errorText, toast } from '../state/app';

export function Agents() {
  const [busy, setBusy] = useState<string>();
  const [min, setMin] = useState(2);
  const run = async (name: 'conceptualize' | 'canonicalize', recurrence = min): Promise<void> => {
    setBusy(name);
    try {
      const p = name === 'conceptualize' ? await api.conceptualize() : await api.canonicalize(recurrence);
      if (!p.changes.length) toast('info', `${name}: nothing to propose${p.notes.length ? ` — ${p.notes.join(' ')}` : ''}`);
      else openReview({ title: `${p.agent} proposal`, changes: p.changes as any, notes: p.notes, rerun: { label: `run ${name} again`, run: () => run(name, recurrence) } });
    } catch (e) { toast('error', errorText(e)); } finally { setBusy(undefined); }
  };
  return (
    <section className="agents" aria-label="Agents">
      <p>Nothing selected. Select a table, column, relationship or file — or let an agent propose a model:</p>
      {offers('POST /api/ai/conceptualize') && (
        <div className="agent">
          <button type="button" onClick={() => void run('conceptualize')} disabled={!!busy}>{busy === 'conceptualize' ? 'Conceptualizing…' : 'Conceptualize'}</button>
          <span className="muted">business entities and relationships from the staging models</span>
        </div>
      )}
      {offers('POST /api/ai/canonicalize') && (
        <div className="agent">
          <button type="button" onClick={() => void run('canonicalize')} disabled={!!busy}>{busy === 'canonicalize' ? 'Canonicalizing…' : 'Canonicalize'}</button>
          <label className="muted">min recurrence <input type="number" min={1} value={min} onChange={(e) => setMin(Math.max(1, Number(e.target.value) || 1))} style={{ width: '4em' }} /></label>
          <span className="muted">a logical layer and shared doc blocks from recurring columns</span>
        </div>
      )}
    </section>
  );
}
