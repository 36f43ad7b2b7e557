// Retrieval measured against hand labels (test/fixtures/retrieval/), and the pipeline's
// behaviour: stages in the spec's order, sources with file and line, the selected object first
// for specific questions, repo-wide questions reaching beyond it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initSqlColumns, loadProject } from '../../src/api.js';
import { lineageGraph } from '../../src/lineage/index.js';
import { nearColumns, nearLineage } from '../../src/lineage/near.js';
import { scoreRetrieval, type LabelledQuestion } from '../../src/assistant/evaluate.js';
import { ProjectIndex } from '../../src/assistant/index/project-index.js';
import { retrieve } from '../../src/assistant/retrieve.js';
import { PIPELINE } from '../../src/assistant/types.js';
import { REPO } from '../helpers/cli.js';
import { REAL_DBT, sharedPart } from '../helpers/shared.js';
import { EXAMPLE, SAAS } from './helpers.js';

const LABELS = join(REPO, 'test', 'fixtures', 'retrieval');
const labels = (f: string) => JSON.parse(readFileSync(join(LABELS, f), 'utf8'));

describe('labelled retrieval', () => {
  it('the committed labels cover at least 80 questions over two projects, with recall@5 ≥ 0.9', () => {
    const sets: [string, LabelledQuestion[]][] = [[EXAMPLE, labels('labels-jaffle_shop.json').questions], [SAAS, labels('labels-saas_analytics.json').questions]];
    let n = 0, hit = 0;
    const misses: string[] = [];
    for (const [dir, qs] of sets) {
      const p = loadProject(dir);
      const s = scoreRetrieval(new ProjectIndex(p).build(), p.skills, qs);
      n += s.questions;
      hit += s.recallAtK * s.questions;
      for (const q of s.perQuestion) if (q.recall < 1) misses.push(`${q.id} ${q.q}: top ${q.top.join(', ')}`);
    }
    expect(n).toBeGreaterThanOrEqual(80);
    expect(hit / n, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  if (sharedPart('the labelled questions over the real dbt projects', 'real-dbt')) {
    it('recall@5 ≥ 0.9 on the real dbt projects beside the repository', () => {
      const { projects, questions } = labels('labels-real-dbt.json');
      let n = 0, hit = 0;
      for (const [key, where] of Object.entries<any>(projects)) {
        const p = loadProject(join(REAL_DBT, where.shared.replace(/^fixtures\/real-dbt\//, '')));
        const s = scoreRetrieval(new ProjectIndex(p).build(), p.skills, questions.filter((q: any) => q.project === key));
        n += s.questions; hit += s.recallAtK * s.questions;
      }
      expect(n).toBeGreaterThanOrEqual(20);
      expect(hit / n).toBeGreaterThanOrEqual(0.9);
    });
  }
});

describe('the pipeline', () => {
  const p = loadProject(EXAMPLE);
  const ix = new ProjectIndex(p).build();

  it('reports every stage in the spec\'s order and gives each source its file and line', () => {
    const r = retrieve(ix, p.skills, { message: 'what does order status mean for orders?' });
    expect(r.stages.map((s) => s.stage)).toEqual(PIPELINE);
    expect(r.stages.find((s) => s.stage === 'lexical_search')!.contributed).toBeGreaterThan(0);
    for (const s of r.sources) if (!['domain', 'owner', 'tag', 'data_type'].includes(s.kind)) { expect(s.path, s.id).toBeTruthy(); expect(s.line, s.id).toBeGreaterThan(0); }
  });

  it('structured lookup resolves ref(), source() and table.column exactly', () => {
    const first = (message: string) => retrieve(ix, p.skills, { message }).sources[0];
    expect(first("where is {{ ref('stg_stripe__payments') }} used")).toMatchObject({ id: 'model:stg_stripe__payments', stage: 'structured_lookup' });
    expect(first("source('shop', 'order_items')")).toMatchObject({ id: 'source:shop.order_items', stage: 'structured_lookup' });
    expect(first('stg_supplies.perishable')).toMatchObject({ id: 'column:stg_supplies.perishable', stage: 'structured_lookup' });
  });

  it('expands through the graph, not text: lineage and doc blocks come as neighbours', () => {
    const r = retrieve(ix, p.skills, { message: 'what feeds this model?', context: { kind: 'model', name: 'rpt_daily_revenue' } });
    expect(r.sources[0].id).toBe('model:rpt_daily_revenue');
    const orders = r.sources.find((s) => s.id === 'model:orders')!;
    expect(orders.stage).toBe('graph_expansion');
    const col = retrieve(ix, p.skills, { message: 'explain', context: { kind: 'column', name: 'customers.customer_id' } });
    expect(col.sources.slice(0, 4).map((s) => s.id)).toContain('doc_block:customer_id');
  });

  it('a column question brings the columns its value comes from and those made from it (column lineage)', async () => {
    await initSqlColumns(); // before the project is read: its columns are read once per project
    const q = loadProject(EXAMPLE);
    const qx = new ProjectIndex(q).build();
    const columnLineage = nearLineage(q);
    const ids = (message: string, withLineage: boolean) => retrieve(qx, q.skills, { message, ...(withLineage ? { columnLineage } : {}) }).sources;
    // upstream: orders.customer_id passes through from stg_shop__orders.customer_id (orders.sql)
    const up = ids('where does orders.customer_id come from?', true);
    expect(up.slice(0, 3).find((s) => s.id === 'column:stg_shop__orders.customer_id')).toMatchObject({ stage: 'graph_expansion' });
    // downstream: sum(payments.amount) makes orders.amount and customers.lifetime_value, names text search does not link
    const down = ids('what does stg_stripe__payments.amount feed?', true).map((s) => s.id);
    expect(down).toEqual(expect.arrayContaining(['column:orders.amount', 'column:customers.lifetime_value']));
    expect(ids('what does stg_stripe__payments.amount feed?', false).map((s) => s.id)).not.toContain('column:customers.lifetime_value');
  });

  it('column lineage near a column agrees with the whole graph', async () => {
    await initSqlColumns();
    const p = loadProject(EXAMPLE);
    const g = lineageGraph(p);
    const id = p.models.find((m) => m.name === 'stg_stripe__payments')!.uniqueId;
    const graphDown = g.down(id, 'amount').map((e) => `${g.nameOf(e.to.id)}.${e.to.column}`).sort();
    const near = nearColumns(p, 'stg_stripe__payments', 'amount')!;
    expect(near.down.map((c) => `${c.table}.${c.column}`).sort()).toEqual(graphDown);
    const ordersId = p.models.find((m) => m.name === 'orders')!.uniqueId;
    expect(nearColumns(p, 'orders', 'customer_id')!.up.map((c) => `${c.table}.${c.column}`)).toEqual(g.up(ordersId, 'customer_id').map((e) => `${g.nameOf(e.from.id)}.${e.from.column}`));
    expect(nearColumns(p, 'no_such_table', 'x')).toBeUndefined();
  });

  it('adds the validation findings of what it retrieved', () => {
    const r = retrieve(ix, p.skills, { message: 'tell me about this column', context: { kind: 'column', name: 'orders.store_id' } });
    expect(r.findings.map((f) => f.name)).toEqual(expect.arrayContaining(['READINESS_RELATIONSHIP_TEST_MISSING:orders.store_id', 'MESH_INTERFACE_RELATIONSHIP_TEST_MISSING:orders.store_id']));
    expect(r.sources.some((s) => s.kind === 'issue' && s.stage === 'validation_findings')).toBe(true);
  });

  it('a specific question favours the selected object; a repo-wide one reaches beyond it', () => {
    const specific = retrieve(ix, p.skills, { message: 'which columns have tests', context: { kind: 'model', name: 'stg_supplies' } });
    expect(specific.scope).toBe('specific');
    expect(specific.sources[0].id).toBe('model:stg_supplies');
    const wide = retrieve(ix, p.skills, { message: 'which models lack owners across the whole project', context: { kind: 'model', name: 'stg_supplies' } });
    expect(wide.scope).toBe('repo_wide');
    expect(wide.sources[0].id).not.toBe('model:stg_supplies');
  });

  it('a question about the open diagram favours what that diagram shows', () => {
    const s = loadProject(SAAS);
    const six = new ProjectIndex(s).build();
    const r = retrieve(six, s.skills, { message: 'account subscription', context: { diagram: 'Modeler/conceptual/saas.diagram.yaml' } });
    expect(r.sources[0].path).toBe('Modeler/conceptual/saas.diagram.yaml');
  });

  it('selects skills and leaves out disabled ones; pinned ones always come', () => {
    const r = retrieve(ix, p.skills, { message: 'how should I name a new staging model' });
    expect(r.skills.map((s) => s.name)).toContain('naming-conventions');
    const off = retrieve(ix, p.skills, { message: 'how should I name a new staging model', skills: { disabled: ['naming-conventions'], pinned: ['interface-readiness'] } });
    expect(off.skills.map((s) => s.name)).toEqual(['interface-readiness']);
    expect(off.sources.some((s) => s.id === 'skill:naming-conventions')).toBe(false);
  });
});
