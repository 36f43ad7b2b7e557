// Codes of proposals (validate/apply) and of the editor's file operations. DUPLICATE_RELATIONSHIP
// (a block cause too) is defined with the model checks.
import type { CodeTable } from '../core/codes.js';

export const PROPOSAL_CODES: CodeTable = {
  YAML_INVALID: { severity: 'error', meaning: 'a change\'s content (or its patched result) does not parse as YAML, or a model file fails the model schema; located' },
  PATH_ESCAPE: { severity: 'error', meaning: 'a path is absolute, has `..`, a NUL or a backslash, is under .git/ or .modeler/, or leads out of the project through a symlink' },
  WRONG_LAYER: { severity: 'error', meaning: 'a conceptual-layer file (layer: conceptual or under Modeler/conceptual/) carries physical detail: data types, physical_name, indexes, dbt models:' },
  DOC_BLOCK_OVERWRITE: { severity: 'error', meaning: 'a change rewrites a description bound to a doc block (description_ref or {{ doc() }}); edit the .md file that holds the block instead' },
  STALE_PROPOSAL: { severity: 'error', meaning: 'the file changed since the change was made and the change cannot be placed by the identity of what it edits (the element is gone, or it names a list item by position, or it replaces the whole file); nothing was written — make the proposal again' },
  DUPLICATE_ENTRY: { severity: 'error', meaning: 'a change adds a list entry whose name the list already holds, or edits a model/source listed twice (dbt rejects both); keep one entry' },
  PROPOSAL_INVALID: { severity: 'error', meaning: 'apply refused a proposal because a change is blocked; each change\'s result says why, and nothing was written' },
  NOT_FOUND: { severity: 'error', meaning: 'a change updates, patches, deletes or renames a file that does not exist' },
  CONFLICT: { severity: 'error', meaning: 'the file changed since it was read (If-Match), or a create/rename targets a file that exists' },
  PATCH_FAILED: { severity: 'error', meaning: 'an RFC 6902 operation cannot apply (a missing path, a failed test op, an add onto a value that is already there)' },
  EDIT_REFUSED: { severity: 'error', meaning: 'an edit asked for on the diagram cannot be made safely (a name taken, a column the SQL makes, a table others read); the message says why and what to do instead' },
  NOT_TEXT: { severity: 'error', meaning: 'the file is not UTF-8 text, so the editor does not open or change it' },
};
