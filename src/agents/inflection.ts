// Singular nouns for entity names: the `pluralize` library (irregular and uncountable nouns),
// corrected for words that mean something else in data work. The corrections live here rather
// than in pluralize's global rule set, which other parts of the product share.
import pluralize from 'pluralize';

/** Plural table words pluralize gets wrong in a data-modeling context → their singular. */
const CORRECTIONS: Record<string, string> = {
  data: 'data', metadata: 'metadata', canvas: 'canvas', sms: 'sms', gps: 'gps', os: 'os', ios: 'ios',
  dns: 'dns', aws: 'aws', https: 'https', lens: 'lens', lenses: 'lens', canvases: 'canvas', caches: 'cache',
  skus: 'sku', cpus: 'cpu', cookies: 'cookie', calories: 'calorie', movies: 'movie',
  // HR "leaves" (of absence), not tree leaves
  leaves: 'leave',
  axes: 'axis',
};

const cache = new Map<string, string>();

/** The singular of one lower-case word; already-singular and uncountable words come back unchanged. */
export function singularWord(word: string): string {
  const w = word.toLowerCase();
  const hit = cache.get(w);
  if (hit !== undefined) return hit;
  let s: string;
  if (w in CORRECTIONS) s = CORRECTIONS[w];
  // French plurals in -eux/-eaux (lieux, niveaux, bureaux): the singular drops the x
  else if (/^\p{L}{2,}e(?:a)?ux$/u.test(w)) s = w.slice(0, -1);
  else if (!/^\p{L}+$/u.test(w) || w.length <= 2) s = w;
  else s = pluralize.isSingular(w) ? w : pluralize.singular(w);
  if (cache.size > 50_000) cache.clear();
  cache.set(w, s);
  return s;
}

/**
 * Singularize a snake_case noun phrase: only its head (the last word token) changes, so
 * `order_items` → `order_item` and `ad_group_criteria` → `ad_group_criterion`. Trailing
 * numbers and version tags (`events_v2`, `orders_2019`) are not the head.
 */
export function singularPhrase(tokens: readonly string[]): string[] {
  const out = [...tokens];
  for (let i = out.length - 1; i >= 0; i--) {
    if (/^\d+$/.test(out[i]) || /^v\d+$/.test(out[i])) continue;
    out[i] = singularWord(out[i]);
    // repository_locations_data: a word that only says "a record of" leaves the noun before it the head
    if (i > 0 && RECORD_WORDS.has(out[i])) out[i - 1] = singularWord(out[i - 1]);
    break;
  }
  return out;
}

/** Head words that only say "a record of" the noun before them. */
const RECORD_WORDS = new Set(['data', 'info', 'information', 'details', 'metadata']);
