// Commit chosen paths (default: every change inside the project directory, .gitignore
// respected) and read the history. Only the named paths go into the commit, whatever else is
// staged; hooks run as they would for the user.
import { GitError } from './errors.js';
import { literal, projectPath, projectSpec, repoPath } from './paths.js';
import { currentBranch, resolveCommit } from './branches.js';
import { asGitError, errorText, gitSays, IDENTITY_FIX, isIdentityMissing, openRepo, probe, type GitOptions } from './repo.js';

export interface CommitRequest { message: string; paths?: string[] }
export interface CommitResult {
  commit: string;
  shortCommit: string;
  branch?: string;
  subject: string;
  files: { path: string; insertions?: number; deletions?: number }[];
  insertions: number;
  deletions: number;
}

export async function commit(projectDir: string, req: CommitRequest, opts: GitOptions = {}): Promise<CommitResult> {
  const message = (req.message ?? '').trim();
  if (!message) throw new GitError('COMMIT_MESSAGE_EMPTY', 'the commit message is empty; say what the change does');
  const repo = await openRepo(projectDir, opts);
  const rels = req.paths?.length ? [...new Set(req.paths.map((p) => repoPath(repo, p)))] : [projectSpec(repo)];
  const named = req.paths?.length ? req.paths.join(', ') : 'the project';
  const spec = ['--', ...rels.map(literal)];
  try {
    await repo.local.raw(['add', '--all', ...spec]);
  } catch (e) {
    const said = gitSays(e);
    if (/did not match any files/i.test(said)) throw new GitError('PATH_NOT_FOUND', `nothing in the work tree or the index matches ${named}`, { paths: req.paths });
    throw asGitError(e, 'GIT_FAILED', { what: 'add' });
  }
  const staged = (await repo.local.raw(['diff', '--cached', '--name-only', '-z', ...spec])).split('\0').filter(Boolean);
  if (!staged.length) throw new GitError('NOTHING_TO_COMMIT', `there are no changes to commit in ${named}`, { paths: req.paths ?? ['.'] });
  try {
    await repo.local.raw(['commit', '--quiet', '-m', message, ...spec]);
  } catch (e) {
    const text = errorText(e);
    if (isIdentityMissing(text)) {
      throw new GitError('COMMIT_REJECTED', IDENTITY_FIX, { reason: 'identity' });
    }
    throw new GitError('COMMIT_REJECTED', `git refused the commit: ${gitSays(e)}`, { reason: 'hook-or-git' });
  }
  const sha = (await repo.local.raw(['rev-parse', 'HEAD'])).trim();
  const numstat = await repo.local.raw(['diff-tree', '--root', '--no-commit-id', '-r', '--numstat', '-z', 'HEAD']);
  const files = parseNumstat(numstat).map((f) => ({ ...f, path: projectPath(repo, f.path) }));
  return {
    commit: sha, shortCommit: sha.slice(0, 7), branch: await currentBranch(repo), subject: message.split('\n')[0],
    files, insertions: files.reduce((n, f) => n + (f.insertions ?? 0), 0), deletions: files.reduce((n, f) => n + (f.deletions ?? 0), 0),
  };
}

/** `--numstat -z`: "ins\tdel\tpath\0", renames "ins\tdel\t\0from\0to\0"; binary files show "-". */
function parseNumstat(out: string): CommitResult['files'] {
  const parts = out.split('\0');
  const files: CommitResult['files'] = [];
  for (let i = 0; i < parts.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(parts[i].replace(/^\n/, ''));
    if (!m) continue;
    let path = m[3];
    if (!path) { path = parts[i + 2]; i += 2; }
    const n = (x: string) => (x === '-' ? undefined : Number(x));
    files.push({ path, insertions: n(m[1]), deletions: n(m[2]) });
  }
  return files;
}

export interface LogEntry { hash: string; shortHash: string; author: string; email: string; date: string; subject: string }
export const MAX_LOG = 100;

/** The newest commits of `ref` (default HEAD), optionally touching `path`; [] on an unborn branch. */
export async function log(projectDir: string, req: { limit?: number; ref?: string; path?: string } = {}, opts: GitOptions = {}): Promise<{ commits: LogEntry[] }> {
  const repo = await openRepo(projectDir, opts);
  const limit = Math.max(1, Math.min(MAX_LOG, Math.floor(req.limit ?? 20)));
  let rev = await probe(repo.local, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  if (req.ref) {
    rev = (await resolveCommit(repo, req.ref)) ?? '';
    if (!rev) throw new GitError('REF_NOT_FOUND', `'${req.ref}' names no commit of this repository`, { ref: req.ref });
  }
  if (!rev) return { commits: [] };
  const spec = req.path ? ['--', literal(repoPath(repo, req.path))] : [];
  const out = await repo.local.raw(['log', `-n${limit}`, '--format=%H%x1f%h%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e', rev, ...spec]);
  const commits = out.split('\x1e').map((r) => r.replace(/^\n/, '')).filter(Boolean).map((r) => {
    const [hash, shortHash, author, email, date, subject] = r.split('\x1f');
    return { hash, shortHash, author, email, date, subject };
  });
  return { commits };
}
