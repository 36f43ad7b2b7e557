// The outcomes git automation can end in, each with a stable code. Faces map the code to their
// own signal (an HTTP status in the server, an exit code in a CLI); the core never picks one.
import type { CodeTable } from '../core/codes.js';
import { UserError } from '../core/diagnostics.js';

export type GitErrorCode =
  | 'NOT_A_REPO'          // the project directory is not inside a git work tree
  | 'BRANCH_INVALID'      // not a legal branch name (git check-ref-format), with the reason
  | 'REF_NOT_FOUND'       // `from`, `branch` or `base` names nothing in the repository
  | 'REMOTE_NOT_FOUND'    // no remote of that name
  | 'REMOTE_NOT_HOSTED'   // the remote's URL is a local path or names no owner/repository
  | 'DETACHED_HEAD'       // the operation needs a current branch and HEAD is detached
  | 'DIRTY_WORKTREE'      // uncommitted changes would be overwritten or lost
  | 'NOTHING_TO_COMMIT'
  | 'COMMIT_MESSAGE_EMPTY'
  | 'COMMIT_REJECTED'     // a hook refused the commit, or git has no author identity
  | 'PATH_ESCAPE'         // a path outside the project directory
  | 'NAME_INVALID' | 'NAME_TOO_LONG' | 'PATH_TOO_LONG' // a name git or the OS refuses (core/path-names.ts)
  | 'PATH_NOT_FOUND'      // a path git knows nothing about (neither tracked nor new)
  | 'PUSH_REJECTED'       // the remote refused the push (non-fast-forward, protected branch, hook)
  | 'NOT_FAST_FORWARD'    // pull would need a merge and fast-forward only was asked
  | 'MERGE_CONFLICT'      // pull with merge allowed met conflicts (the merge was aborted)
  | 'REMOTE_UNREACHABLE'  // the remote could not be reached (network, DNS, missing path)
  | 'GIT_TIMEOUT'         // git produced no output for longer than the time-out and was stopped
  | 'GIT_AUTH_FAILED'     // the remote or the host API refused the credentials
  | 'REPO_NOT_FOUND'      // the host does not know the repository (or hides it from this token)
  | 'PR_EXISTS'           // an open pull/merge request for the same head exists (details.url)
  | 'PR_REJECTED'         // the host refused the request's fields (no commits, unknown head/base…)
  | 'INSECURE_API_URL'    // the token would travel over plain http to a non-loopback host
  | 'GIT_HOST_ERROR'      // the host API failed (5xx, network, time-out, unexpected answer)
  | 'GIT_FAILED';         // git failed in a way none of the above describes (git's message kept)

/** A git outcome other than success: `code` is stable, `message` says what happened and the fix. */
export class GitError extends UserError {
  declare code: GitErrorCode;
  constructor(code: GitErrorCode, message: string, public readonly details?: Record<string, unknown>) {
    super(message, 1, code);
    this.name = 'GitError';
  }
}

/** Hide the user-info part of URLs (`https://user:secret@host` → `https://***@host`). */
export function redactUrls(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s'"]+@/gi, '$1***@');
}

/** Remove every occurrence of the secrets (and any URL credentials) from a text before it leaves. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let t = redactUrls(text);
  for (const s of secrets) if (s && s.length >= 4) t = t.split(s).join('***');
  return t;
}

/** The meaning of each code, for the docs' code table (PATH_ESCAPE is the proposals' code). */
export const GIT_CODES: CodeTable = {
  NOT_A_REPO: { severity: 'error', meaning: 'the project directory is not inside a git work tree' },
  BRANCH_INVALID: { severity: 'error', meaning: 'not a legal branch name (git check-ref-format), with the reason' },
  REF_NOT_FOUND: { severity: 'error', meaning: '`from`, `branch` or `base` names nothing in the repository' },
  REMOTE_NOT_FOUND: { severity: 'error', meaning: 'no remote of that name' },
  REMOTE_NOT_HOSTED: { severity: 'error', meaning: "the remote's URL is a local path or names no owner/repository" },
  DETACHED_HEAD: { severity: 'error', meaning: 'the operation needs a current branch and HEAD is detached' },
  DIRTY_WORKTREE: { severity: 'error', meaning: 'uncommitted changes would be overwritten or lost' },
  NOTHING_TO_COMMIT: { severity: 'error', meaning: 'there is no change to commit (in the named paths)' },
  COMMIT_MESSAGE_EMPTY: { severity: 'error', meaning: 'a commit needs a message' },
  COMMIT_REJECTED: { severity: 'error', meaning: 'a hook refused the commit, or git has no author identity' },
  PATH_NOT_FOUND: { severity: 'error', meaning: 'a path git knows nothing about (neither tracked nor new)' },
  PUSH_REJECTED: { severity: 'error', meaning: 'the remote refused the push (non-fast-forward, protected branch, hook)' },
  NOT_FAST_FORWARD: { severity: 'error', meaning: 'pull would need a merge and fast-forward only was asked' },
  MERGE_CONFLICT: { severity: 'error', meaning: 'pull with merge allowed met conflicts (the merge was aborted)' },
  REMOTE_UNREACHABLE: { severity: 'error', meaning: 'the remote could not be reached (network, DNS, missing path)' },
  GIT_TIMEOUT: { severity: 'error', meaning: 'git produced no output for longer than the time-out and was stopped' },
  GIT_AUTH_FAILED: { severity: 'error', meaning: 'the remote or the host API refused the credentials' },
  REPO_NOT_FOUND: { severity: 'error', meaning: 'the host does not know the repository (or hides it from this token)' },
  PR_EXISTS: { severity: 'error', meaning: 'an open pull/merge request for the same head exists (details.url)' },
  PR_REJECTED: { severity: 'error', meaning: "the host refused the request's fields (no commits, unknown head/base…)" },
  INSECURE_API_URL: { severity: 'error', meaning: 'the token would travel over plain http to a non-loopback host' },
  GIT_HOST_ERROR: { severity: 'error', meaning: 'the host API failed (5xx, network, time-out, unexpected answer)' },
  GIT_FAILED: { severity: 'error', meaning: "git failed in a way no other code describes; the message is git's own" },
};
