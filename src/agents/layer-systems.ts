// The staging layer's systems and copies, read before entities are named: which system each
// model belongs to, system words that prefix a table name (core__stg_claims_condition is the
// claims system's condition when the layer also has a plain `condition`), filtered copies of
// another model (int_elavon__adjustment_transactions = Elavon's transactions again), and each
// model's own identifier columns (its grain, unique or primary key, `id as x_id`).
import type { DbtNode, Project } from '../core/project/types.js';
import type { AgentColumn } from './node-columns.js';
import { columnsOf, semanticKeys } from './node-columns.js';
import { isRowPositionColumn, isTechnicalColumn } from './columns.js';
import type { ParsedName } from './naming.js';
import { singularPhrase } from './inflection.js';
import { parseModelName, snakeOf } from './naming.js';
import { sqlShape } from './sql-shape.js';

interface LayerModel {
  node: DbtNode;
  parsed: ParsedName;
  source: string;
  kind: string;
  columns: AgentColumn[];
  ownKeys: Set<string>;
  why?: string;
}

/** The system a staging model belongs to: its name's system (and sub-system), else its staging folder, else the dbt source it reads. */
export function systemOf(node: DbtNode, parsed: ParsedName, folder: string | undefined): string {
  if (parsed.source) return [parsed.source, ...(parsed.subsystem ?? [])].join('_');
  if (folder) return folder;
  const src = node.sourceRefs[0]?.split('.')[0];
  return src?.toLowerCase() ?? '';
}

/**
 * A first table word shared by several models whose remaining words name another model's noun is
 * a system word (claims, clinical in core__stg_claims_condition, core__stg_clinical_condition when
 * condition is a noun of its own): it moves from the noun to the system.
 */
export function applySystemPrefixes(models: LayerModel[]): void {
  const nouns = new Set(models.map((m) => snakeOf(m.parsed.tokens)));
  const hits = new Map<string, LayerModel[]>();
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.parsed.source || t.length < 2 || readsOtherSource(m, t[0]) || !nouns.has(snakeOf(t.slice(1)))) continue;
    const list = hits.get(t[0]);
    if (list) list.push(m); else hits.set(t[0], [m]);
  }
  // a system word recurs: in several models, or beside another such word before the same noun (claims_condition, clinical_condition)
  const wordsBefore = new Map<string, Set<string>>();
  for (const [word, list] of hits) for (const m of list) {
    const rest = snakeOf(m.parsed.tokens.slice(1));
    const s = wordsBefore.get(rest) ?? new Set<string>();
    s.add(word);
    wordsBefore.set(rest, s);
  }
  const confirmed = new Set<string>();
  for (const [word, list] of hits) {
    if (list.length < 2 && !list.some((m) => (wordsBefore.get(snakeOf(m.parsed.tokens.slice(1)))?.size ?? 0) > 1)) continue;
    confirmed.add(word);
  }
  // once a word is a system word, it is one before every noun of the layer (claims_location, clinical_immunization)
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.parsed.source || t.length < 2 || !confirmed.has(t[0]) || readsOtherSource(m, t[0])) continue;
    m.parsed = { ...m.parsed, tokens: t.slice(1), source: t[0] };
    m.source = t[0];
  }
}

/**
 * One table split by a code (a state, a region, a market): stg_l2__ak_uniform, stg_l2__al_uniform … —
 * five or more models of one system whose names differ only in a short first word — are copies of
 * one table, one entity like per-period copies; the code is kept as the copy's period.
 */
export function mergePartitionCopies(models: LayerModel[]): void {
  const families = new Map<string, LayerModel[]>();
  for (const m of models) {
    const t = m.parsed.tokens;
    if (t.length < 2 || !/^\p{L}{1,3}$/u.test(t[0])) continue;
    const key = `${m.source}|${snakeOf(t.slice(1))}`;
    const list = families.get(key);
    if (list) list.push(m); else families.set(key, [m]);
  }
  for (const list of families.values()) {
    if (new Set(list.map((m) => m.parsed.tokens[0])).size < 5) continue;
    for (const m of list) m.parsed = { ...m.parsed, tokens: m.parsed.tokens.slice(1), period: m.parsed.tokens[0] };
  }
}

/**
 * A model that reads a dbt source of another name is of that source's system (stg_coupons_usage_mongo reads
 * mongodb's coupon_usage): its first word is part of its noun, not a system.
 */
function readsOtherSource(m: LayerModel, word: string): boolean {
  return m.node.sourceRefs.some((r) => r.split('.')[0].toLowerCase() !== word);
}

/**
 * A staging model that selects from another model and returns only columns that one has (fewer
 * of them; at most two derived ones) is a filtered subset of its rows (claims of one type, the
 * inpatient encounters): a copy, folded into what it copies. The other model is a staging model,
 * or a model of another noun the layer has as an entity (core__encounter for Encounter).
 * Followed through chains.
 */
export function markSubsets(project: Project, models: LayerModel[], upstream: (node: DbtNode) => string[], conformed: ReadonlySet<unknown> = new Set()): { model: LayerModel; of: LayerModel; via: string }[] {
  const byName = new Map(models.map((m) => [m.node.name, m]));
  const byNoun = new Map<string, LayerModel>();
  for (const m of models) if (m.kind === 'entity' && !byNoun.has(snakeOf(m.parsed.tokens))) byNoun.set(snakeOf(m.parsed.tokens), m);
  const out: { model: LayerModel; of: LayerModel; via: string }[] = [];
  for (const m of models) {
    if (m.kind !== 'entity' || !m.columns.length || m.node.sourceRefs.length || conformed.has(m)) continue;
    const names = m.columns.map((c) => c.name.toLowerCase());
    const noun = snakeOf(m.parsed.tokens);
    for (const u of upstream(m.node)) {
      let of = byName.get(u);
      let columns = of?.columns;
      if (!of) {
        // a model outside the layer: counts when its noun is another entity of the layer
        const node = project.modelByName.get(u);
        const theirs = node && snakeOf(parseModelName(u, [], { otherLayers: true }).tokens);
        of = theirs && theirs !== noun ? byNoun.get(theirs) : undefined;
        columns = node && of ? columnsOf(project, node) : undefined;
      }
      // a staging model's copy of a model before it (not a helper it is built on) may keep every column
      if (!of || of === m || of.kind === 'helper' || !columns) continue;
      // a model that declares a key of its own is a thing of its own, whatever it selects from (a key it keeps is the copied rows' key)
      // (a generic key name, code or id, says nothing about whose rows they are: regions selecting from departements)
      if ([...m.ownKeys].some((k) => !of!.ownKeys.has(k) || ['id', 'code', 'key', 'uuid'].includes(k))) continue;
      const have = new Set(columns.map((c) => c.name.toLowerCase()));
      // its key comes from the upstream; at most two columns of its own (a derived type)
      // (a load stamp it adds, inserted_date_time, is bookkeeping, not a column of its own)
      const added = names.filter((n) => !have.has(n) && !/^(?:inserted|loaded|updated|processed)_(?:at|date|date_time|datetime|time|timestamp)$/.test(n)).length;
      if (have.has(names[0]) && added <= 2 && added * 2 < names.length) { out.push({ model: m, of, via: u }); break; }
    }
  }
  // a copy of a copy copies the first one's original
  const origin = new Map(out.map((x) => [x.model, x.of]));
  for (const x of out) { let o = x.of; for (let i = 0; i < 8 && origin.has(o); i++) o = origin.get(o)!; x.of = o; }
  return out;
}

/**
 * A staging model built from other staging models alone (it reads no dbt source) that unions or joins the models of its
 * own noun from two or more systems, each keeping its key (stg_sessions: Ergast's and the live-timing feed's sessions, one
 * session_id), is that noun's conformed table: the systems' models are its rows, and it is the one thing the layer keys by.
 */
export function conformedTables<M extends LayerModel>(models: M[], upstream: (node: DbtNode) => string[]): { model: M; pieces: M[]; key: string; noun: string }[] {
  const byName = new Map(models.map((m) => [m.node.name, m]));
  const out: { model: M; pieces: M[]; key: string; noun: string }[] = [];
  for (const m of models) {
    if (m.kind !== 'entity' || m.node.sourceRefs.length) continue;
    const noun = snakeOf(m.parsed.tokens);
    const mine = new Set(m.columns.map((c) => c.name.toLowerCase()));
    const key = [`${noun}_id`, ...m.ownKeys].find((k) => mine.has(k));
    if (!key) continue;
    const pieces = upstream(m.node).map((u) => byName.get(u)).filter((u): u is M => !!u && u !== m && u.kind === 'entity'
      && u.source !== m.source && snakeOf(u.parsed.tokens) === noun && u.columns.some((c) => c.name.toLowerCase() === key));
    if (new Set(pieces.map((u) => u.source)).size >= 2) out.push({ model: m, pieces, key, noun });
  }
  // a system's table named for the conformed noun plus a word (stg_live_timing__session_info), one row per its key: its rows again
  for (const c of out) {
    const systems = new Set(c.pieces.map((p) => p.source));
    for (const m of models) {
      if (m.kind !== 'entity' || !systems.has(m.source) || out.some((o) => o.model === m || o.pieces.includes(m))) continue;
      if (!snakeOf(m.parsed.tokens).startsWith(`${c.noun}_`) || [...m.ownKeys].some((k) => k !== c.key)) continue;
      if (m.columns.some((x) => x.name.toLowerCase() === c.key)) c.pieces.push(m);
    }
  }
  return out;
}

/**
 * A model of the same system whose noun ends with another model's noun and whose columns are the
 * same is a filtered copy of it (adjustment_transactions of transactions): folded into that one.
 */
export function markDuplicates(models: LayerModel[]): { model: LayerModel; of: LayerModel }[] {
  const out: { model: LayerModel; of: LayerModel }[] = [];
  const entities = models.filter((m) => m.kind === 'entity');
  const byNoun = new Map<string, LayerModel[]>();
  for (const m of entities) {
    const k = `${snakeOf(m.parsed.tokens)}|${m.source}`;
    const l = byNoun.get(k);
    if (l) l.push(m); else byNoun.set(k, [m]);
  }
  for (const m of entities) {
    const t = m.parsed.tokens;
    if (t.length < 2 || m.columns.length < 4) continue;
    for (let k = 1; k < t.length; k++) {
      const of = byNoun.get(`${snakeOf(t.slice(k))}|${m.source}`)?.[0];
      if (!of || of === m) continue;
      if (jaccard(m.columns, of.columns) >= 0.9) { out.push({ model: m, of }); break; }
    }
  }
  return out;
}

/**
 * A second staging model reading nothing but one source table that another staging model already stages under the
 * table's own noun (stg_coupons_mongo_data and src_mongodb_sale both read mongodb's sale) is that table's rows again.
 */
export function markRestagings(models: LayerModel[]): { model: LayerModel; of: LayerModel; table: string }[] {
  const byTable = new Map<string, LayerModel[]>();
  for (const m of models) for (const r of new Set(m.node.sourceRefs)) {
    const l = byTable.get(r);
    if (l) l.push(m); else byTable.set(r, [m]);
  }
  const out: { model: LayerModel; of: LayerModel; table: string }[] = [];
  for (const [ref, readers] of byTable) {
    if (readers.length < 2) continue;
    const table = ref.split('.').pop()!.toLowerCase();
    // (a versioned export, organisations_v0, is the table organisations)
    const noun = snakeOf(singularPhrase(table.replace(/_v\d+$/, '').split('_').filter(Boolean)));
    const of = readers.find((m) => m.kind === 'entity' && snakeOf(m.parsed.tokens) === noun && new Set(m.node.sourceRefs).size === 1);
    if (!of) continue;
    for (const m of readers) {
      if (m === of || m.kind !== 'entity' || m.node.refs.length || new Set(m.node.sourceRefs).size !== 1 || snakeOf(m.parsed.tokens) === noun) continue;
      // a part flattened out of the table's rows (purchase_order_line_items from purchase_orders) or rows keyed by a key of
      // their own are things of their own
      if (snakeOf(m.parsed.tokens).startsWith(noun + '_') || [...m.ownKeys].some((k) => !of.ownKeys.has(k))) continue;
      // …and so is a thing drawn out of the rows under an identifier named for it that the table's own model holds as a
      // reference (the shipments' distinct origin and destination pairs as routes, route_id, beside the shipments' route_id)
      const drawn = `${snakeOf(m.parsed.tokens)}_id`;
      if ([m, of].every((x) => x.columns.some((c) => c.name.toLowerCase() === drawn))) continue;
      out.push({ model: m, of, table: ref });
    }
  }
  return out;
}

/**
 * Readers of one source table that keep the same column of it as their own identifier hold its rows again: stg_shopify__orders
 * and stg_shopify__order_attribution both rename orders' `id` to order_id; stg_quickbooks__customers keeps
 * xlsx_customer's quick_books_internal_id and customer_contacts_clean renames it customer_id. The one whose name adds
 * words to the other's noun (attribution, contacts_clean) is a copy of it with other columns, not a thing of its own
 * (a part flattened out of the rows, an order's line items, has an identifier of its own).
 */
export function markSameRows(project: Project, models: LayerModel[]): { model: LayerModel; of: LayerModel; table: string; column: string }[] {
  const byTable = new Map<string, LayerModel[]>();
  for (const m of models) {
    const refs = new Set(m.node.sourceRefs);
    if (m.kind !== 'entity' || refs.size !== 1 || m.node.refs.length) continue;
    const [r] = refs;
    const l = byTable.get(r);
    if (l) l.push(m); else byTable.set(r, [m]);
  }
  // the source column each own identifier renames (id as order_id → id)
  const idColumns = (m: LayerModel) => {
    const shape = sqlShape(project, m.node);
    return new Set([...m.ownKeys, ...shape.ownIdAliases].map((k) => shape.renames.get(k) ?? k));
  };
  const out: { model: LayerModel; of: LayerModel; table: string; column: string }[] = [];
  for (const [table, readers] of byTable) {
    if (readers.length < 2) continue;
    const ids = new Map(readers.map((m) => [m, idColumns(m)]));
    for (const m of readers) {
      // (rows that are an array's elements are parts: the table's id there is the parent's)
      const shape = sqlShape(project, m.node);
      if (shape.unnests) continue;
      const noun = snakeOf(m.parsed.tokens);
      // …as are rows keyed by a key of their own (a line's line_item_id): every own key is the original's identifier
      const same = (o: LayerModel) => [...m.ownKeys].every((k) => ids.get(o)!.has(shape.renames.get(k) ?? k)) && [...ids.get(o)!].some((c) => ids.get(m)!.has(c));
      // (…and one named as a part of the other, stg_aides__aides__themes, is read by the rule for parts of a table)
      const of = readers.find((o) => o !== m && noun.startsWith(snakeOf(o.parsed.tokens) + '_') && same(o) && !m.node.name.startsWith(`${o.node.name}__`));
      if (of) out.push({ model: m, of, table, column: [...ids.get(of)!].find((c) => ids.get(m)!.has(c))! });
    }
  }
  return out;
}

/**
 * A staging model built from one helper alone that returns every column of it, named for the helper's noun with words
 * added (stg_quickbooks__order_items_tax_status over base_quickbooks__order_items, adding a tax-exempt flag): the same
 * rows, so the thing keeps the helper's noun (OrderItem); the added words say what the step adds, not what the rows are.
 */
export function nameForTheirBase(models: LayerModel[], upstream: (node: DbtNode) => string[]): void {
  const helpers = new Map(models.filter((m) => m.kind === 'helper').map((m) => [m.node.name, m]));
  if (!helpers.size) return;
  const nouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => `${m.source}|${snakeOf(m.parsed.tokens)}`));
  for (const m of models) {
    if (m.kind !== 'entity' || m.node.sourceRefs.length) continue;
    const ups = upstream(m.node);
    const h = ups.length === 1 ? helpers.get(ups[0]) : undefined;
    const n = h?.parsed.tokens.length ?? 0;
    if (!h || !h.columns.length || m.parsed.tokens.length <= n || snakeOf(singularPhrase(m.parsed.tokens.slice(0, n))) !== snakeOf(singularPhrase(h.parsed.tokens))) continue;
    if (nouns.has(`${m.source}|${snakeOf(h.parsed.tokens)}`)) continue;
    const mine = new Set(m.columns.map((c) => c.name.toLowerCase()));
    if (!h.columns.every((c) => mine.has(c.name.toLowerCase()))) continue;
    m.parsed = { ...m.parsed, tokens: h.parsed.tokens };
    nouns.add(`${m.source}|${snakeOf(h.parsed.tokens)}`);
  }
}

/** A relation's noun, singular: a source table's or a model's name less its layer prefix and version (candidats_v0 → candidat). */
const relationNoun = (name: string) => snakeOf(singularPhrase(name.toLowerCase().replace(/^(?:stg|staging|src)_+/, '').replace(/_v\d+$/, '').split('_').filter(Boolean)));

/**
 * Things the layer already has, joined again (stg_candidats_candidatures: candidats left join candidatures; a copy with a
 * label or a date added): every relation the model reads is a thing another staging model is (a source table it stages,
 * or a model named for it), there are two or more, and the model has no key of its own. Its rows are those of the thing
 * its name starts with (else the first), again.
 */
export function markJoinsAgain(models: LayerModel[]): { model: LayerModel; of: LayerModel; things: string[] }[] {
  const entities = new Map<string, LayerModel>();
  const readers = new Map<string, number>();
  for (const m of models) {
    if (m.kind === 'entity') entities.set(snakeOf(m.parsed.tokens), m);
    for (const r of new Set(m.node.sourceRefs)) readers.set(r, (readers.get(r) ?? 0) + 1);
  }
  const out: { model: LayerModel; of: LayerModel; things: string[] }[] = [];
  for (const m of models) {
    if (m.kind !== 'entity' || m.ownKeys.size) continue;
    const sources = [...new Set(m.node.sourceRefs)];
    const relations = [...sources.map((r) => ({ noun: relationNoun(r.split('.').pop()!), staged: (readers.get(r) ?? 0) > 1 })),
      ...m.node.refs.map((r) => ({ noun: relationNoun(r.name), staged: true }))];
    if (relations.length < 2) continue;
    const things = relations.map((r) => (r.staged ? entities.get(r.noun) : undefined));
    if (things.some((t) => !t || t === m)) continue;
    const own = snakeOf(m.parsed.tokens.map((t) => singularPhrase([t])[0]));
    const of = things.find((t) => own.startsWith(snakeOf(t!.parsed.tokens) + '_')) ?? things[0]!;
    out.push({ model: m, of, things: [...new Set(things.map((t) => t!.node.name))] });
  }
  return out;
}

function jaccard(a: readonly { name: string }[], b: readonly { name: string }[]): number {
  // the loader's columns every table of a system shares (_airbyte_raw_id, _fivetran_synced) say nothing of whose rows they are
  const x = new Set(a.map((c) => c.name.toLowerCase()).filter((n) => !isTechnicalColumn(n)));
  const y = new Set(b.map((c) => c.name.toLowerCase()).filter((n) => !isTechnicalColumn(n)));
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const n of x) if (y.has(n)) both++;
  return both / (x.size + y.size - both || 1);
}

/** The model's grain: its surrogate key's inputs, else the columns of a unique-combination test (loader columns left out), else the one column its SQL dedups on. */
export function grainOf(project: Project, node: DbtNode): string[] {
  const g = sqlShape(project, node).grain;
  if (g.length) return g;
  for (const t of node.tests) {
    if (!/unique_combination_of_columns$/.test(t.name)) continue;
    const cols = t.args.combination_of_columns;
    // (a loader's line number among them: one row per line of each file, no business grain)
    if (Array.isArray(cols)) return cols.some((c) => isRowPositionColumn(String(c))) ? [] : cols.map((c) => String(c).toLowerCase()).filter((c) => !c.startsWith('_') && c !== 'source_relation');
  }
  // (named as the model returns it: partition by transID, then transID as transaction_id)
  const { dedupKey, renames } = sqlShape(project, node);
  return dedupKey ? [[...renames].find(([, from]) => from === dedupKey)?.[0] ?? dedupKey] : [];
}

/**
 * Columns that are the row's own identifier: unique or primary key, a bare `id`, `<noun>_id`, the
 * source's id renamed (`id as event_id`), the primary entity a semantic model declares on a model
 * built from this one, a one-column grain.
 */
export function ownIdentifiers(project: Project, m: LayerModel, semantic: ReturnType<typeof semanticKeys>): Set<string> {
  const out = new Set(m.ownKeys);
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  const noun = snakeOf(m.parsed.tokens);
  for (const n of ['id', `${noun}_id`, `${noun}_key`, `${noun}_uuid`, `id_${noun}`]) if (names.has(n)) out.add(n);
  // (…or the noun glued to its key word, as a back office names every key: WealthServ's policies keyed policycode, its
  // commission runs commissionruncode)
  const glued = noun.replace(/_/g, '');
  for (const n of [`${glued}code`, `${glued}id`]) if (glued.length >= 2 && names.has(n)) out.add(n);
  // the qualifying words of the noun shortened, its head kept (temp_product_id of temporary_products, cust_order_id of
  // customer_orders; treatplan_id of treatplanattach is another table's key)
  const words = noun.split('_');
  for (const n of names) {
    const stem = /^([a-z0-9_]+)_(?:id|key)$/.exec(n)?.[1].split('_');
    if (words.length >= 2 && stem?.length === words.length && stem.join('_') !== noun && stem.at(-1) === words.at(-1)
      && stem.every((w, i) => w === words[i] || (w.length >= 3 && words[i].startsWith(w)))) out.add(n);
  }
  for (const a of sqlShape(project, m.node).ownIdAliases) out.add(a);
  const grain = grainOf(project, m.node);
  if (grain.length === 1) out.add(grain[0]);
  for (const [expr, keys] of semantic) {
    if (names.has(expr) && keys.some((k) => k.type === 'primary' && k.model && project.modelByName.get(k.model)?.refs.some((r) => r.name === m.node.name))) out.add(expr);
  }
  return out;
}
