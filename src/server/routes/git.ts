// Git automation over the system git (src/git): branch, push, pull (fast-forward only by
// default), status, diff, commit, log, branches, and pull/merge requests on GitHub and GitLab.
// Writes to the work tree run under the project's write lock and the project is read again
// after them. The token of a pull request lives only in this request.
import type { FastifyInstance } from 'fastify';
import { commit, createBranch, diff, listBranches, log, openPullRequest, pull, push, status, type HostKind } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { GitBranchBody, GitCommitBody, GitDiffQuery, GitLogQuery, GitPrBody, GitPullBody, GitPushBody, GitQuery } from '../contract.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

const inProject = (files: string[]) => files.filter((f) => !f.startsWith('../'));

export function registerGitRoutes(app: FastifyInstance, { session }: RouteContext): void {
  const tags = ['git'];
  const dir = session.root;

  app.get<{ Querystring: GitQuery }>('/api/git/status', {
    schema: routeSchema({ tags, summary: 'the current branch, ahead/behind its upstream, and the changed files', query: 'GitQuery', response: 'GitResult' }),
  }, async (req) => { checkProject(session, req.query.projectId); return status(dir); });

  app.get<{ Querystring: GitDiffQuery }>('/api/git/diff', {
    schema: routeSchema({ tags, summary: 'the diff of one file (path) or of the whole work tree against HEAD', query: 'GitDiffQuery', response: 'GitResult' }),
  }, async (req) => { checkProject(session, req.query.projectId); return diff(dir, { path: req.query.path, staged: req.query.staged === 'true' }); });

  app.get<{ Querystring: GitLogQuery }>('/api/git/log', {
    schema: routeSchema({ tags, summary: 'recent commits (limit 1-100, default 20), optionally of a ref or a path', query: 'GitLogQuery', response: 'GitResult' }),
  }, async (req) => {
    checkProject(session, req.query.projectId);
    return log(dir, { limit: req.query.limit === undefined ? undefined : Number(req.query.limit), ref: req.query.ref, path: req.query.path });
  });

  app.get<{ Querystring: GitQuery }>('/api/git/branches', {
    schema: routeSchema({ tags, summary: 'local and remote branches, and the current one', query: 'GitQuery', response: 'GitResult' }),
  }, async (req) => { checkProject(session, req.query.projectId); return listBranches(dir); });

  app.post<{ Body: GitBranchBody }>('/api/git/branch/create', {
    schema: routeSchema({ tags, summary: 'create a branch (from `from`, default HEAD) and check it out, or check out an existing one',
      description: '400 BRANCH_INVALID with the reason; 404 REF_NOT_FOUND; 409 DIRTY_WORKTREE when uncommitted changes would be lost (nothing changes).',
      body: 'GitBranchBody', response: 'GitResult' }),
  }, async (req) => {
    checkProject(session, req.body.projectId);
    return session.writeAll(() => createBranch(dir, { branch: req.body.branch, from: req.body.from }), (r) => r.created || r.previous !== r.branch);
  });

  app.post<{ Body: GitCommitBody }>('/api/git/commit', {
    schema: routeSchema({ tags, summary: 'commit the named paths, or every change in the project', body: 'GitCommitBody', response: 'GitResult' }),
  }, async (req) => {
    checkProject(session, req.body.projectId);
    // a commit changes no file content; the lock keeps it from racing a write (and git's index.lock)
    return session.write('files_written', () => commit(dir, { message: req.body.message, paths: req.body.paths }), () => []);
  });

  app.post<{ Body: GitPushBody }>('/api/git/push', {
    schema: routeSchema({ tags, summary: 'push a branch (default: the current one) to a remote (default origin); sets the upstream when it has none',
      description: '409 PUSH_REJECTED with the remote\'s reason (non-fast-forward, protected branch); 401 GIT_AUTH_FAILED; 502 REMOTE_UNREACHABLE.',
      body: 'GitPushBody', response: 'GitResult' }),
  }, async (req) => {
    const b = req.body;
    checkProject(session, b.projectId);
    return push(dir, { branch: b.branch, remote: b.remote, setUpstream: b.set_upstream });
  });

  app.post<{ Body: GitPullBody }>('/api/git/pull', {
    schema: routeSchema({ tags, summary: 'pull from a remote (default origin), fast-forward only unless ff_only is false',
      description: '409 NOT_FAST_FORWARD when the histories diverged (nothing changes); 409 MERGE_CONFLICT (the merge is aborted). The project is read again after a pull that changed files.',
      body: 'GitPullBody', response: 'GitResult' }),
  }, async (req) => {
    const b = req.body;
    checkProject(session, b.projectId);
    return session.writeAll(() => pull(dir, { remote: b.remote, branch: b.branch, ffOnly: b.ff_only }), (r) => r.updated && inProject(r.files).length > 0);
  });

  for (const host of ['github', 'gitlab'] as HostKind[]) {
    app.post<{ Body: GitPrBody }>(`/api/git/${host}/pr`, {
      schema: routeSchema({ tags, summary: `open a ${host === 'github' ? 'pull request on GitHub' : 'merge request on GitLab'} for a branch of the project's remote`,
        description: '409 PR_EXISTS (details.url); 401 GIT_AUTH_FAILED; 404 REPO_NOT_FOUND; 422 PR_REJECTED; 502 GIT_HOST_ERROR. The token is used for this request only.',
        body: 'GitPrBody', response: 'GitPrResult' }),
    }, async (req) => {
      const b = req.body;
      checkProject(session, b.projectId);
      return openPullRequest(dir, host, { token: b.token, title: b.title, body: b.body, base: b.base, head: b.head, draft: b.draft,
        remote: b.remote, apiUrl: b.api_url, includeReport: b.include_report });
    });
  }
}
