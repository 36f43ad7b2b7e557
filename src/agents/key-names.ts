// Names a table's keys give it: a plural the word rules leave alone is singular as its own key says (mous with
// mou_id), an abbreviated name is the noun its own key spells out (so with sales_order_id), and a table named after a key that other tables hold is the thing that key identifies (sc_level_id).
import type { StagingModel } from './entities.js';
import { pascalName, snakeOf } from './naming.js';

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
