// Branches: create-or-check-out, the list the UI shows, and the small ref look-ups the other
// operations share.
import { branchNameProblem } from './branch-name.js';
import { GitError } from './errors.js';
import { projectPath } from './paths.js';
import { asGitError, gitSays, openRepo, type GitOptions, probe, type Repo } from './repo.js';

/** The current branch, or undefined when HEAD is detached (an unborn branch counts as current). */
export async function currentBranch(repo: Repo): Promise<string | undefined> {
  // symbolic-ref exits 1 quietly when detached
  const out = await probe(repo.local, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return out || undefined;
}

/** The commit `rev` names, or undefined. */
export async function resolveCommit(repo: Repo, rev: string): Promise<string | undefined> {
  if (!rev || rev.startsWith('-')) return undefined;
  const out = await probe(repo.local, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  return out || undefined;
}

export async function localBranchExists(repo: Repo, name: string): Promise<boolean> {
  return !!await probe(repo.local, ['rev-parse', '--verify', '--quiet', `refs/heads/${name}`]);
}

export async function requireCurrentBranch(repo: Repo, what: string): Promise<string> {
  const b = await currentBranch(repo);
  if (!b) throw new GitError('DETACHED_HEAD', `HEAD is detached, so there is no current branch to ${what}; name the branch, or check one out with /api/git/branch/create`);
  return b;
}

export async function requireValidBranchName(repo: Repo, name: string): Promise<void> {
  const problem = branchNameProblem(name);
  if (problem) throw new GitError('BRANCH_INVALID', `'${name}' is not a valid branch name: ${problem}`, { branch: name, reason: problem });
  try {
    await repo.local.raw(['check-ref-format', '--branch', name]);
  } catch (e) {
    throw new GitError('BRANCH_INVALID', `'${name}' is not a valid branch name: ${gitSays(e).replace(/^fatal: /, '')}`, { branch: name, reason: 'git check-ref-format rejects it' });
  }
}

export async function requireRemote(repo: Repo, remote: string): Promise<void> {
  const names = (await repo.local.raw(['remote'])).split('\n').map((s) => s.trim()).filter(Boolean);
  if (!names.includes(remote)) {
    throw new GitError('REMOTE_NOT_FOUND', `there is no remote named '${remote}'${names.length ? ` (remotes: ${names.join(', ')})` : ' (the repository has no remotes; add one with git remote add origin <url>)'}`, { remote, remotes: names });
  }
}

/** Files git names after "would be overwritten by …" (tab-indented lines). */
export function overwrittenFiles(text: string): string[] {
  return text.split('\n').filter((l) => /^\t/.test(l)).map((l) => l.trim()).filter(Boolean);
}

export function isDirtyRefusal(text: string): boolean {
  return /would be overwritten by|Please commit your changes or stash them|would be removed by|Your local changes/i.test(text);
}

export interface CreateBranchResult {
  branch: string;
  /** true when the branch was made, false when it existed and was checked out */
  created: boolean;
  /** the commit the new branch starts at (created only) */
  from?: string;
  /** the branch checked out before, or undefined when HEAD was detached */
  previous?: string;
  head?: string;
}

/**
 * Create `branch` at `from` (default HEAD) and check it out, or check out an existing branch.
 * Uncommitted changes travel along as git allows; when they would be overwritten git refuses
 * and so do we (DIRTY_WORKTREE), leaving everything as it was.
 */
export async function createBranch(projectDir: string, req: { branch: string; from?: string }, opts: GitOptions = {}): Promise<CreateBranchResult> {
  const repo = await openRepo(projectDir, opts);
  const { branch } = req;
  await requireValidBranchName(repo, branch);
  const previous = await currentBranch(repo);
  const exists = await localBranchExists(repo, branch);
  let from: string | undefined;
  if (!exists && req.from !== undefined && req.from !== '') {
    from = await resolveCommit(repo, req.from);
    if (!from) throw new GitError('REF_NOT_FOUND', `'from' names no commit of this repository: '${req.from}' (a branch, tag or commit; fetch it first if it is remote)`, { from: req.from });
  }
  if (!(exists && previous === branch)) {
    // `switch` never reads its argument as a path; --no-track so a branch made from origin/main
    // does not pull from main later
    const args = exists ? ['switch', branch] : ['switch', '--no-track', '-c', branch, ...(from ? [from] : [])];
    try {
      await repo.local.raw(args);
    } catch (e) {
      const said = gitSays(e);
      if (isDirtyRefusal(said)) {
        const files = overwrittenFiles(e instanceof Error ? e.message : '').map((f) => projectPath(repo, f));
        throw new GitError('DIRTY_WORKTREE', `checking out '${branch}' would overwrite uncommitted changes${files.length ? ` in ${files.join(', ')}` : ''}; commit them first (POST /api/git/commit) or discard them`, { branch, files });
      }
      throw asGitError(e, 'GIT_FAILED', { what: 'switch' });
    }
  }
  const head = await probe(repo.local, ['rev-parse', '--verify', '--quiet', 'HEAD']) || undefined;
  return { branch, created: !exists, ...(exists ? {} : { from: from ?? head }), previous, head };
}

export interface BranchInfo {
  name: string;
  commit: string;
  current: boolean;
  upstream?: string;
  ahead?: number;
  behind?: number;
  /** the upstream is configured but no longer exists on the remote */
  upstreamGone?: boolean;
  date?: string;
  subject?: string;
}

export interface BranchesResult {
  current?: string;
  detached: boolean;
  branches: BranchInfo[];
  remoteBranches: { name: string; remote: string; branch: string; commit: string }[];
  /** each remote's default branch as the last fetch or clone recorded it (refs/remotes/<r>/HEAD) */
  remoteDefaults: Record<string, string>;
}

const SEP = '\x1f';

export async function listBranches(projectDir: string, opts: GitOptions = {}): Promise<BranchesResult> {
  const repo = await openRepo(projectDir, opts);
  const fmt = ['%(refname)', '%(objectname)', '%(upstream:short)', '%(upstream:track,nobracket)', '%(HEAD)', '%(committerdate:iso-strict)', '%(contents:subject)', '%(symref)'].join(SEP);
  const out = await repo.local.raw(['for-each-ref', `--format=${fmt}`, 'refs/heads', 'refs/remotes']);
  const current = await currentBranch(repo);
  const branches: BranchInfo[] = [];
  const remoteBranches: BranchesResult['remoteBranches'] = [];
  const remoteDefaults: Record<string, string> = {};
  const remotes = (await repo.local.raw(['remote'])).split('\n').map((s) => s.trim()).filter(Boolean).sort((a, b) => b.length - a.length);
  for (const line of out.split('\n')) {
    if (!line) continue;
    const [ref, commit, upstream, track, head, date, subject, symref] = line.split(SEP);
    if (ref.startsWith('refs/heads/')) {
      const t = parseTrack(track);
      branches.push({ name: ref.slice(11), commit, current: head === '*', ...(upstream ? { upstream, ...t } : {}), date, subject });
    } else if (ref.startsWith('refs/remotes/')) {
      const short = ref.slice(13);
      const remote = remotes.find((r) => short.startsWith(r + '/')) ?? short.split('/')[0];
      const branch = short.slice(remote.length + 1);
      if (symref) { remoteDefaults[remote] = symref.replace(`refs/remotes/${remote}/`, ''); continue; }
      remoteBranches.push({ name: short, remote, branch, commit });
    }
  }
  return { current, detached: !current, branches, remoteBranches, remoteDefaults };
}

function parseTrack(track: string): { ahead?: number; behind?: number; upstreamGone?: boolean } {
  if (track === 'gone') return { upstreamGone: true };
  const ahead = /ahead (\d+)/.exec(track);
  const behind = /behind (\d+)/.exec(track);
  return { ahead: ahead ? Number(ahead[1]) : 0, behind: behind ? Number(behind[1]) : 0 };
}
