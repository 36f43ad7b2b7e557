// Opening a project's repository and running git in it: the system `git` through simple-git,
// arguments always as arrays (never a shell string), a time-out on every call, no prompts.
import { realpathSync, statSync } from 'node:fs';
import type { SimpleGit } from 'simple-git';
import { GitError, redact, type GitErrorCode } from './errors.js';

export interface GitOptions {
  /** stop a local git command that prints nothing for this long (default 15 s) */
  timeoutMs?: number;
  /** the same for commands that talk to a remote: fetch, push, ls-remote (default 120 s) */
  networkTimeoutMs?: number;
}

export interface Repo {
  /** the project directory (real path) */
  projectDir: string;
  /** the top of the work tree (git runs there; paths in requests and replies are project-relative) */
  root: string;
  /** the project directory relative to `root`, '' or ending in '/' */
  prefix: string;
  local: SimpleGit;
  network: SimpleGit;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_NETWORK_TIMEOUT_MS = 120_000;

// simple-git refuses a spawn environment carrying variables that can make git run programs
// (GIT_SSH_COMMAND, GIT_ASKPASS, EDITOR, PAGER…) and strips them from the ambient one; we pass
// the ambient environment without them, keep the CA settings https remotes may need, and turn
// off git's credential prompt so a missing credential fails at once instead of waiting on a tty.
const GUARDED = new Set(['editor', 'pager', 'prefix', 'ssh_askpass', 'visual']);
const KEEP = ['GIT_SSL_CAINFO', 'GIT_SSL_CAPATH'];
export function gitEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    const l = k.toLowerCase();
    if (v === undefined || GUARDED.has(l) || (l.startsWith('git_') && !KEEP.includes(k.toUpperCase()))) continue;
    env[k] = v;
  }
  env.GIT_TERMINAL_PROMPT = '0';
  return env;
}

/** simple-git, loaded on the first git operation (the CLI's other commands never need it). */
let simpleGitModule: typeof import('simple-git') | undefined;

async function client(baseDir: string, blockMs: number): Promise<SimpleGit> {
  const { simpleGit } = (simpleGitModule ??= await import('simple-git'));
  return simpleGit({
    baseDir, timeout: { block: blockMs }, allowEnvironment: ['GIT_TERMINAL_PROMPT', ...KEEP],
    // simple-git resolves a non-zero exit that printed nothing on stderr (a merge that stopped on
    // conflicts says so on stdout); every non-zero exit is a failure here, and the few commands
    // whose exit 1 is an answer go through probe()
    errors: (error, result) => error ?? (result.exitCode ? Buffer.concat([...result.stdOut, ...result.stdErr]) : undefined),
  }).env(gitEnv());
}

/** Output of a command whose failure just means "no" (rev-parse --verify, symbolic-ref, config --get): '' then. */
export async function probe(git: SimpleGit, args: string[]): Promise<string> {
  try { return (await git.raw(args)).trim(); } catch (e) {
    if (isTimeout(e)) throw asGitError(e, 'GIT_TIMEOUT', { what: args[0] });
    return '';
  }
}

/** The repository holding `projectDir`, or NOT_A_REPO. */
export async function openRepo(projectDir: string, opts: GitOptions = {}): Promise<Repo> {
  let dir: string;
  try {
    dir = realpathSync(projectDir);
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new GitError('NOT_A_REPO', `the project directory ${projectDir} does not exist or is not a directory`);
  }
  const probe = await client(dir, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let top: string;
  try {
    top = (await probe.raw(['rev-parse', '--show-toplevel'])).trim();
  } catch (e) {
    const msg = errorText(e);
    if (/not a git repository|must be run in a work tree/i.test(msg)) {
      throw new GitError('NOT_A_REPO', `${projectDir} is not inside a git work tree; run 'git init' there (or clone the repository) first`);
    }
    throw asGitError(e, 'GIT_FAILED');
  }
  const root = realpathSync(top);
  const rel = dir === root ? '' : dir.slice(root.length + 1).split('\\').join('/') + '/';
  return {
    projectDir: dir, root, prefix: rel,
    local: await client(root, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    network: await client(root, opts.networkTimeoutMs ?? DEFAULT_NETWORK_TIMEOUT_MS),
  };
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function isTimeout(e: unknown): boolean {
  return !!simpleGitModule && e instanceof simpleGitModule.GitPluginError && e.plugin === 'timeout';
}

/** git's own words without hints, progress noise or credentials, in at most a few lines. */
export function gitSays(e: unknown, secrets: readonly string[] = []): string {
  const lines = redact(errorText(e), secrets).split('\n').map((l) => l.trimEnd())
    .filter((l) => l && !/^hint:/.test(l) && !/^(To|From) /.test(l) && l !== 'Done' && !/^Pushing to /.test(l));
  return lines.slice(0, 8).join('\n');
}

/** git has no author identity (user.name / user.email) for a commit or a merge. */
export function isIdentityMissing(text: string): boolean {
  return /Please tell me who you are|Author identity unknown|empty ident name|unable to auto-detect email/i.test(text);
}

export const IDENTITY_FIX = 'git does not know who the author is; set it once with git config --global user.name "Your Name" and git config --global user.email you@example.com';

/** What a failure talking to a remote means, from git's message. */
export function remoteFailureCode(text: string): GitErrorCode | undefined {
  if (/Authentication failed|could not read (Username|Password)|terminal prompts disabled|Permission denied \(|HTTP Basic: Access denied|returned error: 40[13]|invalid credentials|Host key verification failed/i.test(text)) return 'GIT_AUTH_FAILED';
  if (/Repository not found|repository '.*' not found|returned error: 404|does not appear to be a git repository|project you were looking for could not be found/i.test(text)) return 'REPO_NOT_FOUND';
  if (/Could not resolve host|Connection refused|Connection timed out|Network is unreachable|unable to access|Could not read from remote repository|Failed to connect|No route to host/i.test(text)) return 'REMOTE_UNREACHABLE';
  return undefined;
}

/** Turn anything git threw into a GitError with `fallback` unless the message says more. */
export function asGitError(e: unknown, fallback: GitErrorCode, opts: { remote?: boolean; what?: string } = {}): GitError {
  if (e instanceof GitError) return e;
  const said = gitSays(e);
  if (isTimeout(e)) return new GitError('GIT_TIMEOUT', `git ${opts.what ?? 'command'} produced no output within its time-out and was stopped${opts.remote ? '; check that the remote is reachable and answers without asking for credentials' : ''}`);
  if (opts.remote) {
    const code = remoteFailureCode(said);
    if (code === 'GIT_AUTH_FAILED') return new GitError(code, `the remote refused the credentials git used (git's credential helper or ssh key; the pull-request token is never used by git): ${said}`);
    if (code) return new GitError(code, said);
  }
  return new GitError(fallback, said || `git ${opts.what ?? 'command'} failed`);
}
