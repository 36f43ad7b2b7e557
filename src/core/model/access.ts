// Read helpers over a normalised model, so every consumer agrees on what a field means.
import type { Column, Endpoint, Entity, Model, Relationship } from './types.js';

/** The column's SQL type: `data_type` wins over the legacy `type`. */
export function columnType(c: Column): string | undefined {
  return c.data_type ?? c.type;
}

/** Columns are nullable unless declared otherwise or part of the primary key. */
export function isNullable(c: Column): boolean {
  if (c.primary_key) return false;
  return c.nullable !== false;
}

export function primaryKey(e: Entity): string[] {
  return e.columns.filter((c) => c.primary_key).map((c) => c.name);
}

export function findEntity(m: Model, name: string): Entity | undefined {
  return m.entities.find((e) => e.name === name);
}

export function findColumn(e: Entity, name: string): Column | undefined {
  return e.columns.find((c) => c.name === name);
}

/** `Entity.column`, `Entity` or `{entity, column|columns}` → a uniform endpoint. */
export function endpoint(ref: Relationship['from']): Endpoint {
  if (typeof ref === 'string') {
    const i = ref.indexOf('.');
    return i < 0 ? { entity: ref, columns: [] } : { entity: ref.slice(0, i), columns: ref.slice(i + 1).split(',').map((s) => s.trim()).filter(Boolean) };
  }
  const cols = ref.columns ?? (ref.column ? [ref.column] : ref.field ? [ref.field] : []);
  return { entity: ref.entity, columns: cols, role: ref.role };
}

export function endpointString(ep: Endpoint): string {
  return ep.columns.length ? `${ep.entity}.${ep.columns.join(',')}` : ep.entity;
}

/**
 * Parent (the "one" side, referenced) and child (the referencing side) of a relationship.
 * one_to_many and one_to_one: from is the parent; many_to_one: to is the parent;
 * many_to_many has none (no foreign key).
 */
export function parentChild(r: Relationship): { parent: Endpoint; child: Endpoint } | undefined {
  const from = endpoint(r.from);
  const to = endpoint(r.to);
  switch (r.cardinality ?? 'one_to_many') {
    case 'many_to_one': return { parent: to, child: from };
    case 'many_to_many': return undefined;
    default: return { parent: from, child: to };
  }
}

/**
 * Glossary term names bound to a column, from all three shapes (binding, terms, meta.glossary_term).
 * Legacy shapes predate the review workflow, so they count as `approved` (the peer read them the
 * same way); a `binding` without a status is still only `proposed`.
 */
export function columnTerms(c: Column): { term: string; status: 'proposed' | 'approved'; shape: 'binding' | 'terms' | 'meta' }[] {
  const out: { term: string; status: 'proposed' | 'approved'; shape: 'binding' | 'terms' | 'meta' }[] = [];
  if (c.binding?.glossary_term) out.push({ term: c.binding.glossary_term, status: c.binding.status ?? 'proposed', shape: 'binding' });
  for (const t of c.terms ?? []) out.push({ term: stripTermPrefix(t), status: 'approved', shape: 'terms' });
  const legacy = c.meta?.glossary_term;
  if (typeof legacy === 'string' && legacy) out.push({ term: stripTermPrefix(legacy), status: 'approved', shape: 'meta' });
  const seen = new Set<string>();
  return out.filter((t) => (seen.has(t.term) ? false : (seen.add(t.term), true)));
}

function stripTermPrefix(t: string): string {
  return t.startsWith('term:') ? t.slice(5) : t;
}

/** The model's layer: declared, else inferred from entity types (peer convention). */
export function modelLayer(m: Model): 'conceptual' | 'logical' | 'physical' {
  if (m.model.layer) return m.model.layer;
  if (m.entities.some((e) => e.type === 'concept')) return 'conceptual';
  if (m.entities.some((e) => e.type === 'logical_entity')) return 'logical';
  return 'physical';
}

/**
 * The values a column may take when it is an enum: an inline `enum: [..]`, `enum: <name>` of a
 * model enum, or a `data_type` that names a model enum (as DBML and CREATE TYPE imports write it).
 */
export function columnEnumValues(m: Model, c: Column): (string | number)[] | undefined {
  if (Array.isArray(c.enum)) return c.enum;
  const name = typeof c.enum === 'string' ? c.enum : columnType(c);
  return name ? m.enums.find((e) => e.name === name)?.values : undefined;
}
