// Element identity: where a patch operation acts, named the way a reader names it rather than by
// position — `models[name=orders].columns[name=customer_id].data_tests[-]`. A list item that is
// a mapping with a `name` (a model, a source table, a column) is named by it (`v` for a model's
// versions), any other item by its index, `[-]` is the end of a list; keys are written bare, or
// as JSON strings when they hold `.`, `[`, `]`, `=`, quotes or spaces. A JSON Pointer made against
// one text of a file can be found again in another text by its identity.
export type AnchorPart =
  | { kind: 'key'; key: string }
  | { kind: 'match'; field: string; value: string }
  | { kind: 'index'; index: number }
  | { kind: 'end' };

const BARE = /^[A-Za-z0-9_$+\-/]+$/;
const word = (s: string) => (BARE.test(s) ? s : JSON.stringify(s));
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The fields that name a list item, in order of preference. */
const NAMING = ['name', 'v'];

export function formatAnchor(parts: readonly AnchorPart[]): string {
  let out = '';
  for (const p of parts) {
    if (p.kind === 'key') out += (out ? '.' : '') + word(p.key);
    else if (p.kind === 'match') out += `[${p.field}=${word(p.value)}]`;
    else if (p.kind === 'index') out += `[${p.index}]`;
    else out += '[-]';
  }
  return out;
}

export function parseAnchor(text: string): AnchorPart[] {
  const parts: AnchorPart[] = [];
  let i = 0;
  const fail = (why: string): never => { throw new Error(`anchor ${JSON.stringify(text)}: ${why} at character ${i + 1}`); };
  const readWord = (stop: RegExp): string => {
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) fail('an unclosed quote');
      const s = JSON.parse(text.slice(i, j + 1)) as string;
      i = j + 1;
      return s;
    }
    const start = i;
    while (i < text.length && !stop.test(text[i])) i++;
    if (i === start) fail('a missing name');
    return text.slice(start, i);
  };
  while (i < text.length) {
    if (text[i] === '[') {
      i++;
      if (text[i] === '-' && text[i + 1] === ']') { parts.push({ kind: 'end' }); i += 2; continue; }
      const m = /^(\d+)\]/.exec(text.slice(i));
      if (m) { parts.push({ kind: 'index', index: Number(m[1]) }); i += m[0].length; continue; }
      const field = readWord(/[=\]]/);
      if (text[i] !== '=') fail("'=' expected");
      i++;
      const value = readWord(/\]/);
      if (text[i] !== ']') fail("']' expected");
      i++;
      parts.push({ kind: 'match', field, value });
      continue;
    }
    if (parts.length) { if (text[i] !== '.') fail("'.' or '[' expected"); i++; }
    parts.push({ kind: 'key', key: readWord(/[.[]/) });
  }
  return parts;
}

/** The identity of the place a JSON Pointer's tokens name in `doc` (the tokens past what exists stay keys or indexes). */
export function anchorOf(doc: unknown, tokens: readonly string[]): string {
  const parts: AnchorPart[] = [];
  let at: unknown = doc;
  for (const t of tokens) {
    if (Array.isArray(at)) {
      if (t === '-') { parts.push({ kind: 'end' }); at = undefined; continue; }
      // not an index: named as a key, which names nothing in a list
      if (!/^(0|[1-9][0-9]*)$/.test(t)) { parts.push({ kind: 'key', key: t }); at = undefined; continue; }
      const item = at[Number(t)];
      const field = isObject(item) ? NAMING.find((f) => typeof item[f] === 'string' || typeof item[f] === 'number') : undefined;
      parts.push(field ? { kind: 'match', field, value: String((item as Record<string, unknown>)[field]) } : { kind: 'index', index: Number(t) });
      at = item;
    } else {
      parts.push({ kind: 'key', key: t });
      at = isObject(at) ? at[t] : undefined;
    }
  }
  return formatAnchor(parts);
}

export interface Resolved {
  tokens: string[];
  /** Positions used where the file may have moved them (stale base). */
  positional: boolean;
  /** A named item listed more than once: which one was taken (the last, as dbt keeps). */
  duplicates: { anchor: string; indexes: number[]; taken: number }[];
}

export class AnchorMiss extends Error {
  constructor(public part: string, public why: 'missing' | 'duplicate', public indexes: number[] = []) {
    super(why === 'missing' ? `${part} is not there` : `${part} is listed ${indexes.length} times`);
  }
}

/** Lists whose duplicates dbt merges into the last entry (a column listed twice is one column). */
const LAST_WINS = new Set(['columns']);

/**
 * The JSON Pointer tokens of an identity in `doc`. The last part may name what does not exist yet
 * (a new key, `[-]`); anything before it must exist once — or, in a list dbt merges, the last
 * entry of that name is taken.
 */
export function resolveAnchor(doc: unknown, anchor: string): Resolved {
  const parts = parseAnchor(anchor);
  const out: Resolved = { tokens: [], positional: false, duplicates: [] };
  let at: unknown = doc;
  let listKey = '';
  parts.forEach((p, n) => {
    const last = n === parts.length - 1;
    const shown = formatAnchor(parts.slice(0, n + 1));
    if (p.kind === 'key') {
      if (!isObject(at)) throw new AnchorMiss(shown, 'missing');
      if (!Object.prototype.hasOwnProperty.call(at, p.key) && !last) throw new AnchorMiss(shown, 'missing');
      out.tokens.push(p.key);
      listKey = p.key;
      at = at[p.key];
      return;
    }
    if (!Array.isArray(at)) throw new AnchorMiss(shown, 'missing');
    if (p.kind === 'end') { out.tokens.push('-'); at = undefined; return; }
    if (p.kind === 'index') {
      if (p.index > at.length || (p.index === at.length && !last)) throw new AnchorMiss(shown, 'missing');
      out.positional = true;
      out.tokens.push(String(p.index));
      at = at[p.index];
      return;
    }
    const hits = at.map((item, i) => (isObject(item) && String(item[p.field]) === p.value ? i : -1)).filter((i) => i >= 0);
    if (!hits.length) throw new AnchorMiss(shown, 'missing');
    if (hits.length > 1) {
      if (!LAST_WINS.has(listKey)) throw new AnchorMiss(shown, 'duplicate', hits);
      out.duplicates.push({ anchor: shown, indexes: hits, taken: hits[hits.length - 1] });
    }
    const i = hits[hits.length - 1];
    out.tokens.push(String(i));
    at = at[i];
  });
  return out;
}
