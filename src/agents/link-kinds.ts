// What a staging model is by the references it holds: a link between things (bridge, membership,
// association class), values or a part of one other thing, or its history — and which of its
// references are the link's ends (not who wrote the row, not the tenant copied onto it).
import { attributeKind, columnTokens, isTechnicalColumn, keyShape, keyStem, roleOf } from './columns.js';
import type { StagingModel } from './entities.js';
import { PERIOD_NAMES } from './entity-keys.js';
import { singularWord } from './inflection.js';
import { containsRun, isActorRole } from './key-inference.js';
import { describedAsLink, flagsOf, hasValidityColumns, isLinkFiller } from './model-kinds.js';
import { pascalName, snakeOf } from './naming.js';

/** Words of a column holding when something happened, whatever zone suffix follows (event_timestamp_pt, occurred_at_utc). */
const TIME_TOKENS = new Set(['at', 'timestamp', 'datetime', 'time', 'ts']);

/** The model's references to other entities (declared first), one per column, in column order. */
export function referenceColumns(m: StagingModel): { column: string; entity: string }[] {
  const out: { column: string; entity: string }[] = [];
  const seen = new Set<string>();
  const own = m.entity ?? m.noun;
  const add = (column: string, entity: string) => {
    const lower = column.toLowerCase();
    if (seen.has(lower) || entity === own) return;
    seen.add(lower);
    out.push({ column, entity });
  };
  for (const d of m.foreignKeys) { const t = m.declared.get(d.column.toLowerCase()); if (t) add(d.column, t.entity); }
  for (const c of m.columns) { const g = m.guesses.get(c.name.toLowerCase()); if (g) add(c.name, g.entity); }
  return out;
}

/**
 * Columns two thirds or more of a system's tables carry (four tables at least), key-shaped or in a family of such columns
 * (OLIDS's lds_id, lds_business_key, lds_dataset_id, lds_start_date_time; record_owner_organisation_code): the loader's or
 * the system's bookkeeping on every row. They say nothing of one table, so they do not make a link more than a link.
 */
export function markSystemWide(models: readonly StagingModel[]): void {
  const bySystem = new Map<string, StagingModel[]>();
  for (const m of models) { const l = bySystem.get(m.source); if (l) l.push(m); else bySystem.set(m.source, [m]); }
  for (const list of bySystem.values()) {
    const counts = new Map<string, number>();
    for (const m of list) for (const n of new Set(m.columns.map((c) => c.name.toLowerCase()))) counts.set(n, (counts.get(n) ?? 0) + 1);
    const common = list.length >= 4 ? [...counts].filter(([n, k]) => k * 3 >= list.length * 2 && n !== 'id' && !isTechnicalColumn(n)).map(([n]) => n) : [];
    const firstWords = new Map<string, number>();
    for (const n of common) { const w = n.split('_')[0]; firstWords.set(w, (firstWords.get(w) ?? 0) + 1); }
    const wide = new Set(common.filter((n) => n.includes('_') && (!!keyShape(n) || /_(?:code|key)$/.test(n) || (firstWords.get(n.split('_')[0]) ?? 0) >= 3)));
    for (const m of list) m.systemWide = wide;
  }
}

/** The references that link things: who created or last changed the row (created_by_id, last_modified_by_id) is bookkeeping, not an end of a link. */
export function linkEnds(m: StagingModel): { column: string; entity: string }[] {
  return referenceColumns(m).filter((r) => r.column !== m.tenant && (!isAuditKey(r.column) || m.declared.has(r.column.toLowerCase())));
}

/** created_by_id, last_modified_by_id: who wrote the row, bookkeeping on every table of some systems. */
const isAuditKey = (column: string) => /(?:^|_)(?:created|updated|modified|deleted|changed|inserted)_by$/.test(keyStem(column).join('_'));

/**
 * Three references, two of them to the things the table is named for and the third to what one of those
 * belongs to (teams_users: team_id, user_id and the organization_id teams carry too): the third is the
 * link's tenant, copied onto it, not an end.
 */
export function markTenant(m: StagingModel, parentsOf: (entity: string) => ReadonlySet<string>, entityTokens: (name: string) => string[]): void {
  m.tenant = undefined;
  const refs = linkEnds(m);
  if (refs.length !== 3) return;
  const named = refs.filter((r) => containsRun(singularAll(m.parsed.tokens), singularAll(entityTokens(r.entity))));
  const rest = refs.filter((r) => !named.includes(r));
  if (named.length === 2 && rest.length === 1 && named.some((r) => parentsOf(r.entity).has(rest[0].entity))) m.tenant = rest[0].column;
}

export const singularAll = (tokens: readonly string[]) => tokens.map(singularWord);
const startsWithRun = (tokens: readonly string[], run: readonly string[]) => run.length <= tokens.length && run.every((t, i) => tokens[i] === t);

/** Words of a link named after its ends (opportunity_contact_role, collection_product_link). */
const LINK_WORDS = new Set(['role', 'link', 'relation', 'relationship', 'association', 'assignment', 'map', 'mapping', 'xref']);
/** Last words of a table that says it is a link table. */
const NAMED_LINK_WORDS = new Set(['bridge', 'junction', 'xref']);
/** The last word of a table of a thing's members. */
const MEMBER_WORDS = new Set(['member', 'membership', 'participant', 'participation']);

/** Is the name its ends' nouns in some order, plus at most one word for the link (or `with <what it carries>`)? */
function nameIsEnds(tokens: readonly string[], ends: readonly (readonly string[])[]): boolean {
  let rest = singularAll(tokens).join('_');
  for (const e of ends) {
    // (an end may be named by its head noun: child_class links a child to a school's class)
    let t = singularAll(e).join('_');
    if (`_${rest}_`.indexOf(`_${t}_`) < 0) t = singularWord(e[e.length - 1] ?? '');
    const at = `_${rest}_`.indexOf(`_${t}_`);
    if (!t || at < 0) return false;
    rest = `_${rest}_`.replace(`_${t}_`, '_').replace(/^_+|_+$/g, '');
  }
  // …or a phrase saying what the link carries (bid_item_sku_with_quantities: a bid item's SKUs, with how many)
  return !rest || LINK_WORDS.has(rest) || /^with_[a-z]+$/.test(rest);
}

/**
 * The references a table named `<a>_join_<b>` joins: the one naming a and the one naming b (by their entity's noun, its
 * head noun, or the key's stem), in that order; only a's when no reference names b (b is no staged thing). Undefined when
 * the name joins nothing or a names no reference.
 */
function joinEnds(m: StagingModel, refs: { column: string; entity: string }[], entityTokens: (name: string) => string[]): { column: string; entity: string }[] | undefined {
  const t = singularAll(m.parsed.tokens);
  const at = t.indexOf('join');
  if (at < 1 || at > t.length - 2 || t.lastIndexOf('join') !== at) return undefined;
  const names = (side: string[], r: { column: string; entity: string }) => {
    const e = singularAll(entityTokens(r.entity));
    return side.join('_') === e.join('_') || side.join('_') === singularAll(keyStem(r.column)).join('_') || (e.length > 0 && side[side.length - 1] === e[e.length - 1]);
  };
  const a = refs.find((r) => names(t.slice(0, at), r));
  if (!a) return undefined;
  const b = refs.find((r) => r !== a && names(t.slice(at + 1), r));
  return b ? [a, b] : [a];
}

/** A membership table: named <thing>_member, holding that thing's key and the plain keys of its members (of other kinds). */
function membershipEnds(m: StagingModel, refs: { column: string; entity: string }[], roles: string[][], entityTokens: (name: string) => string[]):
  { group: { column: string; entity: string }; members: { column: string; entity: string }[] } | undefined {
  const t = singularAll(m.parsed.tokens);
  if (t.length < 2 || !MEMBER_WORDS.has(t[t.length - 1])) return undefined;
  const noun = t.slice(0, -1).join('_');
  const group = refs.find((r, i) => !roles[i].length && singularAll(entityTokens(r.entity)).join('_') === noun);
  if (!group) return undefined;
  const members = refs.filter((r, i) => r !== group && r.entity !== group.entity && !roles[i].length);
  if (!members.length || new Set(members.map((r) => r.entity)).size !== members.length) return undefined;
  return { group, members };
}

/**
 * The two key columns a table is named for, in the name's order (manager_co: manager_id, co_id), when the rest of its
 * columns are its own id, bookkeeping and at most two values of the link (a year, a date range).
 */
function namedForKeys(m: StagingModel): string[] | undefined {
  const name = singularAll(m.parsed.tokens).join('_');
  const own = (n: string) => n === 'id' || n === `${snakeOf(m.parsed.tokens)}_id` || m.ownIds.has(n) || m.ownKeys.has(n);
  const keys = m.columns.map((c) => c.name.toLowerCase()).filter((n) => !own(n) && !isTechnicalColumn(n) && !isAuditKey(n) && keyStem(n).length && /_(?:id|key|uuid)$/.test(n));
  for (const a of keys) for (const b of keys) {
    if (a === b || `${singularAll(keyStem(a)).join('_')}_${singularAll(keyStem(b)).join('_')}` !== name) continue;
    const extra = m.columns.filter((c) => { const n = c.name.toLowerCase(); return n !== a && n !== b && !own(n) && !isLinkFiller(n) && !isAuditKey(n) && n !== 'created_by' && n !== 'updated_by'; });
    // (a key of a kind the layer has no table for, the association's own type beside subscription_id and user_id, is a value
    // of the link like its name: only a key naming a staged thing makes it more than a link)
    const staged = (k: string) => m.guesses.has(k) || m.declared.has(k);
    return extra.length <= 2 && !keys.some((k) => k !== a && k !== b && staged(k)) ? [a, b] : undefined;
  }
  return undefined;
}

export function columnKind(m: StagingModel, entityTokens: (name: string) => string[], part?: { entity: string; above: ReadonlySet<string> },
  keyOwner?: (m: StagingModel, column: string) => string | undefined, renamesSourceId?: (m: StagingModel, column: string) => boolean,
  stagedNoun?: (m: StagingModel, noun: string) => string | undefined):
  { kind: 'bridge' | 'history' | 'attribute' | 'duplicate'; why: string; served?: string } | undefined {
  m.ends = undefined;
  m.linkName = undefined;
  const refs = linkEnds(m);
  // stamped with the created time of a thing it holds the key of (recruitment: race_id, race_created_at): one row per that
  // thing, its rows again with others' columns flattened in (an export of upcoming races), not a thing of its own
  // (a table with an identifier of its own beside it, an order's lines stamped with the order's time, is a thing of its own)
  const again = refs.find((r) => { const noun = snakeOf(entityTokens(r.entity)); return r.column.toLowerCase() === `${noun}_id` && m.columns.some((c) => c.name.toLowerCase() === `${noun}_created_at`)
    && ![...m.ownKeys].some((k) => k !== r.column.toLowerCase() && !!renamesSourceId?.(m, k)); });
  if (again) return { kind: 'duplicate', why: `${again.entity}'s rows again (${again.column}, ${snakeOf(entityTokens(again.entity))}_created_at: stamped as that thing)`, served: again.entity };
  // <a>_join_<b> (students_join_people, gradebook_assignment_types_join_course_periods): the name says it joins a's to b's —
  // a link whatever flags of the pair it carries (custody, a weight) or who else it names; joined to nothing staged
  // (people_join_contacts), a's values: the contact details of a person
  const joined = joinEnds(m, refs, entityTokens);
  if (joined?.length === 2) {
    m.ends = joined.map((r) => r.column.toLowerCase());
    // (named by what it joins, the word join dropped, as a modeler names an association)
    m.linkName = pascalName(singularAll(m.parsed.tokens.filter((t) => t !== 'join')));
    return { kind: 'bridge', why: `its name joins ${joined[0].entity} to ${joined[1].entity} (${joined.map((r) => r.column).join(', ')}): a link between them` };
  }
  if (joined?.length === 1) return { kind: 'attribute', why: `its name joins ${joined[0].entity} to what no staged table holds: values of ${joined[0].entity} (its key ${joined[0].column})`, served: joined[0].entity };
  // a part of another table (stg_x__formations__horaires beside stg_x__formations), no identifier of its own, holding
  // the parent's key and maybe what the parent belongs to: values flattened out of the parent's rows, however many
  const parentRef = part && refs.find((r) => r.entity === part.entity);
  // (the parent's id carried over, id as aide_id, is the parent's key, not an identifier of the part's own)
  if (part && parentRef && ![...m.ownIds, ...m.ownKeys].some((k) => k !== parentRef.column.toLowerCase())) {
    const key = parentRef.column;
    const others = refs.filter((r) => r.entity !== part.entity && !part.above.has(r.entity));
    if (!others.length) return { kind: 'attribute', why: `a part of ${m.parsed.parent} (its key ${key} and values of its own rows, no identifier of its own)`, served: part.entity };
    // a list of references to another thing (an aid's départements): a link, whatever it copies of that thing (its name)
    const above = refs.filter((r) => r.entity !== part.entity && part.above.has(r.entity));
    if (others.length === 1 && above.length <= 1) {
      m.tenant = above[0]?.column;
      return { kind: 'bridge', why: `a part of ${m.parsed.parent} listing references to ${others[0].entity} (${key}, ${others[0].column})` };
    }
  }
  // multi-valued attributes of one thing (order_discount_code, domain_name): its key, no identity, a few values
  // (an array element's own id, a product option's, does not make its few values a thing: product_options' option_id, name;
  // one named for the table, sales_order_items' sales_order_item_id, does)
  const identity = [...m.ownIds, ...m.ownKeys].filter((k) => !m.elementIds.has(k) || k === `${snakeOf(m.parsed.tokens)}_id`);
  if (refs.length === 1 && !identity.length) {
    // (when a row was written is bookkeeping, not a value: onboarding_checklist's created_at, updated_at)
    const values = m.columns.filter((c) => { const n = c.name.toLowerCase(); return n !== refs[0].column.toLowerCase() && !isTechnicalColumn(n) && !['index', 'position', 'ts', 'dt'].includes(n)
      && !/^(?:created|updated|modified|inserted|loaded|synced)(?:_at|_on|_date|_time|_timestamp)?$|^(?:create|update)_timestamp$/.test(n); });
    // …not rows of a day (calendar_dates: service_id + date + exception_type): those are dated records of their own
    // (columns known only from readers are some of its columns: beside values of its own, an identifier nobody downstream
    // reads is still there; beside other keys alone it links, whatever id it has)
    const unread = m.partial && values.some((c) => !keyShape(c.name.toLowerCase()));
    // …nor a table named for events, each with its time (install_events: the shop and when): occurrences, not values
    const occurrences = singularWord(m.parsed.tokens[m.parsed.tokens.length - 1] ?? '') === 'event' && values.some((c) => attributeKind(c.name, c.data_type) === 'time' || columnTokens(c.name).some((t) => TIME_TOKENS.has(t)));
    if (values.length && values.length <= 3 && !unread && !occurrences && !hasValidityColumns(m.node) && !values.some((c) => PERIOD_NAMES.has(c.name.toLowerCase()))) {
      return { kind: 'attribute', why: `values of ${refs[0].entity} (its key ${refs[0].column} and ${values.map((c) => c.name).join(', ')}, no identifier of its own)`, served: refs[0].entity };
    }
  }
  const details = refs.length === 1 ? detailsOf(m, refs[0].column.toLowerCase()) : undefined;
  if (details) return { kind: 'attribute', why: `${details} of ${refs[0].entity} (its key ${refs[0].column}), however many: values of it, not a thing`, served: refs[0].entity };
  // a thing's answers field by field (feedback_form_field: feedback_form_id, field_index, value_text, value_number, value_date):
  // one value a row, spread over columns by type, whichever the field's type fills — values of the thing, however many
  if (refs.length === 1 && !identity.length && m.columns.filter((c) => TYPED_VALUE.test(c.name.toLowerCase())).length >= 2) {
    return { kind: 'attribute', why: `values of ${refs[0].entity} field by field (its key ${refs[0].column}, each value in the column of its type), not a thing`, served: refs[0].entity };
  }
  // the same of a thing the layer has no table of (contact_email: contact_id and an email; the contacts live in the
  // system, not in the layer): values of that thing still, left out with it
  const unstaged = refs.length ? undefined : heldLeadKey(m);
  const unstagedDetails = unstaged && detailsOf(m, unstaged.key);
  if (unstaged && unstagedDetails) return { kind: 'attribute', why: `${unstagedDetails} of a ${unstaged.noun.join(' ')} (its key ${unstaged.key}), which the layer has no table of: values of it, not a thing`, served: pascalName(unstaged.noun) };
  // one row per another thing (customer_tiering deduped per hubspot_company_id): its one identifier, and nothing else
  // key-shaped, is the key that thing's models hold; a name that starts with that thing's noun (engagement_call) is a
  // subtype and stays
  // (an id of its source renamed, _id as sale_id, is the row's own identity whatever it is called)
  const ownId = m.ownIds.size === 1 && !m.ownKeys.size && !refs.length ? [...m.ownIds][0] : undefined;
  const keyed = ownId && !renamesSourceId?.(m, ownId) ? keyOwner?.(m, ownId) : undefined;
  if (keyed && !startsWithRun(singularAll(m.parsed.tokens), singularAll(entityTokens(keyed)))) {
    return { kind: 'attribute', why: `one row per ${keyed} (its identifier ${ownId} is ${keyed}'s key): attributes of it in a table of their own`, served: keyed };
  }
  const flagged = flagsOf(m.parsed.tokens, m.columns, refs.map((r) => ({ ...r, tokens: entityTokens(r.entity) })),
    (n) => n === 'id' || m.ownKeys.has(n) || m.ownIds.has(n) || n === `${snakeOf(m.parsed.tokens)}_id`);
  if (flagged) return { kind: 'attribute', why: `values of ${flagged.entity} in a table of their own (its key ${flagged.column}, then flags or the one value its name says)`, served: flagged.entity };
  // (…unless it is a line with an identity of its own and how many of a thing it holds: a kit's component, kit_item_id,
  // linking a component product to its kit with quantities, is a thing, as an order's line is)
  const countedLine = [...m.ownKeys].some((k) => !refs.some((r) => r.column.toLowerCase() === k))
    && m.columns.some((c) => /(?:^|_)(?:qty|quantity)(?:_|$)/.test(c.name.toLowerCase()));
  if (refs.length === 2 && describedAsLink(m.description) && !countedLine) return { kind: 'bridge', why: 'its description says it maps one thing to another' };
  const keyNamed = namedForKeys(m);
  if (keyNamed && refs.length < 2) return { kind: 'bridge', why: `it is named for the two keys it holds (${keyNamed.join(', ')}) and holds little else: a link, one of whose ends the layer has no table for` };
  // named for two things of its system the layer holds (refund_invoice_payment: a refund, an invoice payment) and holding
  // neither's key nor any other, only its id, bookkeeping and figures (refund_amount): how much of one went to the other,
  // a link whose ends its SQL does not return — nothing to draw and no thing of its own
  const applied = !refs.length && stagedNoun ? appliedBetween(m, stagedNoun) : undefined;
  if (applied) return { kind: 'bridge', why: `it is named for ${applied[0]} and ${applied[1]} and holds neither's key, only amounts: the application of one to the other, with no ends to draw` };
  if (refs.length >= 2) {
    const refCols = new Set(refs.map((r) => r.column.toLowerCase()));
    const ownNamed = (c: string) => c === 'id' || c === `${snakeOf(m.parsed.tokens)}_id`;
    // its own identifier: unique, named for it, or the id it renames (id as teams_users_id)
    const own = (n: string) => ownNamed(n) || m.ownKeys.has(n) || m.ownIds.has(n);
    const ownKey = m.columns.some((c) => { const n = c.name.toLowerCase(); return !refCols.has(n) && own(n); });
    const keyedByReference = refs.some((r) => m.ownKeys.has(r.column.toLowerCase()));
    // how many of one end the other holds, named for that end (a bundle's item_quantity), is the link's own count;
    // a bare quantity or a stock level's available_quantity is a measure of a thing
    const endCount = (n: string) => { const q = /^(\w+)_(?:quantity|qty)$/.exec(n); return !!q && refs.some((r) => snakeOf(entityTokens(r.entity)) === q[1]); };
    // a table its name calls a link (course_reasons_bridge) may carry an id its loader generated (generated_id, bridge_id)
    const namedLink = NAMED_LINK_WORDS.has(m.parsed.tokens[m.parsed.tokens.length - 1]);
    const extra = m.columns.filter((c) => { const n = c.name.toLowerCase(); return !refCols.has(n) && n !== m.tenant?.toLowerCase() && !own(n) && !isLinkFiller(n) && !endCount(n) && !isAuditKey(n) && !m.systemWide?.has(n)
      && !(namedLink && (n === 'id' || n.endsWith('_id'))); });
    // a row with an identity of its own (interview_id) is a thing that happens to hold two references,
    // unless its name is made of the two things it links (opportunity_contact_role)
    // (…or by their head nouns: child_class links a child to a school's class, child_subject a child to a section's subject)
    const named = singularAll(m.parsed.tokens);
    // (…or by the key it holds: school_volunteer's school_id and volunteer_id, whatever entities those name)
    const namedForEnds = refs.every((r) => { const e = singularAll(entityTokens(r.entity)); return containsRun(named, e) || (e.length > 1 && named.includes(e[e.length - 1])) || containsRun(named, singularAll(keyStem(r.column))); });
    // an association holds the plain keys of what it links (deal_id, company_id); billing_address_id
    // and shipping_address_id are two roles of one thing's attributes
    const roles = refs.map((r) => roleOf(r.column, entityTokens(r.entity)));
    // a person acting on the row (approved_by_employee_id) makes it a record of an action, not a link;
    // a link of an entity with itself is named for it (issue_link)
    const acted = roles.some((r) => isActorRole(r));
    const selfLink = refs[0].entity === refs[1].entity;
    if (refs.length === 2 && !extra.length && !keyedByReference && roles.filter((r) => r.length).length <= 1 && !acted && (!selfLink || namedForEnds) && (!ownKey || namedForEnds || namedLink)) {
      return { kind: 'bridge', why: `it holds two references (${refs.map((r) => r.column).join(', ')}) and nothing else of its own` };
    }
    // named for exactly its two ends, at most a word for the link after them (opportunity_contact_role), with a value or
    // two of its own: those are the link's attributes (the contact's portal access on that opportunity), an association class
    // (a name made of the keys it holds, school_volunteer with school_id and volunteer_id, says so whatever roles those keys play)
    // (…with no identity of its own, whatever it holds besides: owners_housing's rank and property right of each owner)
    if (refs.length === 2 && !selfLink && (extra.length <= 2 || !ownKey) && namedForEnds && !keyedByReference
      && ((roles.every((r) => !r.length) && nameIsEnds(m.parsed.tokens, refs.map((r) => entityTokens(r.entity)))) || nameIsEnds(m.parsed.tokens, refs.map((r) => keyStem(r.column)))
        // (…or one end by its key's word and the other by its thing's noun: staff_locations' staff_id, a user, and the
        // location its facility_id holds)
        || nameIsEnds(m.parsed.tokens, [keyStem(refs[0].column), entityTokens(refs[1].entity)]) || nameIsEnds(m.parsed.tokens, [entityTokens(refs[0].entity), keyStem(refs[1].column)]))) {
      return { kind: 'bridge', why: `it is named for the two things it links (${refs.map((r) => r.column).join(', ')}); ${extra.map((c) => c.name).join(', ')} ${extra.length > 1 ? 'are attributes' : 'is an attribute'} of the link` };
    }
    // the members of a thing (campaign_member, team_members, channel_membership): its key and its members' plain keys make the
    // link, whatever the table copies of the members (their name, email, city); who owns or wrote the row is no end
    const member = membershipEnds(m, refs, roles, entityTokens);
    if (member && !keyedByReference) {
      m.ends = [member.group, ...member.members].map((r) => r.column.toLowerCase());
      if (member.members.length > 1) m.anchor = member.group.column;
      return { kind: 'bridge', why: `a membership table: the members of ${member.group.entity} (${member.group.column}) are ${member.members.map((r) => `${r.entity} (${r.column})`).join(', ')}` };
    }
    // three or more plain keys of different things, nothing of its own, named for one of them alone (invoice_linked_txn:
    // invoice_id, payment_id, estimate_id): that one's list of links to each of the others, as bill_linked_txn is a
    // bill's to its payments. A link named for none or all of its ends (enrollment: student, course, term) may be one
    // fact about all three, which no set of two-ended links says: it stays an (associative) entity.
    const anchors = refs.filter((r) => containsRun(singularAll(m.parsed.tokens), singularAll(entityTokens(r.entity))));
    if (refs.length > 2 && anchors.length === 1 && new Set(refs.map((r) => r.entity)).size === refs.length && !extra.length && !keyedByReference && !ownKey
      && roles.every((r) => !r.length)) {
      m.anchor = anchors[0].column;
      const others = refs.filter((r) => r !== anchors[0]);
      return { kind: 'bridge', why: `it lists the links of ${anchors[0].entity} (${anchors[0].column}) to ${others.map((r) => `${r.entity} (${r.column})`).join(', ')} and nothing else of its own` };
    }
    // described as the links between things and holding the keys of three or more of them (organization_job_family:
    // organization_id, job_family_id, job_family_group_id; "ties together workers to the positions and organizations they
    // hold"), with no identifier of its own and a value or two of the link at most: a link among them, drawn from the thing
    // its name starts with
    const first = refs.find((r) => startsWithRun(singularAll(m.parsed.tokens), singularAll(entityTokens(r.entity))));
    if (refs.length > 2 && first && describedAsLink(m.description) && !countedLine && !ownKey && !keyedByReference && extra.length <= 2
      && new Set(refs.map((r) => r.entity)).size === refs.length) {
      m.anchor = first.column;
      return { kind: 'bridge', why: `its description says it links ${refs.map((r) => `${r.entity} (${r.column})`).join(', ')}, and it holds little else` };
    }
  }
  if (hasValidityColumns(m.node, m.columns) && !m.ownKeys.size && (!m.ownIds.size || hasValidityColumns(m.node))) {
    const targets = [...new Set(refs.map((r) => r.entity))];
    if (targets.length === 1) return { kind: 'history', why: 'its rows are versions over time (validity columns, no key of its own)', served: targets[0] };
  }
  return undefined;
}

/** How much of something a column holds (refund_amount, applied_total, quantity). */
const FIGURE = /(?:^|_)(?:amount|amt|total|quantity|qty)$/;

/** The two staged things of its system a table is named for, one after the other, when it holds nothing but its id, bookkeeping and figures. */
function appliedBetween(m: StagingModel, stagedNoun: (m: StagingModel, noun: string) => string | undefined): [string, string] | undefined {
  const own = (n: string) => n === 'id' || n === `${snakeOf(m.parsed.tokens)}_id` || m.ownIds.has(n) || m.ownKeys.has(n);
  const rest = m.columns.map((c) => c.name.toLowerCase()).filter((n) => !own(n) && !isAuditKey(n) && !isLinkFiller(n));
  if (!rest.length || rest.some((n) => !!keyShape(n) || !FIGURE.test(n))) return undefined;
  const t = singularAll(m.parsed.tokens);
  for (let k = 1; k < t.length; k++) {
    const a = stagedNoun(m, t.slice(0, k).join('_'));
    const b = stagedNoun(m, t.slice(k).join('_'));
    if (a && b && a !== b) return [a, b];
  }
  return undefined;
}

/** Words of a person's contact details a table may be named for (person_name, person_contact_email_address, user_phone_number, contact_link). */
const DETAIL_WORDS: Record<string, string> = { name: 'name', email: 'email', phone: 'phone', link: 'link' };

/** A value column named for its type (value_text, value_number, date_value): one of several a field's value may be kept in. */
const TYPED_VALUE = /^value_(?:text|string|number|decimal|int|integer|float|double|date|datetime|timestamp|boolean|bool|json)$|^(?:text|string|number|decimal|int|integer|float|double|date|datetime|timestamp|boolean|bool|json)_value$/;

/** The key of the thing a table's name starts with, when the table holds it (contact_phone: contact_id). */
function heldLeadKey(m: StagingModel): { key: string; noun: string[] } | undefined {
  const tokens = m.parsed.tokens;
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  for (let k = tokens.length - 1; k >= 1; k--) {
    const noun = singularAll(tokens.slice(0, k));
    if (names.has(`${snakeOf(noun)}_id`)) return { key: `${snakeOf(noun)}_id`, noun };
  }
  return undefined;
}

/**
 * What a table of one thing's details holds, when that is all it holds: its names (person_name: first, middle and last name per
 * name type), its emails or phone numbers (email_address, email_code, email_comment), whatever row id the system gives each;
 * or its codes of one kind with an id per row named for that kind (personal_information_ethnicity: ethnicity_id,
 * ethnicity_code). Named for the detail after the thing's words, its values named for it.
 */
function detailsOf(m: StagingModel, ref: string): string | undefined {
  const tokens = m.parsed.tokens;
  if (tokens.length < 2) return undefined;
  const own = (n: string) => n === 'id' || m.ownIds.has(n) || m.ownKeys.has(n);
  const values = m.columns.map((c) => c.name.toLowerCase()).filter((n) => n !== ref && !own(n) && !isTechnicalColumn(n) && !isLinkFiller(n));
  if (!values.length) return undefined;
  const tail = tokens[tokens.length - 1] === 'address' || tokens[tokens.length - 1] === 'number' ? tokens[tokens.length - 2] : tokens[tokens.length - 1];
  const word = DETAIL_WORDS[singularWord(tail)];
  // (a row's own id other than one named for the table would make it a thing of its own)
  const ids = [...m.ownIds, ...m.ownKeys].filter((k) => k !== 'id' && k !== `${snakeOf(tokens)}_id` && k !== ref);
  // (e-mails with a subject or a body are messages sent, an engagement's emails, not a thing's addresses)
  const messages = word === 'email' && values.some((n) => /(?:^|_)(?:subject|body|html)(?:_|$)/.test(n));
  if (word && !ids.length && !messages && 2 * values.filter((n) => n.split('_').some((w) => singularWord(w) === word)).length >= values.length) return `the ${word}s`;
  // codes of one kind: the row's id and the code, both named for the kind its name ends in
  const kind = singularWord(tokens[tokens.length - 1]);
  if (ids.length === 1 && ids[0] === `${kind}_id` && values.every((n) => n === `${kind}_code`)) return `the ${kind} codes`;
  return undefined;
}
