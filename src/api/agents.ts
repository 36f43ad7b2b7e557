// The public entry, the deterministic agents (src/api.ts lists every area).
export { conceptualize } from '../agents/conceptualizer.js';
export { DOMAIN_DICTIONARY } from '../agents/domains.js';
export { canonicalize, DEFAULT_MIN_RECURRENCE } from '../agents/canonicalizer.js';
