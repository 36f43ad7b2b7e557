// The served project follows the disk: a file changed by an editor or git is read again on its
// own, validation and readiness are brought up to date, and an event announces it; the
// server's own writes are announced once, not echoed back by the watcher.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { change, collectEvents, columnChecksDone, req, startTestServer, until, type TestServer } from './helpers.js';

let s: TestServer;
// the streams below hold the project's changes: the column checks' one event has come before them
beforeEach(async () => { s = await startTestServer({ watch: true }); await columnChecksDone(s); });
afterEach(async () => { await s.close(); });

const status = async () => (await req(s.port, 'GET', `/api/projects/${s.id}/status`)).json;

describe('watching the project', () => {
  it('an outside edit that breaks a model file is re-read, counted as an error and announced; fixing it is too', async () => {
    const ev = await collectEvents(s.port);
    await until(() => ev.events.length === 1, 5000, 'hello');
    expect((await status()).validation.errors).toBe(0);
    const rel = 'Modeler/logical/thing.model.yaml';
    mkdirSync(join(s.root, 'Modeler/logical'), { recursive: true });
    writeFileSync(join(s.root, rel), 'model:\n  name: thing\n  version: 1.0.0\nentities:\n  - name: Thing\n    colums: []\n');
    await until(() => ev.events.some((e) => e.type === 'files_changed' && e.paths.includes(rel)), 10_000, 'the change event');
    const e = ev.events.find((x) => x.paths.includes(rel));
    expect(e.summary.validation.errors).toBeGreaterThan(0);
    const st = await status();
    expect(st.version).toBe(e.version);
    expect(st.validation.errors).toBe(e.summary.validation.errors);
    const v = await req(s.port, 'GET', `/api/projects/${s.id}/validation?path=${rel}`);
    expect(v.json.valid).toBe(false);
    writeFileSync(join(s.root, rel), 'model:\n  name: thing\n  version: 1.0.0\nentities:\n  - name: Thing\n    columns: []\n');
    await until(() => ev.events.filter((x) => x.paths.includes(rel)).length >= 2, 10_000, 'the second change event');
    expect((await status()).validation.errors).toBe(0);
    ev.close();
  });

  it('a file deleted, a folder moved in and out, a dbt YAML changed: the views follow', async () => {
    const ev = await collectEvents(s.port);
    rmSync(join(s.root, 'models/marts/rpt_daily_revenue.sql'));
    await until(() => ev.events.some((e) => e.paths.includes('models/marts/rpt_daily_revenue.sql')), 10_000, 'delete event');
    expect(s.session.project.models.some((m) => m.name === 'rpt_daily_revenue')).toBe(false);
    // a folder moved in from outside the project (as git checkout or a file manager does)
    const outside = join(s.root, '..', 'incoming');
    mkdirSync(join(outside, 'sub'), { recursive: true });
    writeFileSync(join(outside, 'sub', 'm_new.sql'), 'select 1 as id\n');
    renameSync(outside, join(s.root, 'models', 'incoming'));
    await until(() => s.session.project.models.some((m) => m.name === 'm_new'), 10_000, 'the moved-in model');
    renameSync(join(s.root, 'models', 'incoming'), outside);
    await until(() => !s.session.project.models.some((m) => m.name === 'm_new'), 10_000, 'the moved-out model gone');
    const marts = 'models/marts/_marts.yml';
    writeFileSync(join(s.root, marts), readFileSync(join(s.root, marts), 'utf8').replace('One row per customer with order history', 'Customers, edited outside'));
    await until(() => s.session.project.modelByName.get('customers')?.description?.startsWith('Customers, edited outside') === true, 10_000, 'the edited description');
    ev.close();
  });

  it('the server\'s own write is announced once, as proposal_applied, not echoed as files_changed', async () => {
    const ev = await collectEvents(s.port);
    await until(() => ev.events.length === 1, 5000, 'hello');
    const r = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: [change({ op: 'create_file', path: 'Modeler/notes.md', content: 'notes\n' })] } });
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 800)); // longer than the watcher's batching
    expect(ev.events.map((e) => e.type)).toEqual(['hello', 'proposal_applied']);
    ev.close();
  });

  it('ignores .git, .modeler, build output and editors\' temp files', async () => {
    const ev = await collectEvents(s.port);
    await until(() => ev.events.length === 1, 5000, 'hello');
    mkdirSync(join(s.root, '.git'), { recursive: true });
    writeFileSync(join(s.root, '.git', 'index'), 'x');
    mkdirSync(join(s.root, 'target', 'compiled'), { recursive: true });
    writeFileSync(join(s.root, 'target', 'compiled', 'x.sql'), 'x');
    writeFileSync(join(s.root, 'models', '.orders.sql.swp'), 'x');
    writeFileSync(join(s.root, 'models', 'x.yml~'), 'x');
    await new Promise((res) => setTimeout(res, 800));
    expect(ev.events.map((e) => e.type)).toEqual(['hello']);
    ev.close();
  });
});
