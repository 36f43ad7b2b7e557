// GitLab (gitlab.com and self-managed) through @gitbeaker/rest:
// POST /projects/:id/merge_requests (the project addressed by its URL-encoded full path,
// subgroups included) and GET /projects/:id for the default branch. GitLab answers an open merge
// request for the same source branch with 409 "Another open merge request already exists for
// this source branch: !N"; we look it up to return its URL. A draft is a "Draft: " title prefix.
import { GitError, redact } from '../errors.js';
import { DEFAULT_HOST_TIMEOUT_MS, type HostAdapter, type HostCall, type NewPullRequest, type PullRequest } from './types.js';

// gitbeaker builds <host>/api/v4/… itself
function options(call: HostCall) {
  return {
    host: call.repo.apiUrl.replace(/\/api\/v4\/?$/, ''),
    oauthToken: call.token, // sent as "Authorization: Bearer"; GitLab accepts personal, project and group tokens this way
    queryTimeout: call.timeoutMs ?? DEFAULT_HOST_TIMEOUT_MS,
    camelize: false as const,
  };
}

interface GlError { name?: string; message?: string; cause?: { description?: string; response?: { status?: number } } }

function fail(e: unknown, call: HostCall, what: string): GitError {
  const err = e as GlError;
  const status = err.cause?.response?.status;
  if (!status) {
    const why = redact(err.name === 'GitbeakerTimeoutError' ? `no answer within ${call.timeoutMs ?? DEFAULT_HOST_TIMEOUT_MS} ms` : String(err.message ?? e), [call.token]);
    return new GitError('GIT_HOST_ERROR', `GitLab API at ${call.repo.apiUrl} did not answer ${what}: ${why}`, { host: 'gitlab', apiUrl: call.repo.apiUrl });
  }
  const said = redact(readable(err.cause?.description) || `HTTP ${status}`, [call.token]);
  const details = { host: 'gitlab', apiUrl: call.repo.apiUrl, status, hostMessage: said };
  if (status === 401) return new GitError('GIT_AUTH_FAILED', `GitLab refused the token (${said}); use a token with the api scope on ${call.repo.path}`, details);
  if (status === 403) return new GitError('GIT_AUTH_FAILED', `GitLab refused ${what} with this token (${said}); it needs the api scope and at least Developer access to ${call.repo.path}`, details);
  if (status === 404) return new GitError('REPO_NOT_FOUND', `GitLab knows no project ${call.repo.path} at ${call.repo.apiUrl}, or this token cannot see it (${said})`, details);
  if (status === 409) return new GitError('PR_EXISTS', `a merge request for this source branch is already open (${said})`, details);
  if (status === 400 || status === 422) return new GitError('PR_REJECTED', `GitLab refused the merge request: ${said}`, details);
  return new GitError('GIT_HOST_ERROR', `GitLab answered ${what} with HTTP ${status}: ${said}`, details);
}

/** GitLab's message is a string, an array, or a field → messages object; gitbeaker JSON-encodes the last two. */
function readable(description: string | undefined): string {
  if (!description) return '';
  try {
    const v = JSON.parse(description) as unknown;
    if (Array.isArray(v)) return v.join('; ');
    if (v && typeof v === 'object') return Object.entries(v).map(([k, m]) => `${k} ${Array.isArray(m) ? m.join(', ') : String(m)}`).join('; ');
  } catch { /* plain text */ }
  return description;
}

const DRAFT = /^\s*(\[draft\]|\(draft\)|draft:|draft\s*-|draft\s)/i;

interface RawMr { iid: number; web_url: string; state: string; source_branch: string; target_branch: string; draft?: boolean; work_in_progress?: boolean }

function toPr(m: RawMr): PullRequest {
  return {
    number: m.iid, url: m.web_url, state: m.state === 'opened' ? 'open' : m.state,
    head: m.source_branch, base: m.target_branch, draft: !!(m.draft ?? m.work_in_progress),
  };
}

export const gitlab: HostAdapter = {
  async defaultBranch(call) {
    try {
      const { Projects } = await import('@gitbeaker/rest');
      const p = await new Projects(options(call)).show(call.repo.path) as unknown as { default_branch?: string };
      if (!p.default_branch) throw new GitError('REF_NOT_FOUND', `GitLab project ${call.repo.path} has no default branch (is the repository empty?); name the base branch`);
      return p.default_branch;
    } catch (e) { throw e instanceof GitError ? e : fail(e, call, 'the project look-up'); }
  },

  async createPullRequest(call: HostCall, pr: NewPullRequest): Promise<PullRequest> {
    // gitbeaker loads when a merge request is opened, not when the CLI starts
    const { MergeRequests } = await import('@gitbeaker/rest');
    const api = new MergeRequests(options(call));
    const title = pr.draft && !DRAFT.test(pr.title) ? `Draft: ${pr.title}` : pr.title;
    try {
      const m = await api.create(call.repo.path, pr.head, pr.base, title, pr.body ? { description: pr.body } : {}) as unknown as RawMr;
      return toPr(m);
    } catch (e) {
      const err = fail(e, call, 'the merge request');
      if (err.code === 'PR_EXISTS') {
        const open = await (api.all({ projectId: call.repo.path, sourceBranch: pr.head, state: 'opened', perPage: 10, maxPages: 1 }) as unknown as Promise<RawMr[]>).catch(() => []);
        const hit = open.find((m) => m.target_branch === pr.base) ?? open[0];
        if (hit) throw new GitError('PR_EXISTS', `a merge request for ${pr.head} is already open: ${hit.web_url}`, { ...err.details, url: hit.web_url, number: hit.iid });
      }
      throw err;
    }
  },
};
