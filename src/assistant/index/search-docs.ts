// How records reach the lexical index: the texts of four ranked fields (the index splits them
// with the same analyzer queries use), and which query terms are worth searching.
import { editDistance } from './edit-distance.js';
import { LexicalIndex, type LexicalDoc, type PostingsFilter } from './lexical-index.js';
import type { IndexRecord, RecordKind } from './records.js';
import { analyzer, tokenize } from './tokenize.js';

/**
 * Tests and the relationships they declare are reached through their columns and by exact
 * name, not ranked by words: they repeat their columns' words and are a third of a big index.
 * Relationships drawn in Modeler files are ranked.
 */
export const UNRANKED = { has: (r: IndexRecord) => r.kind === 'test' || (r.kind === 'relationship' && r.layer === 'physical') };

/** Boosts of the ranked fields, in the order a LexicalDoc holds them: name, keywords, text, path. */
export const FIELD_BOOST = [4, 2, 1, 0.5];

/** Prefix and fuzzy matching are for words; identifiers and numbers match exactly (and keep big indexes fast). */
export const PLAIN = /^[a-z]+$/;

/** Only files are ranked by their path (a table's folders are among its keywords; a column's path would repeat its table's). */
const PATH_KINDS: ReadonlySet<RecordKind> = new Set<RecordKind>(['file']);

/** The record as the lexical index takes it: the texts of its four fields (name, keywords, text, path). */
export function lexicalDoc(r: IndexRecord): LexicalDoc {
  return { id: r.id, fields: [r.name, r.keywords, r.text, PATH_KINDS.has(r.kind) && r.file ? r.file : ''] };
}

/** An empty lexical index for records (with only `filter`'s postings, when given), or one restored from its snapshot. */
export function recordSearch(snapshot?: unknown, filter?: PostingsFilter): LexicalIndex {
  return snapshot === undefined ? new LexicalIndex(FIELD_BOOST.length, analyzer(), filter) : LexicalIndex.fromJSON(snapshot, analyzer());
}

/** Prefix matching: for plain words this long or longer, held by fewer records than PREFIX_DF. */
const PREFIX_MIN = 4, PREFIX_DF = 500;
/** Fuzzy matching: for plain words this long or longer, held by fewer records than FUZZY_DF, up to this share of their length in edits (at most MAX_FUZZY). */
const FUZZY_MIN = 6, FUZZY_DF = 50, FUZZY_SHARE = 0.15, MAX_FUZZY = 2;

/**
 * The terms whose postings a search for `queries` (rankLexical's) may read: their own terms, the
 * terms their prefix matching may reach and those within their fuzzy distance. The document
 * frequencies that decide whether a term is matched by prefix or fuzzily are not known yet, so
 * every term that could be is kept.
 */
export function postingsFor(queries: readonly string[]): PostingsFilter {
  const own = new Set(queries.flatMap((q) => tokenize(q)));
  const prefixes = [...own].filter((t) => t.length >= PREFIX_MIN && PLAIN.test(t));
  const fuzzy = [...own].filter((t) => t.length >= FUZZY_MIN && PLAIN.test(t)).map((t) => ({ t, d: Math.min(MAX_FUZZY, Math.round(t.length * FUZZY_SHARE)) }));
  return {
    terms: own,
    keep: (term) => own.has(term) || prefixes.some((p) => term.startsWith(p))
      || fuzzy.some(({ t, d }) => Math.abs(term.length - t.length) <= d && editDistance(t, term, d) <= d),
  };
}

/**
 * The query terms worth searching: in a big index a term found in more than ~2% of the records
 * ranks little and costs the most (every record holding it is scored), so it is left out; when
 * every term is that common, the rarest one stands for the query (structured lookup and the
 * graph still see the whole question).
 */
export function queryTerms(terms: string[], docFreq: (t: string) => number, docs: number): string[] {
  const cap = Math.max(1500, docs * 0.02);
  const kept = terms.filter((t) => docFreq(t) <= cap);
  if (kept.length) return kept;
  return [...terms].sort((a, b) => docFreq(a) - docFreq(b)).slice(0, 1);
}

/**
 * Lexical search over records: ranked ids with BM25 scores. Very common terms are left out of a
 * big index's query; `size` is the number of records, `kindOf` filters by kind. One place for
 * the built index and the cached one, so both rank alike.
 */
export function rankLexical(search: LexicalIndex, size: number, kindOf: (id: string) => RecordKind | undefined, query: string, opts: { limit?: number; kinds?: ReadonlySet<RecordKind> } = {}): { id: string; score: number }[] {
  const df = (t: string) => search.docFreq(t);
  const ts = queryTerms([...new Set(tokenize(query))], df, size);
  if (!ts.length) return [];
  // prefix and fuzzy matching help a word the index holds rarely or not at all (a typo, a
  // partial word); for a word it already holds often they only add cost
  const res = search.search(ts, {
    boost: FIELD_BOOST,
    prefix: (term) => term.length >= PREFIX_MIN && PLAIN.test(term) && df(term) < PREFIX_DF,
    fuzzy: (term) => (term.length >= FUZZY_MIN && PLAIN.test(term) && df(term) < FUZZY_DF ? FUZZY_SHARE : false), maxFuzzy: MAX_FUZZY,
    weights: { fuzzy: 0.3, prefix: 0.5 },
    filter: opts.kinds ? (id) => opts.kinds!.has(kindOf(id) as RecordKind) : undefined,
  });
  return res.slice(0, opts.limit ?? 50);
}
