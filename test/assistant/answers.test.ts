// The Local provider's answer set (test/fixtures/answers/answers.json): every answer's first
// 400 characters state each fact the question asks for, and none leads with a card or a table.
// The example always runs; each fetched real project runs where it has been fetched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns, loadProject } from '../../src/api.js';
import { leadsWithCard, scoreAnswers, type AnswerQuestion } from '../../src/assistant/evaluate-answers.js';
import { ProjectIndex } from '../../src/assistant/index/project-index.js';
import { REPO } from '../helpers/cli.js';
import { describeFetched, fetchedProject } from '../helpers/shared.js';
import { EXAMPLE } from './helpers.js';

const SET = JSON.parse(readFileSync(join(REPO, 'test', 'fixtures', 'answers', 'answers.json'), 'utf8')) as { projects: Record<string, { example?: string; fetched?: string }>; questions: AnswerQuestion[] };

function check(dir: string, key: string, vars?: Record<string, unknown>): void {
  const qs = SET.questions.filter((q) => q.project === key);
  const p = loadProject(dir, vars ? { vars } : {});
  const scores = scoreAnswers(p, new ProjectIndex(p).build(), qs);
  const bad = scores.filter((s) => !s.ok).map((s) => `${s.id} "${s.q}": ${s.leadsWithCard ? 'leads with a card; ' : ''}missing ${JSON.stringify(s.missing)}\n  lead: ${s.lead.split('\n')[0]}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

beforeAll(async () => { await initSqlColumns(); });

describe('the answer set', () => {
  it('holds at least 60 questions over the example and the real projects, each with facts', () => {
    expect(SET.questions.length).toBeGreaterThanOrEqual(60);
    for (const q of SET.questions) { expect(q.facts.length, q.id).toBeGreaterThan(0); expect(SET.projects[q.project], q.id).toBeDefined(); }
    expect(new Set(SET.questions.map((q) => q.id)).size).toBe(SET.questions.length);
  });

  it('a card or a table is not a lead', () => {
    expect(leadsWithCard('**orders** — model')).toBe(true);
    expect(leadsWithCard('| column | type |')).toBe(true);
    expect(leadsWithCard('`orders` is one row per order.')).toBe(false);
  });

  it('the example: every lead states its facts', () => check(EXAMPLE, 'example'), 60_000);
});

for (const [key, where] of Object.entries(SET.projects)) {
  if (!where.fetched) continue;
  describeFetched(`the answer set on ${key}`, where.fetched, () => {
    it('every lead states its facts', () => {
      const { dir, project } = fetchedProject(where.fetched!);
      check(dir, key, project.vars);
    }, 180_000);
  });
}
