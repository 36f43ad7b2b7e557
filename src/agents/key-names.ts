// Names a table's keys give it: a plural the word rules leave alone is singular as its own key says (mous with
// mou_id), an abbreviated name is the noun its own key spells out (so with sales_order_id), and a table named after a key that other tables hold is the thing that key identifies (sc_level_id).
import type { StagingModel } from './entities.js';
import { pascalName, snakeOf } from './naming.js';
import { singularWord } from './inflection.js';

/**
 * A plural the word rules leave alone (mous, an acronym's plural) is singular as the table's own key says: mous with
 * mou_id is Mou. Only a last word ending in s whose key drops one or two letters of it counts.
 */
export function singularByOwnKey(m: StagingModel): void {
  const t = m.parsed.tokens;
  const last = t[t.length - 1];
  if (!last?.endsWith('s') || last.length < 3) return;
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  if (names.has(`${snakeOf(t)}_id`)) return;
  const lead = t.slice(0, -1);
  for (const cut of [1, 2]) {
    const word = last.slice(0, -cut);
    if (word.length >= 2 && names.has(`${snakeOf([...lead, word])}_id`)) { m.parsed = { ...m.parsed, tokens: [...lead, word] }; return; }
  }
}

/**
 * A table whose name abbreviates the noun its own key spells out is named as the key says: Fishbowl's so and po keyed
 * sales_order_id and purchase_order_id (their initials) are SalesOrder and PurchaseOrder, its ship keyed shipment_id is
 * Shipment, and a line glued to such initials (soitem, keyed so_item_id) takes the words the system spells them with
 * (SalesOrderItem). A table named for its noun and the EAV word entity (Magento's customer_entity keyed customer_id,
 * catalog_product_entity keyed product_entity_id) is the key's noun. Only one-word names and names ending in entity
 * count, and only the row's own key; other glued names (claimform, partcost) are left to the word rules.
 */
export function namedByOwnKeys(models: StagingModel[]): void {
  const spelt = new Map<string, string[]>(); // system|initials → the words they stand for
  const keyWords = (c: string) => (c.endsWith('_id') ? c.slice(0, -3).split('_').filter(Boolean) : []);
  const glued: StagingModel[] = [];
  for (const m of models) {
    const t = m.parsed.tokens;
    const entityTail = t.length > 1 && t[t.length - 1] === 'entity';
    if (t.length !== 1 && !entityTail) continue;
    const noun = entityTail ? t.slice(0, -1) : t;
    const table = t.join('');
    let named: string[] | undefined;
    for (const key of m.ownKeys) {
      const words = keyWords(key);
      if (entityTail && words[words.length - 1] === 'entity') words.pop();
      if (!words.length || words.includes('id') || snakeOf(words) === snakeOf(t)) continue;
      if (entityTail) {
        if (words.length <= noun.length && snakeOf(noun.slice(noun.length - words.length)) === snakeOf(words)) named = words;
      } else if (words.length > 1 && words.map((w) => w[0]).join('') === table) {
        spelt.set(`${m.source}|${table}`, words);
        named = words;
      } else if (words.length === 1 && table.length >= 4 && words[0].startsWith(table) && /^\p{L}{3,}$/u.test(words[0].slice(table.length))
        && !/^(?:e?s)$/.test(words[0].slice(table.length))) named = words;
      if (named) break;
    }
    if (named) m.parsed = { ...m.parsed, tokens: named };
    else if (!entityTail) glued.push(m);
  }
  // soitem keyed so_item_id: so is the initials the system's so table spells out
  for (const m of glued) {
    const table = m.parsed.tokens[0];
    for (const key of m.ownKeys) {
      const [head, ...rest] = keyWords(key);
      const words = head !== undefined && rest.length ? spelt.get(`${m.source}|${head}`) : undefined;
      if (words && [head, ...rest].join('') === table) { m.parsed = { ...m.parsed, tokens: [...words, ...rest] }; break; }
    }
  }
}

/**
 * A table named after a key (sc_level_id) is an id map, unless other tables hold that key (sc_level_batch.sc_level_id):
 * then it is the thing the key identifies (ScLevel), with an id of its own and what it is made of (level_id, school_course_id).
 */
export function keyNamedThings(models: StagingModel[], technical: Set<string>): void {
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind !== 'technical' || t.length < 2 || t[t.length - 1] !== 'id') continue;
    const key = snakeOf(t);
    if (!models.some((o) => o !== m && o.kind !== 'helper' && o.columns.some((c) => c.name.toLowerCase() === key))) continue;
    technical.delete(key);
    m.kind = 'entity';
    m.why = undefined;
    m.parsed = { ...m.parsed, tokens: t.slice(0, -1) };
    m.noun = pascalName(m.parsed.tokens);
  }
}

/**
 * A Django application names its tables <app label>_<model> (courses_courserun, ecommerce_order, grades_courserungrade): the
 * label is a module of the application, not part of the noun, which the row's own key names alone (courserun_id, order_id).
 * A first word is such a label when it begins two or more names of its system, is no noun of it, and most of the tables it
 * begins are keyed by one word after it (courserun_id, basketitem_id: a model's name, which Django writes in one word); it
 * goes from those keyed by the rest of their names. A word whose tables are keyed by longer rests or otherwise (Magento's
 * sales_order beside sales_order_item and sales_order_address; HubSpot's email_event beside email_event_bounce, both keyed
 * by the event) is part of their nouns, and so is one before the noun of another table of its system (Ergast's standings of
 * drivers and of constructors, keyed by the driver and the constructor: figures about them).
 */
const DIMENSIONAL = new Set(['fact', 'fct', 'dim']);

export function moduleWordsByOwnKey(models: StagingModel[]): void {
  const nouns = new Set(models.map((m) => `${m.source}|${snakeOf(m.parsed.tokens)}`));
  const restOf = (m: StagingModel): string[] | undefined => {
    const t = m.parsed.tokens;
    const keys = m.ownKeys.size ? [...m.ownKeys] : m.columns.slice(0, 1).map((c) => c.name.toLowerCase());
    for (let k = 1; k < t.length; k++) if (keys.includes(`${snakeOf(t.slice(k))}_id`)) return nouns.has(`${m.source}|${snakeOf(t.slice(k))}`) ? undefined : t.slice(k);
    return undefined;
  };
  const family = new Map<string, StagingModel[]>();
  for (const m of models) {
    // (a dimensional word, fact_user's fact, is left to the rules of staging copies of marts, which name what they copy)
    if (m.parsed.tokens.length < 2 || m.kind === 'helper' || DIMENSIONAL.has(m.parsed.tokens[0]) || nouns.has(`${m.source}|${m.parsed.tokens[0]}`)) continue;
    const key = `${m.source}|${m.parsed.tokens[0]}`;
    family.set(key, [...(family.get(key) ?? []), m]);
  }
  const django = new Set<string>();
  const undecided: [StagingModel[], (string[] | undefined)[]][] = [];
  // a table named <plural>_<its singular> (users_user) is Django's naming of an application's main model, and auth_user is
  // the accounts table of Django's own auth application: its system names tables so
  const authUser = new Set<string>();
  for (const m of models) {
    const [, label, model] = /([a-z]+)_([a-z]+)$/.exec(m.node.name.toLowerCase()) ?? [];
    if (label && label !== model && singularWord(label) === model) django.add(m.source);
    if (label === 'auth' && model === 'user') { django.add(m.source); authUser.add(m.source); }
  }
  const drop = (members: StagingModel[], rests: (string[] | undefined)[]) => {
    // (the label is the application's: its other tables lose it too, combinedcoursegrade keyed coursegrade_id beside grades_*)
    members.forEach((m, i) => { m.parsed = { ...m.parsed, tokens: rests[i] ?? m.parsed.tokens.slice(1) }; });
    django.add(members[0].source);
  };
  for (const members of family.values()) {
    // an application named in the plural of its main model (users_user, profiles_profile beside profiles_education) is
    // such a label for every table it begins, whatever their keys — and a sign that its system names tables so
    const label = members[0].parsed.tokens[0];
    const namesItsModel = (label !== singularWord(label) && models.some((m) => m.source === members[0].source && m.node.name.toLowerCase().endsWith(`${label}_${singularWord(label)}`)))
      || (label === 'auth' && authUser.has(members[0].source));
    // (…also where the application's other table is its only other one: profiles_legaladdress beside profiles_profile)
    if (members.length < 2 && !namesItsModel) continue;
    const rests = members.map(restOf);
    const byKey = rests.filter((r) => r?.length === 1).length;
    if (namesItsModel || byKey * 2 > members.length) drop(members, rests);
    else if (byKey >= 2 && byKey * 2 === members.length) undecided.push([members, rests]);
  }
  // in a system whose other labels are known, half its tables keyed by the one word after a first word is enough
  // (chatbots_djangocheckpoint and chatbots_tutorbotoutput beside chatbots_userchatsession keyed chatsession_id)
  for (const [members, rests] of undecided) if (django.has(members[0].source)) drop(members, rests);
  // in a system so named, an application of one table (exams_examrun keyed examrun_id beside courses_* and ecommerce_*)
  // is named the same way: its label goes where the key names the one word after it
  for (const members of family.values()) {
    const m = members[0];
    if (members.length !== 1 || !django.has(m.source) || m.parsed.tokens.length !== 2) continue;
    const rest = restOf(m);
    if (rest?.length === 1) m.parsed = { ...m.parsed, tokens: rest };
  }
}

/**
 * How a table's rows are delivered, after its noun (artist_batch, venues_batch: the platform's nightly batch of its artists and
 * venues; an orders_export, a products_feed), is no word of the noun when the table's own key — or, with none declared, its
 * first column — is the noun's key (artist_id, venue_id): the batch is the artists. A noun another table of its system already
 * has is left alone (a level's batches beside the levels), and so is a delivery word its own key names (production_batch_id).
 */
const DELIVERY_WORDS = new Set(['batch', 'batches', 'export', 'exports', 'extract', 'extracts', 'dump', 'dumps', 'feed', 'feeds']);

export function deliveryWordsByOwnKey(models: StagingModel[]): void {
  const nouns = new Set(models.map((m) => `${m.source}|${snakeOf(m.parsed.tokens)}`));
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind === 'helper' || t.length < 2 || !DELIVERY_WORDS.has(t[t.length - 1])) continue;
    const lead = t.slice(0, -1);
    const noun = [...lead.slice(0, -1), singularWord(lead[lead.length - 1])];
    if (nouns.has(`${m.source}|${snakeOf(noun)}`)) continue;
    const keys = m.ownKeys.size ? [...m.ownKeys] : m.columns.slice(0, 1).map((c) => c.name.toLowerCase());
    if (keys.includes(`${snakeOf(noun)}_id`)) m.parsed = { ...m.parsed, tokens: noun };
  }
}
