// The public entry, the warehouse (apply SQL with a ledger) (src/api.ts lists every area).
export { applySql, type ApplyContext } from '../warehouse/apply.js';
export { formatReport } from '../warehouse/format.js';
export { connectionFiles } from '../warehouse/connectors/index.js';
export type { ApplyRequest, ApplyReport } from '../warehouse/types.js';
/** @deprecated exit codes belong to the CLI (src/cli/exit-codes.ts); kept for one release. Use the report's `ok`/`status`. */
export { EXIT_BY_STATUS } from '../cli/exit-codes.js';
