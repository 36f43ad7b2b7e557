// `modeler serve` as a user runs it: the dbt project it is started in (or the writable example
// copy where there is none), runtime state that ignores itself (the project's .gitignore and
// every tracked file left alone), a taken port, a second server on the same project, a
// non-loopback host, and a clean stop on SIGTERM and Ctrl-C.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { EXAMPLE, runCliAsync, tempDir } from '../helpers/cli.js';
import { req, spawnServe } from './helpers.js';

function project(gitignore?: string): string {
  const dir = join(tempDir('modeler-serve-'), 'p');
  cpSync(EXAMPLE, dir, { recursive: true });
  if (gitignore !== undefined) writeFileSync(join(dir, '.gitignore'), gitignore);
  return dir;
}

describe('modeler serve', () => {
  it('without --project-dir serves a writable copy of the example, made once and said so; the package is untouched', async () => {
    const data = tempDir('modeler-data-');
    const before = readdirSync(EXAMPLE, { recursive: true }).length;
    const s = await spawnServe(['--port', '0'], { MODELER_DATA_DIR: data });
    expect(s.out()).toMatch(/writable copy of the example project made now at .*examples\/jaffle_shop/);
    const copy = join(data, 'examples', 'jaffle_shop');
    const list = await req(s.port, 'GET', '/api/projects');
    expect(list.json.projects[0].path).toBe(copy);
    const w = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: list.json.projects[0].id, changes: [{ op: 'create_file', path: 'Modeler/try.md', content: 'mine\n', rationale: 'try a write' }] } });
    expect(w.status).toBe(200);
    expect(readFileSync(join(copy, 'Modeler/try.md'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(EXAMPLE, 'Modeler/try.md'))).toBe(false);
    expect(readdirSync(EXAMPLE, { recursive: true }).length).toBe(before);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    const again = await spawnServe(['--port', '0'], { MODELER_DATA_DIR: data });
    expect(again.out()).toMatch(/made earlier/);
    expect(existsSync(join(copy, 'Modeler/try.md'))).toBe(true); // the copy is kept, with the user's changes
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('never touches the project\'s .gitignore: runtime state lives in .modeler/, which ignores itself; git status stays clean after serve and ask', async () => {
    const dir = project('node_modules/\n');
    const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, encoding: 'utf8' });
    git('init', '-q'); git('add', '-A'); git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init');
    const s = await spawnServe(['--project-dir', dir, '--port', '0']);
    try {
      const { projects: [{ id }] } = (await req(s.port, 'GET', '/api/projects')).json;
      const ask = await req(s.port, 'POST', '/api/ai/ask', { body: { projectId: id, message: 'classify sensitive columns of stg_stripe__customers' } });
      expect(ask.status, ask.text).toBe(200);
      expect(ask.json.proposed_changes.length).toBeGreaterThan(0);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    expect(readFileSync(join(dir, '.modeler', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(existsSync(join(dir, '.modeler', 'agent', 'chats.json'))).toBe(true);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('started inside a dbt project without --project-dir, serves that project (the nearest folder with dbt_project.yml, as dbt finds it) and says so', async () => {
    const dir = project();
    const s = await spawnServe(['--port', '0'], {}, join(dir, 'models', 'marts'));
    try {
      expect(s.out()).toContain(`modeler serve: serving the dbt project at ${dir} (found from ${join(dir, 'models', 'marts')}`);
      expect((await req(s.port, 'GET', '/api/projects')).json.projects[0].path).toBe(dir);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  });

  it('a folder without dbt_project.yml is an error naming it (exit 1); the package\'s own example is served as a writable copy, never written', async () => {
    const empty = tempDir('modeler-empty-');
    mkdirSync(join(empty, 'models'));
    const r = await runCliAsync(['serve', '--project-dir', empty, '--no-open']);
    expect([r.code, r.stderr.trim()]).toEqual([1, `modeler: not a dbt project: ${empty} has no dbt_project.yml; pass --project-dir the folder that holds it`]);
    const data = tempDir('modeler-data-');
    const s = await spawnServe(['--project-dir', EXAMPLE, '--port', '0'], { MODELER_DATA_DIR: data });
    try {
      expect(s.out()).toContain(`${EXAMPLE} is part of the modeler package, which is never written; serving a writable copy of it made now at ${join(data, 'examples', 'jaffle_shop')}`);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    expect(existsSync(join(EXAMPLE, '.modeler'))).toBe(false);
  });

  it('a taken port is a one-line error naming it and suggesting --port (exit 1)', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    const r = await runCliAsync(['serve', '--project-dir', project(), '--port', String(port), '--no-open']);
    blocker.close();
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([`modeler: port ${port} is already in use on 127.0.0.1; pass another one with --port (e.g. --port ${port + 1})`]);
  });

  it('a second server on the same project is refused; usage errors exit 64', async () => {
    const dir = project();
    const s = await spawnServe(['--project-dir', dir, '--port', '0']);
    const second = await runCliAsync(['serve', '--project-dir', dir, '--port', '0', '--no-open']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is serving this project at http://127.0.0.1:${s.port}/`);
    s.child.kill('SIGTERM');
    await s.exited;
    expect((await runCliAsync(['serve', '--project-dir', join(dir, 'nope'), '--no-open'])).code).toBe(64);
    expect((await runCliAsync(['serve', '--port', 'abc', '--no-open'])).code).toBe(64);
  });

  it('listening beyond loopback prints a warning; the Host check still refuses other names', async () => {
    const s = await spawnServe(['--project-dir', project(), '--port', '0', '--host', '0.0.0.0']);
    expect(s.err()).toMatch(/warning: listening on 0\.0\.0\.0, not only this machine/);
    expect((await req(s.port, 'GET', '/api/health')).status).toBe(200);
    expect((await req(s.port, 'GET', '/api/health', { headers: { host: 'rebound.attacker.test' } })).status).toBe(403);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it('stops cleanly on SIGTERM with an open event stream, and releases the project; the stop writes nothing (no index snapshot) and its last line is out', async () => {
    const dir = project();
    const cache = tempDir('modeler-cache-');
    const s = await spawnServe(['--project-dir', dir, '--port', '0'], { MODELER_CACHE_DIR: cache });
    const { projects: [{ id }] } = (await req(s.port, 'GET', '/api/projects')).json;
    // the assistant's index is built (what a snapshot would hold), then the server stops
    for (let i = 0; i < 600 && (await req(s.port, 'GET', `/api/ai/index/status?projectId=${id}`)).json.state !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
    const runtime = readdirSync(join(dir, '.modeler'), { recursive: true }).sort();
    const { request } = await import('node:http');
    const stream = request({ host: '127.0.0.1', port: s.port, path: '/api/events' });
    stream.on('error', () => {});
    stream.end();
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.err()).toContain('modeler serve: stopping');
    expect(existsSync(join(dir, '.modeler', 'serve.lock'))).toBe(false);
    expect(readdirSync(join(dir, '.modeler'), { recursive: true }).sort()).toEqual(runtime.filter((f) => f !== 'serve.lock'));
    expect(readdirSync(cache, { recursive: true })).toEqual([]);
  });
});
