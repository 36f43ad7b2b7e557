// Pull requests (GitHub) and merge requests (GitLab) against a local server that answers the
// documented requests and errors of both APIs; the token must never leave the request.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitError, openPullRequest, type OpenPullRequest } from '../../src/api.js';
import { startHostServer, type HostServer } from './host-server.js';
import { git, originWithCommit, write } from './repos.js';

const TOKEN = 'ghp_T0kenThatMustNeverLeak4242';
let server: HostServer;

beforeAll(async () => {
  server = await startHostServer({
    token: TOKEN,
    repos: [
      { path: 'acme/widgets', defaultBranch: 'main', branches: ['main', 'feature', 'develop'] },
      { path: 'acme/devfirst', defaultBranch: 'develop', branches: ['develop', 'feature'] },
      { path: 'group/sub/project', defaultBranch: 'main', branches: ['main', 'feature'] },
      { path: 'team/drafts', defaultBranch: 'trunk', branches: ['trunk', 'feature'] },
    ],
  });
});
afterAll(async () => { await server.close(); });
beforeEach(() => server.reset());

async function refusal(p: Promise<unknown>): Promise<GitError> {
  try { await p; } catch (e) { if (e instanceof GitError) return e; throw e; }
  throw new Error('expected a GitError');
}

/** A clone on branch `feature` (pushed to the real bare origin), whose origin URL is then pointed at `remoteUrl`. */
function projectOnFeature(remoteUrl: string): string {
  const fx = originWithCommit();
  const a = fx.clone('a');
  git(a, 'checkout', '-q', '-b', 'feature');
  write(a, 'models/new.yml', 'version: 2\n');
  git(a, 'add', '.');
  git(a, 'commit', '-q', '-m', 'feature work');
  git(a, 'push', '-q', '-u', 'origin', 'feature');
  git(a, 'remote', 'set-url', 'origin', remoteUrl);
  return a;
}

const lastRequest = (method: string, pathPart: string) => [...server.requests].reverse().find((r) => r.method === method && r.url.includes(pathPart))!;

describe('GitHub pull requests', () => {
  it('opens one on the repository the remote names, through <host>/api/v3 for a GitHub Enterprise remote', async () => {
    const dir = projectOnFeature(`${server.url}/acme/widgets.git`);
    const r = await openPullRequest(dir, 'github', { token: TOKEN, title: 'Add the new model', body: 'Why: orders need it.' });
    expect(r).toMatchObject({ number: expect.any(Number), url: expect.stringMatching(/^https:\/\/github\.example\/acme\/widgets\/pull\/\d+$/), state: 'open', head: 'feature', base: 'main', draft: false, host: 'github', repository: 'acme/widgets', apiUrl: `${server.url}/api/v3`, warnings: [] });
    const req = lastRequest('POST', '/pulls');
    expect(req.url).toBe('/api/v3/repos/acme/widgets/pulls');
    expect(req.headers.authorization).toBe(`token ${TOKEN}`);
    expect(req.headers['content-type']).toMatch(/application\/json/);
    expect(req.body).toEqual({ title: 'Add the new model', head: 'feature', base: 'main', body: 'Why: orders need it.', draft: false });
  });

  it('a second request for the same head is PR_EXISTS with the open one\'s URL (GitHub says 422)', async () => {
    const dir = projectOnFeature(`${server.url}/acme/widgets.git`);
    const first = await openPullRequest(dir, 'github', { token: TOKEN, title: 'first', base: 'develop' });
    const e = await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 'again', base: 'develop' }));
    expect(e.code).toBe('PR_EXISTS');
    expect(e.details).toMatchObject({ url: first.url, number: first.number, status: 422 });
    expect(e.message).toContain(first.url);
  });

  it('draft, explicit head, and the default branch from the host when the clone does not know it', async () => {
    const dir = projectOnFeature(`${server.url}/acme/devfirst.git`);
    git(dir, 'remote', 'set-head', 'origin', '--delete');
    const r = await openPullRequest(dir, 'github', { token: TOKEN, title: 'Draft it', head: 'feature', draft: true });
    expect(r).toMatchObject({ base: 'develop', draft: true });
    expect(lastRequest('GET', '/repos/acme/devfirst').url).toBe('/api/v3/repos/acme/devfirst');
    expect(lastRequest('POST', '/pulls').body).toMatchObject({ base: 'develop', draft: true });
  });

  it('api_url overrides what a github.com remote would derive', async () => {
    const dir = projectOnFeature('git@github.com:acme/widgets.git');
    const r = await openPullRequest(dir, 'github', { token: TOKEN, title: 'via override', base: 'develop', apiUrl: `${server.url}/api/v3` });
    expect(r.repository).toBe('acme/widgets');
    expect(r.apiUrl).toBe(`${server.url}/api/v3`);
  });

  it('a bad token is GIT_AUTH_FAILED; an unknown repository REPO_NOT_FOUND; a head the host lacks PR_REJECTED', async () => {
    const dir = projectOnFeature(`${server.url}/acme/widgets.git`);
    const auth = await refusal(openPullRequest(dir, 'github', { token: 'wrong-token-value', title: 't', base: 'main' }));
    expect(auth.code).toBe('GIT_AUTH_FAILED');
    expect(auth.details?.status).toBe(401);
    git(dir, 'remote', 'set-url', 'origin', `${server.url}/acme/nope.git`);
    expect((await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 't', base: 'main' }))).code).toBe('REPO_NOT_FOUND');
    git(dir, 'remote', 'set-url', 'origin', `${server.url}/acme/widgets.git`);
    const bad = await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 't', head: 'unpushed', base: 'main' }));
    expect(bad.code).toBe('PR_REJECTED');
    expect(bad.message).toContain('head');
  });

  it('refuses before any request: plain http to another machine, a local remote, head = base, no token', async () => {
    const dir = projectOnFeature('http://ghe.corp.example/acme/widgets.git');
    const n = server.requests.length;
    expect((await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 't', base: 'main' }))).code).toBe('INSECURE_API_URL');
    git(dir, 'remote', 'set-url', 'origin', '/srv/git/widgets.git');
    expect((await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 't', base: 'main' }))).code).toBe('REMOTE_NOT_HOSTED');
    git(dir, 'remote', 'set-url', 'origin', `${server.url}/acme/widgets.git`);
    expect((await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 't', base: 'feature' }))).code).toBe('PR_REJECTED');
    expect((await refusal(openPullRequest(dir, 'github', { token: '', title: 't' }))).code).toBe('GIT_AUTH_FAILED');
    expect((await refusal(openPullRequest(dir, 'github', { token: TOKEN, title: 't', remote: 'upstream' }))).code).toBe('REMOTE_NOT_FOUND');
    expect(server.requests.length).toBe(n);
  });

  it('warns when the head has local commits the remote does not have', async () => {
    const dir = projectOnFeature(`${server.url}/acme/widgets.git`);
    write(dir, 'later.txt', 'later\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'not pushed');
    const r = await openPullRequest(dir, 'github', { token: TOKEN, title: 'with a warning', base: 'develop' });
    expect(r.warnings).toEqual(['1 local commit(s) on feature are not pushed to origin and are not part of the pull request']);
  });
});

describe('GitLab merge requests', () => {
  it('opens one on the project path with subgroups, through <host>/api/v4, token as a Bearer header', async () => {
    const dir = projectOnFeature(`${server.url}/group/sub/project.git`);
    const r = await openPullRequest(dir, 'gitlab', { token: TOKEN, title: 'Add the new model', body: 'Why.' });
    expect(r).toMatchObject({ number: expect.any(Number), url: expect.stringMatching(/^https:\/\/gitlab\.example\/group\/sub\/project\/-\/merge_requests\/\d+$/), state: 'open', head: 'feature', base: 'main', draft: false, host: 'gitlab', repository: 'group/sub/project' });
    const req = lastRequest('POST', '/merge_requests');
    expect(req.url).toBe('/api/v4/projects/group%2Fsub%2Fproject/merge_requests');
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.body).toMatchObject({ source_branch: 'feature', target_branch: 'main', title: 'Add the new model', description: 'Why.' });
  });

  it('an open merge request for the same branch is PR_EXISTS with its URL (GitLab says 409)', async () => {
    const dir = projectOnFeature(`${server.url}/group/sub/project.git`);
    const first = await openPullRequest(dir, 'gitlab', { token: TOKEN, title: 'first' });
    const e = await refusal(openPullRequest(dir, 'gitlab', { token: TOKEN, title: 'again' }));
    expect(e.code).toBe('PR_EXISTS');
    expect(e.details).toMatchObject({ status: 409, url: first.url, number: first.number });
    expect(e.message).toContain(first.url);
    expect(String(e.details?.hostMessage)).toContain(`Another open merge request already exists for this source branch: !${first.number}`);
  });

  it('a draft is a "Draft:" title; the default branch comes from the project when the clone does not know it', async () => {
    const dir = projectOnFeature('ssh://git@127.0.0.1:2222/team/drafts.git');
    git(dir, 'remote', 'set-head', 'origin', '--delete');
    const r = await openPullRequest(dir, 'gitlab', { token: TOKEN, title: 'Try it', draft: true, apiUrl: server.url });
    expect(r).toMatchObject({ base: 'trunk', head: 'feature', draft: true, apiUrl: `${server.url}/api/v4` });
    expect(lastRequest('GET', '/projects/team%2Fdrafts').url).toBe('/api/v4/projects/team%2Fdrafts');
    expect(lastRequest('POST', '/merge_requests').body).toMatchObject({ title: 'Draft: Try it', target_branch: 'trunk', source_branch: 'feature' });
  });

  it('a bad token is GIT_AUTH_FAILED; an unknown project REPO_NOT_FOUND; an unknown source branch PR_REJECTED', async () => {
    const dir = projectOnFeature(`${server.url}/group/sub/project.git`);
    expect((await refusal(openPullRequest(dir, 'gitlab', { token: 'wrong-token-value', title: 't', base: 'main' }))).code).toBe('GIT_AUTH_FAILED');
    git(dir, 'remote', 'set-url', 'origin', `${server.url}/group/other.git`);
    expect((await refusal(openPullRequest(dir, 'gitlab', { token: TOKEN, title: 't', base: 'main' }))).code).toBe('REPO_NOT_FOUND');
    git(dir, 'remote', 'set-url', 'origin', `${server.url}/group/sub/project.git`);
    expect((await refusal(openPullRequest(dir, 'gitlab', { token: TOKEN, title: 't', head: 'unpushed', base: 'main' }))).code).toBe('PR_REJECTED');
  });
});

const MODEL = `
model: {name: shop, version: 1.0.0, domain: sales}
entities:
  - name: Customer
    type: table
    columns:
      - {name: customer_id, data_type: integer, primary_key: true}
      - {name: email, data_type: varchar(100)}
`;

describe('include_report', () => {
  it('puts the breaking-change gate and the readiness summary of the changed files into the body', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'dbt_project.yml', 'name: shop\nversion: "1.0"\nconfig-version: 2\nprofile: shop\n');
    write(a, 'Modeler/physical/shop.model.yaml', MODEL);
    git(a, 'add', '.');
    git(a, 'commit', '-q', '-m', 'model');
    git(a, 'push', '-q', 'origin', 'main');
    git(a, 'checkout', '-q', '-b', 'narrow');
    write(a, 'Modeler/physical/shop.model.yaml', MODEL.replace('varchar(100)', 'varchar(50)'));
    write(a, 'models/orders.yml', 'version: 2\nmodels:\n  - name: orders\n    description: Orders.\n');
    git(a, 'commit', '-q', '-am', 'narrow email');
    git(a, 'push', '-q', '-u', 'origin', 'narrow');
    git(a, 'remote', 'set-url', 'origin', `${server.url}/acme/widgets.git`);
    server.requests.length = 0;
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('modeler-pr-'));
    const r = await openPullRequest(a, 'github', { token: TOKEN, title: 'Narrow email', body: 'Shorter emails.', base: 'main', head: 'narrow', includeReport: true }).catch((e) => e);
    // the mock knows no branch "narrow", so GitHub refuses the head; the body was sent all the same
    expect(r).toBeInstanceOf(GitError);
    const sent = lastRequest('POST', '/pulls').body.body as string;
    expect(sent.startsWith('Shorter emails.\n\n<!-- modeler-pr-report -->')).toBe(true);
    expect(sent).toContain('`Modeler/physical/shop.model.yaml` — ❌ breaking');
    expect(sent).toContain('type of Customer.email changes varchar(100) → varchar(50) (narrowing)');
    expect(sent).toContain('modeler readiness');
    expect(sent).toContain('models/orders.yml');
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('modeler-pr-'))).toEqual(before);
  });

  it('returns the report summary with the pull request', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'Modeler/physical/shop.model.yaml', MODEL);
    git(a, 'add', '.');
    git(a, 'commit', '-q', '-m', 'model');
    git(a, 'push', '-q', 'origin', 'main');
    git(a, 'checkout', '-q', '-b', 'feature');
    write(a, 'Modeler/physical/shop.model.yaml', MODEL.replace('      - {name: email, data_type: varchar(100)}\n', '      - {name: email, data_type: varchar(100)}\n      - {name: nickname, data_type: varchar(20)}\n'));
    git(a, 'commit', '-q', '-am', 'add a column');
    git(a, 'push', '-q', '-u', 'origin', 'feature');
    git(a, 'remote', 'set-url', 'origin', `${server.url}/acme/devfirst.git`);
    const r = await openPullRequest(a, 'github', { token: TOKEN, title: 'Add nickname', base: 'main', includeReport: true });
    expect(r.report?.gate).toEqual({ status: 'pass', files: [{ path: 'Modeler/physical/shop.model.yaml', status: 'pass', breaking: [], changes: 1 }] });
    expect(r.report?.readiness).toMatchObject({ files: expect.any(Number), score: expect.any(Number) });
    expect(lastRequest('POST', '/pulls').body.body).toContain('✅ **No breaking changes**');
  });
});

describe('include_report: columns a branch drops, from column lineage', () => {
  it('says which downstream columns dropping a model\'s column breaks, and the gate fails', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'dbt_project.yml', 'name: shop\nversion: "1.0"\nconfig-version: 2\nprofile: shop\n');
    write(a, 'models/sources.yml', 'version: 2\nsources:\n  - name: raw\n    tables:\n      - name: orders\n        columns: [{name: id}, {name: user_id}]\n');
    write(a, 'models/stg_orders.sql', "select id as order_id, user_id as customer_id from {{ source('raw', 'orders') }}\n");
    write(a, 'models/orders.sql', "select order_id, customer_id from {{ ref('stg_orders') }}\n");
    write(a, 'models/orders.yml', 'version: 2\nmodels:\n  - name: orders\n    config: {contract: {enforced: true}}\n    columns:\n      - {name: order_id, data_type: integer}\n      - {name: customer_id, data_type: integer, data_tests: [not_null]}\n');
    git(a, 'add', '.');
    git(a, 'commit', '-q', '-m', 'models');
    git(a, 'push', '-q', 'origin', 'main');
    git(a, 'checkout', '-q', '-b', 'feature');
    write(a, 'models/stg_orders.sql', "select id as order_id from {{ source('raw', 'orders') }}\n");
    git(a, 'commit', '-q', '-am', 'drop customer_id');
    git(a, 'push', '-q', '-u', 'origin', 'feature');
    git(a, 'remote', 'set-url', 'origin', `${server.url}/acme/devfirst.git`);
    const r = await openPullRequest(a, 'github', { token: TOKEN, title: 'Drop customer_id', base: 'main', includeReport: true });
    expect(r.report?.dropped).toEqual([{ node: 'stg_orders', column: 'customer_id', breaks: ['orders.customer_id'],
      summary: 'dropping `stg_orders.customer_id` breaks `orders.customer_id` (contracted); 1 test(s) read them' }]);
    expect(r.report?.gate.status).toBe('breaking');
    expect(lastRequest('POST', '/pulls').body.body).toContain('❌ dropping `stg_orders.customer_id` breaks `orders.customer_id` (contracted)');
  });
});

describe('the token never leaves the request', () => {
  it('is not in any error, result, output, or file after every kind of outcome, even when the host echoes it', async () => {
    const printed: string[] = [];
    const capture = (s: unknown) => { printed.push(String(s)); return true; };
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(capture as never),
      vi.spyOn(process.stderr, 'write').mockImplementation(capture as never),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation((...a: unknown[]) => { printed.push(a.map(String).join(' ')); })),
    ];
    const seen: string[] = [];
    const dirs: string[] = [];
    server.echoCredentials = true;
    try {
      const cases: [string, 'github' | 'gitlab', Partial<OpenPullRequest>][] = [
        [`${server.url}/acme/widgets.git`, 'github', {}],
        [`${server.url}/acme/widgets.git`, 'github', {}], // exists
        [`${server.url}/acme/widgets.git`, 'github', { token: `${TOKEN}-wrong` }], // echoed back by the host
        [`${server.url}/acme/nope.git`, 'github', {}],
        [`${server.url}/group/sub/project.git`, 'gitlab', { base: 'main' }],
        [`${server.url}/group/sub/project.git`, 'gitlab', { token: `${TOKEN}-wrong` }],
        ['http://ghe.corp.example/acme/widgets.git', 'github', {}],
        [`https://user:${TOKEN}@127.0.0.1:1/acme/widgets.git`, 'github', {}], // a token in the remote URL, and nobody listening
      ];
      for (const [url, host, extra] of cases) {
        const dir = projectOnFeature(url);
        dirs.push(dir);
        try {
          seen.push(JSON.stringify(await openPullRequest(dir, host, { token: TOKEN, title: 'Safe', base: 'develop', includeReport: true, ...extra }, { hostTimeoutMs: 3000 })));
        } catch (e) {
          const g = e as GitError;
          seen.push(String(g.message), JSON.stringify(g.details ?? {}), String(g.stack));
        }
      }
    } finally {
      server.echoCredentials = false;
      for (const s of spies) s.mockRestore();
    }
    // the host did receive it (so the check below is meaningful) …
    expect(server.requests.some((r) => JSON.stringify(r.headers).includes(TOKEN))).toBe(true);
    expect(seen.some((s) => s.includes('Bad credentials') || s.includes('401 Unauthorized'))).toBe(true);
    // … and nothing we returned, threw or printed carries it
    for (const s of [...seen, ...printed]) expect(s).not.toContain(TOKEN);
    // nor any file of the projects (work tree and .git: config, logs, FETCH_HEAD…), except the
    // remote URL the test itself put in .git/config for the last case
    const files = (d: string): string[] => readdirSync(d).flatMap((n) => { const p = join(d, n); return statSync(p).isDirectory() ? files(p) : [p]; });
    for (const dir of dirs.slice(0, -1)) {
      for (const f of files(dir)) expect(readFileSync(f).includes(TOKEN), f).toBe(false);
    }
  });
});
