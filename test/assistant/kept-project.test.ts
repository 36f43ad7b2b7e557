// The project `modeler ask` keeps beside its index (index/kept-project.ts): opened from the cache,
// it is the project as read (every node, field by field, bulky fields read when touched), and
// the Local provider's whole answer to every question of the answer set
// (test/fixtures/answers) is the same from it and the kept index as from the project read and
// indexed afresh. An edited file is seen by the next `modeler ask`; a damaged kept node is read
// again from the project, never trusted.
import { closeSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { openProjectIndex, withProjectIndex } from '../../src/api/assistant.js';
import { initSqlColumns, loadProject } from '../../src/api/project.js';
import { answerEach, type AnswerQuestion } from '../../src/assistant/evaluate-answers.js';
import { ProjectIndex } from '../../src/assistant/index/project-index.js';
import { SectionFile } from '../../src/assistant/index/section-file.js';
import type { LoadOptions } from '../../src/core/project/load.js';
import type { Project } from '../../src/core/project/types.js';
import type { IndexView } from '../../src/assistant/index/view.js';
import { REPO, runCli, tempDir } from '../helpers/cli.js';
import { describeFetched, fetchedProject } from '../helpers/shared.js';
import { copyProject, EXAMPLE } from './helpers.js';

const SET = JSON.parse(readFileSync(join(REPO, 'test', 'fixtures', 'answers', 'answers.json'), 'utf8')) as { projects: Record<string, { example?: string; fetched?: string }>; questions: AnswerQuestion[] };

let cacheDir: string;
const saved = process.env.MODELER_CACHE_DIR;
beforeAll(async () => { cacheDir = tempDir('modeler-kept-'); process.env.MODELER_CACHE_DIR = cacheDir; await initSqlColumns(); });
afterAll(() => { if (saved === undefined) delete process.env.MODELER_CACHE_DIR; else process.env.MODELER_CACHE_DIR = saved; });

/** The project and index as the next `ask` opens them: kept by a first call, then from the cache. */
function kept(dir: string, read: LoadOptions = {}): { project: Project; index: IndexView } {
  expect(openProjectIndex(dir, { read, keepProject: true }).from).toBe('built');
  const o = openProjectIndex(dir, { read, keepProject: true });
  expect(o.from).toBe('cache');
  expect(o.project).toBeUndefined();
  return { project: o.keptProject!(), index: o.index };
}

/** Every answer in whole: text, proposed changes, what it cites, what it understood. */
function answers(project: Project, index: IndexView, qs: AnswerQuestion[]): unknown[] {
  const out: unknown[] = [];
  answerEach(project, index, qs, (q, la) => out.push({ id: q.id, answer: la.answer, changes: la.changes, cited: la.cited.map((r) => r.id), understood: la.understood?.kind }));
  return out;
}

function sameAnswers(dir: string, key: string, read: LoadOptions = {}): void {
  const qs = SET.questions.filter((q) => q.project === key);
  expect(qs.length).toBeGreaterThan(0);
  const fresh = loadProject(dir, read);
  const want = answers(fresh, new ProjectIndex(fresh).build(), qs);
  const k = kept(dir, read);
  expect(answers(k.project, k.index, qs)).toEqual(want);
}

describe('the project kept beside the index', () => {
  it('is the project as read: every node and view, field by field', () => {
    for (const dir of [copyProject(EXAMPLE), (() => { const d = join(tempDir('modeler-kept-gen-'), 'project'); generateProject(d, { models: 200, columns: 5 }); return d; })()]) {
      const read = loadProject(dir);
      const { project } = kept(dir);
      for (const k of ['models', 'sources', 'seeds', 'snapshots', 'exposures', 'semanticModels', 'metrics', 'disabled', 'packageNodes', 'modelByName', 'docs', 'files',
        'sqlFiles', 'skills', 'diagnostics', 'target', 'macros', 'singularTests', 'orphanTests', 'name', 'root', 'cliVars', 'dbtTarget'] as const) {
        expect(project[k], k).toEqual(read[k]);
      }
      // a node in modelByName is the one in models, as in the read project
      for (const [name, n] of project.modelByName) expect(project.models.includes(n), name).toBe(true);
      expect(project.modelerFiles.map((m) => [m.file, m.model])).toEqual(read.modelerFiles.map((m) => [m.file, m.model]));
      expect(project.jinja.variable('nothing_set')).toEqual(read.jinja.variable('nothing_set'));
      for (const rel of read.sqlFiles) expect(project.sqlText!(rel), rel).toBe(read.sqlText!(rel));
      expect(project.sqlText!('dbt_project.yml')).toBe(read.sqlText!('dbt_project.yml'));
      expect(project.readText('dbt_project.yml')).toBe(read.readText('dbt_project.yml'));
      expect(() => project.readText('../outside')).toThrow(/escapes the project/);
    }
  });

  it('a raw entry gives its plain values (a source\'s identifier) without reading the node\'s record, its collections when touched', () => {
    const dir = join(tempDir('modeler-kept-raw-'), 'project');
    generateProject(dir, { models: 200, columns: 5 });
    const read = loadProject(dir);
    const { project } = kept(dir);
    const unread = (n: object) => typeof Object.getOwnPropertyDescriptor(n, 'columns')?.get === 'function';
    expect(project.sources.length).toBeGreaterThan(0);
    project.sources.forEach((s, i) => {
      expect(unread(s), s.name).toBe(true);
      expect(s.raw?.identifier, s.name).toEqual(read.sources[i].raw?.identifier);
      expect(s.raw?.name, s.name).toBe(read.sources[i].raw?.name);
      expect(unread(s), `${s.name}: its plain raw values read its record`).toBe(true);
      // a collection of the entry is read from the record, as read
      expect(s.raw?.columns, s.name).toEqual(read.sources[i].raw?.columns);
      expect(Object.keys(s.raw ?? {}), s.name).toEqual(Object.keys(read.sources[i].raw ?? {}));
    });
    expect(project.sources.some((s) => s.raw?.columns !== undefined)).toBe(true);
  });

  it('the issues with a code come from the kept index as from the built one, reading only their own records', () => {
    const dir = join(tempDir('modeler-kept-issues-'), 'project');
    generateProject(dir, { models: 200, columns: 5 });
    const built = new ProjectIndex(loadProject(dir)).build();
    const { index } = kept(dir);
    const codes = [...new Set([...built.records.values()].filter((r) => r.kind === 'issue').map((r) => r.name.split(':')[0]))];
    expect(codes.length).toBeGreaterThan(0);
    let read = 0;
    for (const code of [...codes, 'NO_SUCH_CODE']) {
      const want = [...built.records.values()].filter((r) => r.kind === 'issue' && r.name.startsWith(`${code}:`));
      const got = index.issuesWithCode(code);
      expect(got.map((r) => r.id).sort(), code).toEqual(want.map((r) => r.id).sort());
      expect(got, code).toEqual(got.slice().sort((a, b) => (a.id < b.id ? -1 : 1))); // the kept index's order: by id
      read += got.length;
      // records are read from the file as asked for: none but the issues of the codes asked so far
      expect((index as unknown as { parsed: Map<number, unknown> }).parsed.size, code).toBe(read);
    }
    expect(index.records.size).toBeGreaterThan(read);
  });

  it('answers every question of the answer set on the example exactly as the project read afresh', () => sameAnswers(copyProject(EXAMPLE), 'example'), 120_000);

  it('a damaged kept node is read again from the project, never trusted', async () => {
    const dir = copyProject(EXAMPLE);
    // the project is kept in a file of its own beside the index; its first node's record starts its blob
    const file = `${openProjectIndex(dir, { keepProject: true }).file!}.project`;
    const f = SectionFile.open(file);
    f.close();
    const at = f.blobAt + 8;
    const fd = openSync(file, 'r+'); writeSync(fd, Buffer.alloc(16, 0x20), 0, 16, at); closeSync(fd);
    const froms: string[] = [];
    const got = await withProjectIndex(dir, { keepProject: true }, async (o) => {
      froms.push(o.from);
      const p = o.project ?? o.keptProject!();
      return p.models.map((m) => m.columns.map((c) => c.name));
    });
    expect(froms).toEqual(['cache', 'built']);
    expect(got).toEqual(loadProject(dir).models.map((m) => m.columns.map((c) => c.name)));
  });

  it('modeler ask sees an edited file on the next call', () => {
    const dir = copyProject(EXAMPLE);
    const env = { MODELER_CACHE_DIR: tempDir('modeler-kept-cli-') };
    const ask = () => { const r = runCli(['ask', 'explain orders', '--project-dir', dir, '--json'], { env }); expect(r.code, r.stderr).toBe(0); return JSON.parse(r.stdout).answer as string; };
    const first = ask();
    expect(ask()).toBe(first); // from the kept project
    expect(first).toContain('One row per order with its payment total.');
    const yml = join(dir, 'models', 'marts', '_marts.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace('One row per order with its payment total.', 'One row per order, zebra-striped.'));
    const after = ask();
    expect(after).toContain('One row per order, zebra-striped.');
    expect(ask()).toBe(after);
  }, 120_000);
});

for (const [key, where] of Object.entries(SET.projects)) {
  if (!where.fetched) continue;
  describeFetched(`the kept project on ${key}`, where.fetched, () => {
    it('answers every question of the answer set exactly as the project read afresh', () => {
      const { dir, project } = fetchedProject(where.fetched!);
      sameAnswers(dir, key, project.vars ? { vars: project.vars } : {});
    }, 300_000);
  });
}
