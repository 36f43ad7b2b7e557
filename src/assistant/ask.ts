// Ask: retrieval (the spec's pipeline) → the answer (the deterministic agents when the request
// names them, else the Local provider or a hosted model) → every proposed change validated →
// memory and chat history under .modeler/agent/. Nothing else is written; proposals reach disk
// only when a user applies them.
import { randomUUID } from 'node:crypto';
import { UserError } from '../core/diagnostics.js';
import { bindChanges } from '../proposals/bind.js';
import type { ProposalChange } from '../proposals/types.js';
import { localAnswer } from './local/answer.js';
import { loadConceptual } from './local/kinds/conceptual.js';
import { understand, type Understood } from './local/direct.js';
import { classify, subjectRef, type SubjectRef } from './local/question.js';
import { extractRules, onlyRules } from './memory.js';
import { loc } from './local/facts.js';
import { systemPrompt, userMessages } from './prompt.js';
import { callModel, normalizeSettings, PROVIDERS, type ModelAnswer } from './providers/index.js';
import type { Project, Skill } from '../core/project/types.js';
import { nearLineage } from '../lineage/near.js';
import type { IndexView } from './index/view.js';
import type { IndexRecord } from './index/records.js';
import { retrieve, type Retrieval } from './retrieve.js';
import type { AssistantSession } from './session.js';
import type { CheckedChange, SelectedContext, SkillsRequest, Source, StageReport } from './types.js';
import { MAX_MESSAGE } from '../core/limits.js';

export interface AskRequest {
  message: string;
  context?: SelectedContext;
  skills?: SkillsRequest;
  /** {kind, model, baseUrl?, apiKey?}; absent means Local. Used for this call only, never stored. */
  provider?: unknown;
  chatId?: string;
}

export interface ReviewPlan {
  summary: string;
  steps: { index: number; op: string; path: string; review_summary: string; valid: boolean; blocked?: string }[];
}

export interface AskResult {
  chatId: string;
  answer: string;
  sources: Source[];
  proposed_changes: CheckedChange[];
  agent_run: {
    modes: { mode: string; score: number; reasons: string[] }[];
    skills: { name: string; file: string; pinned: boolean; reasons: string[] }[];
    memory: { used: { id: string; text: string }[]; added: { id: string; text: string }[] };
    retrieval_pipeline: StageReport[];
    scope: 'specific' | 'repo_wide';
    provider: { kind: string; model?: string };
    agent?: string;
    /** What the Local engine understood the question to ask, and what about (a follow-up keeps the subject). */
    question_kind?: string;
    subject?: SubjectRef;
  };
  requires_user_approval: boolean;
  review_plan: ReviewPlan;
}

export interface AskOptions {
  /** Receives the answer text as it is produced (`Accept: text/event-stream`). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  maxRetries?: number;
}

export { MAX_MESSAGE };

/** What an answer needs of a session: an AssistantSession, or the CLI's (askContext in session.ts) over the index it keeps between calls. */
export type AskContext = Pick<AssistantSession, 'project' | 'memory' | 'chats' | 'validate' | 'endpoints' | 'refreshMemory'> & { index: IndexView };

/** The retrieval alone (context/preview): the same sources an answer would use. */
export function preview(session: AssistantSession, req: Pick<AskRequest, 'message' | 'context' | 'skills'> & { limit?: number; field?: 'query' }): Retrieval {
  return previewIndex(session.index, session.project.skills, req, session.project);
}

/** The same, over any index (the CLI's cached one, opened without reading the project). */
export function previewIndex(index: IndexView, skills: readonly Skill[], req: Pick<AskRequest, 'message' | 'context' | 'skills'> & { limit?: number; field?: 'query' }, project?: Project): Retrieval {
  checkMessage(req.message, req.field);
  return retrieve(index, skills, { message: req.message, context: req.context, skills: req.skills, limit: req.limit, columnLineage: nearLineage(project) });
}

export async function ask(session: AskContext, req: AskRequest, opts: AskOptions = {}): Promise<AskResult> {
  checkMessage(req.message);
  const settings = normalizeSettings(req.provider);
  const chatId = req.chatId ?? randomUUID();
  // a chat id names an existing chat (CHAT_NOT_FOUND otherwise), as reading it does
  const history = req.chatId !== undefined ? session.chats.get(req.chatId) : undefined;
  // the stores the answer is written to are read first: a damaged one is refused before an answer (maybe a paid one) is made and lost
  if (history === undefined) session.chats.list();
  if (extractRules(req.message).length) session.memory.list();
  const r = retrieve(session.index, session.project.skills, { message: req.message, context: req.context, skills: req.skills, columnLineage: nearLineage(session.project) });

  // a follow-up that names nothing stays on what the chat's last answer was about
  const last = lastSubject(history);
  let understood: Understood | undefined;
  let answer: string;
  let raw: ProposalChange[] = [];
  let malformed: CheckedChange[] = [];
  const rules = extractRules(req.message);
  const kind = classify(req.message, req.context);
  if (kind === 'entities' || kind === 'references' || kind === 'join_path') await loadConceptual();
  if (rules.length && onlyRules(req.message)) {
    // a message that only states standing rules is acknowledged, not answered
    answer = `I will remember ${rules.length === 1 ? 'this rule' : `these ${rules.length} rules`} for this project (listed under memory, deletable there):\n${rules.map((x) => `- ${x.text}`).join('\n')}`;
    opts.onDelta?.(answer);
  } else if (r.route.agent) {
    ({ answer, changes: raw } = await runAgent(session, r.route.agent, req.message));
    opts.onDelta?.(answer);
  } else if (settings.kind === 'local') {
    const la = localAnswer(session.project, session.index, r, req.message, { context: req.context, last });
    answer = la.answer;
    raw = la.changes;
    understood = la.understood;
    opts.onDelta?.(answer);
  } else {
    const memories = r.memories.map((m) => m.text);
    understood = understand(session.project, session.index, req.message, r.selected, req.context, last);
    const out: ModelAnswer = await callModel(settings, systemPrompt(session.project, r, memories), userMessages(session.project, session.index, r, req.message, history, understood),
      { endpoints: session.endpoints, onDelta: opts.onDelta, signal: opts.signal, maxRetries: opts.maxRetries });
    answer = out.answer;
    ({ changes: raw, malformed } = fromModel(out));
  }

  // bound to the files as they are now: applied after they change, each lands where it was meant or is refused
  raw = bindChanges(session.project.root, raw);
  const verdicts = session.validate(raw);
  const checked: CheckedChange[] = raw.map((c, i) => {
    const v = verdicts[i];
    return {
      ...c, valid: v.valid, ...(v.blocked ? { blocked: v.blocked } : {}), ...(v.warnings.length ? { warnings: v.warnings } : {}),
      validation_impact: v.valid ? (v.impact ?? 'passes proposal validation') : `blocked: ${v.blocked!.code} — ${v.blocked!.message}`,
    };
  }).concat(malformed);

  const added = session.memory.remember(req.message, chatId);
  if (added.length) session.refreshMemory();
  const result: AskResult = {
    chatId, answer, sources: subjectFirst(r.sources, understood, session.index),
    proposed_changes: checked,
    agent_run: {
      modes: r.route.modes, skills: r.skills.map((s) => ({ name: s.name, file: s.file, pinned: s.pinned, reasons: s.reasons })),
      memory: { used: r.memories.map((m) => ({ id: m.id.slice('memory:'.length), text: m.text })), added: added.map((m) => ({ id: m.id, text: m.text })) },
      retrieval_pipeline: r.stages, scope: r.scope,
      provider: { kind: settings.kind, ...(settings.kind !== 'local' ? { model: settings.model ?? PROVIDERS.find((p) => p.kind === settings.kind)?.defaultModel } : {}) },
      ...(r.route.agent ? { agent: r.route.agent } : {}),
      ...(understood?.kind ? { question_kind: understood.kind } : {}),
      ...(understood && subjectRef(understood.subject) ? { subject: subjectRef(understood.subject) } : {}),
    },
    requires_user_approval: checked.length > 0,
    review_plan: reviewPlan(checked),
  };
  session.chats.append(chatId, req.message, answer, result as unknown as Record<string, unknown>);
  return result;
}

/** A direct answer's subject leads the sources (it is what the answer cites first). */
function subjectFirst(sources: Source[], u: Understood | undefined, index: IndexView): Source[] {
  const about = u?.direct?.about ?? [];
  if (!u?.direct || (!u.subject.nodes.length && !about.length)) return sources;
  const ids = [...new Set([...u.subject.nodes, ...about].map((n) => `${n.resourceType}:${n.name}`))];
  const top = sources[0]?.score ?? 1;
  // a table the answer read but retrieval did not find (a join path's staging model) is cited from the index
  const lead = ids.map((id) => sources.find((s) => s.id === id) ?? asSource(index.get(id), top)).filter((s): s is Source => !!s);
  return [...lead, ...sources.filter((s) => !lead.some((l) => l.id === s.id))];
}

const asSource = (rec: IndexRecord | undefined, score: number): Source | undefined =>
  rec && { id: rec.id, kind: rec.kind, name: rec.name, path: rec.file, line: rec.line, score, stage: 'structured_lookup', title: rec.title };

/** The subject of the chat's last answer that had one. */
function lastSubject(history: { messages: { role: string; result?: Record<string, any> }[] } | undefined): SubjectRef | undefined {
  for (const m of [...(history?.messages ?? [])].reverse()) {
    const sub = m.role === 'assistant' ? (m.result?.agent_run as any)?.subject : undefined;
    if (sub && typeof sub.node === 'string') return sub;
  }
  return undefined;
}

/** `field`: what the caller named it (a search's query), so the error names what the user typed. */
function checkMessage(message: unknown, field: 'message' | 'query' = 'message'): void {
  if (typeof message !== 'string' || !message.trim()) throw new UserError(`${field} is required (${field === 'query' ? 'what to search for' : 'the question to ask'})`, 64, 'AI_REQUEST_INVALID');
  if (message.length > MAX_MESSAGE) throw new UserError(`${field} is ${message.length} characters; the limit is ${MAX_MESSAGE}`, 64, 'AI_REQUEST_INVALID');
}

/** The deterministic agents, loaded when a request names one (they are ~25 modules an answer otherwise never needs). */
async function runAgent(session: AskContext, agent: 'conceptualize' | 'canonicalize', message: string): Promise<{ answer: string; changes: ProposalChange[] }> {
  if (agent === 'conceptualize') {
    const { conceptualize } = await import('../agents/conceptualizer.js');
    const p = conceptualize(session.project);
    const lines = [`The Conceptualizer found ${p.entities.length} business entities in ${p.domains.length} domains and ${p.relationships.length} relationships:`];
    for (const e of p.entities.slice(0, 30)) lines.push(`- ${e.name} (${e.domain}) from ${e.sources.join(', ')}`);
    for (const rel of p.relationships.slice(0, 20)) lines.push(`- ${rel.from} ${rel.verb} ${rel.to} (${rel.cardinality}, ${rel.declared_by.join('; ')})`);
    for (const n of p.notes) lines.push(`Note: ${n}`);
    return { answer: lines.join('\n'), changes: p.changes };
  }
  const m = /min(?:imum)?[- _]?recurrence\D{0,6}(\d+)/i.exec(message);
  const { canonicalize, DEFAULT_MIN_RECURRENCE } = await import('../agents/canonicalizer.js');
  const minRecurrence = m ? Math.max(1, Number(m[1])) : DEFAULT_MIN_RECURRENCE;
  const p = canonicalize(session.project, { minRecurrence });
  const lines = [`The Canonicalizer (min recurrence ${minRecurrence}) lifted ${p.entities.length} logical entities:`];
  for (const e of p.entities) lines.push(`- ${e.name}: ${e.columns.map((c) => c.name).join(', ')} (from ${e.sources.join(', ')})`);
  for (const n of p.notes) lines.push(`Note: ${n}`);
  return { answer: lines.join('\n'), changes: p.changes };
}

/** A model's changes in the shared change model; one whose patch value is not JSON is kept, blocked (PROPOSAL_INVALID). */
function fromModel(out: ModelAnswer): { changes: ProposalChange[]; malformed: CheckedChange[] } {
  const changes: ProposalChange[] = [];
  const malformed: CheckedChange[] = [];
  for (const c of out.proposed_changes ?? []) {
    const base = { op: c.op, path: c.path, rationale: c.rationale ?? '', source_context: [], validation_impact: '', review_summary: c.review_summary ?? '' };
    try {
      const patch = c.patch?.map((o) => ({ op: o.op, path: o.path, ...(o.op !== 'remove' ? { value: o.value_json === null ? null : JSON.parse(o.value_json) } : {}) }));
      changes.push({ ...base, ...(c.content !== null ? { content: c.content } : {}), ...(patch ? { patch } : {}) });
    } catch (e: any) {
      malformed.push({ ...base, valid: false, blocked: { code: 'PROPOSAL_INVALID', message: `a patch value is not JSON: ${String(e.message).split('\n')[0]}` }, validation_impact: 'blocked: PROPOSAL_INVALID' });
    }
  }
  return { changes, malformed };
}

function reviewPlan(changes: CheckedChange[]): ReviewPlan {
  const blocked = changes.filter((c) => !c.valid).length;
  return {
    summary: !changes.length ? 'No changes proposed.'
      : `${changes.length} change(s): ${changes.length - blocked} ready to apply after review${blocked ? `, ${blocked} blocked by validation` : ''}. Nothing is written until you apply.`,
    steps: changes.map((c, i) => ({ index: i, op: c.op, path: c.path, review_summary: c.review_summary, valid: c.valid, ...(c.blocked ? { blocked: `${c.blocked.code}: ${c.blocked.message}` } : {}) })),
  };
}

