// Measure retrieval against hand labels (test/fixtures/retrieval/labels-*.json): recall@k (the
// share of the sources a good answer must cite that appear in the first k) and MRR (the mean
// of 1 / rank of the first expected source). Shared by the test and bench/.
import type { Skill } from '../core/project/types.js';
import type { ProjectIndex } from './index/project-index.js';
import { retrieve } from './retrieve.js';
import type { SelectedContext, Source } from './types.js';

export interface Expected { kind?: string; name?: string; file?: string }
export interface LabelledQuestion { id: string; q: string; context?: SelectedContext; expect: Expected[] }
export interface QuestionScore { id: string; q: string; recall: number; reciprocalRank: number; missing: Expected[]; top: string[]; ms: number }
export interface RetrievalScore { questions: number; recallAtK: number; mrr: number; k: number; perQuestion: QuestionScore[]; latencies: number[] }

export function matches(s: Source, e: Expected): boolean {
  if (e.file) return s.kind === 'file' && s.path === e.file;
  return s.kind === e.kind && s.name.toLowerCase() === (e.name ?? '').toLowerCase();
}

export function scoreRetrieval(index: ProjectIndex, skills: readonly Skill[], questions: LabelledQuestion[], k = 5): RetrievalScore {
  const perQuestion: QuestionScore[] = [];
  const latencies: number[] = [];
  for (const q of questions) {
    const t0 = performance.now();
    const r = retrieve(index, skills, { message: q.q, context: q.context, limit: 20 });
    const ms = performance.now() - t0;
    latencies.push(ms);
    const topK = r.sources.slice(0, k);
    const missing = q.expect.filter((e) => !topK.some((s) => matches(s, e)));
    const firstRank = r.sources.findIndex((s) => q.expect.some((e) => matches(s, e)));
    perQuestion.push({
      id: q.id, q: q.q, recall: (q.expect.length - missing.length) / q.expect.length, reciprocalRank: firstRank < 0 ? 0 : 1 / (firstRank + 1),
      missing, top: topK.map((s) => `${s.kind}:${s.name}`), ms,
    });
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return { questions: questions.length, k, recallAtK: mean(perQuestion.map((p) => p.recall)), mrr: mean(perQuestion.map((p) => p.reciprocalRank)), perQuestion, latencies };
}
