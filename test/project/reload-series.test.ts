// A served project is kept current by re-reading only the files that changed: after each edit of
// a series — a model's SELECT, a ref added, a YAML description, a model renamed, added and
// removed, a source's YAML, a macro, a property file that breaks and is fixed, dbt_project.yml
// (which reads everything again) — the project, its summary, its graph, validation and readiness
// equal those of a fresh read of the files; and once through a real server socket, the status
// and graph the server answers after its watcher saw the change.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  loadProject, projectGraph, readinessGate, summarizeProject, validationCounts, type Project,
} from '../../src/api.js';
// @ts-expect-error a plain .mjs helper shared with the benches
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { tempDir } from '../helpers/cli.js';
import { collectEvents, req, serveDir, until, type TestServer } from '../server/helpers.js';

const json = (x: unknown) => JSON.parse(JSON.stringify(x));

/** What the faces read of a project, in plain data. */
function shape(p: Project) {
  return {
    name: p.name, models: json(p.models), sources: json(p.sources), seeds: json(p.seeds), snapshots: json(p.snapshots),
    exposures: json(p.exposures), semanticModels: json(p.semanticModels), metrics: json(p.metrics), disabled: json(p.disabled),
    packageNodes: json(p.packageNodes), singularTests: p.singularTests, orphanTests: json(p.orphanTests), macros: p.macros,
    modelByName: [...p.modelByName].map(([k, n]) => [k, n.uniqueId]), docs: [...p.docs.values()], files: [...p.files],
    sqlFiles: p.sqlFiles, diagnostics: json(p.diagnostics), groups: p.groups, unitTests: p.unitTests, savedQueries: p.savedQueries,
  };
}

function readiness(p: Project) {
  const r = readinessGate({ project: p.root, loaded: p, artifacts: false });
  return { ...r, sarif: undefined, prComment: undefined };
}

function expectFresh(p: Project) {
  const fresh = loadProject(p.root);
  expect(shape(p)).toEqual(shape(fresh));
  const summary = (x: Project) => ({ ...summarizeProject(x), loadMs: undefined }); // the time the read took
  expect(summary(p)).toEqual(summary(fresh));
  expect(json(projectGraph(p))).toEqual(json(projectGraph(fresh)));
  expect(validationCounts(p)).toEqual(validationCounts(fresh));
  expect(readiness(p)).toEqual(readiness(fresh));
}

const roots: string[] = [];
afterAll(() => { for (const r of roots) rmSync(r, { recursive: true, force: true }); });

function project(models = 120): string {
  const root = join(tempDir('modeler-reload-series-'), 'p');
  generateProject(root, { models });
  roots.push(root);
  return root;
}

const firstSql = (p: Project, folder: string) => p.models.map((m) => m.sqlPath!).filter((f) => f.startsWith(`models/${folder}/`)).sort()[0];

describe('re-reading the changed files equals a fresh read', () => {
  it('through a series of edits of every kind', () => {
    const root = project();
    const p = loadProject(root);
    readiness(p); // fill the per-node caches the server keeps between changes
    const start = p.files;
    const edit = (rel: string, f: (t: string) => string) => {
      const before = readFileSync(join(root, rel), 'utf8');
      const after = f(before);
      expect(after, rel).not.toBe(before);
      writeFileSync(join(root, rel), after);
      p.reloadFiles([rel]);
      expectFresh(p);
    };

    // an edit inside a model's SELECT: the reading is the same but for the text; the model's
    // node is a new object (what caches per node reads the file again), the others are kept
    const sql = firstSql(p, 'intermediate');
    const node = p.models.find((m) => m.sqlPath === sql)!;
    const other = p.models.find((m) => m.sqlPath !== sql)!;
    edit(sql, (t) => t.replace(/lower\(upstream\.attr_3\) as attr_3\b/, 'lower(upstream.attr_3) as attr_3_renamed'));
    expect(p.models.find((m) => m.sqlPath === sql)).not.toBe(node);
    expect(p.modelByName.get(node.name)).toBe(p.models.find((m) => m.sqlPath === sql));
    expect(p.models.find((m) => m.uniqueId === other.uniqueId)).toBe(other);
    expect(p.sqlText!(sql)).toContain('attr_3_renamed');

    // a ref() added (the model's reading changes), then a config() block that shifts every line
    const mart = firstSql(p, 'marts');
    const staging = p.models.find((m) => m.sqlPath!.startsWith('models/staging/'))!.name;
    edit(mart, (t) => `${t}\n-- depends_on: {{ ref('${staging}') }}\n`);
    edit(mart, (t) => `{{ config(materialized='view') }}\n${t}`);
    edit(mart, (t) => t.replace(`ref('${staging}')`, "ref('no_such_model')")); // dbt refuses it: a located error

    // property YAML: a description, a test removed
    const yml = 'models/marts/_models_1.yml';
    edit(yml, (t) => t.replace(/description: Model (\w+)\./, 'description: Model $1, edited.'));
    edit(yml, (t) => t.replace('          - not_null\n', ''));

    // a model renamed (its file moved: the watcher reports both paths), added, removed
    const renamedFrom = firstSql(p, 'marts');
    const renamedTo = renamedFrom.replace(/\/([^/]+)\.sql$/, '/$1_v2.sql');
    renameSync(join(root, renamedFrom), join(root, renamedTo));
    p.reloadFiles([renamedFrom, renamedTo]);
    expectFresh(p);
    writeFileSync(join(root, 'models/marts/m_added.sql'), `select * from {{ ref('${staging}') }}\n`);
    p.reloadFiles(['models/marts/m_added.sql']);
    expectFresh(p);
    rmSync(join(root, 'models/marts/m_added.sql'));
    p.reloadFiles(['models/marts/m_added.sql']);
    expectFresh(p);

    // a source's YAML: a description and a column
    edit('models/staging/shop/_shop__sources.yml', (t) => t.replace('      - name: customers_0\n', '      - name: customers_0\n        description: Customers.\n'));
    edit('models/staging/shop/_shop__sources.yml', (t) => t.replace('          - name: attr_7\n', '          - name: attr_7\n          - name: extra\n'));

    // a macro: its body (the same macro names), then a second macro in the file
    edit('macros/cents_to_dollars.sql', (t) => t.replace('numeric(16, 2)', 'numeric(18, 2)'));
    edit('macros/cents_to_dollars.sql', (t) => `${t}\n{% macro dollars_to_cents(column_name) %}({{ column_name }} * 100){% endmacro %}\n`);

    // a doc block removed (the columns that reference it are checked again), then put back
    const docsText = readFileSync(join(root, 'models/_docs.md'), 'utf8');
    edit('models/_docs.md', (t) => t.replace(/\{% docs doc_0 %\}[^]*?\{% enddocs %\}\n/, ''));
    edit('models/_docs.md', () => docsText);

    // a property file that stops being YAML, then is fixed
    const broken = 'models/marts/_models_2.yml';
    const good = readFileSync(join(root, broken), 'utf8');
    edit(broken, (t) => t.replace('models:\n', 'models:\n  - name: [unclosed\n'));
    expect(p.diagnostics.some((d) => d.file === broken && d.severity === 'error')).toBe(true);
    edit(broken, () => good);
    expect(p.diagnostics.some((d) => d.file === broken && d.severity === 'error')).toBe(false);

    // what changed since the first state, some twenty reloads back: every file re-read since, once each
    expect(new Set(p.changedSince!(start))).toEqual(new Set([sql, mart, yml, renamedFrom, renamedTo, 'models/marts/m_added.sql',
      'models/staging/shop/_shop__sources.yml', 'macros/cents_to_dollars.sql', 'models/_docs.md', broken]));
    expect(p.changedSince!(p.files)).toEqual([]);
    expect(p.changedSince!(new Map(p.files))).toBeUndefined(); // not a state of this project

    // dbt_project.yml: paths, vars and configs may all change — everything is read again
    const before = p.files;
    edit('dbt_project.yml', (t) => `${t}models:\n  synthetic:\n    marts:\n      +materialized: table\n`);
    expect(p.changedSince!(before)).toBeUndefined();
  });

  it('a comment in a macro, the header of a seed, a file the reader does not use: the project stays equal too', () => {
    const root = project(40);
    mkdirSync(join(root, 'seeds'), { recursive: true });
    writeFileSync(join(root, 'seeds/countries.csv'), 'id,name\n1,a\n');
    const p = loadProject(root);
    const seed = p.seeds[0];
    const macro = 'macros/cents_to_dollars.sql';
    writeFileSync(join(root, macro), `{# a comment #}\n${readFileSync(join(root, macro), 'utf8')}`);
    p.reloadFiles([macro]);
    expectFresh(p);
    writeFileSync(join(root, 'seeds/countries.csv'), 'id,name,code\n1,a,x\n');
    p.reloadFiles(['seeds/countries.csv']);
    expectFresh(p);
    expect(p.seeds[0]).not.toBe(seed); // what reads its header per node reads it again
    writeFileSync(join(root, 'README.md'), 'notes\n');
    p.reloadFiles(['README.md']);
    expectFresh(p);
  });
});

describe('the states a served project went through', () => {
  it('are not kept alive by the reload history (a 10,000-model project\'s files map is ~0.5 MB per edit)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const root = project(40);
    const p = loadProject(root);
    const old = new WeakRef(p.files);
    const yml = 'models/marts/_models_0.yml';
    for (let i = 0; i < 3; i++) {
      writeFileSync(join(root, yml), readFileSync(join(root, yml), 'utf8').replace(/description: Model (\w+)\.[^\n]*/, `description: Model $1. Edit ${i}.`));
      p.reloadFiles([yml]);
    }
    expect(p.changedSince!(p.files)).toEqual([]);
    await new Promise((r) => setTimeout(r, 0)); // a WeakRef holds its target until the job that made it ends
    gc();
    expect(old.deref()).toBeUndefined();
  });
});

describe('through the server socket', () => {
  let s: TestServer | undefined;
  afterAll(async () => { await s?.close(); });

  it('after the watcher sees an edit, status and graph equal those of a fresh read', async () => {
    const root = project(60);
    s = await serveDir(root, { watch: true });
    const ev = await collectEvents(s.port);
    await until(() => ev.events.length >= 1, 10_000, 'hello');
    const status = async () => (await req(s!.port, 'GET', `/api/projects/${s!.id}/status`)).json;
    const graph = async () => (await req(s!.port, 'GET', `/api/projects/${s!.id}/graph`)).json;
    await status();
    const steps: [string, (t: string) => string][] = [
      [firstSql(s.session.project, 'intermediate'), (t) => t.replace(/lower\(upstream\.attr_3\) as attr_3\b/, 'lower(upstream.attr_3) as attr_3_r')],
      ['models/marts/_models_0.yml', (t) => t.replace(/description: Model (\w+)\./, 'description: Model $1, edited.').replace(/data_type: integer/, 'data_type: unknown')],
    ];
    for (const [rel, f] of steps) {
      const n = ev.events.length;
      writeFileSync(join(root, rel), f(readFileSync(join(root, rel), 'utf8')));
      await until(() => ev.events.slice(n).some((e) => e.type === 'files_changed' && e.paths.includes(rel)), 10_000, `the change event of ${rel}`);
      const fresh = loadProject(root);
      const e = ev.events.slice(n).find((x) => x.paths.includes(rel));
      const st = await status();
      expect(st.version).toBe(e.version);
      expect({ validation: st.validation, readiness: st.readiness }).toEqual({ validation: validationCounts(fresh), readiness: readinessGate({ project: root, loaded: fresh, artifacts: false }).summary });
      expect(e.summary).toEqual({ validation: st.validation, readiness: st.readiness });
      expect(await graph()).toEqual(json(projectGraph(fresh)));
    }
    ev.close();
  });
});
