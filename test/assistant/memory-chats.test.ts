// Memory keeps only standing rules (measured on a labelled set), deduplicated and linked to
// their chats; chat history is one atomic store that keeps every part of an answer, and still
// reads chats that older versions stored as bare messages.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatStore } from '../../src/assistant/chats.js';
import { extractRules, MemoryStore } from '../../src/assistant/memory.js';
import { REPO, runCli } from '../helpers/cli.js';
import { copyProject } from './helpers.js';

const LABELS = JSON.parse(readFileSync(join(REPO, 'test/fixtures/assistant/memory-labels.json'), 'utf8')).messages as { text: string; rule: boolean }[];

describe('memory extraction', () => {
  it('the labelled set has at least 40 messages, half of them not rules, and precision ≥ 0.9', () => {
    expect(LABELS.length).toBeGreaterThanOrEqual(40);
    expect(LABELS.filter((m) => !m.rule).length).toBeGreaterThanOrEqual(LABELS.length / 2);
    let tp = 0, fp = 0, fn = 0;
    const wrong: string[] = [];
    for (const m of LABELS) {
      const got = extractRules(m.text).length > 0;
      if (got && m.rule) tp++;
      else if (got) { fp++; wrong.push(`false rule: ${m.text}`); } else if (m.rule) { fn++; wrong.push(`missed: ${m.text}`); }
    }
    expect(tp / (tp + fp), wrong.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(tp / (tp + fn), wrong.join('\n')).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps the rule sentence of a longer message, categorised', () => {
    expect(extractRules('Thanks! Also, always keep PII columns marked confidential. What about orders?')).toEqual([{ text: 'Always keep PII columns marked confidential.', category: 'governance' }]);
    expect(extractRules('We call customers accounts.')[0].category).toBe('naming');
  });
});

describe('memory store', () => {
  it('deduplicates, links each memory to every chat that stated it, lists and deletes', () => {
    const dir = copyProject();
    const m = new MemoryStore(dir);
    const [a] = m.remember('Always add unique and not_null tests to primary keys.', 'chat-1');
    const [b] = m.remember('always add unique and not_null tests to primary keys!', 'chat-2');
    expect(b.id).toBe(a.id);
    expect(m.list()).toHaveLength(1);
    expect(m.list()[0].chatIds).toEqual(['chat-1', 'chat-2']);
    expect(m.remember('Which models lack tests?', 'chat-3')).toEqual([]);
    m.remember('Never use select * in marts.', 'chat-3');
    expect(m.list().map((x) => x.text)).toEqual(['Always add unique and not_null tests to primary keys.', 'Never use select * in marts.']);
    m.delete(a.id);
    expect(m.list().map((x) => x.text)).toEqual(['Never use select * in marts.']);
    expect(() => m.delete('nope')).toThrow(/no memory with id nope/);
    expect(JSON.parse(readFileSync(join(dir, '.modeler/agent/memory.json'), 'utf8')).version).toBe(1);
  });
});

describe('chat history', () => {
  it('keeps answer, sources, agent run, skills, memory, changes and review plan per entry', () => {
    const dir = copyProject();
    const s = new ChatStore(dir);
    const result = { answer: 'A', sources: [{ id: 'model:orders' }], agent_run: { modes: [], skills: [{ name: 'x' }], memory: { used: [], added: [] } }, proposed_changes: [{ op: 'patch_yaml' }], review_plan: { summary: 'one' } };
    s.append('c1', 'Explain the orders model please', 'A', result);
    s.append('c1', 'and customers?', 'B', { ...result, answer: 'B' });
    const c = s.get('c1');
    expect(c.title).toBe('Explain the orders model please');
    expect(c.messages.map((m) => [m.role, m.content])).toEqual([['user', 'Explain the orders model please'], ['assistant', 'A'], ['user', 'and customers?'], ['assistant', 'B']]);
    expect(c.messages[1].result).toEqual({ chatId: 'c1', ...result, agent_run: { ...result.agent_run, retrieval_pipeline: [] } });
    // on disk: the answer text once, as the entry's content
    expect(JSON.parse(readFileSync(join(dir, '.modeler/agent/chats.json'), 'utf8')).chats[0].messages[1].result.answer).toBeUndefined();
    expect(s.list()).toMatchObject([{ id: 'c1', messages: 4 }]);
    expect(() => s.get('zzz')).toThrow(/no chat with id zzz/);
  });

  it('reads chats older versions stored as bare messages', () => {
    const dir = copyProject();
    mkdirSync(join(dir, '.modeler/agent'), { recursive: true });
    writeFileSync(join(dir, '.modeler/agent/chats.json'), JSON.stringify({ version: 1, chats: [
      { id: 'old', title: 'Old chat', createdAt: '2024-01-01T00:00:00.000Z', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello', metadata: { provider: 'local' } }] },
    ] }));
    const s = new ChatStore(dir);
    const c = s.get('old');
    expect(c.messages.map((m) => m.content)).toEqual(['hi', 'hello']);
    expect(c.messages[1].metadata).toEqual({ provider: 'local' });
    s.append('old', 'more', 'answer', {});
    expect(JSON.parse(readFileSync(join(dir, '.modeler/agent/chats.json'), 'utf8')).version).toBe(2);
    expect(s.get('old').messages).toHaveLength(4);
  });

  it('a damaged chats.json is a clear error, never silently replaced', () => {
    const dir = copyProject();
    mkdirSync(join(dir, '.modeler/agent'), { recursive: true });
    writeFileSync(join(dir, '.modeler/agent/chats.json'), '{"version": 2, "chats": [');
    expect(() => new ChatStore(dir).list()).toThrow(/chats.json is not valid JSON .*move it aside/);
    expect(readFileSync(join(dir, '.modeler/agent/chats.json'), 'utf8')).toBe('{"version": 2, "chats": [');
  });

  // dental-clinic: 'modeler ask … --chat nope' said to 'list the chats', which no command of the CLI does
  it('a chat id the project has not is refused with where chat ids are found, on the CLI and over HTTP alike', () => {
    const r = runCli(['ask', 'what feeds orders?', '--chat', 'nope', '--project-dir', copyProject()]);
    expect([r.code, r.stderr]).toEqual([1, 'modeler: no chat with id nope in this project: each answer ends with its chat id (GET /api/ai/chats lists them); ask without a chat id to start one\n']);
  });
});
