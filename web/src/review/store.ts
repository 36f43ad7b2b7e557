// The review plan: a proposal's changes, which of them the reviewer keeps, the files as the
// kept changes leave them (from the server's preview), the reviewer's own edits of those files,
// the last validation and whether it still holds, and the apply result.
import type { ApplyReply, Change, ValidateReply } from '../api/types';
import { createStore } from '../state/store';

export interface ReviewItem { change: Change; included: boolean }
export interface FileView { path: string; before: string | null; after: string | null }

export interface ReviewState {
  open: boolean;
  title: string;
  notes: string[];
  items: ReviewItem[];
  /** path → text the reviewer wrote over the proposed one */
  edits: Record<string, string>;
  files: FileView[];
  activeFile?: string;
  result?: ValidateReply;
  /** the changes the result is about; Apply needs them to be the changes now */
  validatedKey?: string;
  busy?: 'preview' | 'validate' | 'apply';
  applied?: ApplyReply;
  /** the per-change verdicts of the last preview (a stale change is shown stale before Validate) */
  checked?: ValidateReply['results'];
  /** make the proposal again from the files as they are now (the request that made it) */
  rerun?: { label: string; run: () => Promise<void> };
}

export const review = createStore<ReviewState>({ open: false, title: '', notes: [], items: [], edits: {}, files: [] });

/** The changes to send: the kept ones, with a file the reviewer edited sent as its full new text. */
export function effectiveChanges(s: ReviewState = review.get()): Change[] {
  const out: Change[] = [];
  const replaced = new Set<string>();
  for (const { change, included } of s.items) {
    if (!included) continue;
    const edited = s.edits[change.path];
    const textOp = change.op === 'create_file' || change.op === 'update_file' || change.op === 'patch_yaml';
    if (edited !== undefined && textOp) {
      if (replaced.has(change.path)) continue;
      replaced.add(change.path);
      const before = s.files.find((f) => f.path === change.path)?.before;
      out.push({
        op: before === null || (before === undefined && change.op === 'create_file') ? 'create_file' : 'update_file', path: change.path, content: edited,
        rationale: `${change.rationale} (edited in review)`, ...(change.source_context ? { source_context: change.source_context } : {}),
        ...(change.review_summary ? { review_summary: change.review_summary } : {}),
      });
    } else out.push(change);
  }
  return out;
}

export const changesKey = (c: Change[]) => JSON.stringify(c);

/** Apply is allowed after a clean validation of exactly the changes that would be sent. */
export function canApply(s: ReviewState): boolean {
  const c = effectiveChanges(s);
  return !!s.result?.valid && c.length > 0 && s.validatedKey === changesKey(c) && !s.busy && !s.applied;
}
