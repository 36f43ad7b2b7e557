// The assistant's request and answer: the types generated from the server's OpenAPI document
// (POST /api/ai/ask), with the parts the contract leaves open (skills and memory entries of an
// agent run) narrowed to the fields docs/assistant.md gives them.
import type { Body, Reply } from '../api/types';

export type AskBody = Body<'/api/ai/ask', 'post'>;
type AskWire = Reply<'/api/ai/ask', 'post'>;

/** What the user had selected when asking; the composer shows it as a chip. A validation row is
 * kind `issue` (as the assistant's SelectedContext names it). */
export interface AskContext extends NonNullable<AskBody['context']> {
  kind: 'entity' | 'model' | 'concept' | 'table' | 'column' | 'relationship' | 'file' | 'folder' | 'issue' | 'selection' | 'workspace' | 'diagram';
  message?: string;
}

export type Source = AskWire['sources'][number];
export type ProposedChange = AskWire['proposed_changes'][number];

export interface AskReply extends Omit<AskWire, 'agent_run'> {
  agent_run: Omit<AskWire['agent_run'], 'skills' | 'memory'> & {
    skills: { name: string; file: string; pinned: boolean; reasons?: string[] }[];
    memory: { used: { id: string; text: string }[]; added: { id: string; text: string }[] };
  };
}

export type ProviderSettings = NonNullable<AskBody['provider']>;
