// The CLI's index cache (`modeler ai search`): the cached index answers exactly as the index built
// from the project (sources and scores, findings, memory, skills) on the example, a richer
// fixture and a generated project; an edited file — even one edited within the timestamp
// granularity, same size, time put back — is seen on the next call; a truncated or damaged file
// is built again, never trusted; the cache lives in the user's cache directory, never in the project.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { ask, askContext, AssistantSession, openProjectIndex, previewIndex, withProjectIndex, type OpenedIndex } from '../../src/api/assistant.js';
import { initSqlColumns, loadProject } from '../../src/api/project.js';
import { SectionFile } from '../../src/assistant/index/section-file.js';
import { MemoryStore } from '../../src/assistant/memory.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { describeShared, REAL_DBT } from '../helpers/shared.js';
import { changed, copyProject, EXAMPLE, SAAS, tree } from './helpers.js';

const QUERIES = ['what does order status mean', 'which models feed customers?', 'lifetime value', 'orders.customer_id', 'models missing descriptions',
  'stg_shop__orders', 'tests on payments', 'who owns the revenue models', 'mrr churn', 'explain fct_mrr', 'monthly recurring revenue', 'why is this flagged',
  'snake case rules', 'int_product_12', 'customer orders', 'dim_customer_3 columns'];

/** What a retrieval gives, all of it but the stages' timings. */
function answers(o: OpenedIndex): unknown[] {
  return QUERIES.map((message) => {
    const r = previewIndex(o.index, o.skills, { message, limit: 25 });
    return { sources: r.sources, findings: r.findings.map((f) => f.id), memories: r.memories.map((m) => m.id), skills: r.skills.map((s) => s.name),
      scope: r.scope, route: r.route, stages: r.stages.map((s) => [s.stage, s.contributed, s.note]) };
  });
}

let cacheDir: string;
const saved = process.env.MODELER_CACHE_DIR;
beforeAll(() => { cacheDir = tempDir('modeler-cache-'); process.env.MODELER_CACHE_DIR = cacheDir; });
afterAll(() => { if (saved === undefined) delete process.env.MODELER_CACHE_DIR; else process.env.MODELER_CACHE_DIR = saved; });

/** Built from the project, then from the cache: the same answers; the cache file outside the project. */
function cachedEqualsBuilt(dir: string): OpenedIndex {
  const before = tree(dir);
  const first = openProjectIndex(dir);
  expect(first.from).toBe('built');
  expect(first.file!.startsWith(cacheDir)).toBe(true);
  const cached = openProjectIndex(dir);
  expect(cached.from).toBe('cache');
  expect(cached.project).toBeUndefined(); // answered without reading the project
  const built = openProjectIndex(dir, { cache: false });
  expect(answers(cached)).toEqual(answers(built));
  expect(answers(first)).toEqual(answers(built));
  expect(changed(before, tree(dir))).toEqual([]);
  return cached;
}

/** The kept index after files changed: updated (not built again), it holds and answers what an index built afresh does. */
function updatedAsFresh(dir: string): void {
  const now = openProjectIndex(dir);
  expect(now.from).toBe('updated');
  const fresh = openProjectIndex(dir, { cache: false });
  // every record, each name's records and each record's neighbours, then what retrieval gives
  const ids = [...fresh.index.records.values()].map((r) => r.id).sort();
  expect([...now.index.records.values()].map((r) => r.id).sort()).toEqual(ids);
  expect(now.index.records.size).toBe(ids.length);
  for (const id of ids) {
    expect(now.index.get(id), id).toEqual(fresh.index.get(id));
    expect(now.index.lookup(now.index.get(id)!.name).map((r) => r.id), id).toEqual(fresh.index.lookup(fresh.index.get(id)!.name).map((r) => r.id));
    expect(now.index.neighbours(id).map((r) => r.id), id).toEqual(fresh.index.neighbours(id).map((r) => r.id));
  }
  expect(answers(now)).toEqual(answers(fresh));
  // the next call opens the index and the delta beside it: the same answers, the project not read
  const again = openProjectIndex(dir);
  expect(again.from).toBe('cache');
  expect(again.project).toBeUndefined();
  expect(answers(again)).toEqual(answers(fresh));
}

describe('the index cache', () => {
  it('answers as the built index on the example and on a richer fixture, and is written outside the project', () => {
    cachedEqualsBuilt(copyProject(EXAMPLE));
    cachedEqualsBuilt(copyProject(SAAS));
  });

  it('answers as the built index on a generated project', () => {
    const dir = join(tempDir('modeler-cache-gen-'), 'project');
    generateProject(dir, { models: 300, columns: 6 });
    cachedEqualsBuilt(dir);
  });

  it('adds the remembered rules on every call, as a session does', () => {
    const dir = copyProject(EXAMPLE);
    openProjectIndex(dir);
    new MemoryStore(dir).remember('Remember that column names use snake case and every mart has an owner.', 'chat-1');
    const cached = openProjectIndex(dir);
    expect(cached.from).toBe('cache');
    expect(cached.index.unitRecords('memory').length).toBeGreaterThan(0);
    expect(answers(cached)).toEqual(answers(openProjectIndex(dir, { cache: false })));
    // a CLI call keeps the index it built after answering (with the rules added): kept without them, they are added again
    const other = copyProject(EXAMPLE);
    new MemoryStore(other).remember('Remember that column names use snake case and every mart has an owner.', 'chat-1');
    const first = withProjectIndex(other, {}, (o) => ({ from: o.from, said: answers(o) }));
    expect(first.from).toBe('built');
    const again = openProjectIndex(other);
    expect(again.from).toBe('cache');
    expect(answers(again)).toEqual(first.said);
  });

  it('sees an edited file on the next call, also one edited within the timestamp granularity with its size and time kept', () => {
    const dir = copyProject(EXAMPLE);
    const docs = join(dir, 'models', 'docs', '_docs.md');
    const when = new Date();
    utimesSync(docs, when, when);
    openProjectIndex(dir);
    const text = readFileSync(docs, 'utf8');
    expect(text).toContain('placed');
    // same size, modification time put back: only the content hash can tell (modified just before the build, it was stamped racily)
    writeFileSync(docs, text.replace('placed', 'zebras'));
    utimesSync(docs, when, when);
    const after = openProjectIndex(dir);
    expect(after.from).toBe('updated'); // the kept index with the changed file's records made again
    const hit = previewIndex(after.index, after.skills, { message: 'zebras', limit: 5 }).sources;
    expect(hit.find((s) => s.kind === 'doc_block')).toMatchObject({ name: 'order_id', path: 'models/docs/_docs.md' });
    expect(answers(openProjectIndex(dir))).toEqual(answers(openProjectIndex(dir, { cache: false })));
    // a file added, then removed
    writeFileSync(join(dir, 'models', 'docs', 'more.md'), '{% docs giraffe_note %}Giraffes are tall.{% enddocs %}\n');
    expect(openProjectIndex(dir).from).toBe('updated');
    expect(previewIndex(openProjectIndex(dir).index, [], { message: 'giraffes', limit: 1 }).sources[0]?.name).toBe('giraffe_note');
    rmSync(join(dir, 'models', 'docs', 'more.md'));
    const gone = openProjectIndex(dir);
    expect(gone.from).toBe('updated');
    expect(gone.index.get('doc_block:giraffe_note')).toBeUndefined();
  });

  it('after files changed, updates the kept index from the changed files only and answers as an index built afresh', () => {
    const dir = copyProject(SAAS);
    expect(openProjectIndex(dir).from).toBe('built');
    const sameAsFresh = () => updatedAsFresh(dir);
    const edit = (rel: string, from: string, to: string) => { const t = readFileSync(join(dir, rel), 'utf8'); expect(t).toContain(from); writeFileSync(join(dir, rel), t.replace(from, to)); };
    // a YAML column added and a description changed
    edit('models/marts/core/_core.yml', '      - name: is_churned\n', '      - name: churned_on\n        data_type: date\n        description: Day the account churned.\n      - name: is_churned\n');
    sameAsFresh();
    // a doc block's text, then a model file added, then one removed (two changes at once)
    edit('models/docs/_saas_docs.md', 'Annual recurring revenue, twelve times MRR.', 'Yearly run rate: twelve times MRR.');
    sameAsFresh();
    writeFileSync(join(dir, 'models/marts/core/dim_regions.sql'), "select * from {{ ref('country_codes') }}\n");
    sameAsFresh();
    rmSync(join(dir, 'models/marts/marketing/dim_campaigns.sql'));
    rmSync(join(dir, 'models/staging/zendesk/_zendesk__models.yml'));
    sameAsFresh();
    // a SQL change that flows downstream
    writeFileSync(join(dir, 'models/marts/support/tickets_all.sql'), "select * from {{ ref('stg_zendesk__tickets') }}\n");
    sameAsFresh();
    edit('models/staging/zendesk/stg_zendesk__tickets.sql', '    t.priority,', '    t.priority,\n    t.priority as urgency,');
    sameAsFresh();
    // a damaged delta is not trusted: the change is made again over the index as written
    const delta = `${openProjectIndex(dir).file}.delta`;
    const bytes = readFileSync(delta);
    bytes[bytes.length - 10] ^= 1;
    writeFileSync(delta, bytes);
    edit('models/marts/core/_core.yml', 'Day the account churned.', 'Day the account left.');
    sameAsFresh();
    // dbt_project.yml reaches every record: built again
    edit('dbt_project.yml', "name:", "name:");
    writeFileSync(join(dir, 'dbt_project.yml'), readFileSync(join(dir, 'dbt_project.yml'), 'utf8') + '\n');
    expect(openProjectIndex(dir).from).toBe('built');
    expect(existsSync(delta)).toBe(false);
  });

  it('sees what the read looks at outside the project files: installed packages, profiles.yml, environment variables', () => {
    const dir = copyProject(EXAMPLE);
    const pkg = join(dir, 'dbt_packages', 'util', 'models');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'util.yml'), 'version: 2\nmodels:\n  - name: util_a\n');
    openProjectIndex(dir);
    expect(openProjectIndex(dir).from).toBe('cache');
    writeFileSync(join(pkg, 'util.yml'), 'version: 2\nmodels:\n  - name: util_b\n');
    expect(openProjectIndex(dir).from).toBe('built');
    writeFileSync(join(pkg, 'util_c.sql'), 'select 1');
    expect(openProjectIndex(dir).from).toBe('built');
    expect(openProjectIndex(dir).from).toBe('cache');
    // a profiles.yml appearing in the project folder changes the target the read resolves
    writeFileSync(join(dir, 'profiles.yml'), 'jaffle_shop:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: x.duckdb\n');
    expect(openProjectIndex(dir).from).toBe('built');
    // an environment variable the read looked at (DBT_PROFILES_DIR: where profiles.yml is)
    expect(openProjectIndex(dir).from).toBe('cache');
    const home = process.env.DBT_PROFILES_DIR;
    process.env.DBT_PROFILES_DIR = tempDir('modeler-profiles-');
    try { expect(openProjectIndex(dir).from).toBe('built'); } finally { if (home === undefined) delete process.env.DBT_PROFILES_DIR; else process.env.DBT_PROFILES_DIR = home; }
  });

  it('builds again when the reading options change', () => {
    const dir = copyProject(EXAMPLE);
    openProjectIndex(dir);
    expect(openProjectIndex(dir, { read: { vars: { some_var: 1 } } }).from).toBe('built');
    expect(openProjectIndex(dir, { read: { vars: { some_var: 1 } } }).from).toBe('cache');
  });

  it('builds again from a truncated or damaged file, never trusting it', async () => {
    const dir = copyProject(EXAMPLE);
    const file = openProjectIndex(dir).file!;
    const want = answers(openProjectIndex(dir, { cache: false }));
    const size = statSync(file).size;
    const damage = (at: number, bytes: Buffer) => { const fd = openSync(file, 'r+'); writeSync(fd, bytes, 0, bytes.length, at); closeSync(fd); };

    truncateSync(file, Math.floor(size / 2));
    let o = openProjectIndex(dir);
    expect(o.from).toBe('built');
    expect(answers(o)).toEqual(want);

    // a flipped byte in the header (at the end), then in the sections used in place (after the records)
    const flip = (at: number) => { damage(at, Buffer.from([readFileSync(file)[at] ^ 0x01])); expect(openProjectIndex(dir).from).toBe('built'); };
    flip(statSync(file).size - 100);
    const f = SectionFile.open(file);
    const { blobAt, blobLength, dataAt } = f;
    f.close();
    flip(dataAt + 100);

    // records are read lazily: a damaged one shows when a query reaches it, and the index is built again then
    damage(blobAt + blobLength - 200, Buffer.alloc(150, 0x20));
    damage(blobAt + Math.floor(blobLength * 0.8), Buffer.alloc(4000, 0x20));
    const got = withProjectIndex(dir, {}, (x) => answers(x));
    expect(got).toEqual(want);
    expect(openProjectIndex(dir).from).toBe('cache');
    // an answer that runs asynchronously (ask) meets the damage later: built again the same way
    damage(blobAt + Math.floor(blobLength * 0.8), Buffer.alloc(4000, 0x20));
    const froms: string[] = [];
    const later = await withProjectIndex(dir, {}, async (x) => { froms.push(x.from); await new Promise((r) => setImmediate(r)); return answers(x); });
    expect(later).toEqual(want);
    expect(froms).toEqual(['cache', 'built']);

    writeFileSync(file, 'not an index');
    expect(openProjectIndex(dir).from).toBe('built');
    writeFileSync(file, '');
    expect(openProjectIndex(dir).from).toBe('built');
    expect(answers(openProjectIndex(dir))).toEqual(want);
  });

  it('modeler ai search gives the same sources from the cache, writes nothing in the project, and --no-cache leaves the cache alone', () => {
    const dir = copyProject(EXAMPLE);
    const before = tree(dir);
    const env = { MODELER_CACHE_DIR: tempDir('modeler-cache-cli-') };
    const run = (...extra: string[]) => runCli(['ai', 'search', 'what does order status mean', '--project-dir', dir, '--json', ...extra], { env });
    const fresh = run('--no-cache');
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(existsSync(join(env.MODELER_CACHE_DIR, 'ai-index'))).toBe(false);
    const first = run(), second = run();
    expect(first.stdout).toBe(fresh.stdout);
    expect(second.stdout).toBe(fresh.stdout);
    expect(JSON.parse(second.stdout).length).toBe(10);
    expect(existsSync(join(env.MODELER_CACHE_DIR, 'ai-index'))).toBe(true);
    expect(changed(before, tree(dir))).toEqual([]);
  });

  // last: loading the SQL parser changes which index is kept (with the columns SQL returns) for the rest of this process
  it('ask answers from the kept index exactly as from a session that built it', async () => {
    await initSqlColumns();
    const dir = copyProject(EXAMPLE);
    expect(openProjectIndex(dir).from).toBe('built');
    for (const message of ['which models feed rpt_daily_revenue?', 'explain orders', 'what does order status mean', 'which models are missing descriptions?',
      'add tests to stg_shop__payments', 'who owns customers', 'why is orders flagged']) {
      const cached = openProjectIndex(dir);
      expect(cached.from).toBe('cache');
      const a = await ask(askContext(loadProject(dir), cached.index), { message });
      const b = await ask(AssistantSession.open(dir), { message });
      expect(a.answer, message).toBe(b.answer);
      expect(a.sources).toEqual(b.sources);
      expect(a.proposed_changes).toEqual(b.proposed_changes);
      expect(a.agent_run.retrieval_pipeline.map((x) => [x.stage, x.contributed])).toEqual(b.agent_run.retrieval_pipeline.map((x) => [x.stage, x.contributed]));
    }
  });

  it('ask after files changed: the index updated and the project kept again, answering as a session built afresh, then from the kept ones', async () => {
    await initSqlColumns();
    const dir = copyProject(EXAMPLE);
    const said = async (message: string) => {
      const froms: string[] = [];
      const a = await withProjectIndex(dir, { keepProject: true }, (o) => { froms.push(o.from); return ask(askContext(o.project ?? o.keptProject!(), o.index), { message }); });
      const b = await ask(AssistantSession.open(dir), { message });
      expect(a.answer, message).toBe(b.answer);
      expect(a.sources, message).toEqual(b.sources);
      return froms[0];
    };
    expect(await said('explain orders')).toBe('built');
    const yml = join(dir, 'models', 'marts', '_marts.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace('One row per order with its payment total.', 'One row per order, zebra-striped.'));
    expect(await said('explain orders')).toBe('updated');
    expect(await said('explain orders')).toBe('cache');
    expect(await said('which models feed rpt_daily_revenue?')).toBe('cache');
    // a model that selects everything from another: its columns come from that model's SQL
    writeFileSync(join(dir, 'models', 'marts', 'orders_copy.sql'), "select * from {{ ref('orders') }}\n");
    expect(await said('explain orders_copy')).toBe('updated');
    expect(await said('explain orders_copy')).toBe('cache');
  }, 120_000);
});

describeShared('the kept index updated on a real dbt project (dbt_stripe_source)', () => {
  it('after a YAML column, a model added and a model removed, answers as an index built afresh', () => {
    const dir = copyProject(join(REAL_DBT, 'dbt_stripe_source'));
    expect(openProjectIndex(dir).from).toBe('built');
    const yml = join(dir, 'models', 'stg_stripe.yml');
    const text = readFileSync(yml, 'utf8');
    expect(text).toContain('        description: Unique identifier for the object.\n');
    writeFileSync(yml, text.replace('        description: Unique identifier for the object.\n', '        description: The balance transaction, as Stripe numbers it.\n'));
    updatedAsFresh(dir);
    writeFileSync(join(dir, 'models', 'stg_stripe__refund_totals.sql'), "select refund_id, amount from {{ ref('stg_stripe__refund') }}\n");
    updatedAsFresh(dir);
    rmSync(join(dir, 'models', 'stg_stripe__payout.sql'));
    updatedAsFresh(dir);
  });
}, 'real-dbt');
