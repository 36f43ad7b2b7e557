// Branch, status, diff, commit, log and branches on real repositories.
import { describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commit, createBranch, diff, GitError, listBranches, log, status } from '../../src/api.js';
import { tempDir } from '../helpers/cli.js';
import { git, head, originWithCommit, porcelain, read, write } from './repos.js';

async function refusal(p: Promise<unknown>): Promise<GitError> {
  try { await p; } catch (e) { if (e instanceof GitError) return e; throw e; }
  throw new Error('expected a GitError');
}

describe('createBranch', () => {
  it('creates a branch from HEAD and checks it out, then checks out an existing one', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const start = head(a);
    const r = await createBranch(a, { branch: 'feature/orders' });
    expect(r).toMatchObject({ branch: 'feature/orders', created: true, previous: 'main', from: start, head: start });
    expect(git(a, 'symbolic-ref', '--short', 'HEAD')).toBe('feature/orders');
    // no upstream is inherited from the start point
    expect(git(a, 'for-each-ref', '--format=%(upstream)', 'refs/heads/feature/orders')).toBe('');
    const back = await createBranch(a, { branch: 'main' });
    expect(back).toMatchObject({ branch: 'main', created: false, previous: 'feature/orders' });
    expect(git(a, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
  });

  it('creates from another ref, and refuses a ref that names nothing', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const first = head(a);
    write(a, 'x.txt', 'x\n');
    git(a, 'add', 'x.txt');
    git(a, 'commit', '-q', '-m', 'second');
    const r = await createBranch(a, { branch: 'from-first', from: first });
    expect(r.from).toBe(first);
    expect(head(a)).toBe(first);
    const e = await refusal(createBranch(a, { branch: 'nope', from: 'no-such-ref' }));
    expect(e.code).toBe('REF_NOT_FOUND');
    const opt = await refusal(createBranch(a, { branch: 'nope2', from: '--orphan' }));
    expect(opt.code).toBe('REF_NOT_FOUND');
    expect(git(a, 'branch', '--list', 'nope*')).toBe('');
  });

  it.each([
    ['has space', 'a space'], ['..', 'contains ".."'], ['-x', 'cannot start with "-"'], ['ends.lock', 'ends with ".lock"'],
    ['a:b', 'contains ":"'], ['x/', 'starts or ends with "/"'], ['feat/.hidden', 'starts with "."'], ['HEAD', 'reserved'], ['a@{1}', '"@{"'],
  ])('refuses the invalid name %j with the reason', async (name, reason) => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const e = await refusal(createBranch(a, { branch: name }));
    expect(e.code).toBe('BRANCH_INVALID');
    expect(e.message).toContain(reason);
    expect(git(a, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
  });

  it('refuses (DIRTY_WORKTREE) a checkout that would overwrite uncommitted changes, changing nothing', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'checkout', '-q', '-b', 'other');
    write(a, 'README.md', 'other branch\n');
    git(a, 'commit', '-q', '-am', 'other');
    git(a, 'checkout', '-q', 'main');
    write(a, 'README.md', 'my unsaved edit\n');
    const e = await refusal(createBranch(a, { branch: 'other' }));
    expect(e.code).toBe('DIRTY_WORKTREE');
    expect(e.details?.files).toEqual(['README.md']);
    expect(git(a, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(read(a, 'README.md')).toBe('my unsaved edit\n');
    // a new branch from HEAD carries the edit along: nothing is lost, so it is allowed
    const ok = await createBranch(a, { branch: 'carry' });
    expect(ok.created).toBe(true);
    expect(read(a, 'README.md')).toBe('my unsaved edit\n');
  });

  it('says NOT_A_REPO outside a work tree', async () => {
    const e = await refusal(createBranch(tempDir('modeler-nogit-'), { branch: 'x' }));
    expect(e.code).toBe('NOT_A_REPO');
  });
});

describe('status, diff, commit, log', () => {
  it('reports the branch, upstream, and each kind of change', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'README.md', 'changed\n');
    write(a, 'models/new.yml', 'version: 2\n');
    git(a, 'rm', '-q', 'models/orders.yml');
    write(a, 'staged.txt', 's\n');
    git(a, 'add', 'staged.txt');
    const s = await status(a);
    expect(s).toMatchObject({ branch: 'main', detached: false, upstream: 'origin/main', ahead: 0, behind: 0, clean: false, projectPrefix: '' });
    const byPath = Object.fromEntries(s.files.map((f) => [f.path, [f.state, f.staged, f.inProject]]));
    expect(byPath).toEqual({ 'README.md': ['modified', false, true], 'models/new.yml': ['untracked', false, true], 'models/orders.yml': ['deleted', true, true], 'staged.txt': ['added', true, true] });
  });

  it('in a project that is a folder of the repository, paths are relative to the project', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'README.md', 'changed\n');
    write(a, 'models/orders.yml', 'version: 2\nmodels: []\n');
    const project = join(a, 'models');
    const s = await status(project);
    expect(s.projectPrefix).toBe('models/');
    expect(s.files.map((f) => [f.path, f.inProject])).toEqual([['../README.md', false], ['orders.yml', true]]);
    const d = await diff(project, { path: 'orders.yml' });
    expect(d.path).toBe('orders.yml');
    expect(d.diff).toContain('+models: []');
    expect((await diff(project)).diff).not.toContain('README.md');
    expect((await refusal(diff(project, { path: '../README.md' }))).code).toBe('PATH_ESCAPE');
    expect((await log(project, { path: 'orders.yml' })).commits.map((c) => c.subject)).toEqual(['first']);
  });

  it('diffs a tracked file, an untracked file, everything, and refuses paths outside the project', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'README.md', 'hello\nworld\n');
    write(a, 'models/new.yml', 'version: 2\n');
    const d = await diff(a, { path: 'README.md' });
    expect(d.untracked).toBe(false);
    expect(d.diff).toContain('+world');
    expect(d.diff).toContain('--- a/README.md');
    const u = await diff(a, { path: 'models/new.yml' });
    expect(u.untracked).toBe(true);
    expect(u.diff).toContain('+version: 2');
    const all = await diff(a);
    expect(all.diff).toContain('+world');
    expect((await diff(a, { path: 'README.md', staged: true })).diff).toBe('');
    for (const bad of ['../origin.git/config', '/etc/passwd', '.git/config', 'models/../../x', 'models\\orders.yml', '~/x', '.modeler/state.json']) {
      expect((await refusal(diff(a, { path: bad }))).code).toBe('PATH_ESCAPE');
    }
    expect((await refusal(diff(a, { path: 'missing.txt' }))).code).toBe('PATH_NOT_FOUND');
    // an option-looking path is a path, not an option
    expect((await refusal(diff(a, { path: '--output=/tmp/x' }))).code).toBe('PATH_NOT_FOUND');
  });

  it('a symlink leading out of the project is refused', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const outside = tempDir('modeler-outside-');
    symlinkSync(outside, join(a, 'link'));
    writeFileSync(join(outside, 'secret.txt'), 'secret\n');
    expect((await refusal(diff(a, { path: 'link/secret.txt' }))).code).toBe('PATH_ESCAPE');
    expect((await refusal(commit(a, { message: 'x', paths: ['link/secret.txt'] }))).code).toBe('PATH_ESCAPE');
  });

  it('commits only the named paths, new files included, and leaves the rest', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'models/new.yml', 'version: 2\n');
    write(a, 'README.md', 'changed\n');
    write(a, 'other.txt', 'not this one\n');
    const before = head(a);
    const r = await commit(a, { message: 'add the new model\n\nbody text', paths: ['models/new.yml', 'README.md'] });
    expect(r.subject).toBe('add the new model');
    expect(r.branch).toBe('main');
    expect(r.files.map((f) => f.path).sort()).toEqual(['README.md', 'models/new.yml']);
    expect(r.insertions).toBe(2);
    expect(r.deletions).toBe(1);
    expect(git(a, 'rev-parse', 'HEAD~1')).toBe(before);
    expect(git(a, 'log', '-1', '--format=%B')).toBe('add the new model\n\nbody text');
    expect(porcelain(a)).toBe('?? other.txt');
  });

  it('without paths commits every change under the project directory, deletions included', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    // the project is a subfolder of the repository
    write(a, 'models/extra.yml', 'version: 2\n');
    git(a, 'rm', '-q', 'models/orders.yml');
    write(a, 'README.md', 'outside the project\n');
    const r = await commit(join(a, 'models'), { message: 'models only' });
    expect(r.files.map((f) => f.path).sort()).toEqual(['extra.yml', 'orders.yml']);
    expect(git(a, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(['models/extra.yml', 'models/orders.yml']);
    expect(porcelain(a)).toBe('M README.md');
    expect((await status(join(a, 'models'))).projectPrefix).toBe('models/');
  });

  it('refuses an empty message and an empty commit', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    expect((await refusal(commit(a, { message: '  \n' }))).code).toBe('COMMIT_MESSAGE_EMPTY');
    expect((await refusal(commit(a, { message: 'nothing' }))).code).toBe('NOTHING_TO_COMMIT');
    expect((await refusal(commit(a, { message: 'x', paths: ['nope.txt'] }))).code).toBe('PATH_NOT_FOUND');
  });

  it('a failing pre-commit hook is COMMIT_REJECTED with its output, and nothing is committed', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    const hook = join(a, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, '#!/bin/sh\necho "lint failed: trailing spaces" >&2\nexit 1\n', { mode: 0o755 });
    write(a, 'README.md', 'x\n');
    const before = head(a);
    const e = await refusal(commit(a, { message: 'x' }));
    expect(e.code).toBe('COMMIT_REJECTED');
    expect(e.message).toContain('lint failed: trailing spaces');
    expect(head(a)).toBe(before);
  });

  it('no author identity is COMMIT_REJECTED with the fix', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    git(a, 'config', '--unset', 'user.name');
    git(a, 'config', '--unset', 'user.email');
    git(a, 'config', 'user.useConfigOnly', 'true');
    write(a, 'README.md', 'x\n');
    const home = process.env.HOME;
    process.env.HOME = tempDir('modeler-home-'); // no global identity either
    try {
      const e = await refusal(commit(a, { message: 'x' }));
      expect(e.code).toBe('COMMIT_REJECTED');
      expect(e.details?.reason).toBe('identity');
      expect(e.message).toContain('git config --global user.email');
    } finally { process.env.HOME = home; }
  });

  it('logs newest first with a limit, by path, and is empty on an unborn branch', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    for (const n of [1, 2, 3]) { write(a, `f${n}.txt`, `${n}\n`); git(a, 'add', '.'); git(a, 'commit', '-q', '-m', `commit ${n}`); }
    const l = await log(a, { limit: 2 });
    expect(l.commits.map((c) => c.subject)).toEqual(['commit 3', 'commit 2']);
    expect(l.commits[0]).toMatchObject({ author: 'a', email: 'a@example.com', hash: head(a) });
    expect((await log(a, { path: 'models/orders.yml' })).commits.map((c) => c.subject)).toEqual(['first']);
    expect((await log(a, { limit: 1000 })).commits).toHaveLength(4);
    expect((await refusal(log(a, { ref: 'no-such' }))).code).toBe('REF_NOT_FOUND');
    const empty = tempDir('modeler-unborn-');
    git(empty, 'init', '-q');
    expect((await log(empty)).commits).toEqual([]);
    expect((await status(empty)).files).toEqual([]);
  });

  it('lists branches with upstream and ahead/behind, remote branches and the remote default', async () => {
    const fx = originWithCommit();
    const a = fx.clone('a');
    write(a, 'x.txt', 'x\n');
    git(a, 'add', '.');
    git(a, 'commit', '-q', '-m', 'ahead');
    git(a, 'branch', 'topic');
    const b = await listBranches(a);
    expect(b.current).toBe('main');
    expect(b.detached).toBe(false);
    const main = b.branches.find((x) => x.name === 'main')!;
    expect(main).toMatchObject({ current: true, upstream: 'origin/main', ahead: 1, behind: 0, subject: 'ahead' });
    expect(b.branches.find((x) => x.name === 'topic')).toMatchObject({ current: false });
    expect(b.branches.find((x) => x.name === 'topic')!.upstream).toBeUndefined();
    expect(b.remoteBranches).toEqual([{ name: 'origin/main', remote: 'origin', branch: 'main', commit: head(a, 'origin/main') }]);
    expect(b.remoteDefaults).toEqual({ origin: 'main' });
    git(a, 'checkout', '-q', '--detach');
    expect((await listBranches(a)).detached).toBe(true);
  });
});

describe('the project directory', () => {
  it('is refused when missing', async () => {
    const dir = join(tempDir('modeler-gone-'), 'gone');
    mkdirSync(dir);
    rmSync(dir, { recursive: true });
    expect((await refusal(status(dir))).code).toBe('NOT_A_REPO');
  });
});
