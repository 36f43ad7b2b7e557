// Past chats and remembered rules: reopen an earlier chat (its answers with their sources,
// skills, memory and proposals), and see or forget the standing rules the assistant keeps for
// this project. Each part is shown only when the server offers its route.
import { useEffect, useState } from 'react';
import { getProjectId, offers, request } from '../api/client';
import type { Reply } from '../api/types';
import { errorText, toast } from '../state/app';
import { ai, type Turn } from './store';
import type { AskReply } from './types';

type ChatList = Reply<'/api/ai/chats', 'get'>;
type Chat = Reply<'/api/ai/chats/{chatId}', 'get'>;
type Memories = Reply<'/api/ai/memory', 'get'>;

let turnIds = 100_000;

/** The turns of a stored chat: each user message with the answer that followed it. */
function turnsOf(chat: Chat): Turn[] {
  const out: Turn[] = [];
  for (const m of chat.messages) {
    if (m.role === 'user') out.push({ id: turnIds++, message: m.content, contexts: [], skills: { pinned: [], disabled: [] }, pending: false });
    else if (out.length && m.result) out[out.length - 1].reply = m.result as unknown as AskReply;
  }
  return out;
}

export function History() {
  const turns = ai.use((s) => s.turns);
  const chatId = ai.use((s) => s.chatId);
  const [chats, setChats] = useState<ChatList['chats']>([]);
  const [memories, setMemories] = useState<Memories['memories']>();
  const q = { projectId: getProjectId() };
  useEffect(() => {
    if (offers('GET /api/ai/chats')) request<ChatList>('GET', '/api/ai/chats', { query: q }).then((r) => setChats(r.chats)).catch(() => setChats([]));
  }, [turns.length, chatId]);
  const openChat = async (id: string) => {
    if (!id) return;
    try {
      const chat = await request<Chat>('GET', `/api/ai/chats/${encodeURIComponent(id)}`, { query: q });
      ai.set({ chatId: chat.id, turns: turnsOf(chat) });
    } catch (e) { toast('error', errorText(e)); }
  };
  const showMemory = async () => {
    try { setMemories((await request<Memories>('GET', '/api/ai/memory', { query: q })).memories); } catch (e) { toast('error', errorText(e)); }
  };
  const forget = async (id: string) => {
    try {
      await request('DELETE', `/api/ai/memory/${encodeURIComponent(id)}`, { body: q });
      setMemories((m) => m?.filter((x) => x.id !== id));
    } catch (e) { toast('error', errorText(e)); }
  };
  return (
    <div className="ai-history">
      {offers('GET /api/ai/chats/{chatId}') && chats.length > 0 && (
        <label className="check">Chat <select aria-label="Open an earlier chat" value={chatId ?? ''} onChange={(e) => void openChat(e.target.value)}>
          {!chatId && <option value="">(new chat)</option>}
          {chats.map((c) => <option key={c.id} value={c.id}>{c.title} ({c.messages})</option>)}
        </select></label>
      )}
      {offers('GET /api/ai/memory') && (memories
        ? <section aria-label="Remembered rules" className="memories">
          <h4>Remembered rules</h4>
          {!memories.length && <p className="muted">none</p>}
          <ul>{memories.map((m) => <li key={m.id}>{m.text} {offers('DELETE /api/ai/memory/{memoryId}') && <button type="button" onClick={() => void forget(m.id)} aria-label={`Forget: ${m.text}`}>Forget</button>}</li>)}</ul>
          <button type="button" className="link" onClick={() => setMemories(undefined)}>Hide</button>
        </section>
        : <button type="button" onClick={() => void showMemory()}>Memory</button>)}
    </div>
  );
}
