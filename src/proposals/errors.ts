// A change that cannot be made, with a stable code the faces map to their own outcome (the HTTP
// face to a status, the CLI to an exit code) and details a reviewer can act on.
import { UserError } from '../core/diagnostics.js';
import { LimitError } from '../core/limits.js';
import { ReadRefusal } from '../core/read-text.js';

/**
 * Codes: PATH_ESCAPE, NOT_FOUND, CONFLICT, YAML_INVALID, WRONG_LAYER, DUPLICATE_RELATIONSHIP,
 * DOC_BLOCK_OVERWRITE, STALE_PROPOSAL, DUPLICATE_ENTRY, PATCH_FAILED, PROPOSAL_INVALID, NOT_TEXT, FILE_TOO_LARGE.
 */
export class ChangeError extends UserError {
  constructor(code: string, message: string, public details?: Record<string, unknown>) {
    super(message, 1, code);
    this.name = 'ChangeError';
  }
}

/** Where in a file a problem is: 1-based line and column, and the JSON Pointer when known. */
export interface Location { file: string; line?: number; column?: number; pointer?: string }

/** A refused read or a limit met while simulating a change blocks that change with its own code. */
export function asChangeError(e: unknown): ChangeError | undefined {
  if (e instanceof ChangeError) return e;
  if (e instanceof LimitError || e instanceof ReadRefusal) return new ChangeError(e.code, e.message, { ...e.details });
  return undefined;
}
