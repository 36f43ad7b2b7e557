// What the UI's git panel shows: the branch and how it stands against its upstream, the changed
// files, and the diff of one file (or of everything) against the last commit.
import { GitError } from './errors.js';
import { literal, projectPath, projectSpec, repoPath } from './paths.js';
import { asGitError, errorText, openRepo, type GitOptions, probe, type Repo } from './repo.js';

export type FileState = 'modified' | 'added' | 'deleted' | 'renamed' | 'copied' | 'untracked' | 'conflicted' | 'typechange';

export interface StatusFile {
  /** relative to the project directory (../… for a file of the repository outside the project) */
  path: string;
  /** the old path of a rename or copy */
  from?: string;
  /** false for a change elsewhere in the repository, when the project is one of its folders */
  inProject: boolean;
  state: FileState;
  /** git's two status letters: index (staged) and work tree */
  index: string;
  worktree: string;
  staged: boolean;
}

export interface StatusResult {
  branch?: string;
  detached: boolean;
  upstream?: string;
  ahead: number;
  behind: number;
  clean: boolean;
  /** the project directory inside the repository ('' at the top, else ending in '/') */
  projectPrefix: string;
  files: StatusFile[];
}

function stateOf(index: string, wt: string): FileState {
  const pair = index + wt;
  if (pair === '??') return 'untracked';
  if (index === 'U' || wt === 'U' || pair === 'AA' || pair === 'DD') return 'conflicted';
  if (index === 'R') return 'renamed';
  if (index === 'C') return 'copied';
  if (index === 'A') return 'added';
  if (index === 'D' || wt === 'D') return 'deleted';
  if (index === 'T' || wt === 'T') return 'typechange';
  return 'modified';
}

export async function status(projectDir: string, opts: GitOptions = {}): Promise<StatusResult> {
  const repo = await openRepo(projectDir, opts);
  let s;
  try { s = await repo.local.status(); } catch (e) { throw asGitError(e, 'GIT_FAILED', { what: 'status' }); }
  const files = s.files.map((f): StatusFile => {
    const index = f.index.trim() || ' ';
    const worktree = f.working_dir.trim() || ' ';
    const state = stateOf(f.index, f.working_dir);
    const path = projectPath(repo, f.path);
    return {
      path, ...(f.from && f.from !== f.path ? { from: projectPath(repo, f.from) } : {}), inProject: !path.startsWith('../'),
      state, index, worktree, staged: state !== 'untracked' && index !== ' ' && index !== '?',
    };
  }).sort((a, b) => a.path.localeCompare(b.path));
  return {
    branch: s.current && !s.detached ? s.current : undefined, detached: s.detached,
    upstream: s.tracking ?? undefined, ahead: s.ahead, behind: s.behind,
    clean: files.length === 0, projectPrefix: repo.prefix, files,
  };
}

/** The empty tree's id: what an unborn branch compares against. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export async function headOrEmptyTree(repo: Repo): Promise<string> {
  return await probe(repo.local, ['rev-parse', '--verify', '--quiet', 'HEAD']) || EMPTY_TREE;
}

export const MAX_DIFF_CHARS = 2_000_000;

export interface DiffResult {
  /** the file asked for (project-relative), or undefined for every change in the project */
  path?: string;
  /** a unified diff against the last commit (staged and unstaged changes together, or staged only) */
  diff: string;
  untracked: boolean;
  truncated: boolean;
}

/**
 * The diff of `path` (or of every change) between the last commit and the work tree, or the
 * index with `staged`; an untracked file shows as added in full. External diff drivers are off.
 */
export async function diff(projectDir: string, req: { path?: string; staged?: boolean } = {}, opts: GitOptions = {}): Promise<DiffResult> {
  const repo = await openRepo(projectDir, opts);
  const rel = req.path !== undefined && req.path !== '' ? repoPath(repo, req.path) : undefined;
  const base = await headOrEmptyTree(repo);
  const spec = ['--', literal(rel ?? projectSpec(repo))];
  let text: string;
  let untracked = false;
  try {
    text = await repo.local.raw(['diff', '--no-color', '--no-ext-diff', ...(req.staged ? ['--cached'] : []), base, ...spec]);
    if (!req.staged && rel && !text) {
      const others = (await repo.local.raw(['ls-files', '--others', '--exclude-standard', '-z', '--', literal(rel)])).split('\0').filter(Boolean);
      if (others.length === 1 && others[0] === rel) {
        untracked = true;
        text = await noIndexDiff(repo, rel);
      } else if (!others.length && !(await repo.local.raw(['ls-files', '-z', '--', literal(rel)])).trim() && !(await existsInCommit(repo, base, rel))) {
        throw new GitError('PATH_NOT_FOUND', `'${req.path}' is neither tracked nor a new file in the work tree`, { path: req.path });
      }
    }
  } catch (e) { throw asGitError(e, 'GIT_FAILED', { what: 'diff' }); }
  const truncated = text.length > MAX_DIFF_CHARS;
  return { ...(rel ? { path: projectPath(repo, rel) } : {}), diff: truncated ? text.slice(0, MAX_DIFF_CHARS) : text, untracked, truncated };
}

async function existsInCommit(repo: Repo, rev: string, rel: string): Promise<boolean> {
  if (rev === EMPTY_TREE) return false;
  return !!(await repo.local.raw(['ls-tree', '--name-only', rev, '--', literal(rel)])).trim();
}

/** `diff --no-index` exits 1 when the files differ, so its output arrives as the failure's text. */
async function noIndexDiff(repo: Repo, rel: string): Promise<string> {
  try {
    return await repo.local.raw(['diff', '--no-color', '--no-ext-diff', '--no-index', '--', '/dev/null', rel]);
  } catch (e) {
    const text = errorText(e);
    if (text.startsWith('diff --git')) return text;
    throw e;
  }
}
