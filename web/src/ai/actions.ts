// Every Ask AI entry point ends here: askAbout opens the composer with the context attached;
// send asks the server (POST /api/ai/ask, when it offers it) with the provider from Settings.
import { togglePanel } from '../shell/panels';
import { getProjectId, offers, request } from '../api/client';
import { app, errorText } from '../state/app';
import { providerForRequest } from '../settings/storage';
import { ai, type Turn } from './store';
import type { Change } from '../api/types';
import { openReview, type Proposal } from '../review/actions';
import type { AskBody, AskContext, AskReply, ProposedChange } from './types';

export const ASK_ROUTE = 'POST /api/ai/ask';
export const canAsk = () => offers(ASK_ROUTE);

/** Open the AI tab with these contexts attached (replacing the previous ones) and focus the message box. */
export function askAbout(contexts: AskContext[]): void {
  ai.set((s) => ({ contexts, focusN: s.focusN + 1 }));
  app.set({ rightTab: 'ai', detailsOpen: true });
  togglePanel('details', true);
}

export const removeContext = (i: number) => ai.set((s) => ({ contexts: s.contexts.filter((_, j) => j !== i) }));

let turnId = 1;

export async function send(message = ai.get().draft, contexts = ai.get().contexts, skills = { pinned: [] as string[], disabled: [] as string[] }): Promise<AskReply | undefined> {
  const text = message.trim();
  if (!text) return undefined;
  const turn: Turn = { id: turnId++, message: text, contexts, skills, pending: true };
  ai.set((s) => ({ turns: [...s.turns, turn], draft: message === s.draft ? '' : s.draft }));
  const patch = (p: Partial<Turn>) => ai.set((s) => ({ turns: s.turns.map((t) => (t.id === turn.id ? { ...t, ...p } : t)) }));
  if (!canAsk()) { patch({ pending: false, error: 'This server does not offer the assistant (POST /api/ai/ask); Conceptualize and Canonicalize in the inspector work without it.' }); return undefined; }
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
    return reply;
  } catch (e) {
    patch({ pending: false, error: errorText(e) });
    return undefined;
  }
}

/** Ask a turn again with skills pinned or disabled for that request. */
export function reask(t: Turn, skills: { pinned: string[]; disabled: string[] }): Promise<AskReply | undefined> {
  return send(t.message, t.contexts, skills);
}

/** The review plan of a turn's proposed changes, as the server returned them; its re-run asks the same again. */
export function reviewOf(t: Pick<Turn, 'message' | 'contexts' | 'skills'>, changes: ProposedChange[]): Proposal {
  return {
    title: `Proposal: ${t.message.slice(0, 60)}`, changes: changes.map(toChange),
    rerun: { label: `ask “${t.message.slice(0, 60)}” again`, run: async () => {
      const again = await send(t.message, t.contexts, t.skills);
      if (again) openReview(reviewOf(t, again.proposed_changes ?? []));
    } },
  };
}

export function newChat(): void {
  ai.set({ turns: [], chatId: undefined });
}

/** A proposed change as the review plan takes it: as the server returned it (it takes its own review fields back). */
export function toChange(c: ProposedChange): Change {
  return c as unknown as Change;
}
