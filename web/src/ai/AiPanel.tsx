// The right panel's AI tab: the chat so far (answers with their sources, skills, memory and
// proposed changes) and the composer with the context chips of the next request. Enter sends,
// Shift+Enter inserts a newline.
import { useEffect, useRef, useState } from 'react';
import { openFile } from '../editor/actions';
import { openReview } from '../review/actions';
import { app } from '../state/app';
import { loadProvider, PROVIDER_KINDS } from '../settings/storage';
import { canAsk, newChat, reask, removeContext, reviewOf, send } from './actions';
import { History } from './History';
import { Markdown } from './Markdown';
import { ai, contextLabel, type Turn } from './store';

function Answer({ t }: { t: Turn }) {
  const r = t.reply!;
  const [choice, setChoice] = useState<Record<string, 'pin' | 'disable' | undefined>>({});
  const [allSources, setAllSources] = useState(false);
  const sources = allSources ? r.sources : r.sources.slice(0, 5);
  const changes = r.proposed_changes ?? [];
  const chosen = Object.entries(choice).filter(([, v]) => v);
  return (
    <article className="answer" aria-label={`Answer to: ${t.message.slice(0, 60)}`}>
      <Markdown text={r.answer} />
      {!!r.sources?.length && (
        <section aria-label="Sources"><h4>Sources</h4>
          <ul className="sources">{sources.map((s) => (
            <li key={s.id}>
              <button type="button" className="link" disabled={!s.path} onClick={() => s.path && openFile(s.path, s.line)}>{s.kind} {s.name}{s.path ? ` — ${s.path}${s.line ? `:${s.line}` : ''}` : ''}</button>
            </li>))}
          </ul>
          {r.sources.length > 5 && !allSources && <button type="button" className="link" onClick={() => setAllSources(true)}>Show all {r.sources.length} sources</button>}
        </section>
      )}
      <section aria-label="Skills used"><h4>Skills used</h4>
        {r.agent_run?.skills?.length ? (
          <ul className="skills">{r.agent_run.skills.map((s) => (
            <li key={s.name}>
              <span title={s.reasons?.join('; ')}>{s.name}{s.pinned ? ' (pinned)' : ''}</span>
              <button type="button" aria-pressed={choice[s.name] === 'pin'} onClick={() => setChoice({ ...choice, [s.name]: choice[s.name] === 'pin' ? undefined : 'pin' })}>Pin {s.name}</button>
              <button type="button" aria-pressed={choice[s.name] === 'disable'} onClick={() => setChoice({ ...choice, [s.name]: choice[s.name] === 'disable' ? undefined : 'disable' })}>Disable {s.name}</button>
            </li>))}
          </ul>) : <p className="muted">none</p>}
        {chosen.length > 0 && (
          <button type="button" onClick={() => void reask(t, { pinned: chosen.filter(([, v]) => v === 'pin').map(([k]) => k), disabled: chosen.filter(([, v]) => v === 'disable').map(([k]) => k) })}>Re-ask with these skills</button>
        )}
      </section>
      <section aria-label="Memory used"><h4>Memory used</h4>
        {r.agent_run?.memory?.used?.length ? <ul>{r.agent_run.memory.used.map((m) => <li key={m.id}>{m.text}</li>)}</ul> : <p className="muted">none</p>}
        {!!r.agent_run?.memory?.added?.length && <p className="muted">Remembered: {r.agent_run.memory.added.map((m) => m.text).join('; ')}</p>}
      </section>
      {changes.length > 0 && (
        <section aria-label="Proposed changes"><h4>Proposed changes</h4>
          <ul>{changes.map((c, i) => <li key={i}>{c.op} {c.path}{c.valid === false ? ` — blocked: ${c.blocked?.code}` : ''}{c.review_summary ? ` — ${c.review_summary}` : ''}</li>)}</ul>
          <button type="button" onClick={() => openReview(reviewOf(t, changes))}>Review plan</button>
        </section>
      )}
    </article>
  );
}

export function AiPanel() {
  const contexts = ai.use((s) => s.contexts);
  const draft = ai.use((s) => s.draft);
  const turns = ai.use((s) => s.turns);
  const focusN = ai.use((s) => s.focusN);
  const index = app.use((s) => s.aiIndex);
  const box = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => { if (focusN) box.current?.focus(); }, [focusN]);
  // a new question or answer scrolls to the start of the latest turn, so the answer is read from its top
  useEffect(() => { log.current?.querySelector('.turn:last-child')?.scrollIntoView?.({ block: 'start' }); }, [turns]);
  const provider = loadProvider();
  const providerLabel = PROVIDER_KINDS.find((p) => p.kind === provider.kind)?.label.split(' (')[0] ?? provider.kind;
  const available = canAsk();
  return (
    <section className="ai-panel" aria-label="Ask AI">
      <div className="ai-head">
        <span>Provider: {providerLabel}{provider.model ? ` · ${provider.model}` : ''}</span>
        <button type="button" onClick={newChat} disabled={!turns.length}>New chat</button>
      </div>
      {index?.state === 'building' && <p role="status" className="muted">Indexing project… answers will be ready shortly.</p>}
      {index?.state === 'failed' && <p role="alert" className="error">The assistant's index could not be built: {index.message}</p>}
      <History />
      <div className="turns" role="log" aria-label="Conversation" aria-live="polite" ref={log}>
        {!turns.length && <p className="muted">Ask about a model, column, relationship, file or finding — or right-click anything and choose Ask AI.</p>}
        {turns.map((t) => (
          <div key={t.id} className="turn">
            <p className="question"><strong>You:</strong> {t.message}{t.contexts.length ? <span className="muted"> (about {t.contexts.map(contextLabel).join(', ')})</span> : null}</p>
            {t.pending && <p role="status">Thinking…</p>}
            {t.error && <p role="alert" className="error">{t.error}</p>}
            {t.reply && <Answer t={t} />}
          </div>
        ))}
      </div>
      <form className="composer" aria-label="Composer" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <ul className="chips" aria-label="Context attached">
          {contexts.map((c, i) => (
            <li key={i} className="chip"><span>{contextLabel(c)}</span>
              <button type="button" aria-label={`Remove context ${contextLabel(c)}`} onClick={() => removeContext(i)}>×</button></li>
          ))}
        </ul>
        <textarea ref={box} aria-label="Message to the assistant" rows={3} value={draft} placeholder="Ask about the project… (Enter sends, Shift+Enter for a new line)"
          onChange={(e) => ai.set({ draft: e.target.value })}
          onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); void send(); } }} />
        <div className="row">
          {!available && <span className="muted">This server does not offer the assistant endpoint yet; answers need POST /api/ai/ask.</span>}
          <button type="submit" disabled={!draft.trim()}>Send</button>
        </div>
      </form>
    </section>
  );
}
