// Apply a proposal: validate it again (the files may have changed since it was reviewed), then
// write every file it touches or none (journal.ts). A blocked proposal is refused with the
// per-change results; the cause with the most specific remedy names the refusal.
import { ChangeError } from './errors.js';
import { commitFiles } from './journal.js';
import type { ChangeRequest } from './types.js';
import { validateProposal, type ChangeResult, type ProposalValidation, type ValidateContext } from './validate.js';

export interface ApplyOutcome {
  applied: { index: number; op: string; path: string; to?: string }[];
  written: string[];
  deleted: string[];
  primaryFile?: string;
  results: ChangeResult[];
  summary: ProposalValidation['summary'];
}

export function applyProposal(ctx: ValidateContext, changes: readonly ChangeRequest[]): ApplyOutcome {
  const v = validateProposal(ctx, changes);
  if (!v.valid) throw refusal(v);
  const { written, deleted } = commitFiles(ctx.root, v.writes);
  return {
    applied: v.results.map((r) => ({ index: r.index, op: r.op, path: r.path, ...(r.to !== undefined ? { to: r.to } : {}) })),
    written, deleted, primaryFile: v.primaryFile, results: v.results, summary: v.summary,
  };
}

/**
 * PATH_ESCAPE when any change leaves the project; STALE_PROPOSAL when a file changed under a
 * change that cannot be re-anchored (make the proposal again); DOC_BLOCK_OVERWRITE (with the doc
 * name, the YAML path and the .md file) when one rewrites a bound description; PROPOSAL_INVALID
 * otherwise.
 */
export function refusal(v: ProposalValidation): ChangeError {
  const blocked = v.results.filter((r) => !r.valid);
  const first = ['PATH_ESCAPE', 'STALE_PROPOSAL', 'DOC_BLOCK_OVERWRITE'].map((code) => blocked.find((r) => r.code === code)).find(Boolean);
  const details = { results: v.results, summary: v.summary };
  if (first) return new ChangeError(first.code!, `change ${first.index}: ${first.message}; nothing was written`, { ...first.details, location: first.location, ...details });
  const b = blocked[0];
  return new ChangeError('PROPOSAL_INVALID', `${blocked.length} of ${v.results.length} change(s) blocked (first: change ${b.index}, ${b.code}: ${b.message}); nothing was written`, details);
}
