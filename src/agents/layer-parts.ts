// A consolidation layer named by subject (stg_fact_orders, stg_dim_contacts, stg_orders_finance, stg_contacts_mqls):
// its entity names lose the mart words a modeler does not draw, and the tables named after an entity's plural that
// carry its key are parts of that entity (one row per order, split by concern), not entities of their own.
import { keyShape } from './columns.js';
import type { StagingModel } from './entities.js';
import { singularPhrase, singularWord } from './inflection.js';
import type { ModelKind } from './model-kinds.js';
import { pascalName, snakeOf } from './naming.js';

/** Layer words of dimensional modelling: a mart's role, not the thing (fact_orders, dim_contacts, companies_dimensions). */
const DIMENSION_WORDS = new Set(['dim']);
const FACT_WORDS = new Set(['fact', 'fct']);
const TRAILING_LAYER_WORDS = new Set(['dimension', 'dimensions', 'dim', 'dims']);

/**
 * The noun without the dimensional-modelling words around it; the tokens themselves when nothing else is left. A
 * dimension is its thing; a fact table is its thing only when it is keyed by it (fact_orders with order_uuid; its
 * declared unique key when it has one): a fact table of events about a thing (fact_lc keyed by event_id) keeps the word.
 */
export function withoutLayerWords(tokens: readonly string[], keyedBy: (noun: string) => boolean): string[] {
  let t = [...tokens];
  while (t.length > 1 && (DIMENSION_WORDS.has(t[0]) || (FACT_WORDS.has(t[0]) && keyedBy(singularWord(t[t.length - 1]))))) t = t.slice(1);
  while (t.length > 1 && TRAILING_LAYER_WORDS.has(t[t.length - 1])) t = t.slice(0, -1);
  return t.length === tokens.length ? [...tokens] : singularPhrase(t);
}

/** Does the model hold a key of `noun` (order_uuid, hubspot_contact_id for order, contact)? */
export function holdsKeyOf(m: StagingModel, noun: string, bare = false): string | undefined {
  for (const c of m.columns) {
    const s = keyShape(c.name);
    if (s?.suffix === 'id' && s.stem[s.stem.length - 1] === noun && (!bare || s.stem.length === 1)) return c.name.toLowerCase();
  }
  return undefined;
}

type Marked = StagingModel & { served: string[] };

/**
 * Models still entities whose name puts an entity's plural first (orders_finance, contacts_mqls; after one word
 * naming the system: hs_contacts_attributed) and that carry that entity's key (order_uuid, hubspot_contact_id) with
 * no identifier of their own: parts of that entity, folded into it. A singular first word (order_items) names a
 * thing of its own and is left alone, as is a model whose own noun has an id (orders_products with its own id).
 */
export function markPluralParts(models: StagingModel[]): void {
  const nouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => snakeOf(m.parsed.tokens)));
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind !== 'entity' || t.length < 2) continue;
    const at = [0, 1].find((i) => i < t.length - 1 && singularWord(t[i]) !== t[i] && nouns.has(singularWord(t[i])));
    if (at === undefined) continue;
    const entity = singularWord(t[at]);
    if (entity === snakeOf(t)) continue;
    const names = m.columns.map((c) => c.name.toLowerCase());
    if (names.includes('id') || names.includes(`${snakeOf(t)}_id`)) continue;
    const key = holdsKeyOf(m, entity);
    // …and names no other entity after it, nor holds one's own key: teams_users, coupons_usage with user_id link things
    const rest = t.slice(at + 1).map(singularWord);
    if (rest.some((w) => nouns.has(w)) || [...nouns].some((n) => n !== entity && !n.includes('_') && holdsKeyOf(m, n, true))) continue;
    if (!key) continue;
    m.kind = 'attribute' satisfies ModelKind;
    m.why = `a part of ${entity}: named after its plural (${t[at]}) and holding its key (${key}), with no identifier of its own`;
    (m as Marked).served = [entity];
  }
}

/**
 * A model named as a system's view of a noun whose rows are one per value of a key naming another thing
 * (stg_orders_hubspot deduped on hubspot_deal_id, with no order key at all) holds that thing: its entity is named for what its key identifies (Deal), the system's
 * word dropped (hubspot), unless another model of the layer already is that thing.
 */
export function nameByGrain(models: StagingModel[], grainOf: (m: StagingModel) => string[], systemWords: ReadonlySet<string>): void {
  const nouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => snakeOf(m.parsed.tokens)));
  for (const m of models) {
    // (only a name that is a system's view of a noun, orders_hubspot: organizations keyed by tenant_resource_key are organizations)
    const grain = m.kind === 'entity' && m.parsed.tokens.some((t) => systemWords.has(t)) ? grainOf(m) : [];
    const shape = grain.length === 1 && m.columns.some((c) => c.name.toLowerCase() === grain[0]) ? keyShape(grain[0]) : undefined;
    if (shape?.suffix !== 'id' || !shape.stem.length) continue;
    let stem = shape.stem;
    while (stem.length > 1 && systemWords.has(stem[0])) stem = stem.slice(1);
    const own = m.parsed.tokens;
    if (stem[stem.length - 1] === singularWord(own[own.length - 1]) || own.some((t) => holdsKeyOf(m, singularWord(t))) || nouns.has(snakeOf(stem))) continue;
    m.why = undefined;
    m.parsed = { ...m.parsed, tokens: [...stem] };
    m.noun = pascalName(stem);
    nouns.add(snakeOf(stem));
  }
}
