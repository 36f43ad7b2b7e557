// The git endpoints through a real socket, on real repositories: a project cloned from a bare
// origin, branch/commit/push/pull (fast-forward, diverged refused with nothing changed), the
// project read again after a pull, and pull requests against a local host that speaks GitHub's
// and GitLab's documented APIs — the token never reaches a file, a log or a reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE } from '../helpers/cli.js';
import { git, head, originWithCommit, write } from '../git/repos.js';
import { startHostServer, type HostServer } from '../git/host-server.js';
import { req, serveDir, type TestServer } from './helpers.js';

const TOKEN = 'glpat_SecretTokenOfTheTest_9876';
let fx: ReturnType<typeof originWithCommit>;
let project: string;
let s: TestServer;
let host: HostServer;

beforeAll(async () => {
  fx = originWithCommit();
  project = fx.clone('project');
  cpSync(EXAMPLE, join(project, 'shop'), { recursive: true });
  git(project, 'add', '.');
  git(project, 'commit', '--quiet', '-m', 'the dbt project');
  git(project, 'push', '--quiet', 'origin', 'main');
  s = await serveDir(join(project, 'shop'));
  host = await startHostServer({ token: TOKEN, repos: [{ path: 'acme/shop', defaultBranch: 'main', branches: ['main', 'feature/docs'] }] });
}, 120_000);
afterAll(async () => { await s?.close(); await host?.close(); });

const post = (path: string, body: Record<string, unknown>) => req(s.port, 'POST', path, { body: { projectId: s.id, ...body } });
const get = (path: string) => req(s.port, 'GET', path);

describe('git endpoints', () => {
  it('status, branches and log of the project\'s repository', async () => {
    const st = await get('/api/git/status');
    expect(st.status, st.text).toBe(200);
    expect(st.json).toMatchObject({ branch: 'main' });
    expect((await get('/api/git/branches')).json.current).toBe('main');
    expect((await get('/api/git/log?limit=1')).json.commits[0].subject).toBe('the dbt project');
    expect((await get('/api/git/log?limit=x')).status).toBe(400);
    // the documented range is refused outside it, not clamped (limit=0 and 1000 answered 1 and 100 commits)
    for (const limit of ['0', '101', '1000', '007']) expect((await get(`/api/git/log?limit=${limit}`)).status).toBe(400);
    expect((await get('/api/git/log?limit=100')).status).toBe(200);
  });

  it('creates and checks out a branch; a bad name is 400 BRANCH_INVALID with the reason', async () => {
    const bad = await post('/api/git/branch/create', { branch: 'bad..name' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BRANCH_INVALID');
    const r = await post('/api/git/branch/create', { branch: 'feature/docs' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ branch: 'feature/docs', created: true, previous: 'main' });
    expect(git(project, 'branch', '--show-current')).toBe('feature/docs');
  });

  it('commits a change made through the file API, shows its diff, and pushes the new branch with its upstream', async () => {
    const f = await get(`/api/projects/${s.id}/file?path=models/marts/_marts.yml`);
    const put = await req(s.port, 'PUT', `/api/projects/${s.id}/file`, { body: { path: 'models/marts/_marts.yml', content: '# edited: the marts\n' + f.json.content }, headers: { 'if-match': f.json.etag, 'content-type': 'application/json' } });
    expect(put.status, put.text).toBe(200);
    const d = await get('/api/git/diff?path=models/marts/_marts.yml');
    expect(d.status, d.text).toBe(200);
    expect(JSON.stringify(d.json)).toContain('edited: ');
    const c = await post('/api/git/commit', { message: 'docs: mark the marts file', paths: ['models/marts/_marts.yml'] });
    expect(c.status, c.text).toBe(200);
    const p = await post('/api/git/push', { set_upstream: true });
    expect(p.status, p.text).toBe(200);
    expect(git(fx.origin, 'rev-parse', 'feature/docs')).toBe(head(project));
    expect((await post('/api/git/commit', { message: 'nothing' })).json.error.code).toBe('NOTHING_TO_COMMIT');
  });

  it('pulls fast-forward and reads the project again; diverged history is 409 NOT_FAST_FORWARD and changes nothing', async () => {
    const other = fx.clone('other');
    git(other, 'checkout', '--quiet', 'feature/docs');
    write(other, 'shop/models/marts/fct_refunds.sql', "select 1 as refund_id\n");
    git(other, 'add', '.');
    git(other, 'commit', '--quiet', '-m', 'a new model');
    git(other, 'push', '--quiet', 'origin', 'feature/docs');
    const before = (await get(`/api/projects/${s.id}/summary`)).json;
    const p = await post('/api/git/pull', {});
    expect(p.status, p.text).toBe(200);
    expect(p.json).toMatchObject({ updated: true, mode: 'fast-forward' });
    const after = (await get(`/api/projects/${s.id}/summary`)).json;
    expect(after.models.total).toBe(before.models.total + 1);
    // diverge: one commit here, another on the remote
    write(project, 'shop/notes.md', 'local\n');
    git(project, 'add', '.');
    git(project, 'commit', '--quiet', '-m', 'local');
    write(other, 'shop/notes.md', 'remote\n');
    git(other, 'add', '.');
    git(other, 'commit', '--quiet', '-m', 'remote');
    git(other, 'push', '--quiet', 'origin', 'feature/docs');
    const mine = head(project);
    const refused = await post('/api/git/pull', {});
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('NOT_FAST_FORWARD');
    expect(head(project)).toBe(mine);
    expect(readFileSync(join(project, 'shop/notes.md'), 'utf8')).toBe('local\n');
    const rejected = await post('/api/git/push', {});
    expect(rejected.status).toBe(409);
    expect(rejected.json.error.code).toBe('PUSH_REJECTED');
  });

  it('opens a pull request on GitHub and a merge request on GitLab; an existing one is 409 with its URL; a bad token is 401 — and the token leaks nowhere', async () => {
    git(project, 'remote', 'set-url', 'origin', `${host.url}/acme/shop.git`);
    const gh = await post('/api/git/github/pr', { token: TOKEN, title: 'Docs', head: 'feature/docs', base: 'main', api_url: `${host.url}/api/v3` });
    expect(gh.status, gh.text).toBe(200);
    expect(gh.json).toMatchObject({ number: expect.any(Number), state: 'open', head: 'feature/docs', base: 'main', draft: false });
    const again = await post('/api/git/github/pr', { token: TOKEN, title: 'Docs', head: 'feature/docs', base: 'main', api_url: `${host.url}/api/v3` });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'PR_EXISTS', details: { url: gh.json.url } });
    const gl = await post('/api/git/gitlab/pr', { token: TOKEN, title: 'Docs', head: 'feature/docs', base: 'main', draft: true, api_url: `${host.url}/api/v4` });
    expect(gl.status, gl.text).toBe(200);
    expect(gl.json.draft).toBe(true);
    host.echoCredentials = true;
    const bad = await post('/api/git/github/pr', { token: 'ghp_wrong_' + TOKEN, title: 'x', head: 'feature/docs', api_url: `${host.url}/api/v3` });
    host.echoCredentials = false;
    expect(bad.status).toBe(401);
    expect(bad.json.error.code).toBe('GIT_AUTH_FAILED');
    expect(bad.text).not.toContain(TOKEN);
    expect(s.logs.join('\n')).not.toContain(TOKEN);
    const files = (d: string): string[] => readdirSync(d).flatMap((n) => { const p = join(d, n); return statSync(p).isDirectory() ? files(p) : [p]; });
    for (const f of files(project)) expect(readFileSync(f).includes(TOKEN), f).toBe(false);
    expect(host.requests.some((r) => JSON.stringify(r.headers).includes(TOKEN))).toBe(true); // it did reach the host, and only there
  });
});
