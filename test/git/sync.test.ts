// Push and pull against a real bare "origin" (and two clones of it).
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitError, pull, push } from '../../src/api.js';
import { git, head, originWithCommit, porcelain, read, write } from './repos.js';

async function refusal(p: Promise<unknown>): Promise<GitError> {
  try { await p; } catch (e) { if (e instanceof GitError) return e; throw e; }
  throw new Error('expected a GitError');
}

function commitFile(dir: string, rel: string, text: string, msg: string): string {
  write(dir, rel, text);
  git(dir, 'add', rel);
  git(dir, 'commit', '-q', '-m', msg);
  return head(dir);
}

describe('push', () => {
  it('pushes a new branch and sets its upstream; a second push is up to date', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'checkout', '-q', '-b', 'feature');
    const sha = commitFile(a, 'x.txt', 'x\n', 'feature work');
    const r = await push(a);
    expect(r).toMatchObject({ remote: 'origin', branch: 'feature', status: 'created', setUpstream: true, upstream: 'origin/feature', commit: sha });
    expect(git(fx.origin, 'rev-parse', 'refs/heads/feature')).toBe(sha);
    expect(git(a, 'rev-parse', '--abbrev-ref', 'feature@{upstream}')).toBe('origin/feature');
    const again = await push(a);
    expect(again).toMatchObject({ status: 'up-to-date', setUpstream: false });
    const next = commitFile(a, 'y.txt', 'y\n', 'more');
    expect(await push(a, { branch: 'feature', remote: 'origin' })).toMatchObject({ status: 'updated', commit: next });
    expect(git(fx.origin, 'rev-parse', 'refs/heads/feature')).toBe(next);
  });

  it('set_upstream: false pushes without recording an upstream', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'checkout', '-q', '-b', 'loose');
    commitFile(a, 'x.txt', 'x\n', 'x');
    const r = await push(a, { setUpstream: false });
    expect(r.upstream).toBeUndefined();
    expect(git(a, 'for-each-ref', '--format=%(upstream)', 'refs/heads/loose')).toBe('');
    expect(git(fx.origin, 'rev-parse', 'refs/heads/loose')).toBe(head(a));
  });

  it('a non-fast-forward push is PUSH_REJECTED with the remote\'s reason, and the remote keeps its commit', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const b = fx.clone('b');
    const theirs = commitFile(b, 'b.txt', 'b\n', 'from b');
    git(b, 'push', '-q', 'origin', 'main');
    commitFile(a, 'a.txt', 'a\n', 'from a');
    const e = await refusal(push(a));
    expect(e.code).toBe('PUSH_REJECTED');
    expect(e.details?.reason).toMatch(/\[rejected\] \((fetch first|non-fast-forward)\)/);
    expect(e.message).toContain('pull first');
    expect(git(fx.origin, 'rev-parse', 'refs/heads/main')).toBe(theirs);
  });

  it('a push a server hook declines is PUSH_REJECTED with the hook\'s words', async () => {
    const fx = originWithCommit();
    writeFileSync(join(fx.origin, 'hooks', 'pre-receive'), '#!/bin/sh\necho "main is protected: open a pull request"\nexit 1\n', { mode: 0o755 });
    const a = fx.clone('a');
    commitFile(a, 'a.txt', 'a\n', 'direct to main');
    const e = await refusal(push(a));
    expect(e.code).toBe('PUSH_REJECTED');
    expect(e.message).toContain('main is protected: open a pull request');
    expect(e.details?.reason).toContain('remote rejected');
  });

  it('refuses an unknown remote, a missing branch, a detached HEAD', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    expect((await refusal(push(a, { remote: 'upstream' }))).code).toBe('REMOTE_NOT_FOUND');
    expect((await refusal(push(a, { branch: 'nope' }))).code).toBe('REF_NOT_FOUND');
    expect((await refusal(push(a, { branch: 'bad name' }))).code).toBe('BRANCH_INVALID');
    git(a, 'checkout', '-q', '--detach');
    expect((await refusal(push(a))).code).toBe('DETACHED_HEAD');
  });
});

describe('pull', () => {
  it('fast-forwards and reports the files that changed', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const b = fx.clone('b');
    const before = head(a);
    const theirs = commitFile(b, 'models/orders.yml', 'version: 2\nmodels:\n  - name: orders\n    description: changed\n', 'describe orders');
    git(b, 'push', '-q', 'origin', 'main');
    const r = await pull(a);
    expect(r).toMatchObject({ remote: 'origin', branch: 'main', into: 'main', updated: true, mode: 'fast-forward', from: before, to: theirs, files: ['models/orders.yml'], commits: 1 });
    expect(head(a)).toBe(theirs);
    expect(read(a, 'models/orders.yml')).toContain('description: changed');
    expect(await pull(a)).toMatchObject({ updated: false, mode: 'up-to-date', files: [] });
  });

  it('on diverged history is NOT_FAST_FORWARD and changes nothing: branch, index, work tree', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const b = fx.clone('b');
    commitFile(b, 'b.txt', 'b\n', 'from b');
    git(b, 'push', '-q', 'origin', 'main');
    const ours = commitFile(a, 'a.txt', 'a\n', 'from a');
    write(a, 'README.md', 'uncommitted edit\n');
    const statusBefore = porcelain(a);
    const e = await refusal(pull(a));
    expect(e.code).toBe('NOT_FAST_FORWARD');
    expect(e.details).toMatchObject({ ahead: 1, behind: 1 });
    expect(head(a)).toBe(ours);
    expect(porcelain(a)).toBe(statusBefore);
    expect(read(a, 'README.md')).toBe('uncommitted edit\n');
  });

  it('with ff_only: false merges diverged history; a conflict is aborted and nothing changes', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const b = fx.clone('b');
    const theirs = commitFile(b, 'b.txt', 'b\n', 'from b');
    git(b, 'push', '-q', 'origin', 'main');
    const ours = commitFile(a, 'a.txt', 'a\n', 'from a');
    const r = await pull(a, { ffOnly: false });
    expect(r).toMatchObject({ mode: 'merge', updated: true, files: ['b.txt'] });
    expect(git(a, 'rev-parse', 'HEAD^1')).toBe(ours);
    expect(git(a, 'rev-parse', 'HEAD^2')).toBe(theirs);

    commitFile(b, 'README.md', 'b says\n', 'b readme');
    git(b, 'push', '-q', 'origin', 'main');
    const mine = commitFile(a, 'README.md', 'a says\n', 'a readme');
    const e = await refusal(pull(a, { ffOnly: false }));
    expect(e.code).toBe('MERGE_CONFLICT');
    expect(e.details?.files).toEqual(['README.md']);
    expect(head(a)).toBe(mine);
    expect(porcelain(a)).toBe('');
    expect(read(a, 'README.md')).toBe('a says\n');
  });

  it('refuses (DIRTY_WORKTREE) a fast-forward that would overwrite uncommitted changes', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const b = fx.clone('b');
    commitFile(b, 'README.md', 'remote change\n', 'remote');
    git(b, 'push', '-q', 'origin', 'main');
    const before = head(a);
    write(a, 'README.md', 'local edit\n');
    const e = await refusal(pull(a));
    expect(e.code).toBe('DIRTY_WORKTREE');
    expect(e.details?.files).toEqual(['README.md']);
    expect(head(a)).toBe(before);
    expect(read(a, 'README.md')).toBe('local edit\n');
  });

  it('pulls a named branch, and refuses one the remote does not have', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const b = fx.clone('b');
    git(b, 'checkout', '-q', '-b', 'release');
    const rel = commitFile(b, 'r.txt', 'r\n', 'release');
    git(b, 'push', '-q', 'origin', 'release');
    expect(await pull(a, { branch: 'release' })).toMatchObject({ branch: 'release', into: 'main', mode: 'fast-forward', to: rel });
    expect((await refusal(pull(a, { branch: 'no-such' }))).code).toBe('REF_NOT_FOUND');
  });
});

describe('remotes that do not answer or want credentials', () => {
  const servers: (Server | TcpServer)[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('a remote that never answers is stopped by the time-out (GIT_TIMEOUT)', async () => {
    const tcp = createTcpServer((s) => { sockets.push(s); });
    servers.push(tcp);
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    const port = (tcp.address() as { port: number }).port;
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'remote', 'add', 'slow', `http://127.0.0.1:${port}/repo.git`);
    const t0 = Date.now();
    const e = await refusal(push(a, { remote: 'slow' }, { networkTimeoutMs: 1500 }));
    expect(e.code).toBe('GIT_TIMEOUT');
    expect(Date.now() - t0).toBeLessThan(20_000);
  });

  it('a remote asking for credentials fails at once (no prompt) with GIT_AUTH_FAILED', async () => {
    const http = createServer((_req, res) => { res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }); res.end('auth'); });
    servers.push(http);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as { port: number }).port;
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'remote', 'add', 'locked', `http://127.0.0.1:${port}/repo.git`);
    const e = await refusal(pull(a, { remote: 'locked' }, { networkTimeoutMs: 20_000 }));
    expect(e.code).toBe('GIT_AUTH_FAILED');
  });

  it('a remote path that does not exist is REPO_NOT_FOUND', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'remote', 'add', 'gone', join(fx.root, 'no-such.git'));
    expect((await refusal(push(a, { remote: 'gone' }))).code).toBe('REPO_NOT_FOUND');
  });
});
