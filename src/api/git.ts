// The public entry, git automation (branch, push, pull, status, diff, commit, log; pull/merge requests on GitHub and GitLab) (src/api.ts lists every area).
export { GitError, type GitErrorCode } from '../git/errors.js';
export { createBranch, listBranches, type CreateBranchResult, type BranchesResult, type BranchInfo } from '../git/branches.js';
export { push, pull, type PushRequest, type PushResult, type PullRequestOptions, type PullResult } from '../git/sync.js';
export { status, diff, type StatusResult, type StatusFile, type DiffResult } from '../git/status.js';
export { commit, log, MAX_LOG, type CommitRequest, type CommitResult, type LogEntry } from '../git/commit.js';
export { openPullRequest, type OpenPullRequest, type OpenPullRequestResult, type HostKind } from '../git/pr.js';
export { parseRemoteUrl, hostedRepo, apiBaseFor, type RemoteLocation, type HostedRepo } from '../git/remote-url.js';
export type { GitOptions } from '../git/repo.js';
export { inGitWorkTree } from '../git/work-tree.js';
