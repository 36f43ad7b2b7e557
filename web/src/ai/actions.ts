// Every Ask AI entry point ends here: askAbout opens the composer with the context attached;
// send asks the server (POST /api/ai/ask, when it offers it) with the provider from Settings.
import { getProjectId, offers, request } from '../api/client';
import { app, errorText } from '../state/app';
import { providerForRequest } from '../settings/storage';
import { ai, type Turn } from './store';
import type { Change } from '../api/types';
import type { AskBody, AskContext, AskReply, ProposedChange } from './types';

export const ASK_ROUTE = 'POST /api/ai/ask';
export const canAsk = () => offers(ASK_ROUTE);

/** Open the AI tab with these contexts attached (replacing the previous ones) and focus the message box. */
export function askAbout(contexts: AskContext[]): void {
  ai.set((s) => ({ contexts, focusN: s.focusN + 1 }));
  app.set({ rightTab: 'ai' });
}

export const removeContext = (i: number) => ai.set((s) => ({ contexts: s.contexts.filter((_, j) => j !== i) }));

let turnId = 1;

export async function send(message = ai.get().draft, contexts = ai.get().contexts, skills = { pinned: [] as string[], disabled: [] as string[] }): Promise<void> {
  const text = message.trim();
  if (!text) return;
  const turn: Turn = { id: turnId++, message: text, contexts, skills, pending: true };
  ai.set((s) => ({ turns: [...s.turns, turn], draft: message === s.draft ? '' : s.draft }));
  const patch = (p: Partial<Turn>) => ai.set((s) => ({ turns: s.turns.map((t) => (t.id === turn.id ? { ...t, ...p } : t)) }));
  if (!canAsk()) { patch({ pending: false, error: 'This server does not offer the assistant (POST /api/ai/ask); Conceptualize and Canonicalize in the inspector work without it.' }); return; }
  const [first, ...more] = contexts;
  const body: AskBody = {
    projectId: getProjectId(),
    message: more.length ? `${text}\n\n(Also about: ${more.map((c) => `${c.kind} ${c.name ?? c.path ?? ''}`).join('; ')})` : text,
    ...(first ? { context: first } : {}),
    ...(skills.pinned.length || skills.disabled.length ? { skills } : {}),
    ...(ai.get().chatId ? { chatId: ai.get().chatId } : {}),
    ...(providerForRequest() ? { provider: providerForRequest() } : {}),
  };
  try {
    const reply = await request<AskReply>('POST', '/api/ai/ask', { body });
    ai.set({ chatId: reply.chatId });
    patch({ pending: false, reply });
  } catch (e) {
    patch({ pending: false, error: errorText(e) });
  }
}

/** Ask a turn again with skills pinned or disabled for that request. */
export function reask(t: Turn, skills: { pinned: string[]; disabled: string[] }): Promise<void> {
  return send(t.message, t.contexts, skills);
}

export function newChat(): void {
  ai.set({ turns: [], chatId: undefined });
}

/** A proposed change as the review plan takes it: the change fields, without the verdict. */
export function toChange(c: ProposedChange): Change {
  const pick = c as Record<string, unknown>;
  return {
    op: c.op as Change['op'], path: c.path, rationale: c.rationale,
    ...(typeof pick.content === 'string' ? { content: pick.content } : {}),
    ...(Array.isArray(pick.patch) ? { patch: pick.patch as Change['patch'] } : {}),
    ...(typeof pick.to === 'string' ? { to: pick.to } : {}),
    ...(Array.isArray(pick.source_context) ? { source_context: pick.source_context as string[] } : {}),
    ...(c.validation_impact ? { validation_impact: c.validation_impact } : {}),
    ...(c.review_summary ? { review_summary: c.review_summary } : {}),
  };
}
