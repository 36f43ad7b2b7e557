// The assistant panel's state: the context chips of the next request, the draft, and the turns
// of this chat (each request with its answer, sources, skills, memory and proposed changes).
import { createStore } from '../state/store';
import type { AskContext, AskReply } from './types';

export interface Turn {
  id: number;
  message: string;
  contexts: AskContext[];
  skills: { pinned: string[]; disabled: string[] };
  reply?: AskReply;
  error?: string;
  pending: boolean;
}

export interface AiState {
  contexts: AskContext[];
  draft: string;
  turns: Turn[];
  chatId?: string;
  /** bumped to move the keyboard focus to the message box */
  focusN: number;
}

export const ai = createStore<AiState>({ contexts: [], draft: '', turns: [], focusN: 0 });

export function contextLabel(c: AskContext): string {
  switch (c.kind) {
    case 'selection': return `selected text${c.path ? ` in ${c.path}` : ''}: “${(c.selectedText ?? '').slice(0, 60)}${(c.selectedText ?? '').length > 60 ? '…' : ''}”`;
    case 'issue': return `finding ${c.code ?? ''}${c.path ? ` at ${c.path}${c.line ? `:${c.line}` : ''}` : ''}`;
    case 'workspace': return `workspace ${c.name ?? ''}`.trim();
    case 'file': case 'folder': return `${c.kind} ${c.path ?? c.name}`;
    default: return `${c.kind} ${c.name ?? c.path ?? ''}`.trim();
  }
}
