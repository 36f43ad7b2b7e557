// The model-level diff between two models: what was added, removed, renamed (via
// `previous_name`) or changed, entity by entity and column by column, including what has no
// physical form (relationship cardinality, enum values, logical/conceptual models). It records
// facts only; judging them is up to the caller (the gate, proposals). The DDL-level comparison of
// rendered physical schemas that `migrate` needs lives in src/sql/diff.ts.
import type { PathSeg } from '../yaml-source.js';
import { columnType, endpoint, endpointString, isNullable, primaryKey } from './access.js';
import type { Column, Entity, Index, Model, Relationship } from './types.js';

export type ChangeKind =
  | 'model_changed'
  | 'entity_added' | 'entity_removed' | 'entity_renamed' | 'entity_changed'
  | 'column_added' | 'column_removed' | 'column_renamed'
  | 'column_type_changed' | 'column_nullability_changed' | 'column_unique_changed'
  | 'column_enum_changed' | 'column_changed'
  | 'primary_key_changed'
  | 'relationship_added' | 'relationship_removed' | 'relationship_renamed'
  | 'relationship_cardinality_changed' | 'relationship_changed'
  | 'index_added' | 'index_removed' | 'index_renamed' | 'index_changed'
  | 'enum_added' | 'enum_removed' | 'enum_values_changed';

export interface ModelChange {
  kind: ChangeKind;
  /** Readable address: `Order`, `Order.total_amount`, `relationships.customer_orders`, `enums.status`. */
  path: string;
  entity?: string;
  column?: string;
  relationship?: string;
  index?: string;
  enum?: string;
  /** For *_changed kinds: the attribute that changed (description, type, cardinality, …). */
  attribute?: string;
  from?: unknown;
  to?: unknown;
  /**
   * Columns of the entity renamed in the same change (old name → new name), on a changed `check`:
   * the old condition may name a column by its old name (`amount >= 0` before `total >= 0`).
   */
  renames?: Record<string, string>;
  /** Enum values that disappeared / appeared. */
  removed?: (string | number)[];
  added?: (string | number)[];
  /** Where the object sits in the old / new file (segments for YamlSource.locate). */
  oldAt?: PathSeg[];
  newAt?: PathSeg[];
}

export interface ModelDiff {
  from: { name: string; version: string };
  to: { name: string; version: string };
  changes: ModelChange[];
}

const ENTITY_ATTRS = ['type', 'layer', 'description', 'description_ref', 'database', 'schema', 'physical_name', 'owner', 'domain',
  'subject_area', 'tags', 'materialization', 'grain', 'candidate_keys', 'business_keys', 'natural_key', 'surrogate_key',
  'partition_by', 'cluster_by', 'sla', 'scd_type', 'binding', 'terms', 'meta'];
const COLUMN_ATTRS = ['default', 'check', 'description', 'description_ref', 'tags', 'tests', 'data_tests', 'constraints', 'binding',
  'terms', 'sensitivity', 'foreign_key', 'references', 'identity', 'computed', 'computed_expression', 'deprecated',
  'deprecated_message', 'domain', 'meta'];
const HEADER_ATTRS = ['name', 'domain', 'owners', 'state', 'layer', 'dialect', 'description'];

export function diffModels(a: Model, b: Model): ModelDiff {
  const changes: ModelChange[] = [];
  const add = (c: ModelChange) => changes.push(c);

  for (const attr of HEADER_ATTRS) {
    if (!same(a.model[attr], b.model[attr])) add({ kind: 'model_changed', path: `model.${attr}`, attribute: attr, from: a.model[attr], to: b.model[attr], newAt: ['model', attr] });
  }

  // Entities: by name, then renames declared with previous_name.
  const oldIdx = new Map(a.entities.map((e, i) => [e.name, i]));
  const newIdx = new Map(b.entities.map((e, i) => [e.name, i]));
  const entityRename = new Map<string, string>(); // old name → new name
  b.entities.forEach((e) => {
    if (e.previous_name && !newIdx.has(e.previous_name) && oldIdx.has(e.previous_name) && !entityRename.has(e.previous_name) && !oldIdx.has(e.name)) {
      entityRename.set(e.previous_name, e.name);
    }
  });
  const matchedNew = new Set<string>();
  a.entities.forEach((oe, oi) => {
    const newName = newIdx.has(oe.name) ? oe.name : entityRename.get(oe.name);
    if (newName === undefined) {
      add({ kind: 'entity_removed', path: oe.name, entity: oe.name, oldAt: ['entities', oi] });
      return;
    }
    const ni = newIdx.get(newName)!;
    const ne = b.entities[ni];
    matchedNew.add(newName);
    if (newName !== oe.name) add({ kind: 'entity_renamed', path: newName, entity: newName, from: oe.name, to: newName, oldAt: ['entities', oi], newAt: ['entities', ni, 'previous_name'] });
    diffEntity(oe, oi, ne, ni, add);
  });
  b.entities.forEach((ne, ni) => {
    if (!matchedNew.has(ne.name)) add({ kind: 'entity_added', path: ne.name, entity: ne.name, newAt: ['entities', ni] });
  });

  const colRenames = new Map<string, string>(); // `OldEntity.oldcol` → `NewEntity.newcol`
  for (const c of changes) if (c.kind === 'column_renamed') colRenames.set(`${c.from}`, `${c.entity}.${c.column}`);
  diffRelationships(a.relationships, b.relationships, entityRename, colRenames, add);
  diffIndexes(a.indexes, b.indexes, entityRename, add);
  diffEnums(a, b, add);

  return { from: { name: a.model.name, version: a.model.version }, to: { name: b.model.name, version: b.model.version }, changes };
}

function diffEntity(oe: Entity, oi: number, ne: Entity, ni: number, add: (c: ModelChange) => void): void {
  const at = (ci?: number, ...rest: PathSeg[]): PathSeg[] => (ci === undefined ? ['entities', ni, ...rest] : ['entities', ni, 'columns', ci, ...rest]);
  for (const attr of ENTITY_ATTRS) {
    if (!same(oe[attr], ne[attr])) add({ kind: 'entity_changed', path: ne.name, entity: ne.name, attribute: attr, from: oe[attr], to: ne[attr], oldAt: ['entities', oi, attr], newAt: at(undefined, attr) });
  }
  const oldCols = new Map(oe.columns.map((c, i) => [c.name, i]));
  const newCols = new Map(ne.columns.map((c, i) => [c.name, i]));
  const renamed = new Map<string, string>();
  ne.columns.forEach((c) => {
    if (c.previous_name && oldCols.has(c.previous_name) && !newCols.has(c.previous_name) && !oldCols.has(c.name)) renamed.set(c.previous_name, c.name);
  });
  const seen = new Set<string>();
  oe.columns.forEach((oc, oci) => {
    const name = newCols.has(oc.name) ? oc.name : renamed.get(oc.name);
    if (name === undefined) {
      add({ kind: 'column_removed', path: `${ne.name}.${oc.name}`, entity: ne.name, column: oc.name, oldAt: ['entities', oi, 'columns', oci] });
      return;
    }
    seen.add(name);
    const nci = newCols.get(name)!;
    const nc = ne.columns[nci];
    const path = `${ne.name}.${name}`;
    const base = { path, entity: ne.name, column: name, oldAt: ['entities', oi, 'columns', oci] as PathSeg[] };
    if (name !== oc.name) add({ ...base, kind: 'column_renamed', from: `${oe.name}.${oc.name}`, to: path, newAt: at(nci, 'previous_name') });
    const ot = columnType(oc), nt = columnType(nc);
    if (normType(ot) !== normType(nt)) add({ ...base, kind: 'column_type_changed', attribute: 'type', from: ot, to: nt, newAt: at(nci, nc.data_type !== undefined ? 'data_type' : 'type') });
    if (isNullable(oc) !== isNullable(nc)) add({ ...base, kind: 'column_nullability_changed', attribute: 'nullable', from: isNullable(oc), to: isNullable(nc), newAt: at(nci, nc.nullable !== undefined ? 'nullable' : 'name') });
    if (!!oc.unique !== !!nc.unique) add({ ...base, kind: 'column_unique_changed', attribute: 'unique', from: !!oc.unique, to: !!nc.unique, newAt: at(nci, nc.unique !== undefined ? 'unique' : 'name') });
    diffColumnEnum(oc, nc, base, at(nci, 'enum'), add);
    for (const attr of COLUMN_ATTRS) {
      if (same(oc[attr], nc[attr])) continue;
      const renames = attr === 'check' && renamed.size ? { renames: Object.fromEntries(renamed) } : {};
      add({ ...base, kind: 'column_changed', attribute: attr, from: oc[attr], to: nc[attr], newAt: at(nci, attr), ...renames });
    }
  });
  ne.columns.forEach((nc, nci) => {
    if (!seen.has(nc.name)) add({ kind: 'column_added', path: `${ne.name}.${nc.name}`, entity: ne.name, column: nc.name, newAt: at(nci) });
  });
  // Primary key as a set, with old column names carried through renames.
  const oldPk = primaryKey(oe).map((c) => (newCols.has(c) ? c : renamed.get(c) ?? c)).sort();
  const newPk = primaryKey(ne).sort();
  if (!same(oldPk, newPk)) add({ kind: 'primary_key_changed', path: ne.name, entity: ne.name, attribute: 'primary_key', from: oldPk, to: newPk, oldAt: ['entities', oi], newAt: ['entities', ni] });
}

function diffColumnEnum(oc: Column, nc: Column, base: Omit<ModelChange, 'kind'>, newAt: PathSeg[], add: (c: ModelChange) => void): void {
  if (same(oc.enum, nc.enum)) return;
  const ov = Array.isArray(oc.enum) ? oc.enum : [];
  const nv = Array.isArray(nc.enum) ? nc.enum : [];
  add({ ...base, kind: 'column_enum_changed', attribute: 'enum', from: oc.enum, to: nc.enum, newAt,
    removed: ov.filter((v) => !nv.includes(v)), added: nv.filter((v) => !ov.includes(v)) });
}

/** Relationships are matched by name, else by endpoints (old endpoints mapped through renames). */
function diffRelationships(a: Relationship[], b: Relationship[], entityRename: Map<string, string>, colRenames: Map<string, string>,
  add: (c: ModelChange) => void): void {
  const renameEp = (ep: ReturnType<typeof endpoint>) => {
    const ent = entityRename.get(ep.entity) ?? ep.entity;
    return { entity: ent, columns: ep.columns.map((c) => (colRenames.get(`${ep.entity}.${c}`) ?? `${ent}.${c}`).split('.').pop()!) };
  };
  const key = (r: Relationship, map: boolean) => {
    const f = map ? renameEp(endpoint(r.from)) : endpoint(r.from);
    const t = map ? renameEp(endpoint(r.to)) : endpoint(r.to);
    return `${endpointString(f)}->${endpointString(t)}`;
  };
  const label = (r: Relationship, k: string) => r.name ?? k;
  const used = new Set<number>();
  a.forEach((or, oi) => {
    const ok = key(or, true);
    let ni = or.name ? b.findIndex((r, i) => !used.has(i) && r.name === or.name) : -1;
    if (ni < 0 && or.name) ni = b.findIndex((r, i) => !used.has(i) && r.previous_name === or.name);
    if (ni < 0) ni = b.findIndex((r, i) => !used.has(i) && key(r, false) === ok && (!r.name || !or.name || r.name === or.name || r.previous_name === or.name));
    if (ni < 0) {
      add({ kind: 'relationship_removed', path: `relationships.${label(or, ok)}`, relationship: label(or, ok), from: ok, oldAt: ['relationships', oi] });
      return;
    }
    used.add(ni);
    const nr = b[ni];
    const nk = key(nr, false);
    const path = `relationships.${label(nr, nk)}`;
    const base = { path, relationship: label(nr, nk), oldAt: ['relationships', oi] as PathSeg[] };
    if (or.name && nr.name && or.name !== nr.name) add({ ...base, kind: 'relationship_renamed', from: or.name, to: nr.name, newAt: ['relationships', ni, 'name'] });
    if (ok !== nk) add({ ...base, kind: 'relationship_changed', attribute: 'endpoints', from: ok, to: nk, newAt: ['relationships', ni] });
    const oc = or.cardinality ?? 'one_to_many', nc = nr.cardinality ?? 'one_to_many';
    if (oc !== nc) add({ ...base, kind: 'relationship_cardinality_changed', attribute: 'cardinality', from: oc, to: nc, newAt: ['relationships', ni, 'cardinality'] });
    for (const attr of ['verb', 'description', 'on_delete', 'on_update', 'identifying', 'optional', 'meta']) {
      if (!same(or[attr], nr[attr])) add({ ...base, kind: 'relationship_changed', attribute: attr, from: or[attr], to: nr[attr], newAt: ['relationships', ni, attr] });
    }
  });
  b.forEach((nr, ni) => {
    if (!used.has(ni)) add({ kind: 'relationship_added', path: `relationships.${label(nr, key(nr, false))}`, relationship: label(nr, key(nr, false)), newAt: ['relationships', ni] });
  });
}

function diffIndexes(a: Index[], b: Index[], entityRename: Map<string, string>, add: (c: ModelChange) => void): void {
  const id = (ix: Index, map: boolean) => ix.name ?? `${map ? entityRename.get(ix.entity) ?? ix.entity : ix.entity}(${ix.columns.join(',')})`;
  const used = new Set<number>();
  a.forEach((oi, i) => {
    const oid = id(oi, true);
    let ni = b.findIndex((x, j) => !used.has(j) && id(x, false) === oid);
    if (ni < 0 && oi.name) ni = b.findIndex((x, j) => !used.has(j) && x.previous_name === oi.name);
    if (ni < 0) {
      add({ kind: 'index_removed', path: `indexes.${oid}`, index: oid, entity: oi.entity, from: { unique: !!oi.unique, columns: oi.columns }, oldAt: ['indexes', i] });
      return;
    }
    used.add(ni);
    const nx = b[ni];
    const path = `indexes.${id(nx, false)}`;
    if (oi.name && nx.name && oi.name !== nx.name) add({ kind: 'index_renamed', path, index: nx.name, from: oi.name, to: nx.name, oldAt: ['indexes', i], newAt: ['indexes', ni, 'name'] });
    for (const attr of ['entity', 'columns', 'unique', 'type'] as const) {
      const ov = attr === 'entity' ? entityRename.get(oi.entity) ?? oi.entity : attr === 'unique' ? !!oi.unique : oi[attr];
      const nv = attr === 'unique' ? !!nx.unique : nx[attr];
      if (!same(ov, nv)) add({ kind: 'index_changed', path, index: id(nx, false), entity: nx.entity, attribute: attr, from: ov, to: nv, oldAt: ['indexes', i], newAt: ['indexes', ni, attr] });
    }
  });
  b.forEach((nx, j) => {
    if (!used.has(j)) add({ kind: 'index_added', path: `indexes.${id(nx, false)}`, index: id(nx, false), entity: nx.entity, to: { unique: !!nx.unique, columns: nx.columns }, newAt: ['indexes', j] });
  });
}

function diffEnums(a: Model, b: Model, add: (c: ModelChange) => void): void {
  const nb = new Map(b.enums.map((e, i) => [e.name, i]));
  const na = new Set(a.enums.map((e) => e.name));
  a.enums.forEach((oe, oi) => {
    const ni = nb.get(oe.name);
    if (ni === undefined) {
      add({ kind: 'enum_removed', path: `enums.${oe.name}`, enum: oe.name, removed: oe.values, oldAt: ['enums', oi] });
      return;
    }
    const nv = b.enums[ni].values;
    const removed = oe.values.filter((v) => !nv.includes(v));
    const added = nv.filter((v) => !oe.values.includes(v));
    if (removed.length || added.length) add({ kind: 'enum_values_changed', path: `enums.${oe.name}`, enum: oe.name, removed, added, from: oe.values, to: nv, oldAt: ['enums', oi], newAt: ['enums', ni, 'values'] });
  });
  b.enums.forEach((ne, ni) => {
    if (!na.has(ne.name)) add({ kind: 'enum_added', path: `enums.${ne.name}`, enum: ne.name, added: ne.values, newAt: ['enums', ni] });
  });
}

function normType(t: string | undefined): string | undefined {
  return t === undefined ? undefined : t.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\s*([(),])\s*/g, '$1');
}

/** Structural equality for YAML values (key order of maps does not matter). */
export function same(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (x === undefined || y === undefined || x === null || y === null) return false;
  if (Array.isArray(x) || Array.isArray(y)) {
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    return x.every((v, i) => same(v, y[i]));
  }
  if (typeof x === 'object' && typeof y === 'object') {
    const kx = Object.keys(x as object).filter((k) => (x as any)[k] !== undefined);
    const ky = Object.keys(y as object).filter((k) => (y as any)[k] !== undefined);
    if (kx.length !== ky.length) return false;
    return kx.every((k) => same((x as any)[k], (y as any)[k]));
  }
  return false;
}
