// Measure the Local provider's answers against an answer set (test/fixtures/answers/): each
// question lists the facts its lead must state; an answer passes when its first 400 characters
// contain every fact (case-insensitive) and it does not lead with a card or a table. A question
// may follow another in the same chat (`after`): it is asked with that answer's subject, as a
// chat would. Nothing is written. Shared by the test and bench/assistant-answers.mjs.
import type { Project } from '../core/project/types.js';
import type { ProjectIndex } from './index/project-index.js';
import type { IndexView } from './index/view.js';
import { localAnswer, type LocalAnswer } from './local/answer.js';
import { subjectRef, type SubjectRef } from './local/question.js';
import { retrieve } from './retrieve.js';
import type { SelectedContext } from './types.js';

export interface AnswerQuestion { id: string; project: string; q: string; context?: SelectedContext; after?: string; facts: string[] }
export interface AnswerScore { id: string; q: string; lead: string; missing: string[]; leadsWithCard: boolean; ms: number; ok: boolean }

export const LEAD_CHARS = 400;

/** A lead that opens with a card title, a table, a heading or a list instead of a sentence. */
export function leadsWithCard(answer: string): boolean {
  const first = answer.trimStart().split('\n')[0];
  return /^(\*\*|\||#|- |\* |```)/.test(first);
}

export function scoreAnswers(project: Project, index: ProjectIndex, questions: AnswerQuestion[]): AnswerScore[] {
  const out: AnswerScore[] = [];
  answerEach(project, index, questions, (q, la, ms) => {
    const lead = la.answer.slice(0, LEAD_CHARS);
    const low = lead.toLowerCase();
    const missing = q.facts.filter((f) => !low.includes(f.toLowerCase()));
    const card = leadsWithCard(la.answer);
    out.push({ id: q.id, q: q.q, lead, missing, leadsWithCard: card, ms, ok: !missing.length && !card });
  });
  return out;
}

/** Each question's whole Local answer, a follow-up asked with its question's subject (any index: built or kept). */
export function answerEach(project: Project, index: IndexView, questions: AnswerQuestion[], each: (q: AnswerQuestion, la: LocalAnswer, ms: number) => void): void {
  const subjects = new Map<string, SubjectRef | undefined>();
  for (const q of questions) {
    const t0 = performance.now();
    const r = retrieve(index, project.skills, { message: q.q, context: q.context });
    const la = localAnswer(project, index, r, q.q, { context: q.context, last: q.after ? subjects.get(q.after) : undefined });
    const ms = performance.now() - t0;
    subjects.set(q.id, la.understood ? subjectRef(la.understood.subject) : undefined);
    each(q, la, ms);
  }
}
