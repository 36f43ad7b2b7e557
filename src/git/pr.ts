// Open a pull request (GitHub) or merge request (GitLab) for a branch of the project: the
// repository and API come from the remote's URL, the token only from the caller. The token is
// handed to the host client in memory and nowhere else: not to git, not to disk, not to a log,
// and every message that leaves here has it scrubbed.
import { currentBranch, requireRemote, requireValidBranchName } from './branches.js';
import { GitError, redact } from './errors.js';
import { github } from './hosts/github.js';
import { gitlab } from './hosts/gitlab.js';
import type { HostAdapter, HostCall, PullRequest } from './hosts/types.js';
import { bodyWithReport, prReport, type PrReport } from './pr-report.js';
import { hostedRepo, requireSafeApiUrl, type HostKind } from './remote-url.js';
import { openRepo, type GitOptions, probe, type Repo } from './repo.js';

export type { HostKind } from './remote-url.js';

export interface OpenPullRequest {
  token: string;
  title: string;
  body?: string;
  /** default: the remote's default branch */
  base?: string;
  /** default: the current branch */
  head?: string;
  draft?: boolean;
  /** default origin */
  remote?: string;
  /** the host's REST API base, when it cannot be derived from the remote URL */
  apiUrl?: string;
  /** append the breaking-change gate and readiness summary of the changed files to the body */
  includeReport?: boolean;
}

export interface OpenPullRequestResult extends PullRequest {
  host: HostKind;
  /** owner/repo, or the GitLab project path */
  repository: string;
  apiUrl: string;
  warnings: string[];
  report?: Omit<PrReport, 'markdown'>;
}

const ADAPTERS: Record<HostKind, HostAdapter> = { github, gitlab };
/** GitHub cuts a pull request body at 65,536 characters; GitLab's description limit is 1,048,576. */
const BODY_LIMIT: Record<HostKind, number> = { github: 65_536, gitlab: 1_048_576 };

export async function openPullRequest(projectDir: string, host: HostKind, req: OpenPullRequest, opts: GitOptions & { hostTimeoutMs?: number } = {}): Promise<OpenPullRequestResult> {
  const secrets = [req.token, req.token?.trim()];
  try {
    return await open(projectDir, host, req, opts);
  } catch (e) {
    // the adapters already scrub; this is the last gate for anything else that might echo input
    if (e instanceof GitError) {
      const details = e.details ? JSON.parse(redact(JSON.stringify(e.details), secrets)) as Record<string, unknown> : undefined;
      throw new GitError(e.code, redact(e.message, secrets), details);
    }
    throw new GitError('GIT_FAILED', redact(e instanceof Error ? e.message : String(e), secrets));
  }
}

async function open(projectDir: string, host: HostKind, req: OpenPullRequest, opts: GitOptions & { hostTimeoutMs?: number }): Promise<OpenPullRequestResult> {
  if (!req.token || !req.token.trim()) throw new GitError('GIT_AUTH_FAILED', `a ${host === 'github' ? 'GitHub' : 'GitLab'} access token is required in the request's "token" field`);
  if (!req.title || !req.title.trim()) throw new GitError('PR_REJECTED', 'the title is empty');
  const repo = await openRepo(projectDir, opts);
  const remote = req.remote || 'origin';
  await requireRemote(repo, remote);
  const url = (await repo.local.raw(['remote', 'get-url', remote])).trim();
  const target = hostedRepo(host, url, req.apiUrl);
  requireSafeApiUrl(target.apiUrl);
  const call: HostCall = { repo: target, token: req.token.trim(), timeoutMs: opts.hostTimeoutMs };
  const adapter = ADAPTERS[host];

  const current = await currentBranch(repo);
  const head = req.head || current;
  if (!head) throw new GitError('DETACHED_HEAD', 'HEAD is detached; name the branch to propose in "head"');
  await requireValidBranchName(repo, head);
  const base = req.base || await localDefaultBranch(repo, remote) || await adapter.defaultBranch(call);
  await requireValidBranchName(repo, base);
  if (base === head) throw new GitError('PR_REJECTED', `head and base are the same branch ('${head}'); create a branch for the change first`);

  const warnings = await pushWarnings(repo, remote, head);
  let body = req.body;
  let report: PrReport | undefined;
  if (req.includeReport) {
    const baseRef = await firstRef(repo, [`refs/remotes/${remote}/${base}`, `refs/heads/${base}`]);
    const headRef = await firstRef(repo, [`refs/heads/${head}`, `refs/remotes/${remote}/${head}`]);
    if (baseRef && headRef) {
      report = await prReport(repo, { baseRef, headRef, headIsCheckedOut: head === current });
      body = bodyWithReport(req.body, report.markdown, BODY_LIMIT[host]);
    } else {
      warnings.push(`no report: ${!baseRef ? `${remote}/${base} is not known locally (fetch it)` : `no local branch ${head}`}`);
    }
  }
  const pr = await adapter.createPullRequest(call, { title: req.title.trim(), body, head, base, draft: req.draft });
  const { markdown: _md, ...reportSummary } = report ?? { markdown: '' };
  return { ...pr, host, repository: target.path, apiUrl: target.apiUrl, warnings, ...(report ? { report: reportSummary as Omit<PrReport, 'markdown'> } : {}) };
}

/** refs/remotes/<remote>/HEAD as a clone or `git remote set-head` recorded it. */
async function localDefaultBranch(repo: Repo, remote: string): Promise<string | undefined> {
  const out = await probe(repo.local, ['symbolic-ref', '--quiet', `refs/remotes/${remote}/HEAD`]);
  return out.startsWith(`refs/remotes/${remote}/`) ? out.slice(`refs/remotes/${remote}/`.length) : undefined;
}

async function firstRef(repo: Repo, refs: string[]): Promise<string | undefined> {
  for (const r of refs) if (await probe(repo.local, ['rev-parse', '--verify', '--quiet', r])) return r;
  return undefined;
}

/** The host only sees what was pushed: say so when the local branch is ahead or was never pushed. */
async function pushWarnings(repo: Repo, remote: string, head: string): Promise<string[]> {
  const local = await probe(repo.local, ['rev-parse', '--verify', '--quiet', `refs/heads/${head}`]);
  if (!local) return [];
  const tracking = await probe(repo.local, ['rev-parse', '--verify', '--quiet', `refs/remotes/${remote}/${head}`]);
  if (!tracking) return [`${head} has not been pushed to ${remote} as far as this clone knows; push it first (POST /api/git/push) or the host will not find it`];
  const ahead = Number((await repo.local.raw(['rev-list', '--count', `${tracking}..${local}`])).trim());
  return ahead ? [`${ahead} local commit(s) on ${head} are not pushed to ${remote} and are not part of the pull request`] : [];
}
