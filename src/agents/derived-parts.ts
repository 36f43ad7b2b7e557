// A staging model built only on other models of the layer, one row per row of one of them — keyed by that model's own key
// (ShopPad's billing accounts flattened out of the shops' billing JSON, the shop's first web visit before its install: one
// row per shop_subdomain, the shops' key): values of that thing derived from its rows, not a thing of its own.
import type { DbtNode } from '../core/project/types.js';
import { singularWord } from './inflection.js';

interface PartModel {
  node: DbtNode;
  parsed: { tokens: string[] };
  kind: string;
  ownKeys: Set<string>;
  source?: string;
}

/** Each such model, the model whose rows it extends, and the key they share. `keyOf` gives a model's one key (its tested key, or what its SQL dedups on). */
export function derivedParts<M extends PartModel>(models: readonly M[], keyOf: (m: M) => string | undefined): { model: M; of: M; column: string }[] {
  const byName = new Map(models.map((m) => [m.node.name.toLowerCase(), m]));
  const out: { model: M; of: M; column: string }[] = [];
  // the layer's things by their system and own key, read once (for models built on rows other than their thing's)
  let keyed: Map<string, M[]> | undefined;
  const keyedBy = (source: string | undefined, column: string) => {
    if (!keyed) {
      keyed = new Map();
      for (const o of models) if (o.kind === 'entity') for (const k of o.ownKeys) { const at = `${o.source}|${k}`; const l = keyed.get(at); if (l) l.push(o); else keyed.set(at, [o]); }
    }
    return keyed.get(`${source}|${column}`) ?? [];
  };
  for (const m of models) {
    // (a model reading a source table of its own stages rows of its own, whatever it joins)
    if (m.kind !== 'entity' || m.node.sourceRefs.length) continue;
    // (the models it reads first: the key, which may need its SQL read, only for a model built on another)
    const reads = [...new Set(m.node.refs.map((r) => byName.get(r.name.toLowerCase())))].filter((o): o is M => !!o && o !== m && o.kind === 'entity');
    if (!reads.length) continue;
    const ups = reads.filter((o) => o.ownKeys.size > 0);
    // (built on rows with no key of their own, only a key tested on the model itself is read: its SQL is not)
    const column = ups.length ? keyOf(m) : m.ownKeys.size === 1 ? [...m.ownKeys][0] : undefined;
    if (!column) continue;
    // (a key named for that model's thing, shop_subdomain of the shops: a bare id or code of both is each one's own rows)
    let of = ups.filter((o) => o.ownKeys.has(column) && namedFor(column, o.parsed.tokens));
    // (…or, built on other rows, one row per the key of a thing of its system it does not read — each influencer's first and
    // last campaign drawn from the tasks, keyed influencer_id of the influencers: values of that thing all the same)
    // (a bare id names no thing: no search)
    if (!of.length && column.includes('_')) of = keyedBy(m.source, column).filter((o) => o !== m && namedFor(column, o.parsed.tokens));
    if (of.length === 1) out.push({ model: m, of: of[0], column });
  }
  return out;
}

/** Is the key named for the thing: its words first, then one word of the key's own (shop_subdomain, shop_id for the shops)? */
function namedFor(column: string, tokens: readonly string[]): boolean {
  const words = column.split('_');
  const noun = tokens.map(singularWord);
  return words.length === noun.length + 1 && noun.every((t, i) => singularWord(words[i]) === t);
}
