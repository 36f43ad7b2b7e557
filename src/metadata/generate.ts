// `generate metadata`: the model as canonical JSON for catalogs and other tools, documented by
// schemas/metadata.schema.json. Canonical means: fixed key order, model order for entities and
// columns (never sorted), resolved keys and relationships, no timestamps — the same input gives
// the same bytes.
import { columnTerms, columnType, endpoint, isNullable, parentChild, primaryKey } from '../core/model/access.js';
import type { Model } from '../core/model/types.js';
import { tableName } from '../sql/physical.js';

export const METADATA_VERSION = '1.0.0';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Drop undefined fields so the JSON holds only what the model says. */
function clean(o: Record<string, unknown>): { [k: string]: Json } {
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v as Json;
  return out;
}

export function buildMetadata(m: Model): { [k: string]: Json } {
  const fkOf = new Map<string, { entity: string; columns: string[]; relationship?: string }>();
  const relationships = m.relationships.map((r) => {
    const pc = parentChild(r);
    if (pc) pc.child.columns.forEach((c) => fkOf.set(`${pc.child.entity}.${c}`, { entity: pc.parent.entity, columns: pc.parent.columns, relationship: r.name }));
    const ep = (x: { entity: string; columns: string[] }) => ({ entity: x.entity, columns: x.columns });
    return clean({
      name: r.name,
      cardinality: r.cardinality ?? 'one_to_many',
      parent: pc ? ep(pc.parent) : undefined,
      child: pc ? ep(pc.child) : undefined,
      from: pc ? undefined : ep(endpoint(r.from)),
      to: pc ? undefined : ep(endpoint(r.to)),
      on_delete: r.on_delete,
      on_update: r.on_update,
      verb: r.verb,
      description: r.description,
    });
  });
  const entities = m.entities.map((e) => clean({
    name: e.name,
    type: e.type ?? 'table',
    layer: e.layer,
    physical_name: tableName(e),
    database: e.database,
    schema: e.schema,
    description: e.description,
    owner: e.owner,
    domain: e.domain,
    tags: e.tags,
    primary_key: primaryKey(e),
    columns: e.columns.map((c, i) => {
      const terms = columnTerms(c);
      return clean({
        name: c.name,
        position: i + 1,
        data_type: columnType(c) ?? null,
        nullable: isNullable(c),
        primary_key: !!c.primary_key,
        unique: !!c.unique,
        default: c.default,
        check: c.check,
        description: c.description,
        description_ref: c.description_ref?.doc,
        tags: c.tags,
        sensitivity: c.sensitivity,
        glossary_terms: terms.length ? terms.map((t) => clean({ term: t.term, status: t.status })) : undefined,
        references: fkOf.get(`${e.name}.${c.name}`),
        deprecated: (c as any).deprecated,
      });
    }),
  }));
  const indexes = m.indexes.map((ix) => clean({ name: ix.name, entity: ix.entity, columns: ix.columns, unique: !!ix.unique, type: ix.type, description: ix.description }));
  const glossary = m.glossary.map((t) => clean({ term: t.term, definition: t.definition, owner: t.owner, domain: t.domain, tags: t.tags, synonyms: t.synonyms, related_fields: t.related_fields }));
  return clean({
    metadata_version: METADATA_VERSION,
    generated_by: 'modeler generate metadata',
    model: clean({
      name: m.model.name, version: m.model.version, domain: m.model.domain, owners: m.model.owners, state: m.model.state,
      layer: m.model.layer, dialect: m.model.dialect, description: m.model.description,
    }),
    summary: {
      entity_count: m.entities.length,
      column_count: m.entities.reduce((n, e) => n + e.columns.length, 0),
      relationship_count: m.relationships.length,
      index_count: m.indexes.length,
      glossary_term_count: m.glossary.length,
      enum_count: m.enums.length,
      rule_count: Array.isArray(m.rules) ? m.rules.length : 0,
      metric_count: Array.isArray(m.metrics) ? m.metrics.length : 0,
    },
    entities,
    relationships,
    indexes,
    enums: m.enums.map((e) => clean({ name: e.name, values: e.values, description: e.description })),
    glossary,
    governance: (m.governance as Json) ?? undefined,
  });
}

export function metadataJson(m: Model): string {
  return JSON.stringify(buildMetadata(m), null, 2) + '\n';
}
