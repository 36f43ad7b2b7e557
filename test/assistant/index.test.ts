// The typed index: one record per thing the spec lists, each at its real file and line with
// its neighbours; doc-bound columns ranked by the block's prose; per-file updates that end in
// exactly the index a full build gives, also from the kept index a session starts over; .modeler/ ignored by git.
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/api.js';
import { ProjectIndex } from '../../src/assistant/index/project-index.js';
import MiniSearch from 'minisearch';
import type { LexicalDoc } from '../../src/assistant/index/lexical-index.js';
import { FIELD_BOOST, lexicalDoc, recordSearch } from '../../src/assistant/index/search-docs.js';
import { tokenize } from '../../src/assistant/index/tokenize.js';
import type { IndexRecord } from '../../src/assistant/index/records.js';
import { AssistantSession, openProjectIndex, preview } from '../../src/api/assistant.js';
import { ensureAgentDir } from '../../src/assistant/runtime-dir.js';
import { changed, copyProject, EXAMPLE, SAAS, tree } from './helpers.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { checkModelsInSteps, projectFindings } from '../../src/governance/readiness/findings.js';

const lineOf = (root: string, r: IndexRecord) => readFileSync(join(root, r.file!), 'utf8').split('\n')[r.line! - 1];

describe('index records', () => {
  const p = loadProject(SAAS);
  const ix = new ProjectIndex(p).build();
  const get = (id: string) => { const r = ix.get(id); expect(r, id).toBeDefined(); return r!; };

  it('holds every kind the spec lists', () => {
    for (const k of ['file', 'model', 'source', 'seed', 'snapshot', 'exposure', 'semantic_model', 'metric', 'column', 'test', 'relationship', 'doc_block',
      'glossary_term', 'concept', 'entity', 'diagram', 'domain', 'owner', 'tag', 'data_type', 'issue', 'skill']) {
      expect(ix.stats.byKind[k], k).toBeGreaterThan(0);
    }
    const roles = new Set([...ix.records.values()].filter((r) => r.kind === 'file').map((r) => r.role));
    for (const role of ['schema_yaml', 'sql', 'seed', 'docs', 'skill', 'artifact', 'project', 'diagram_yaml', 'glossary_yaml', 'model_yaml']) expect(roles.has(role as any), role).toBe(true);
    for (const f of ['target/manifest.json', 'target/catalog.json', 'target/semantic_manifest.json', 'target/run_results.json']) get(`file:${f}`);
  });

  it('places each record at the line that defines it', () => {
    expect(lineOf(SAAS, get('model:fct_mrr'))).toMatch(/- name: fct_mrr\b/);
    expect(lineOf(SAAS, get('column:fct_mrr.arr'))).toMatch(/- name: arr\b/);
    expect(lineOf(SAAS, get('source:app.accounts'))).toMatch(/- name: accounts\b/);
    expect(lineOf(SAAS, get('doc_block:mrr'))).toMatch(/docs mrr/);
    expect(lineOf(SAAS, get('glossary_term:churn'))).toMatch(/term: churn/);
    expect(lineOf(SAAS, get('skill:pii-handling'))).toBe('---');
    const rel = [...ix.records.values()].find((r) => r.kind === 'relationship' && r.name === 'deal_becomes_account')!;
    expect(lineOf(SAAS, rel)).toMatch(/deal_becomes_account/);
    const issue = [...ix.records.values()].find((r) => r.name === 'MESH_INTERFACE_MISSING_OWNER:fct_tickets')!;
    expect(issue.file).toBe('models/marts/support/_support.yml');
    expect(lineOf(SAAS, issue)).toMatch(/- name: fct_tickets/);
    for (const r of ix.records.values()) if (!['domain', 'owner', 'tag', 'data_type', 'memory'].includes(r.kind)) expect(r.file, r.id).toBeTruthy();
  });

  it('ranks a doc-bound column by the block\'s prose', () => {
    expect(get('column:fct_mrr.arr').text).toContain('Annual recurring revenue, twelve times MRR');
    const hits = ix.lexical('normalised monthly value seats times list price', { limit: 10 }).map((h) => h.id);
    expect(hits).toContain('column:int_subscription_periods.mrr');
  });

  it('links neighbours: model → columns → tests → referenced model, and lineage both ways', () => {
    const users = get('model:stg_app__users');
    expect(users.links).toContain('column:stg_app__users.account_id');
    const col = get('column:stg_app__users.account_id');
    expect(col.links).toContain('test:relationships(stg_app__users.account_id)');
    expect(get('test:relationships(stg_app__users.account_id)').links).toContain('model:stg_app__accounts');
    const { parents, children } = ix.lineage('model:fct_mrr');
    expect(parents.map((x) => x.name).sort()).toEqual(['int_mrr_movements', 'int_subscription_periods']);
    expect(children.map((x) => x.name).sort()).toEqual(['mrr_semantic', 'rpt_arr_by_segment', 'rpt_churn_dashboard']);
    expect(ix.neighbours('doc_block:mrr').map((x) => x.id)).toEqual(expect.arrayContaining(['column:fct_mrr.mrr', 'column:int_subscription_periods.mrr']));
    expect(ix.neighbours('glossary_term:mrr').map((x) => x.id)).toEqual(expect.arrayContaining(['column:dim_accounts.current_mrr', 'column:fct_mrr.mrr']));
  });

  it('carries the last run of a test from run_results.json and warehouse types from catalog.json', () => {
    expect(get('test:unique(stg_app__accounts.account_id)').title).toContain('[fail]');
    expect(get('test:not_null(stg_app__users.account_id)').title).toContain('[pass]');
    expect(get('column:stg_app__users.email').keywords).toContain('VARCHAR');
  });
});

/** Records in a comparable form (links are a set). */
function comparable(ix: ProjectIndex): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of ix.records.values()) {
    if (r.unit === 'memory') continue;
    out.set(r.id, JSON.stringify({ ...r, unit: undefined, links: [...r.links].sort(), parents: r.parents ? [...r.parents].sort() : undefined }));
  }
  return out;
}

function expectSameAsFullBuild(dir: string, ix: ProjectIndex, queries: string[]): void {
  ix.refreshIssues();
  const fresh = new ProjectIndex(loadProject(dir)).build();
  const a = comparable(ix), b = comparable(fresh);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [id, v] of b) expect(a.get(id), id).toBe(v);
  // incoming links too: a record that changed or went is no longer anyone's neighbour
  const around = (x: ProjectIndex, id: string) => x.neighbours(id).map((r) => r.id).sort();
  for (const id of b.keys()) expect(around(ix, id), `neighbours of ${id}`).toEqual(around(fresh, id));
  for (const q of queries) expect(ix.lexical(q, { limit: 15 }).map((h) => h.id), q).toEqual(fresh.lexical(q, { limit: 15 }).map((h) => h.id));
}

describe('per-file update', () => {
  beforeAll(async () => { await initSqlColumns(); });
  it('ends in the index a full build gives, file after file, without rebuilding', () => {
    const dir = copyProject(SAAS);
    const p = loadProject(dir);
    const ix = new ProjectIndex(p).build();
    const queries = ['monthly recurring revenue', 'refund reasons', 'ticket priority sla', 'which models feed fct_mrr', 'workspace archived'];
    const step = (rel: string, edit: () => void) => {
      edit();
      p.reloadFile(rel);
      const r = ix.update([rel], p);
      expect(r.rebuilt, rel).toBe(false);
      expectSameAsFullBuild(dir, ix, queries);
      return r;
    };
    // a property file: a column added, a description changed
    const core = 'models/marts/core/_core.yml';
    const r1 = step(core, () => writeFileSync(join(dir, core), readFileSync(join(dir, core), 'utf8')
      .replace('Support SLA included in the tier', 'Support level promised by the tier')
      .replace('      - name: is_churned\n', '      - name: churned_on\n        data_type: date\n        description: Day the account churned.\n      - name: is_churned\n')));
    expect(r1.units).toBeLessThan(5);
    // a doc block's text: every column bound to it follows
    const docs = 'models/docs/_saas_docs.md';
    step(docs, () => writeFileSync(join(dir, docs), readFileSync(join(dir, docs), 'utf8').replace('Annual recurring revenue, twelve times MRR.', 'Yearly run rate: twelve times MRR.')));
    expect(ix.get('column:fct_mrr.arr')!.text).toContain('Yearly run rate');
    // a column bound to another doc block: the old block no longer counts it as a neighbour
    const support = 'models/marts/support/_support.yml';
    step(support, () => writeFileSync(join(dir, support), readFileSync(join(dir, support), 'utf8').replace(`'{{ doc("ticket_priority") }}'`, `'{{ doc("plan_tier") }}'`)));
    // a new model that an existing relationships test already points at, in a new file
    writeFileSync(join(dir, 'models/marts/core/dim_regions.sql'), "select * from {{ ref('country_codes') }}\n");
    step('models/marts/core/dim_regions.sql', () => {});
    step('models/marts/core/_regions.yml', () => writeFileSync(join(dir, 'models/marts/core/_regions.yml'),
      'version: 2\nmodels:\n  - name: dim_regions\n    description: Sales regions.\n    columns:\n      - name: region\n        data_tests: [unique, not_null]\n'));
    expect(ix.lineage('model:dim_regions').parents.map((x) => x.id)).toEqual(['seed:country_codes']);
    expect(ix.lineage('seed:country_codes').children.map((x) => x.id)).toContain('model:dim_regions');
    // a removed SQL file and a glossary edit
    step('models/marts/marketing/dim_campaigns.sql', () => unlinkSync(join(dir, 'models/marts/marketing/dim_campaigns.sql')));
    const gl = 'Modeler/glossary/saas.glossary.yaml';
    step(gl, () => writeFileSync(join(dir, gl), readFileSync(join(dir, gl), 'utf8').replace('synonyms: [case, support request]', 'synonyms: [case, support request, incident]')));
    expect(ix.lookup('incident').map((r) => r.id)).toEqual(['glossary_term:ticket']);
    // a whole file removed: the column is no longer documented, yet its model's SQL still returns it
    step('models/staging/zendesk/_zendesk__models.yml', () => rmSync(join(dir, 'models/staging/zendesk/_zendesk__models.yml')));
    expect(ix.get('column:stg_zendesk__tickets.priority')!.title).toMatch(/returned by models\/staging\/zendesk\/stg_zendesk__tickets\.sql, not documented in YAML/);
    // a SQL change flows downstream: a column added upstream appears in the models that select * from it
    writeFileSync(join(dir, 'models/marts/support/tickets_all.sql'), "select * from {{ ref('stg_zendesk__tickets') }}\n");
    step('models/marts/support/tickets_all.sql', () => {});
    expect(ix.get('column:tickets_all.urgency')).toBeUndefined();
    const stg = 'models/staging/zendesk/stg_zendesk__tickets.sql';
    step(stg, () => writeFileSync(join(dir, stg), readFileSync(join(dir, stg), 'utf8').replace('    t.priority,', '    t.priority,\n    t.priority as urgency,')));
    expect(ix.get('column:tickets_all.urgency')!.title).toMatch(/returned by models\/marts\/support\/tickets_all\.sql/);
  });

  it('rebuilds when the project configuration changes', () => {
    const dir = copyProject(EXAMPLE);
    const p = loadProject(dir);
    const ix = new ProjectIndex(p).build();
    writeFileSync(join(dir, 'dbt_project.yml'), readFileSync(join(dir, 'dbt_project.yml'), 'utf8').replace('+materialized: view', '+materialized: table'));
    p.reloadFile('dbt_project.yml');
    expect(ix.update(['dbt_project.yml'], p).rebuilt).toBe(true);
    expectSameAsFullBuild(dir, ix, ['orders']);
  });
});

describe('a session over the kept index, and the runtime directory', () => {
  it('answers from the kept index as a built session does; the first change builds it from the project, which then ends as a full build', () => {
    const dir = copyProject(SAAS);
    const before = tree(dir);
    openProjectIndex(dir); // the first call builds and keeps it
    const opened = openProjectIndex(dir);
    expect(opened.from).toBe('cache');
    const p = loadProject(dir);
    const s = new AssistantSession(p, { index: opened.index });
    const built = new AssistantSession(loadProject(dir));
    expect(s.indexState().source).toBe('kept');
    const qs = ['ticket priority', 'column description missing', 'mrr churn'];
    for (const q of qs) expect(preview(s, { message: q, limit: 15 }).sources).toEqual(preview(built, { message: q, limit: 15 }).sources);
    // the doc block two other files' columns are described by goes: those files gain findings
    const docs = 'models/docs/_saas_docs.md';
    writeFileSync(join(dir, docs), readFileSync(join(dir, docs), 'utf8').replace(/\{% docs ticket_priority %\}[\s\S]*?\{% enddocs %\}/, ''));
    expect(s.filesChanged([docs]).rebuilt).toBe(true);
    expect(s.indexState().source).toBe('built');
    const ix = s.index as ProjectIndex;
    expect(ix).toBeInstanceOf(ProjectIndex);
    expectSameAsFullBuild(dir, ix, qs);
    const moved = [...ix.records.values()].filter((r) => r.kind === 'issue' && r.file === 'models/marts/support/_support.yml' && r.name.startsWith('READINESS_COLUMN_DESCRIPTION_MISSING'));
    expect(moved.map((r) => r.name)).toContain('READINESS_COLUMN_DESCRIPTION_MISSING:fct_tickets.priority');
    // from then on a change is one file's update
    const marts = 'models/marts/support/_support.yml';
    writeFileSync(join(dir, marts), readFileSync(join(dir, marts), 'utf8').replace(/description: /, 'description: Kestrel. '));
    expect(s.filesChanged([marts]).rebuilt).toBe(false);
    expectSameAsFullBuild(dir, ix, ['kestrel', ...qs]);
    // no index was written into the project
    expect(changed(before, tree(dir)).filter((f) => f.startsWith('.modeler'))).toEqual([]);
  });

  it('runtime state ignores itself (.modeler/.gitignore holding *); the project\'s .gitignore is never touched', () => {
    const dir = copyProject(EXAMPLE);
    writeFileSync(join(dir, '.gitignore'), 'target/\nlogs');
    ensureAgentDir(dir);
    ensureAgentDir(dir);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('target/\nlogs');
    expect(readFileSync(join(dir, '.modeler', '.gitignore'), 'utf8').split('\n')).toContain('*');
    const fresh = copyProject(EXAMPLE);
    ensureAgentDir(fresh);
    expect(existsSync(join(fresh, '.gitignore'))).toBe(false);
  });
});

describe('lexical index', () => {
  const p = loadProject(SAAS);
  const ix = new ProjectIndex(p).build();
  const docs = [...ix.records.values()].filter((r) => r.kind !== 'test').map(lexicalDoc);
  const boost = { name: FIELD_BOOST[0], keywords: FIELD_BOOST[1], text: FIELD_BOOST[2], path: FIELD_BOOST[3] };
  const fields = Object.keys(boost);
  const asMini = (d: LexicalDoc) => ({ id: d.id, ...Object.fromEntries(fields.map((f, i) => [f, d.fields[i]])) });
  const scores = (rs: { id: string; score: number }[]) => new Map(rs.map((r) => [r.id, r.score]));
  const queries = [['customer'], ['churn', 'revenue'], ['subscript'], ['invoix'], ['mrr', 'movement', 'plan'], ['ticket', 'resolution', 'hour']];
  const opts = { prefix: (t: string) => t.length >= 4, fuzzy: (t: string) => (t.length >= 5 ? 0.2 : false) as number | false, maxFuzzy: 2, weights: { fuzzy: 0.3, prefix: 0.5 } };

  it('scores as MiniSearch scores (BM25+, field boosts, prefix and fuzzy terms, query-term count)', () => {
    // MiniSearch splits the texts with our tokenizer; ours splits them itself, word by word
    const mini = new MiniSearch<any>({ fields, idField: 'id', tokenize, processTerm: (t) => t });
    mini.addAll(docs.map(asMini));
    const lex = recordSearch();
    for (const d of docs) lex.add(d);
    for (const q of queries) {
      const want = scores(mini.search(q.join(' '), { tokenize: (x) => x.split(' '), boost, combineWith: 'OR', ...opts }));
      const got = scores(lex.search(q, { boost: FIELD_BOOST, ...opts }));
      expect(want.size, q.join(' ')).toBeGreaterThan(0);
      expect([...got.keys()].sort(), q.join(' ')).toEqual([...want.keys()].sort());
      for (const [id, s] of want) expect(got.get(id), `${q.join(' ')}: ${id}`).toBeCloseTo(s, 9);
    }
  });

  it('removes exactly: after removing and re-adding, and through its JSON, it ranks as a fresh index', () => {
    const fresh = recordSearch();
    for (const d of docs) fresh.add(d);
    const churned = recordSearch();
    for (const d of docs) churned.add(d);
    for (const d of docs.slice(0, Math.floor(docs.length * 0.7))) churned.remove(d); // past half: postings get compacted
    for (const d of docs.slice(0, Math.floor(docs.length * 0.7))) churned.add(d);
    const restored = recordSearch(JSON.parse(JSON.stringify(churned)));
    // compacted (typed arrays, dead postings dropped), then changed again: the same ranking
    const compacted = recordSearch();
    for (const d of docs) compacted.add(d);
    for (const d of docs.slice(0, 40)) compacted.remove(d);
    compacted.compact();
    for (const d of docs.slice(0, 40)) compacted.add(d);
    compacted.remove(docs[50]); compacted.add(docs[50]);
    for (const q of queries) {
      const want = scores(fresh.search(q, { boost: FIELD_BOOST, ...opts }));
      for (const other of [churned, restored, compacted]) {
        const got = scores(other.search(q, { boost: FIELD_BOOST, ...opts }));
        expect(got.size, q.join(' ')).toBe(want.size);
        for (const [id, s] of want) expect(got.get(id), `${q.join(' ')}: ${id}`).toBeCloseTo(s, 9);
      }
      for (const t of q) expect(churned.docFreq(t)).toBe(fresh.docFreq(t));
    }
    // compacted a run of terms at a time (what the server's build does between slices): the same ranking
    const stepped = recordSearch();
    for (const d of docs) stepped.add(d);
    for (const d of docs.slice(0, 40)) stepped.remove(d);
    let steps = 0;
    for (const _ of stepped.compactSteps(200)) steps++;
    expect(steps).toBeGreaterThan(10);
    for (const d of docs.slice(0, 40)) stepped.add(d);
    for (const q of queries) {
      const want = scores(fresh.search(q, { boost: FIELD_BOOST, ...opts }));
      const got = scores(stepped.search(q, { boost: FIELD_BOOST, ...opts }));
      expect(got.size, q.join(' ')).toBe(want.size);
      for (const [id, s] of want) expect(got.get(id), `${q.join(' ')}: ${id}`).toBeCloseTo(s, 9);
    }
    const gone = docs[0];
    churned.remove(gone);
    expect(churned.has(gone.id)).toBe(false);
    expect(churned.search(tokenize(gone.fields[0]), { boost: FIELD_BOOST }).some((r) => r.id === gone.id)).toBe(false);
  });
});

describe('a build in slices (the server builds in the background)', () => {
  beforeAll(async () => { await initSqlColumns(); });
  it('waits while the caller has work that goes first, then ends in the index a build at once gives', async () => {
    const p = loadProject(SAAS);
    const whole = new ProjectIndex(p).build();
    const ix = new ProjectIndex(p);
    let hold = false, waited = 0, sliced = 0;
    const done = ix.buildInSlices(p, { sliceMs: 0, yieldTo: () => { sliced++; if (hold) waited++; return hold; } });
    // let it run a few slices, then hold it: no record is added while it waits
    while (sliced < 3) await new Promise((r) => setImmediate(r));
    hold = true;
    while (waited < 2) await new Promise((r) => setTimeout(r, 1));
    const held = ix.records.size;
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 2));
    expect(ix.records.size).toBe(held);
    expect(waited).toBeGreaterThan(2);
    hold = false;
    await done;
    // a YAML file that describes several models is built a node at a time: more slices than files
    expect(sliced).toBeGreaterThan(p.files.size);
    const a = comparable(ix), b = comparable(whole);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [id, v] of b) expect(a.get(id), id).toBe(v);
    for (const q of ['monthly recurring revenue', 'refund reasons', 'ticket priority sla']) expect(ix.lexical(q, { limit: 15 }).map((h) => h.id), q).toEqual(whole.lexical(q, { limit: 15 }).map((h) => h.id));
  });
});

describe('the readiness checks a few models a step (the index build\'s findings)', () => {
  it('checks every YAML model in steps of perStep, after which the findings are those of a check all at once', () => {
    const p = loadProject(SAAS);
    const yamlModels = p.models.filter((m) => m.origins.includes('yaml')).length;
    expect(yamlModels).toBeGreaterThan(4);
    let steps = 0;
    for (const _ of checkModelsInSteps(p, 2)) steps++;
    expect(steps).toBe(Math.floor(yamlModels / 2));
    const after = projectFindings(p);
    const fresh = projectFindings(loadProject(SAAS));
    expect(after.length).toBeGreaterThan(0);
    expect(after).toEqual(fresh);
  });
});
