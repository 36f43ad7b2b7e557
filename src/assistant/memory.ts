// Modeling memory: standing rules a user states ("always…", "never…", "we call X Y",
// "remember that…"), kept per project in .modeler/agent/memory.json, deduplicated, each linked
// to the chats it came from. Questions, one-off requests and sentences that merely contain
// "always" or "test" are not rules.
import { randomUUID } from 'node:crypto';
import { UserError } from '../core/diagnostics.js';
import { recordId, type IndexRecord } from './index/records.js';
import { terms } from './index/tokenize.js';
import { readAgentJson, writeAgentJson } from './runtime-dir.js';

export type MemoryCategory = 'naming' | 'testing' | 'documentation' | 'governance' | 'modeling' | 'general';

export interface Memory {
  id: string;
  text: string;
  category: MemoryCategory;
  /** Chats in which the user stated it. */
  chatIds: string[];
  createdAt: string;
  updatedAt: string;
}

interface MemoryFile { version: 1; memories: Memory[] }

const FILE = 'memory.json';
export const MEMORY_UNIT = 'memory';

/** A sentence that states a rule: an opening marker, or a subject followed by a standing verb. */
const RULE_OPENERS = [
  /^(please\s+)?(always|never)\b/i,
  /^(don'?t|do not)\s+ever\b/i,
  /^remember(\s+that|:)/i,
  /^(from now on|going forward|as a rule|in future|in the future)\b/i,
  /^(our|the)\s+(team'?s?\s+)?(convention|rule|standard|policy)\s+(is|says)\b/i,
  /^note that\b.*\b(always|never|we)\b/i,
];
const SUBJECT_RULE = /^((in|on) our team,?\s+|at \w+,?\s+)?(we|our team|the team|our [a-z ]+ team|the [a-z ]+ team)\s+(always|never|prefer(s)? to|(do not|don't)|call|calls|refer to|name)\b/i;
const NOUN_RULE = /^[\w\s.'`<>-]{1,60}\b(should|must)\s+(always|never)\b/i;
const NOT_RULE = /^(never ?mind|always the same|is it true|can you|could you|would you)\b/i;
const QUESTION = /\?\s*$|^(what|which|why|how|where|who|when|does|do|is|are|can|could|should|would|will)\b/i;

const CATEGORY: [MemoryCategory, RegExp][] = [
  ['naming', /\b(call|calls|called|name|names|named|naming|prefix|suffix|refer to|convention)\b|\b(start|end)s? (with|in)\b/i],
  ['testing', /\b(tests?|unique|not_null|relationships|accepted_values)\b/i],
  ['documentation', /\b(descriptions?|document|documented|doc blocks?|docs)\b/i],
  ['governance', /\b(owner|owns|interface|contract|pii|sensitive|confidential|restricted|shared|sla|freshness|glossary|approved)\b/i],
  ['modeling', /\b(model|models|materiali[sz]e|staging|marts?|columns?|types?|decimal|timestamps?|select \*)\b/i],
];

/** Split a message into sentences (line breaks and sentence ends). */
function sentences(message: string): string[] {
  return message.split(/\r?\n+|(?<=[.!])\s+(?=[A-Z])/).map((s) => s.trim()).filter(Boolean);
}

/** Strip a leading courtesy ("Thanks! Also, …") so the rule's own opening is seen. */
function core(s: string): string {
  return s.replace(/^(thanks|thank you|ok|okay|great|also|and|btw|by the way)[!,.\s]+/i, '').replace(/^(also|and)[,\s]+/i, '').trim();
}

export function extractRules(message: string): { text: string; category: MemoryCategory }[] {
  const out: { text: string; category: MemoryCategory }[] = [];
  for (const raw of sentences(message)) {
    for (const piece of raw.split(/(?<=!)\s+/)) {
      const s = core(piece);
      if (!s || s.length < 8 || s.length > 400 || NOT_RULE.test(s) || QUESTION.test(s)) continue;
      if (!(RULE_OPENERS.some((re) => re.test(s)) || SUBJECT_RULE.test(s) || NOUN_RULE.test(s))) continue;
      const text = s.replace(/\s+/g, ' ').replace(/^(please\s+)/i, '').replace(/^remember(\s+that|:)\s*/i, '');
      const clean = text.charAt(0).toUpperCase() + text.slice(1);
      out.push({ text: /[.!]$/.test(clean) ? clean : `${clean}.`, category: CATEGORY.find(([, re]) => re.test(text))?.[0] ?? 'general' });
    }
  }
  return out;
}

/** Whether every sentence of a message is a rule (then it is acknowledged, not answered). */
export function onlyRules(message: string): boolean {
  const ss = sentences(message).map(core).filter((s) => s.length > 3);
  return ss.length > 0 && ss.every((s) => extractRules(s).length > 0);
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9_]+/g, ' ').trim();
function similar(a: string, b: string): boolean {
  if (norm(a) === norm(b)) return true;
  const ta = new Set(terms(a)), tb = new Set(terms(b));
  const inter = [...ta].filter((t) => tb.has(t)).length;
  return inter / Math.max(1, new Set([...ta, ...tb]).size) >= 0.8;
}

export class MemoryStore {
  constructor(private root: string) {}

  list(): Memory[] {
    const f = readAgentJson<MemoryFile>(this.root, FILE, { version: 1, memories: [] });
    return Array.isArray(f.memories) ? f.memories : [];
  }

  /** Remember the rules stated in a message; returns the memories added or re-confirmed. */
  remember(message: string, chatId: string): Memory[] {
    const rules = extractRules(message);
    if (!rules.length) return [];
    const all = this.list();
    const now = new Date().toISOString();
    const touched: Memory[] = [];
    for (const r of rules) {
      const same = all.find((m) => similar(m.text, r.text));
      if (same) {
        if (!same.chatIds.includes(chatId)) same.chatIds.push(chatId);
        same.updatedAt = now;
        touched.push(same);
      } else {
        const m: Memory = { id: randomUUID(), text: r.text, category: r.category, chatIds: [chatId], createdAt: now, updatedAt: now };
        all.push(m);
        touched.push(m);
      }
    }
    writeAgentJson(this.root, FILE, { version: 1, memories: all } satisfies MemoryFile);
    return touched;
  }

  delete(id: string): Memory {
    const all = this.list();
    const i = all.findIndex((m) => m.id === id);
    if (i < 0) throw new UserError(`no memory with id ${id}`, 1, 'MEMORY_NOT_FOUND');
    const [gone] = all.splice(i, 1);
    writeAgentJson(this.root, FILE, { version: 1, memories: all } satisfies MemoryFile);
    return gone;
  }

  /** Memories as index records, so retrieval ranks them like everything else. */
  records(): IndexRecord[] {
    return this.list().map((m) => ({
      id: recordId('memory', m.id), kind: 'memory' as const, name: m.text.slice(0, 80), file: '.modeler/agent/memory.json', unit: MEMORY_UNIT,
      title: `memory (${m.category}): ${m.text}`, text: m.text, keywords: `memory rule ${m.category}`, links: [],
    }));
  }
}
