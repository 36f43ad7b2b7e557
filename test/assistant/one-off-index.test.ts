// The index a one-off call builds for its own question (`modeler ai search` / `ask` when the
// index is not kept by that call: --no-cache, or the resident it starts keeps it): its lexical
// index holds only the postings that question reads (IndexOptions.lexicalFor). Its hits — ids,
// order and scores, also through prefix and fuzzy matching — and the whole retrieval are the
// full index's, on the example, a richer fixture, the real dbt projects and a generated
// project; a question it was not made for, or a record removed, makes it the full index first.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { lexicalQuery, previewIndex, withProjectIndex } from '../../src/api/assistant.js';
import { loadProject } from '../../src/api/project.js';
import type { Project } from '../../src/core/project/types.js';
import { ProjectIndex } from '../../src/assistant/index/project-index.js';
import { tempDir } from '../helpers/cli.js';
import { describeShared, REAL_DBT } from '../helpers/shared.js';
import { EXAMPLE, SAAS } from './helpers.js';

// plain words, identifiers, typos (fuzzy), partial words (prefix), words folded by synonyms, and words no record holds
const QUESTIONS = ['what does order status mean', 'which models feed customers?', 'lifetime value', 'orders.customer_id', 'models lacking descriptions',
  'stg_shop__orders', 'tests on payments', 'who owns the revenue models', 'explain fct_mrr', 'customer orders', 'custmer ordres', 'subscrip',
  'paymnt amount', 'invoice line items', 'hubspot contact email', 'stripe charge refunds', 'upstream of dim_customer_3', 'pii columns', 'zzqx nothing'];

function retrieval(index: ProjectIndex, skills: Project['skills'], message: string): unknown {
  const r = previewIndex(index, skills, { message, limit: 40 });
  return { sources: r.sources, findings: r.findings.map((f) => f.id), stages: r.stages.map((s) => [s.stage, s.contributed, s.note]) };
}

/** For each question, an index made for it alone answers as the full index: lexical hits (all of them) and the retrieval. */
function sameAsFull(dir: string): void {
  const p = loadProject(dir);
  const full = new ProjectIndex(p).build();
  let compared = 0;
  for (const q of QUESTIONS) {
    const query = lexicalQuery(q);
    const oneOff = new ProjectIndex(p, { lexicalFor: [query] }).build();
    const want = full.lexical(query, { limit: 100_000 });
    expect(oneOff.lexical(query, { limit: 100_000 }), q).toEqual(want);
    expect(retrieval(oneOff, p.skills, q), q).toEqual(retrieval(full, p.skills, q));
    compared += want.length;
  }
  // the questions reach records (the comparison is not of empty lists)
  expect(compared).toBeGreaterThan(QUESTIONS.length);
}

describe('an index made for one question answers it as the full index', () => {
  it('on the example', () => sameAsFull(EXAMPLE));
  it('on the retrieval fixture', () => sameAsFull(SAAS));
  it('on a generated project of 400 models', () => {
    const dir = join(tempDir('modeler-one-off-'), 'project');
    generateProject(dir, { models: 400, columns: 6 });
    sameAsFull(dir);
  });
});

describeShared('an index made for one question on the real dbt projects', () => {
  for (const name of ['dbt_stripe_source', 'dbt_hubspot_source']) it(name, () => sameAsFull(join(REAL_DBT, name)));
}, 'real-dbt');

describe('an index made for one question, asked something else', () => {
  let p: Project;
  beforeAll(() => { p = loadProject(SAAS); });

  it('answers another question as the full index (it becomes the full index first)', () => {
    const full = new ProjectIndex(p).build();
    const oneOff = new ProjectIndex(p, { lexicalFor: [lexicalQuery('customer orders')] }).build();
    for (const q of ['monthly recurring revenue', 'subscrip', 'customer orders']) {
      expect(oneOff.lexical(lexicalQuery(q), { limit: 1000 }), q).toEqual(full.lexical(lexicalQuery(q), { limit: 1000 }));
    }
  });

  it('keeps the full index when it is kept (its parts hold every posting)', () => {
    const full = new ProjectIndex(p).build().cacheParts().search.toParts();
    const oneOff = new ProjectIndex(p, { lexicalFor: [lexicalQuery('customer orders')] }).build().cacheParts().search.toParts();
    expect(oneOff).toEqual(full);
  });

  it('updates after a changed file as the full index does', () => {
    const full = new ProjectIndex(p).build();
    const oneOff = new ProjectIndex(p, { lexicalFor: [lexicalQuery('customer orders')] }).build();
    const rel = [...p.files.keys()].find((f) => f.endsWith('.yml') && f.startsWith('models/'))!;
    full.update([rel], p);
    oneOff.update([rel], p);
    expect(oneOff.changeState().pathUnits).toEqual(full.changeState().pathUnits);
    expect(oneOff.changeState().refUsers).toEqual(full.changeState().refUsers);
    expect(oneOff.lexical('customer orders', { limit: 1000 })).toEqual(full.lexical('customer orders', { limit: 1000 }));
  });
});

describe('a call that does not keep the index builds it for its question', () => {
  it('withProjectIndex without a cache, given the question, answers as without it', () => {
    const q = 'which models feed customers?';
    const made = withProjectIndex(SAAS, { cache: false, queries: [lexicalQuery(q)] }, (o) => ({ partial: (o.index as ProjectIndex).partial, said: retrieval(o.index as ProjectIndex, o.skills, q) }));
    const plain = withProjectIndex(SAAS, { cache: false }, (o) => ({ partial: (o.index as ProjectIndex).partial, said: retrieval(o.index as ProjectIndex, o.skills, q) }));
    expect([made.partial, plain.partial]).toEqual([true, false]);
    expect(made.said).toEqual(plain.said);
  });
});
