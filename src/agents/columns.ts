// How a data modeler reads a staging column's name: technical bookkeeping columns (loader and
// union markers), key-shaped names (<noun>_id, <noun>_key, <noun>_fk, <noun>id, Salesforce
// lookups <noun>__c) and the family of a declared type, for checking a key against its target.
import { dropVersionSuffix } from './naming.js';
import { singularPhrase } from './inflection.js';

/**
 * Loader and union bookkeeping, never business attributes or keys: `_fivetran_synced`,
 * `_airbyte_*`, `_sdc_*`, `_dbt_source_relation`, Fivetran's `source_relation`, dbt snapshot
 * validity columns.
 */
export function isTechnicalColumn(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith('_') || n === 'source_relation' || n.startsWith('dbt_');
}

/** A loader's line number in the file it read (`_sdc_source_lineno`): the row's position, no source and no business key. */
export function isRowPositionColumn(name: string): boolean {
  return isTechnicalColumn(name) && /(?:^|_)(?:lineno|line_?number|row_?number|rownum)$/.test(name.toLowerCase());
}

/** A column name as lower snake tokens: customerId → customer_id; Account__c → account, __c kept apart. */
export function columnTokens(name: string): string[] {
  return name.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Suffixes that make a column a key of something else. `code` only counts when the target's key is named the same. */
const ID_SUFFIXES = new Set(['id', 'key', 'fk', 'uuid', 'guid', 'sk']);

export interface KeyShape {
  /** The noun phrase the key names, singular (billing_address_id → ['billing', 'address']); empty for a bare `id`. */
  stem: string[];
  /** What made it key-shaped. */
  suffix: 'id' | 'code' | 'lookup';
  /**
   * The key word came first (id_structure, code_region, Oracle's glued idcompany_customer): the noun is the stem's
   * first words and what follows it is a role (the customer company), as French word order and such schemas put it.
   */
  first?: boolean;
}

/**
 * The key shape of a column name, or undefined when it does not look like a key:
 * `<stem>_id|_key|_fk|_uuid|_guid|_sk`, `<stem>id` (customerid), `<stem>_code`, and Salesforce
 * custom lookups `<stem>__c` / `<stem>_id__c`.
 */
export function keyShape(name: string): KeyShape | undefined {
  // column names repeat across thousands of models: read each spelling once
  let hit = shapes.get(name);
  if (hit === undefined) {
    if (shapes.size > 100_000) shapes.clear();
    shapes.set(name, (hit = readKeyShape(name) ?? null));
  }
  return hit ?? undefined;
}

const shapes = new Map<string, KeyShape | null>();

/**
 * `id` glued in front of a noun, as some schemas name every key (Oracle's IDCOMPANY, IDDEVICE_TYPE, COMPANY_IDCOMPANY):
 * the noun, or undefined. Words that merely start with `id` (identity, identifier, idempotent, idea, idle) are no keys.
 */
function gluedLeadingId(token: string): string | undefined {
  const m = /^id(\p{L}{3,})$/u.exec(token);
  return m && !/^(?:entit|entif|empot|ea|iom|ol|le)/.test(m[1]) ? m[1] : undefined;
}

/**
 * `code` glued after a noun, as some back-office schemas name every key (WealthServ's POLICYCODE, AGENTCODE, CHQCODE): the
 * noun, or undefined. Codes that are values, not keys (zipcode, postalcode, barcode, areacode), and words that end so
 * (unicode, encode) are none.
 */
function gluedTrailingCode(token: string): string | undefined {
  const m = /^(\p{L}{2,})code$/u.exec(token);
  return m && !/(?:zip|postal|post|bar|area|uni|en|de|op|qr|promo|tax|return|error|reason|status|type|country|currency|language|lang|province|state|color|colour|class|sort|dial)$/.test(m[1]) ? m[1] : undefined;
}

function readKeyShape(name: string): KeyShape | undefined {
  const lower = name.toLowerCase();
  let t = columnTokens(name);
  let suffix: KeyShape['suffix'] | undefined;
  let first = false;
  // idcompany, idcompany_customer: the key word glued first; company_idcompany: a <noun> row's <noun> (its parent)
  const glued = t.length ? gluedLeadingId(t[0]) : undefined;
  const gluedLast = t.length > 1 && !glued ? gluedLeadingId(t[t.length - 1]) : undefined;
  if (glued && !ID_SUFFIXES.has(t[t.length - 1])) t = ['id', glued, ...t.slice(1)];
  else if (gluedLast) t = [...t.slice(0, -1), gluedLast, 'id'];
  // grad_subject_id2, co_teacher_id10: the same key repeated, numbered after its id
  if (t.length > 1 && /^(?:id|key)\d{1,2}$/.test(t[t.length - 1])) t = [...t.slice(0, -1), t[t.length - 1].replace(/\d+$/, '')];
  if (lower.endsWith('__c') && t.length > 1 && t[t.length - 1] === 'c') {
    // a managed package's namespace is not the noun: netsuite_conn__account__c is an account lookup
    const field = lower.slice(0, -3);
    const ns = field.lastIndexOf('__');
    t = ns > 0 ? columnTokens(field.slice(ns + 2)) : t.slice(0, -1);
    if (!t.length) return undefined;
    if (t.length > 1 && ID_SUFFIXES.has(t[t.length - 1])) t = t.slice(0, -1);
    suffix = 'lookup';
  } else if (t.length > 1 && ID_SUFFIXES.has(t[t.length - 1])) {
    t = t.slice(0, -1);
    suffix = 'id';
  } else if (t.length === 1 && ID_SUFFIXES.has(t[0])) {
    return { stem: [], suffix: 'id' };
  } else if (t.length === 1 && /^\p{L}{3,}id$/u.test(t[0])) {
    t = [t[0].slice(0, -2)];
    suffix = 'id';
  } else if (t.length === 1 && gluedTrailingCode(t[0])) {
    t = [gluedTrailingCode(t[0])!];
    suffix = 'code';
  } else if (t.length > 1 && t[t.length - 1] === 'code') {
    t = t.slice(0, -1);
    suffix = 'code';
  } else if (t.length > 1 && (t[0] === 'id' || t[0] === 'code') && !ID_SUFFIXES.has(t[1]) && t[1] !== 'code') {
    // the key word first, as French or Spanish names put it (id_structure, code_region)
    suffix = t[0] === 'id' ? 'id' : 'code';
    t = t.slice(1);
    first = true;
  }
  if (!suffix) return undefined;
  // deployment_surrogate_key, user_hash_key: how the key is made, not what it names (a bare surrogate_key names nothing)
  if (t.length > 1 && (t[t.length - 1] === 'surrogate' || t[t.length - 1] === 'hash')) t = t.slice(0, -1);
  // Salesforce product2_id is a Product key, as stg_salesforce__product2 is Product
  const last = t.length ? /^(\p{L}{3,})\d+$/u.exec(t[t.length - 1]) : null;
  if (last) t = [...t.slice(0, -1), last[1]];
  const stem = singularPhrase(dropVersionSuffix(t));
  return first && stem.length > 1 ? { stem, suffix, first } : { stem, suffix };
}

/** Broad family of a declared SQL type, for "is this column type compatible with that key"; undefined if unknown. */
export function typeFamily(type: string | undefined): 'number' | 'text' | 'uuid' | 'time' | 'bool' | undefined {
  if (!type) return undefined;
  const t = type.toLowerCase();
  if (/uuid|uniqueidentifier/.test(t)) return 'uuid';
  if (/int|number|numeric|decimal|serial|bigint|smallint|float|double|real/.test(t)) return 'number';
  if (/char|text|string|varchar|clob/.test(t)) return 'text';
  if (/date|time/.test(t)) return 'time';
  if (/bool/.test(t)) return 'bool';
  return undefined;
}

/** Could a column of type `a` hold a key of type `b`? Unknown types are compatible. */
export function compatibleTypes(a: string | undefined, b: string | undefined): boolean {
  const fa = typeFamily(a), fb = typeFamily(b);
  if (!fa || !fb || fa === fb) return true;
  // a uuid is often stored as text
  return (fa === 'uuid' && fb === 'text') || (fa === 'text' && fb === 'uuid');
}

export type AttributeKind = 'time' | 'number' | 'flag' | 'text';

/** Words that make a column a value of its row, never a key of another: date_of_issue, number_of_end_users, is_active. */
const TIME_WORDS = new Set(['date', 'datetime', 'timestamp', 'time', 'day', 'month', 'year', 'week', 'quarter']);
const NUMBER_WORDS = new Set(['number', 'num', 'count', 'cnt', 'qty', 'quantity', 'amount', 'amt', 'total', 'sum', 'avg', 'average', 'pct', 'percent',
  'percentage', 'rate', 'ratio', 'score', 'size', 'seats', 'days', 'hours', 'minutes', 'price', 'cost', 'revenue', 'arr', 'mrr']);
const FLAG_LEADS = new Set(['is', 'has', 'was', 'can', 'should', 'did', 'does', 'allow', 'enable', 'enabled', 'use', 'flag']);
const TEXT_HEADS = new Set(['name', 'description', 'text', 'note', 'notes', 'comment', 'comments', 'label', 'title', 'reason', 'detail', 'details', 'url',
  'email', 'address', 'message', 'summary', 'body', 'ip']);
/** Sibling suffixes that show a lookup-shaped name is an attribute group (named_account__c beside named_account_tier__c). */
const SIBLING_ATTRS = new Set(['tier', 'type', 'level', 'status', 'date', 'reason', 'detail', 'score', 'rank', 'count', 'name', 'flag', 'override']);

/**
 * Why a column can never hold another row's key, or undefined: its declared type is a time, a
 * boolean or a decimal measure, or its name says date/time, number/count/amount, flag or free text
 * (`date_of_issue__c`, `number_of_end_users__c`, `is_named_account`, `named_account__c` beside
 * `named_account_tier__c`). `siblings` are the other column names of the same model (lower case).
 */
export function attributeKind(name: string, type: string | undefined, siblings?: ReadonlySet<string>): AttributeKind | undefined {
  const fam = typeFamily(type);
  if (fam === 'time') return 'time';
  if (fam === 'bool') return 'flag';
  if (type && /float|double|real|money|decimal\s*\(\s*\d+\s*,\s*[1-9]|numeric\s*\(\s*\d+\s*,\s*[1-9]|number\s*\(\s*\d+\s*,\s*[1-9]/i.test(type)) return 'number';
  const lower = name.toLowerCase();
  const lookup = lower.endsWith('__c');
  const t = columnTokens(lookup ? lower.slice(0, -3) : lower).filter((x) => x !== 'c');
  if (!t.length) return undefined;
  if (FLAG_LEADS.has(t[0]) && t.length > 1) return 'flag';
  // <value>_of_<thing>: date_of_issue, number_of_end_users
  const of = t.indexOf('of');
  if (of > 0) {
    const lead = t.slice(0, of);
    if (lead.some((w) => TIME_WORDS.has(w))) return 'time';
    if (lead.some((w) => NUMBER_WORDS.has(w))) return 'number';
  }
  if (!lookup) return undefined;
  // a Salesforce custom field is a lookup only when nothing in its name says value
  const said = valueWordsKind(t);
  if (said) return said;
  if (siblings) {
    const stem = lower.slice(0, -3).replace(/_id$/, '');
    for (const sib of siblings) {
      if (!sib.startsWith(stem + '_') || !sib.endsWith('__c')) continue;
      const rest = sib.slice(stem.length + 1, -3);
      if (SIBLING_ATTRS.has(rest)) return 'flag';
    }
  }
  return undefined;
}

/** The kind of value a name's words say (a time, number or amount word anywhere, a text word last), or undefined. */
function valueWordsKind(t: readonly string[]): AttributeKind | undefined {
  if (t.some((w) => TIME_WORDS.has(w))) return 'time';
  if (t.some((w) => NUMBER_WORDS.has(w))) return 'number';
  if (TEXT_HEADS.has(t[t.length - 1])) return 'text';
  return undefined;
}

/**
 * Why a column whose name is not a key's (budget_lead, region, parent_sales_person) still cannot hold another row's
 * key: what attributeKind says, or its words say a value (lead_received_date, total_qty, customer_name, email).
 */
export function plainValueKind(name: string, type: string | undefined): AttributeKind | undefined {
  return attributeKind(name, type) ?? valueWordsKind(columnTokens(name.toLowerCase()));
}

/** Column tokens without the key suffix: billing_address_id → ['billing', 'address']. */
export function keyStem(column: string): string[] {
  return keyShape(column)?.stem ?? column.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The role a column gives its parent: what is left of the stem once the parent's noun is removed. */
export function roleOf(column: string, parent: readonly string[]): string[] {
  const stem = keyStem(column);
  if (!stem.length) return [];
  const isSuffix = (a: readonly string[], b: readonly string[]) => a.length <= b.length && a.every((t, i) => b[b.length - a.length + i] === t);
  if (isSuffix(stem, parent)) return []; // stage_id → DealPipelineStage
  if (isSuffix(parent, stem)) return stem.slice(0, stem.length - parent.length); // billing_address_id → Address
  if (stem.length > 1 && stem[stem.length - 1] === parent[parent.length - 1]) return stem.slice(0, -1);
  return stem; // owner_id → User
}

/**
 * A source column named with its table's name after it (`location_id_table_stafflocations` of `table_stafflocations`, as
 * some replication tools name every column) is the column named before it.
 */
export function withoutTableName(column: string | undefined, sourceRefs: readonly string[]): string | undefined {
  if (!column) return column;
  for (const ref of sourceRefs) {
    const table = ref.slice(ref.lastIndexOf('.') + 1).toLowerCase();
    if (column.length > table.length + 1 && column.endsWith(`_${table}`)) return column.slice(0, -table.length - 1);
  }
  return column;
}
