// Checks the schema cannot express: names that collide, endpoints that do not exist, keys that
// contradict cardinality, bindings to undefined terms. Each finding has a stable code.
import type { Severity } from '../diagnostics.js';
import type { PathSeg } from '../yaml-source.js';
import { columnTerms, endpoint, endpointString, findColumn, modelLayer, parentChild, primaryKey } from './access.js';
import type { Entity, Model } from './types.js';
import { didYouMeanSuffix } from '../suggest.js';

export interface SemanticFinding {
  code: string;
  severity: Severity;
  message: string;
  path: PathSeg[];
  hint?: string;
  key?: boolean;
}

export interface SemanticOptions {
  /** Glossary terms defined elsewhere in the project (bindings may point at them). */
  externalTerms?: Iterable<string>;
}

export function semanticChecks(m: Model, opts: SemanticOptions = {}): SemanticFinding[] {
  const out: SemanticFinding[] = [];
  const add = (f: SemanticFinding) => out.push(f);

  const entityNames = new Map<string, number>();
  const entityPrevious = new Map<string, number>();
  m.entities.forEach((e, ei) => {
    if (e.previous_name) {
      if (entityPrevious.has(e.previous_name)) {
        add({ code: 'DUPLICATE_PREVIOUS_NAME', severity: 'error', path: ['entities', ei, 'previous_name'],
          message: `entities '${m.entities[entityPrevious.get(e.previous_name)!].name}' and '${e.name}' both claim previous_name '${e.previous_name}'`,
          hint: 'an entity can be renamed into one entity only; remove one previous_name' });
      } else entityPrevious.set(e.previous_name, ei);
      if (e.previous_name !== e.name && m.entities.some((x) => x.name === e.previous_name)) {
        add({ code: 'PREVIOUS_NAME_EXISTS', severity: 'warning', path: ['entities', ei, 'previous_name'],
          message: `entity '${e.name}' declares previous_name '${e.previous_name}', but an entity of that name still exists, so no rename happens`,
          hint: 'remove the previous_name, or rename/remove the other entity' });
      }
    }
    if (entityNames.has(e.name)) {
      add({ code: 'DUPLICATE_ENTITY', severity: 'error', path: ['entities', ei, 'name'],
        message: `entity '${e.name}' is defined twice (first at entities[${entityNames.get(e.name)}])`, hint: 'rename or merge one of them' });
    } else entityNames.set(e.name, ei);
    const colNames = new Map<string, number>();
    const previousNames = new Map<string, number>();
    e.columns.forEach((c, ci) => {
      if (c.previous_name) {
        if (c.previous_name !== c.name && e.columns.some((x) => x.name === c.previous_name)) {
          add({ code: 'PREVIOUS_NAME_EXISTS', severity: 'warning', path: ['entities', ei, 'columns', ci, 'previous_name'],
            message: `column '${e.name}.${c.name}' declares previous_name '${c.previous_name}', but a column of that name still exists, so no rename happens`,
            hint: 'remove the previous_name, or rename/remove the other column' });
        }
        if (previousNames.has(c.previous_name)) {
          add({ code: 'DUPLICATE_PREVIOUS_NAME', severity: 'error', path: ['entities', ei, 'columns', ci, 'previous_name'],
            message: `columns '${e.columns[previousNames.get(c.previous_name)!].name}' and '${c.name}' of '${e.name}' both claim previous_name '${c.previous_name}'`,
            hint: 'a column can be renamed into one column only; remove one previous_name' });
        } else previousNames.set(c.previous_name, ci);
      }
      if (colNames.has(c.name)) {
        add({ code: 'DUPLICATE_COLUMN', severity: 'error', path: ['entities', ei, 'columns', ci, 'name'],
          message: `column '${c.name}' appears twice in entity '${e.name}'`, hint: 'remove or rename the second one' });
      } else colNames.set(c.name, ci);
      if (c.primary_key && c.nullable === true) {
        add({ code: 'PK_NULLABLE', severity: 'error', path: ['entities', ei, 'columns', ci, 'nullable'],
          message: `primary key column '${e.name}.${c.name}' is declared nullable`, hint: 'remove `nullable: true` (primary keys are never null)' });
      }
    });
  });

  // Relationships (entities looked up by name once: linear scans made 10,000-entity models quadratic)
  const byName = new Map<string, Entity>();
  for (const e of m.entities) if (!byName.has(e.name)) byName.set(e.name, e);
  const findEntity = (_m: Model, name: string) => byName.get(name);
  const layer = modelLayer(m);
  const relNames = new Map<string, number>();
  const relKeys = new Map<string, number>();
  m.relationships.forEach((r, ri) => {
    if (r.name) {
      if (relNames.has(r.name)) add({ code: 'DUPLICATE_RELATIONSHIP', severity: 'error', path: ['relationships', ri, 'name'],
        message: `relationship name '${r.name}' is used twice`, hint: 'give each relationship a unique name' });
      else relNames.set(r.name, ri);
    }
    const from = endpoint(r.from);
    const to = endpoint(r.to);
    // roles tell apart two relationships between the same entities (billing vs shipping address)
    const key = `${endpointString(from)}${from.role ? `(${from.role})` : ''}->${endpointString(to)}${to.role ? `(${to.role})` : ''}`;
    if (relKeys.has(key)) add({ code: 'DUPLICATE_RELATIONSHIP', severity: 'error', path: ['relationships', ri],
      message: `relationship ${key} duplicates relationships[${relKeys.get(key)}]`, hint: 'remove the duplicate' });
    else relKeys.set(key, ri);
    let ok = true;
    for (const [side, ep] of [['from', from], ['to', to]] as const) {
      const ent = findEntity(m, ep.entity);
      if (!ent) {
        ok = false;
        add({ code: 'UNKNOWN_ENTITY', severity: 'error', path: ['relationships', ri, side],
          message: `relationship ${r.name ?? key}: ${side} entity '${ep.entity}' does not exist${didYouMeanSuffix(ep.entity, m.entities.map((e) => e.name))}`,
          hint: 'define the entity or fix the endpoint' });
        continue;
      }
      for (const col of ep.columns) {
        if (!findColumn(ent, col)) {
          ok = false;
          add({ code: 'UNKNOWN_COLUMN', severity: 'error', path: ['relationships', ri, side],
            message: `relationship ${r.name ?? key}: column '${ep.entity}.${col}' does not exist${didYouMeanSuffix(col, ent.columns.map((c) => c.name))}`,
            hint: `use one of ${ent.name}'s columns` });
        }
      }
    }
    if (!ok) return;
    if (from.columns.length && to.columns.length && from.columns.length !== to.columns.length) {
      add({ code: 'ENDPOINT_ARITY', severity: 'error', path: ['relationships', ri],
        message: `relationship ${r.name ?? key}: ${from.columns.length} column(s) on one side, ${to.columns.length} on the other`,
        hint: 'list the same number of columns on both sides' });
      return;
    }
    if (layer === 'conceptual') return;
    const pc = parentChild(r);
    if (!pc || !pc.parent.columns.length || !pc.child.columns.length) return;
    const parent = findEntity(m, pc.parent.entity)!;
    const child = findEntity(m, pc.child.entity)!;
    const card = r.cardinality ?? 'one_to_many';
    if (hasKeys(parent) && !isUniqueSet(parent, pc.parent.columns)) {
      add({ code: 'CARDINALITY_KEYS', severity: 'error', path: ['relationships', ri, 'cardinality'],
        message: `relationship ${r.name ?? key} is ${card}, but the "one" side ${pc.parent.entity}.${pc.parent.columns.join(',')} is not a primary key or unique`,
        hint: `mark ${pc.parent.entity}.${pc.parent.columns.join(',')} primary_key/unique, or use many_to_many` });
    }
    const childUnique = isUniqueSet(child, pc.child.columns);
    if (card === 'one_to_one' && hasKeys(child) && !childUnique) {
      add({ code: 'CARDINALITY_KEYS', severity: 'error', path: ['relationships', ri, 'cardinality'],
        message: `relationship ${r.name ?? key} is one_to_one, but ${pc.child.entity}.${pc.child.columns.join(',')} is not unique`,
        hint: 'use one_to_many (or many_to_one), or mark the column unique' });
    }
    if ((card === 'one_to_many' || card === 'many_to_one') && childUnique) {
      add({ code: 'CARDINALITY_KEYS', severity: 'warning', path: ['relationships', ri, 'cardinality'],
        message: `relationship ${r.name ?? key} is ${card}, but ${pc.child.entity}.${pc.child.columns.join(',')} is unique, so each parent has at most one child`,
        hint: 'use one_to_one, or drop the uniqueness' });
    }
  });

  // Indexes
  m.indexes.forEach((ix, ii) => {
    const ent = findEntity(m, ix.entity);
    if (!ent) {
      add({ code: 'INDEX_UNKNOWN_ENTITY', severity: 'error', path: ['indexes', ii, 'entity'],
        message: `index ${ix.name ?? ii}: entity '${ix.entity}' does not exist${didYouMeanSuffix(ix.entity, m.entities.map((e) => e.name))}` });
      return;
    }
    ix.columns.forEach((col, ci) => {
      if (!findColumn(ent, col)) add({ code: 'INDEX_UNKNOWN_COLUMN', severity: 'error', path: ['indexes', ii, 'columns', ci],
        message: `index ${ix.name ?? ii}: column '${ix.entity}.${col}' does not exist${didYouMeanSuffix(col, ent.columns.map((c) => c.name))}` });
    });
  });

  // Glossary bindings
  const seenTerms = new Set<string>();
  m.glossary.forEach((t, ti) => {
    if (seenTerms.has(t.term)) add({ code: 'DUPLICATE_TERM', severity: 'error', path: ['glossary', ti, 'term'], message: `glossary term '${t.term}' is defined twice` });
    seenTerms.add(t.term);
  });
  out.push(...bindingFindings(m, opts.externalTerms ?? []));
  return out;
}

function hasKeys(e: Entity): boolean {
  return e.columns.some((c) => c.primary_key || c.unique);
}

function isUniqueSet(e: Entity, cols: string[]): boolean {
  const pk = primaryKey(e);
  if (pk.length && pk.length === cols.length && pk.every((p) => cols.includes(p))) return true;
  if (cols.length === 1) {
    const c = findColumn(e, cols[0]);
    if (c?.unique || (c?.primary_key && pk.length === 1)) return true;
  }
  return false;
}


/** Column bindings (all three shapes) to terms that neither the model nor `externalTerms` define. */
export function bindingFindings(m: Model, externalTerms: Iterable<string>): SemanticFinding[] {
  const out: SemanticFinding[] = [];
  const defined = new Set<string>(m.glossary.map((t) => t.term));
  for (const t of externalTerms) defined.add(t);
  m.entities.forEach((e, ei) => e.columns.forEach((c, ci) => {
    for (const b of columnTerms(c)) {
      if (defined.has(b.term)) continue;
      const known = defined.size > 0;
      out.push({ code: 'UNKNOWN_GLOSSARY_TERM', severity: known ? 'error' : 'warning',
        path: ['entities', ei, 'columns', ci, b.shape === 'binding' ? 'binding' : b.shape === 'terms' ? 'terms' : 'meta'],
        message: `column '${e.name}.${c.name}' is bound to glossary term '${b.term}', which is not defined${didYouMeanSuffix(b.term, defined)}`,
        hint: known ? 'define the term in the glossary or fix the binding' : 'add a glossary section (or validate within the project that defines the glossary)' });
    }
  }));
  return out;
}
