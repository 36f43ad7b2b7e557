// GitHub (github.com and Enterprise Server) through @octokit/rest:
// POST /repos/{owner}/{repo}/pulls, and GET /repos/{owner}/{repo} for the default branch.
// GitHub answers an existing pull request for the same head with 422 "A pull request already
// exists for owner:branch." (no URL), so we look that one up to return its URL.
import type { Octokit } from '@octokit/rest';
import { GitError, redact } from '../errors.js';
import { DEFAULT_HOST_TIMEOUT_MS, type HostAdapter, type HostCall, type NewPullRequest, type PullRequest } from './types.js';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

async function client(call: HostCall): Promise<Octokit> {
  // Octokit loads when a pull request is opened, not when the CLI starts
  const { Octokit } = await import('@octokit/rest');
  return new Octokit({
    auth: call.token,
    baseUrl: call.repo.apiUrl,
    userAgent: 'modeler-git',
    log: quiet,
    request: { log: quiet } as object,
  });
}

function signal(call: HostCall): { request: { signal: AbortSignal } } {
  return { request: { signal: AbortSignal.timeout(call.timeoutMs ?? DEFAULT_HOST_TIMEOUT_MS) } };
}

interface GhError { status?: number; response?: { data?: unknown; headers?: Record<string, string | undefined> }; message?: string }

function hostMessages(data: unknown): string[] {
  if (!data || typeof data !== 'object') return typeof data === 'string' && data ? [data] : [];
  const d = data as { message?: unknown; errors?: unknown };
  const out: string[] = [];
  if (typeof d.message === 'string') out.push(d.message);
  if (Array.isArray(d.errors)) {
    for (const x of d.errors) {
      if (typeof x === 'string') out.push(x);
      else if (x && typeof x === 'object') {
        const o = x as { message?: string; field?: string; code?: string; resource?: string };
        out.push(o.message ?? [o.resource, o.field, o.code].filter(Boolean).join(' '));
      }
    }
  }
  return out;
}

/** The host's refusal as a GitError (never the raw error: it carries the request). */
function fail(e: unknown, call: HostCall, what: string): GitError {
  const err = e as GhError;
  const where = `${call.repo.path} at ${call.repo.apiUrl}`;
  if (!err.response) {
    const why = redact(String(err.message ?? e), [call.token]);
    return new GitError('GIT_HOST_ERROR', `GitHub API at ${call.repo.apiUrl} did not answer ${what}: ${why}`, { host: 'github', apiUrl: call.repo.apiUrl });
  }
  const status = err.status ?? 0;
  const said = redact(hostMessages(err.response.data).join('; ') || `HTTP ${status}`, [call.token]);
  const details = { host: 'github', apiUrl: call.repo.apiUrl, status, hostMessage: said };
  if (status === 401) return new GitError('GIT_AUTH_FAILED', `GitHub refused the token (${said}); use a token that can write pull requests on ${call.repo.path}`, details);
  if (status === 403 && err.response.headers?.['x-ratelimit-remaining'] === '0') return new GitError('GIT_HOST_ERROR', `GitHub's rate limit for this token is used up (${said}); try again later`, details);
  if (status === 403) return new GitError('GIT_AUTH_FAILED', `GitHub refused ${what} with this token (${said}); it needs the "pull requests: write" permission (or the repo scope) on ${call.repo.path}`, details);
  if (status === 404) return new GitError('REPO_NOT_FOUND', `GitHub knows no repository ${where}, or this token cannot see it (${said})`, details);
  if (status === 422) return new GitError('PR_REJECTED', `GitHub refused the pull request: ${said}`, details);
  return new GitError('GIT_HOST_ERROR', `GitHub answered ${what} with HTTP ${status}: ${said}`, details);
}

export const github: HostAdapter = {
  async defaultBranch(call) {
    try {
      const r = await (await client(call)).rest.repos.get({ owner: call.repo.owner, repo: call.repo.repo, ...signal(call) });
      return r.data.default_branch;
    } catch (e) { throw fail(e, call, 'the repository look-up'); }
  },

  async createPullRequest(call: HostCall, pr: NewPullRequest): Promise<PullRequest> {
    const { owner, repo } = call.repo;
    const gh = await client(call);
    try {
      const r = await gh.rest.pulls.create({ owner, repo, title: pr.title, head: pr.head, base: pr.base, body: pr.body, draft: !!pr.draft, ...signal(call) });
      return { number: r.data.number, url: r.data.html_url, state: r.data.state, head: r.data.head.ref, base: r.data.base.ref, draft: !!r.data.draft };
    } catch (e) {
      const err = fail(e, call, 'the pull request');
      if (err.code === 'PR_REJECTED' && /pull request already exists/i.test(String(err.details?.hostMessage))) {
        const existing = await findOpen(gh, call, pr).catch(() => undefined);
        throw new GitError('PR_EXISTS', `a pull request for ${pr.head} is already open${existing ? `: ${existing.url}` : ''}`, { ...err.details, ...(existing ? { url: existing.url, number: existing.number } : {}) });
      }
      throw err;
    }
  },
};

async function findOpen(gh: Octokit, call: HostCall, pr: NewPullRequest): Promise<{ url: string; number: number } | undefined> {
  const { owner, repo } = call.repo;
  const r = await gh.rest.pulls.list({ owner, repo, head: `${owner}:${pr.head}`, state: 'open', per_page: 10, ...signal(call) });
  const hit = r.data.find((p) => p.base.ref === pr.base) ?? r.data[0];
  return hit ? { url: hit.html_url, number: hit.number } : undefined;
}
