// Serialise a model to YAML in a stable, readable key order (never reordering columns).
import { stringify } from 'yaml';
import type { Model } from './types.js';

const TOP = ['kind', 'model', 'entities', 'relationships', 'indexes', 'glossary', 'domains', 'enums', 'governance', 'rules', 'metrics', 'subject_areas', 'notes', 'display', 'meta'];
const HEADER = ['name', 'version', 'domain', 'owners', 'state', 'layer', 'dialect', 'description', 'catalog', 'meta'];
const ENTITY = ['name', 'type', 'layer', 'description', 'description_ref', 'database', 'schema', 'physical_name', 'owner', 'domain', 'tags', 'sources', 'columns', 'meta'];
const COLUMN = ['name', 'data_type', 'type', 'nullable', 'primary_key', 'unique', 'default', 'check', 'description', 'description_ref', 'tags', 'tests', 'binding', 'terms', 'sensitivity', 'meta'];

function ordered(obj: Record<string, any>, keys: string[]): Record<string, any> {
  const out: Record<string, any> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  for (const k of Object.keys(obj)) if (!(k in out) && obj[k] !== undefined) out[k] = obj[k];
  return out;
}

export function modelToPlain(m: Model): Record<string, any> {
  const plain: Record<string, any> = { ...m, model: ordered(m.model, HEADER) };
  plain.entities = m.entities.map((e) => ordered({ ...e, columns: e.columns.map((c) => ordered(c, COLUMN)) }, ENTITY));
  for (const k of ['relationships', 'indexes', 'glossary', 'domains', 'enums'] as const) {
    if (Array.isArray(plain[k]) && plain[k].length === 0) delete plain[k];
  }
  return ordered(plain, TOP);
}

export function modelToYaml(m: Model): string {
  return stringify(modelToPlain(m), { lineWidth: 0, aliasDuplicateObjects: false });
}
