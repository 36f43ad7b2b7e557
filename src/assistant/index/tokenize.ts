// Identifier-aware terms for the lexical index and the router: `stg_shop__orders` is found by
// "stg_shop__orders", "shop" and "orders"; `customerId` by "customer" and "id". The same
// functions process indexed text and queries, so both sides agree on every term. A project
// repeats the same words endlessly, so each distinct word is processed once and remembered.

const STOP = new Set([
  'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'and', 'or', 'is', 'are', 'was', 'were', 'be', 'been', 'it', 'its',
  'this', 'that', 'these', 'those', 'there', 'what', 'which', 'who', 'whom', 'how', 'why', 'where', 'when', 'does', 'do', 'did',
  'can', 'could', 'should', 'would', 'will', 'me', 'my', 'i', 'we', 'our', 'us', 'you', 'your', 'by', 'with', 'from', 'as',
  'about', 'into', 'than', 'then', 'so', 'if', 'any', 'some', 'all', 'has', 'have', 'had', 'not', 'no', 'yes', 'please',
  'explain', 'show', 'tell', 'give', 'list', 'get', 'whats', 's', 'e', 'g',
]);

const WORD = /[A-Za-z0-9_]+/g;
/** WORD's characters, one at a time: the lexical index scans field texts for words itself (word-table.ts). */
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
const CACHE_LIMIT = 200_000;
const cache = new Map<string, string[]>();

/** Split one identifier into its parts: snake_case, camelCase, digits. */
export function identifierParts(word: string): string[] {
  return word
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .split(/_+/)
    .filter(Boolean);
}

/** The processed terms of one word: the whole identifier (when it has parts) and each part. */
export function wordTerms(w: string): string[] {
  let hit = cache.get(w);
  if (hit) return hit;
  const parts = identifierParts(w);
  hit = [];
  if (parts.length > 1) { const whole = processTerm(w); if (whole) hit.push(whole); }
  for (const p of parts) { const t = processTerm(p); if (t && !hit.includes(t)) hit.push(t); }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(w, hit);
  return hit;
}

/** How the lexical index splits field texts: exactly as tokenize() does. */
export function analyzer(): { wordChar: (code: number) => boolean; terms: (word: string) => readonly string[] } {
  return { wordChar: isWordChar, terms: wordTerms };
}

/** Processed terms of a text, in order (repeats kept, as term frequency counts them). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    const ts = wordTerms(m[0]);
    for (let i = 0; i < ts.length; i++) out.push(ts[i]);
  }
  return out;
}

/** Lower-case, drop stop words, fold suffixes of plain words (identifiers stay exact). */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (!t || STOP.has(t)) return null;
  if (t.includes('_')) return t;
  return stem(t);
}

/**
 * A light suffix fold, applied alike to documents and queries: plurals (orders → order,
 * categories → category), then -ing/-ed/-ation and a final -e on longer words, so charge,
 * charged and charging, or materialized and materialization, meet.
 */
export function stem(t: string): string {
  if (t.length <= 3 || /\d/.test(t)) return t;
  let w = t;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(ss|us|is|ous)$/.test(w)) return w;
  else if (/(ch|sh|x|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  if (w.length >= 7 && /(ization|isation)$/.test(w)) w = w.slice(0, -5);
  else if (w.length >= 7 && w.endsWith('ation')) w = w.slice(0, -5);
  else if (w.length >= 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 5 && w.endsWith('ed') && !w.endsWith('eed')) w = w.slice(0, -2);
  if (w.length >= 5 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The distinct processed terms of a text. */
export function terms(text: string): string[] {
  return [...new Set(tokenize(text))];
}
