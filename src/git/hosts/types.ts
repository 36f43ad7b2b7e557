// What a git host adapter offers: the repository's default branch, and opening a pull (merge)
// request. Adapters turn the host's answers into GitError codes and never let the token out.
import type { HostedRepo } from '../remote-url.js';

export interface HostCall {
  repo: HostedRepo;
  token: string;
  /** give up on one API call after this long (default 30 s) */
  timeoutMs?: number;
}

export interface NewPullRequest {
  title: string;
  body?: string;
  head: string;
  base: string;
  draft?: boolean;
}

export interface PullRequest {
  /** GitHub's number, GitLab's iid (the number people see: #12, !12) */
  number: number;
  url: string;
  /** open | closed | merged | locked (GitLab's "opened" is reported as "open") */
  state: string;
  head: string;
  base: string;
  draft: boolean;
}

export interface HostAdapter {
  defaultBranch(call: HostCall): Promise<string>;
  createPullRequest(call: HostCall, pr: NewPullRequest): Promise<PullRequest>;
}

export const DEFAULT_HOST_TIMEOUT_MS = 30_000;
