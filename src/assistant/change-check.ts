// Every change the assistant proposes is validated before anyone sees it, by the same proposal
// validation as any other proposal (src/proposals/validate.ts: invalid YAML, unsafe paths,
// wrong layers, duplicate relationships, doc-block overwrites, …). Nothing is written here.
import type { Project } from '../core/project/types.js';
import type { ProposalChange } from '../proposals/types.js';
import { validateProposal, type ValidateContext } from '../proposals/validate.js';

export interface ChangeVerdict {
  valid: boolean;
  blocked?: { code: string; message: string; details?: Record<string, unknown> };
  warnings: string[];
  /** What applying it does to validation (the validator's words). */
  impact?: string;
}

/** Validates a batch of changes against the project as it is on disk (later changes see earlier ones). */
export type ChangeValidator = (changes: readonly ProposalChange[]) => ChangeVerdict[];

/** What the proposal validator needs from a project (the server's session gives the same). */
export function validateContextOf(project: Project): ValidateContext {
  return { root: project.root, docFile: (name) => { const d = project.docs.get(name); return d && { file: d.file, line: d.line }; } };
}

/** The proposal validator as the assistant uses it: one verdict per change, a block with its code, message and location. */
export function proposalValidator(ctx: ValidateContext | (() => ValidateContext)): ChangeValidator {
  return (changes) => {
    if (!changes.length) return [];
    const v = validateProposal(typeof ctx === 'function' ? ctx() : ctx, changes);
    return v.results.map((r) => ({
      valid: r.valid, warnings: [], impact: r.validation_impact,
      ...(r.valid ? {} : { blocked: { code: r.code ?? 'PROPOSAL_INVALID', message: r.message, details: { ...(r.details ?? {}), ...(r.location ? { location: r.location } : {}) } } }),
    }));
  };
}
