// The public entry, the table of every diagnostic code (src/api.ts lists every area).
export { ALL_CODES, CODE_AREAS, codeTable, type CodeInfo, type CodeArea } from '../codes.js';
