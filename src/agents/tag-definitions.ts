// Tags that are things of their own. A table named as tags is usually a multi-valued attribute of one entity (Zendesk's
// ticket_tag: a ticket's id and a free-text tag), folded into that entity. But where the system keeps its tags as a list
// of their own — one row per tag with its own key and a name (Skimmer's Tag, a shop's vendor_tags, Shipwell's
// shipment_tags) — and other tables point at a tag by that key, the list is a reference entity like a status or a type,
// and a table pairing a thing's key with a tag's key (customer_tag: customer_id, tag_id) is a link between the two, not
// tags of the thing.
import type { StagingModel } from './entities.js';
import { keyShape } from './columns.js';
import { singularPhrase } from './inflection.js';
import { snakeOf } from './naming.js';
import { nounKey } from './systems.js';

/**
 * The key names other tables would point at a tag list by: its whole noun's (vendor_tag_id), or its last word's (tag_id)
 * where no other table of its system is named by that word alone (a shop's tags beside its vendor_tags own tag_id).
 */
function keyNames(m: StagingModel, nouns: ReadonlySet<string>): string[] {
  const noun = singularPhrase(m.parsed.tokens);
  const last = noun[noun.length - 1];
  return noun.length > 1 && nouns.has(nounKey([last], m.source)) ? [`${snakeOf(noun)}_id`] : [...new Set([`${snakeOf(noun)}_id`, `${last}_id`])];
}

/** The lower-case names of the columns that are the model's own key: its noun's `_id`, a bare `id`, or a column unique on its own. */
function ownKeyOf(m: StagingModel): string | undefined {
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  const own = `${snakeOf(singularPhrase(m.parsed.tokens))}_id`;
  if (names.has(own)) return own;
  if (names.has('id')) return 'id';
  return [...m.ownKeys][0];
}

/**
 * Reads tag-kind models again: a tag list (its own key, no key of another thing of its system, and pointed at by key
 * from another table of its system) becomes an entity, and the tag-kind tables that hold its key become entities too,
 * so that the link rules read them as the links they are (a thing's key and a tag's key, little else).
 */
export function tagDefinitions(models: StagingModel[]): void {
  const tags = models.filter((m) => m.kind === 'tag');
  if (!tags.length) return;
  // the things of each system, and every column name of each system (read once: a layer may hold thousands of models)
  const things = new Set(models.filter((m) => m.kind === 'entity').map((m) => nounKey(m.parsed.tokens, m.source)));
  const nouns = new Set(models.map((m) => nounKey(singularPhrase(m.parsed.tokens), m.source)));
  const columnsOf = new Map<string, Map<string, StagingModel[]>>();
  for (const m of models) {
    let cols = columnsOf.get(m.source);
    if (!cols) columnsOf.set(m.source, (cols = new Map()));
    for (const c of m.columns) {
      const name = c.name.toLowerCase();
      cols.set(name, [...(cols.get(name) ?? []), m]);
    }
  }
  // a key most tables of the system carry (company_id on every table of a multi-company extract) scopes the rows to a
  // tenant; tags carrying it are the tenant's list, not tags about one company
  const sizeOf = new Map<string, number>();
  for (const m of models) sizeOf.set(m.source, (sizeOf.get(m.source) ?? 0) + 1);
  const tenant = (m: StagingModel, name: string) => {
    const n = sizeOf.get(m.source) ?? 0;
    return n >= 4 && (columnsOf.get(m.source)?.get(name)?.length ?? 0) * 2 >= n;
  };
  const holdsThingKey = (m: StagingModel, own: string) => m.columns.some((c) => {
    const name = c.name.toLowerCase();
    const k = name === own || tenant(m, name) ? undefined : keyShape(name);
    return !!k && k.suffix === 'id' && k.stem.some((_, i) => things.has(nounKey(k.stem.slice(i), m.source)));
  });
  const links = new Set<StagingModel>();
  for (const m of tags) {
    const own = ownKeyOf(m);
    if (!own || holdsThingKey(m, own)) continue;
    const cols = columnsOf.get(m.source);
    // (a table whose own key that column is, another tag list, does not point at this one)
    const pointing = keyNames(m, nouns).flatMap((k) => (cols?.get(k) ?? []).filter((o) => o !== m && ownKeyOf(o) !== k));
    if (!pointing.length) continue;
    m.kind = 'entity';
    m.why = undefined;
    (m as { served?: string[] }).served = [];
    for (const o of pointing) if (o.kind === 'tag') links.add(o);
  }
  for (const o of links) {
    if (o.kind !== 'tag') continue; // (itself a tag list, read above)
    o.kind = 'entity';
    o.why = undefined;
    (o as { served?: string[] }).served = [];
  }
}
