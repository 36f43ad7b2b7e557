// The public entry, proposals (the change model shared by the agents, the AI assistant and the server) (src/api.ts lists every area).
export type * from '../proposals/types.js';
export { ChangeError, type Location } from '../proposals/errors.js';
export { normaliseRel, projectPath, RESERVED_DIRS, type ProjectPath } from '../proposals/paths.js';
export { applyJsonPatch, parsePointer, toPointer, type PatchOptions, type PatchResult, type Reanchor } from '../proposals/json-patch.js';
export { anchorOf, formatAnchor, parseAnchor, resolveAnchor } from '../proposals/anchor.js';
export { bindChanges } from '../proposals/bind.js';
export { BLOCK_CODES, validateProposal, type ChangeResult, type ProposalValidation, type ValidateContext } from '../proposals/validate.js';
export { applyProposal, refusal, type ApplyOutcome } from '../proposals/apply.js';
export { commitFiles, JOURNAL_DIR, QUARANTINE_DIR, recoverJournals, type FileWrite, type Recovered } from '../proposals/journal.js';
export { checkYaml, createProjectFile, deleteProjectFile, etagOf, readProjectFile, renameProjectFile, writeProjectFile, type FileRead } from '../proposals/files.js';
export { proposeEdit, type CanvasEdit, type EditProposal } from '../proposals/canvas-edit.js';
