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

function readKeyShape(name: string): KeyShape | undefined {
  const lower = name.toLowerCase();
  let t = columnTokens(name);
  let suffix: KeyShape['suffix'] | undefined;
  if (lower.endsWith('__c') && t.length > 1 && t[t.length - 1] === 'c') {
    t = t.slice(0, -1);
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
  } else if (t.length > 1 && t[t.length - 1] === 'code') {
    t = t.slice(0, -1);
    suffix = 'code';
  }
  if (!suffix) return undefined;
  return { stem: singularPhrase(dropVersionSuffix(t)), suffix };
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
