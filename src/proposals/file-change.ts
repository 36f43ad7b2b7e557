// Build a whole-file change: create_file when the path is new in the project, update_file when
// a file is already there (so applying never silently clobbers and never fails on "exists"),
// bound to the text it replaces.
import { UserError } from '../core/diagnostics.js';
import { containedPath } from '../core/paths.js';
import { etagOf, readTextOrNull } from './files.js';
import type { ProposalChange } from './types.js';

export function fileChange(projectRoot: string, path: string, content: string,
  info: Pick<ProposalChange, 'rationale' | 'source_context' | 'validation_impact' | 'review_summary'>): ProposalChange {
  if (path.startsWith('/') || path.split('/').includes('..')) throw new Error(`proposal path must stay inside the project: ${path}`);
  const abs = containedPath(projectRoot, path);
  if (!abs) throw new UserError(`proposal path escapes the project: ${path}`);
  const now = readTextOrNull(abs, path);
  const exists = now !== null;
  return {
    op: exists ? 'update_file' : 'create_file', path, content,
    // an update is bound to the text it replaces: applied over a later edit, it is refused
    ...(exists ? { base_etag: etagOf(now) } : {}),
    rationale: exists ? `${info.rationale} Replaces the existing file.` : info.rationale,
    source_context: [...new Set(info.source_context)].sort(),
    validation_impact: info.validation_impact,
    review_summary: info.review_summary,
  };
}
