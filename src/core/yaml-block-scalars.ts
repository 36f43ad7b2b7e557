// The scalars of the block-YAML reader (yaml-block.ts), and the state every part of it shares:
// plain scalars typed by js-yaml's own resolvers (so a `yes` stays a string and a `2020-01-01`
// becomes a Date as js-yaml makes it), single- and double-quoted scalars on one line, short
// strings held once per file, and the line of each collection. Whatever is not understood
// throws UNSURE and the caller reads the file with js-yaml instead.
import * as jsyaml from 'js-yaml';

interface ImplicitType { resolve(s: string): boolean; construct(s: string): unknown; tag: string }
const IMPLICIT = (jsyaml.DEFAULT_SCHEMA as unknown as { compiledImplicit: ImplicitType[] }).compiledImplicit;

/** Thrown (one shared object) when the text leaves the understood subset. */
export const UNSURE = { unsure: true };

/** Values up to this length are held once per file (as yaml-fast.ts does). */
const INTERN_MAX = 40;
/** Deeper than this, js-yaml decides (it also enforces the nesting limit). */
export const MAX_DEPTH = 40;

export const SP = 32, HASH = 35, COLON = 58, DASH = 45, SQ = 39, DQ = 34, NL = 10, CR = 13;

/**
 * Can this plain scalar be something other than a string? Only if it starts with '+' '-' '.' a
 * digit '<' or '~', or is a null/true/false word (4 or 5 letters from 'n' 'N' 't' 'T' 'f' 'F');
 * the tests check every first character against js-yaml's resolvers. Most values ('not_null',
 * 'table') so skip the resolvers' regular expressions.
 */
function maybeTyped(c: number, length: number): boolean {
  if (c === 43 || c === 45 || c === 46 || (c >= 48 && c <= 57) || c === 60 || c === 126) return true;
  return (c === 70 || c === 78 || c === 84 || c === 102 || c === 110 || c === 116) && (length === 4 || length === 5);
}

/** A plain scalar may not start with these (js-yaml's readPlainScalar), nor with `- `, `? `, `:`. */
export function plainStart(c: number): boolean {
  switch (c) {
    case 44: case 91: case 93: case 123: case 125: // , [ ] { }
    case 35: case 38: case 42: case 33: case 124: case 62: case 39: case 34: case 37: case 64: case 96: // # & * ! | > ' " % @ `
    case 58: case 63: // ':' and '?' (allowed by YAML when followed by a letter; left to js-yaml)
      return false;
  }
  return c > SP;
}

/** The text being read and what its readers share: the values' lines, held strings, the depth, the last node read. */
export class ScalarReader {
  protected readonly lines = new Map<object, number>();
  private readonly interned = new Map<string, string>();
  protected depth = 0;
  /** Short strings already made, by length: a repeated key or value is found without a slice or a hash. */
  private readonly tokens: (string[] | undefined)[] = [];
  /** The last node read. */
  protected value: unknown = null;

  constructor(protected readonly text: string) {}

  protected skipSpaces(p: number, e: number): number {
    while (p < e && this.text.charCodeAt(p) === SP) p++;
    return p;
  }

  /** A plain scalar typed as js-yaml types it. */
  protected plain(raw: string): unknown {
    if (raw.length > 0 && !maybeTyped(raw.charCodeAt(0), raw.length)) return raw;
    for (const type of IMPLICIT) if (type.resolve(raw)) return type.construct(raw);
    return raw;
  }

  /** The plain scalar text[p, end), typed; a string is held once per file when short. */
  protected plainAt(p: number, end: number): unknown {
    const t = this.text;
    const len = end - p;
    if (maybeTyped(t.charCodeAt(p), len)) {
      const v = this.plain(t.slice(p, end));
      return typeof v === 'string' ? this.intern(v) : v;
    }
    if (len > INTERN_MAX) return t.slice(p, end);
    let bucket = this.tokens[len];
    if (bucket !== undefined) for (const s of bucket) if (t.startsWith(s, p)) return s;
    const s = this.intern(t.slice(p, end));
    if (bucket === undefined) this.tokens[len] = bucket = [];
    if (bucket.length < 8) bucket.push(s);
    return s;
  }

  protected intern(s: string): string {
    if (s.length > INTERN_MAX) return s;
    const held = this.interned.get(s);
    if (held !== undefined) return held;
    this.interned.set(s, s);
    return s;
  }

  /** Position just after the closing quote of the scalar opening at p, or -1 when not on this line. */
  protected quotedEnd(p: number, e: number): number {
    const t = this.text, quote = t.charCodeAt(p);
    for (let k = p + 1; k < e; k++) {
      const ch = t.charCodeAt(k);
      if (quote === DQ && ch === 92) { k++; continue; } // backslash escapes the next character
      if (ch === quote) {
        if (quote === SQ && t.charCodeAt(k + 1) === SQ && k + 1 < e) { k++; continue; }
        return k + 1;
      }
    }
    return -1;
  }

  /** The text of the quoted scalar from p to q (just after its closing quote). */
  protected quoted(p: number, q: number): string {
    const t = this.text;
    const body = t.slice(p + 1, q - 1);
    if (t.charCodeAt(p) === SQ) return body.includes("''") ? body.replaceAll("''", "'") : body;
    if (!body.includes('\\')) return body;
    let out = '';
    for (let k = 0; k < body.length; k++) {
      const ch = body[k];
      if (ch !== '\\') { out += ch; continue; }
      const esc = body[++k];
      const simple = ESCAPES[esc];
      if (simple !== undefined) { out += simple; continue; }
      const digits = esc === 'x' ? 2 : esc === 'u' ? 4 : esc === 'U' ? 8 : 0;
      const hex = body.slice(k + 1, k + 1 + digits);
      if (digits === 0 || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits) throw UNSURE;
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) throw UNSURE;
      out += String.fromCodePoint(code);
      k += digits;
    }
    return out;
  }
}

/** Double-quoted escapes with a fixed meaning (YAML 1.2, as js-yaml reads them). */
const ESCAPES: Record<string, string> = {
  '0': '\x00', a: '\x07', b: '\x08', t: '\t', n: '\n', v: '\x0B', f: '\x0C', r: '\r', e: '\x1B',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xA0', L: '\u2028', P: '\u2029',
};
