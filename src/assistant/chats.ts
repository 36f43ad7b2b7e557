// Chat history: one store, .modeler/agent/chats.json, written atomically. Each assistant entry
// keeps what the answer was made of (its first sources, agent run, skills and memory used,
// proposed changes, review plan), so a reopened chat shows it again — the answer text once (as
// the entry's content), not the whole retrieved context again with every message. Chats written
// by older versions, which hold only messages, still load. Provider keys are never part of an entry.
import { randomUUID } from 'node:crypto';
import { UserError } from '../core/diagnostics.js';
import { readAgentJson, writeAgentJson } from './runtime-dir.js';

export interface ChatEntry {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** Assistant entries: the whole result (answer, sources, agent_run, proposed_changes, review_plan). */
  result?: Record<string, unknown>;
  /** Anything an older version stored beside a message. */
  metadata?: Record<string, unknown>;
}

export interface Chat { id: string; title: string; createdAt: string; updatedAt: string; messages: ChatEntry[] }
export interface ChatSummary { id: string; title: string; createdAt: string; updatedAt: string; messages: number }

interface ChatFile { version: 2; chats: Chat[] }
const FILE = 'chats.json';

/** A chat's title: the first words of its first question. */
export function titleOf(message: string): string {
  const words = message.replace(/[^\p{L}\p{N}_.\s-]+/gu, ' ').split(/\s+/).filter(Boolean).slice(0, 8);
  return words.length ? words.join(' ') : 'New modeling chat';
}

export class ChatStore {
  constructor(private root: string) {}

  private read(): Chat[] {
    const raw = readAgentJson<any>(this.root, FILE, { version: 2, chats: [] });
    const chats: any[] = Array.isArray(raw?.chats) ? raw.chats : Array.isArray(raw) ? raw : [];
    return chats.filter((c) => c && typeof c.id === 'string').map(normalizeChat);
  }

  private write(chats: Chat[]): void {
    writeAgentJson(this.root, FILE, { version: 2, chats } satisfies ChatFile);
  }

  list(): ChatSummary[] {
    return this.read()
      .map((c) => ({ id: c.id, title: c.title, createdAt: c.createdAt, updatedAt: c.updatedAt, messages: c.messages.length }))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  /** A chat, each answer with its whole result again (the answer text and chat id put back). */
  get(id: string): Chat {
    const c = this.read().find((x) => x.id === id);
    if (!c) throw notFound(id);
    return { ...c, messages: c.messages.map((m) => (m.result ? { ...m, result: expand(m.result, m.content, c.id) } : m)) };
  }

  /** Forget a chat. */
  delete(id: string): ChatSummary {
    const chats = this.read();
    const i = chats.findIndex((x) => x.id === id);
    if (i < 0) throw notFound(id);
    const [c] = chats.splice(i, 1);
    this.write(chats);
    return { id: c.id, title: c.title, createdAt: c.createdAt, updatedAt: c.updatedAt, messages: c.messages.length };
  }

  has(id: string): boolean {
    return this.read().some((x) => x.id === id);
  }

  create(title = 'New modeling chat'): Chat {
    const chats = this.read();
    const now = new Date().toISOString();
    const c: Chat = { id: randomUUID(), title, createdAt: now, updatedAt: now, messages: [] };
    chats.push(c);
    this.write(chats);
    return c;
  }

  /** Append a question and its answer to a chat (created when `chatId` is new). */
  append(chatId: string, question: string, answer: string, result: Record<string, unknown>): Chat {
    const chats = this.read();
    const now = new Date().toISOString();
    let c = chats.find((x) => x.id === chatId);
    if (!c) { c = { id: chatId, title: titleOf(question), createdAt: now, updatedAt: now, messages: [] }; chats.push(c); }
    if (c.title === 'New modeling chat' && !c.messages.length) c.title = titleOf(question);
    c.messages.push({ id: randomUUID(), role: 'user', content: question, createdAt: now });
    c.messages.push({ id: randomUUID(), role: 'assistant', content: answer, createdAt: now, result: compact(result) });
    c.updatedAt = now;
    this.write(chats);
    return c;
  }
}

function notFound(id: string): UserError {
  // the CLI lists no chats: where an id is seen on each face
  return new UserError(`no chat with id ${id} in this project: each answer ends with its chat id (GET /api/ai/chats lists them); ask without a chat id to start one`, 1, 'CHAT_NOT_FOUND');
}

/** Sources kept per answer (what a reopened chat shows); the rest is retrieval detail of that moment. */
const KEPT_SOURCES = 8;

/** What an answer's entry keeps: not the answer again, nor the chat id, nor every source and stage timing. */
function compact(result: Record<string, unknown>): Record<string, unknown> {
  const { answer: _a, chatId: _c, sources, agent_run, ...rest } = result as Record<string, any>;
  const { retrieval_pipeline: _r, ...run } = agent_run ?? {};
  return { ...rest, sources: Array.isArray(sources) ? sources.slice(0, KEPT_SOURCES) : [], ...(agent_run ? { agent_run: { ...run, retrieval_pipeline: [] } } : {}) };
}

function expand(result: Record<string, unknown>, answer: string, chatId: string): Record<string, unknown> {
  return { chatId, answer, ...result };
}

function normalizeChat(c: any): Chat {
  const created = typeof c.createdAt === 'string' ? c.createdAt : new Date(0).toISOString();
  return {
    id: c.id, title: typeof c.title === 'string' && c.title ? c.title : 'New modeling chat', createdAt: created,
    updatedAt: typeof c.updatedAt === 'string' ? c.updatedAt : created,
    messages: (Array.isArray(c.messages) ? c.messages : []).filter((m: any) => m && typeof m.content === 'string').map((m: any) => ({
      id: typeof m.id === 'string' ? m.id : randomUUID(), role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content,
      createdAt: typeof m.createdAt === 'string' ? m.createdAt : created,
      ...(m.result && typeof m.result === 'object' ? { result: m.result } : {}),
      ...(m.metadata && typeof m.metadata === 'object' ? { metadata: m.metadata } : {}),
    })),
  };
}
