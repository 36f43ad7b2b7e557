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

export type NameLanguage = 'en' | 'fr';

const cache = new Map<string, string>();
/** The language of the names being read (language.ts sets it for one project's reading). */
let language: NameLanguage = 'en';

/** Run `fn` reading names as `lang` (the reading is synchronous, so the setting cannot leak into another project's). */
export function withLanguage<T>(lang: NameLanguage, fn: () => T): T {
  const before = language;
  language = lang;
  try { return fn(); } finally { language = before; }
}

/** The singular of one lower-case word; already-singular and uncountable words come back unchanged. */
export function singularWord(word: string): string {
  const w = word.toLowerCase();
  const key = language === 'en' ? w : `${language}:${w}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let s: string;
  // (own keys only: `constructor`, `valueOf` are words of tables too, not Object's members)
  if (Object.hasOwn(CORRECTIONS, w)) s = CORRECTIONS[w];
  // French plurals in -eux/-eaux (lieux, niveaux, bureaux): the singular drops the x
  else if (/^\p{L}{2,}e(?:a)?ux$/u.test(w)) s = w.slice(0, -1);
  else if (!/^\p{L}+$/u.test(w) || w.length <= 2) s = w;
  else s = pluralize.isSingular(w) ? w : pluralize.singular(w);
  if (language === 'fr') s = frenchSingular(w, s);
  if (cache.size > 50_000) cache.clear();
  cache.set(key, s);
  return s;
}

/**
 * French where it parts from English: a French plural only adds -s to a word ending in -e
 * (adresses → adresse, creches → creche, where English drops -es: addresses → address), and
 * -aux comes from -al (journaux → journal, locaux → local; -eaux was handled above).
 */
function frenchSingular(w: string, english: string): string {
  if (w.endsWith('es') && english === w.slice(0, -2)) return w.slice(0, -1);
  // and a word in -ie keeps it (sorties → sortie, catégories → catégorie, where English reads -ies as -y)
  if (w.endsWith('ies') && english === `${w.slice(0, -3)}y`) return w.slice(0, -1);
  if (/^\p{L}{2,}[^e]aux$/u.test(w)) return `${w.slice(0, -3)}al`;
  return english;
}

/**
 * Singularize a snake_case noun phrase: only its head (the last word token) changes, so
 * `order_items` → `order_item` and `ad_group_criteria` → `ad_group_criterion`. Trailing
 * numbers and version tags (`events_v2`, `orders_2019`) are not the head.
 */
export function singularPhrase(tokens: readonly string[]): string[] {
  const out = [...tokens];
  // French puts the head first and its adjectives agree with it (services_thematiques, types_de_solution):
  // every word up to the first preposition is singular; the complement after it keeps its number
  if (language === 'fr') {
    for (let i = 0; i < out.length && !FRENCH_PREPOSITIONS.has(out[i]); i++) {
      if (!/^\d+$/.test(out[i]) && !/^v\d+$/.test(out[i])) out[i] = singularWord(out[i]);
    }
    return out;
  }
  for (let i = out.length - 1; i >= 0; i--) {
    if (/^\d+$/.test(out[i]) || /^v\d+$/.test(out[i])) continue;
    // a code of a letter or two after the noun qualifies it (sinistres_sg, customers_us): the noun before it is the head
    if (i > 0 && /^\p{L}{1,2}$/u.test(out[i]) && !SHORT_NOUNS.has(out[i])) continue;
    out[i] = singularWord(out[i]);
    // repository_locations_data: a word that only says "a record of" leaves the noun before it the head
    if (i > 0 && RECORD_WORDS.has(out[i])) out[i - 1] = singularWord(out[i - 1]);
    break;
  }
  return out;
}

/**
 * Words of one or two letters that are no code after a noun: nouns that are a head of their own (facebook_ad) and the little
 * words of a phrase (reports_to, opted_in, log_in).
 */
const SHORT_NOUNS = new Set(['ad', 'id', 'os', 'pc', 'tv', 'ip', 'pr', 'qa', 'ui', 'ux', 'ai', 'hr',
  'a', 'an', 'to', 'of', 'by', 'in', 'on', 'at', 'up', 'as', 'is', 'or', 'if', 'no', 'de', 'du', 'en', 'la', 'le']);

const FRENCH_PREPOSITIONS = new Set(['de', 'du', 'des', 'd', 'a', 'au', 'aux', 'pour', 'par', 'sur', 'en', 'avec', 'sans']);

/** Head words that only say "a record of" the noun before them. */
const RECORD_WORDS = new Set(['data', 'info', 'information', 'details', 'metadata']);
