// The public entry, the SQL dialects and their traits (src/api.ts lists every area).
export { DIALECTS, getDialect, resolveDialect } from '../sql/dialects/index.js';
