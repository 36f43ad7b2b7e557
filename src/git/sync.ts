// Push and pull. Pull is fast-forward only unless asked otherwise: diverged history is refused
// before anything in the work tree or on the branch moves. Neither ever forces.
import { GitError } from './errors.js';
import { currentBranch, isDirtyRefusal, localBranchExists, overwrittenFiles, requireCurrentBranch, requireRemote, requireValidBranchName } from './branches.js';
import { projectPath } from './paths.js';
import { asGitError, errorText, gitSays, IDENTITY_FIX, isIdentityMissing, openRepo, probe, type GitOptions, type Repo } from './repo.js';

export interface PushRequest { branch?: string; remote?: string; setUpstream?: boolean }
export interface PushResult {
  remote: string;
  branch: string;
  /** new branch on the remote, updated, or already up to date */
  status: 'created' | 'updated' | 'up-to-date';
  /** the upstream the branch tracks after the push, e.g. origin/feature */
  upstream?: string;
  setUpstream: boolean;
  /** the commit pushed */
  commit: string;
}

async function upstreamOf(repo: Repo, branch: string): Promise<string | undefined> {
  const out = (await repo.local.raw(['for-each-ref', '--format=%(upstream:short)', `refs/heads/${branch}`])).trim();
  return out || undefined;
}

/** Push `branch` (default: the current one) to the same name on `remote` (default origin). */
export async function push(projectDir: string, req: PushRequest = {}, opts: GitOptions = {}): Promise<PushResult> {
  const repo = await openRepo(projectDir, opts);
  const remote = req.remote || 'origin';
  await requireRemote(repo, remote);
  const branch = req.branch || await requireCurrentBranch(repo, 'push');
  await requireValidBranchName(repo, branch);
  if (!(await localBranchExists(repo, branch))) {
    throw new GitError('REF_NOT_FOUND', `there is no local branch '${branch}'${(await currentBranch(repo)) === branch ? ' with commits yet (commit first)' : ''}`, { branch });
  }
  const before = await upstreamOf(repo, branch);
  // by default a branch without an upstream gets one, so the next pull knows where to look
  const setUpstream = req.setUpstream ?? !before;
  const args = ['push', '--porcelain', ...(setUpstream ? ['--set-upstream'] : []), remote, `refs/heads/${branch}:refs/heads/${branch}`];
  let out: string;
  try {
    out = await repo.network.raw(args);
  } catch (e) {
    const text = errorText(e);
    const rejected = /^!\t[^\t]*\t(.*)$/m.exec(text);
    if (rejected) {
      const remoteSays = text.split('\n').filter((l) => /^remote: /.test(l)).map((l) => l.slice(8).trim()).filter(Boolean);
      const reason = rejected[1].trim();
      const fix = /non-fast-forward|fetch first/.test(reason) ? `; the remote has commits this branch lacks: pull first (POST /api/git/pull), then push again` : '';
      throw new GitError('PUSH_REJECTED', `${remote} rejected the push of ${branch}: ${reason}${remoteSays.length ? ` (${remoteSays.join(' ')})` : ''}${fix}`, { remote, branch, reason, remoteMessages: remoteSays });
    }
    throw asGitError(e, 'GIT_FAILED', { remote: true, what: 'push' });
  }
  const line = /^([ +*=-])\t[^\t]*\t(.*)$/m.exec(out);
  const flag = line?.[1] ?? ' ';
  const commit = (await repo.local.raw(['rev-parse', `refs/heads/${branch}`])).trim();
  return {
    remote, branch, status: flag === '*' ? 'created' : flag === '=' ? 'up-to-date' : 'updated',
    upstream: await upstreamOf(repo, branch), setUpstream, commit,
  };
}

export interface PullRequestOptions { remote?: string; branch?: string; ffOnly?: boolean }
export interface PullResult {
  remote: string;
  /** the remote branch pulled */
  branch: string;
  /** the local branch that moved (the current one) */
  into: string;
  updated: boolean;
  mode: 'up-to-date' | 'fast-forward' | 'merge';
  from?: string;
  to: string;
  /** files that changed in the work tree, relative to the project (../… outside it) */
  files: string[];
  /** commits brought in */
  commits: number;
}

/** The remote branch a local branch pulls from: its upstream on `remote`, else the same name. */
async function pullSource(repo: Repo, branch: string, remote: string): Promise<string> {
  const cfgRemote = await probe(repo.local, ['config', '--get', `branch.${branch}.remote`]);
  const cfgMerge = await probe(repo.local, ['config', '--get', `branch.${branch}.merge`]);
  if (cfgRemote === remote && cfgMerge.startsWith('refs/heads/')) return cfgMerge.slice(11);
  return branch;
}

export async function pull(projectDir: string, req: PullRequestOptions = {}, opts: GitOptions = {}): Promise<PullResult> {
  const repo = await openRepo(projectDir, opts);
  const remote = req.remote || 'origin';
  const ffOnly = req.ffOnly ?? true;
  await requireRemote(repo, remote);
  const into = await requireCurrentBranch(repo, 'pull into');
  const branch = req.branch || await pullSource(repo, into, remote);
  await requireValidBranchName(repo, branch);
  try {
    await repo.network.raw(['fetch', '--no-tags', remote, `refs/heads/${branch}`]);
  } catch (e) {
    if (/couldn't find remote ref/i.test(errorText(e))) throw new GitError('REF_NOT_FOUND', `${remote} has no branch '${branch}'`, { remote, branch });
    throw asGitError(e, 'GIT_FAILED', { remote: true, what: 'fetch' });
  }
  const theirs = await probe(repo.local, ['rev-parse', '--verify', '--quiet', 'FETCH_HEAD^{commit}']);
  const ours = await probe(repo.local, ['rev-parse', '--verify', '--quiet', 'HEAD']) || undefined;
  const result = (mode: PullResult['mode'], to: string, files: string[], commits: number): PullResult =>
    ({ remote, branch, into, updated: mode !== 'up-to-date', mode, from: ours, to, files, commits });
  if (ours === theirs) return result('up-to-date', theirs, [], 0);
  let ahead = 0;
  let behind = 0;
  if (ours) {
    const counts = (await repo.local.raw(['rev-list', '--left-right', '--count', `${ours}...${theirs}`])).trim().split(/\s+/).map(Number);
    [ahead, behind] = counts;
    if (behind === 0) return result('up-to-date', ours, [], 0);
    if (ahead > 0 && ffOnly) {
      throw new GitError('NOT_FAST_FORWARD', `${into} and ${remote}/${branch} have diverged (${ahead} local commit(s), ${behind} on the remote); nothing was changed. Pull with ff_only: false to merge, or rebase ${into} yourself`, { remote, branch, into, ahead, behind });
    }
  }
  const mode: PullResult['mode'] = ahead > 0 ? 'merge' : 'fast-forward';
  const args = mode === 'fast-forward' ? ['merge', '--ff-only', theirs] : ['merge', '--no-edit', '-m', `Merge ${remote}/${branch} into ${into}`, theirs];
  try {
    await repo.local.raw(args);
  } catch (e) {
    const text = errorText(e);
    if (isDirtyRefusal(text)) {
      const files = overwrittenFiles(text).map((f) => projectPath(repo, f));
      throw new GitError('DIRTY_WORKTREE', `pulling ${remote}/${branch} would overwrite uncommitted changes${files.length ? ` in ${files.join(', ')}` : ''}; commit them first; nothing was changed`, { remote, branch, files });
    }
    if (mode === 'merge' && /CONFLICT|Automatic merge failed/i.test(text)) {
      const conflicted = (await repo.local.raw(['diff', '--name-only', '--diff-filter=U', '-z'])).split('\0').filter(Boolean).map((f) => projectPath(repo, f));
      await repo.local.raw(['merge', '--abort']).catch(() => undefined);
      throw new GitError('MERGE_CONFLICT', `merging ${remote}/${branch} into ${into} conflicts in ${conflicted.join(', ') || 'some files'}; the merge was aborted and nothing was changed`, { remote, branch, files: conflicted });
    }
    if (isIdentityMissing(text)) {
      await repo.local.raw(['merge', '--abort']).catch(() => undefined);
      throw new GitError('COMMIT_REJECTED', `${IDENTITY_FIX}; the merge was not made`, { reason: 'identity' });
    }
    throw new GitError('GIT_FAILED', gitSays(e));
  }
  const to = (await repo.local.raw(['rev-parse', 'HEAD'])).trim();
  const files = (ours ? (await repo.local.raw(['diff', '--name-only', '-z', ours, to])).split('\0')
    : (await repo.local.raw(['ls-tree', '-r', '--name-only', '-z', to])).split('\0')).filter(Boolean).map((f) => projectPath(repo, f));
  return result(mode, to, files, behind || Number((await repo.local.raw(['rev-list', '--count', to])).trim()));
}
