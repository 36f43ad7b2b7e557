// Foreign-key declarations on staging models → relationships between entities: targets
// resolved to entities, de-duplicated, cardinality from the keys, a business verb, and a
// direction that reads naturally ("Customer places Order", "Order is created by User").
import type { DbtNode, Project } from '../core/project/types.js';
import type { DiagramRelationship } from '../proposals/types.js';
import type { StagingLayer } from './entities.js';
import type { TargetRef } from './foreign-keys.js';
import { isUniqueColumn, primaryKeyColumn } from './keys.js';
import { dropVersionSuffix, parseModelName, snakeOf, tokensOfEntityName } from './naming.js';
import { singularPhrase } from './inflection.js';
import { relationshipVerb, type VerbPhrase } from './verbs.js';

/** A diagram relationship plus where its verb came from (dictionary pair, column name, fallback). */
export interface EntityRelationship extends DiagramRelationship {
  verb_origin: VerbPhrase['origin'];
}

interface Pending {
  parent: string; child: string; parentColumn: string; childColumn: string; role: string[];
  unique: boolean; sources: Set<string>; via: Set<string>;
}

const KEY_SUFFIXES = new Set(['id', 'key', 'fk', 'uuid', 'guid', 'sk', 'code']);

/** Column tokens without the key suffix: billing_address_id → ['billing', 'address']. */
export function keyStem(column: string): string[] {
  const t = column.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (t.length > 1 && KEY_SUFFIXES.has(t[t.length - 1])) t.pop();
  else if (t.length === 1 && t[0].length > 2 && /[a-z](id)$/.test(t[0])) t[0] = t[0].slice(0, -2); // customerid
  return dropVersionSuffix(t); // product_2_id → product
}

/** The role a column gives its parent: what is left of the stem once the parent's noun is removed. */
export function roleOf(column: string, parent: readonly string[]): string[] {
  const stem = keyStem(column);
  if (stem.length === 1 && KEY_SUFFIXES.has(stem[0])) return [];
  const isSuffix = (a: readonly string[], b: readonly string[]) => a.length <= b.length && a.every((t, i) => b[b.length - a.length + i] === t);
  if (isSuffix(stem, parent)) return []; // stage_id → DealPipelineStage
  if (isSuffix(parent, stem)) return stem.slice(0, stem.length - parent.length); // billing_address_id → Address
  if (stem.length > 1 && stem[stem.length - 1] === parent[parent.length - 1]) return stem.slice(0, -1);
  return stem; // owner_id → User
}

export function extractRelationships(project: Project, layer: StagingLayer): { relationships: EntityRelationship[]; notes: string[] } {
  const notes: string[] = [];
  const pending = new Map<string, Pending>();
  const entityByTokens = new Map<string, string>();
  for (const e of layer.entities.values()) entityByTokens.set(snakeOf(e.tokens), e.name);

  const resolve = targetResolver(project, layer, entityByTokens);
  for (const sm of layer.models) {
    for (const decl of sm.foreignKeys) {
      const target = resolve(decl.target, decl.column);
      const at = `${decl.model}.${decl.column}`;
      if (!target) {
        notes.push(`${at}: ${decl.via} points at ${describeTarget(decl.target)}, which is no staging model or entity; not drawn.`);
        continue;
      }
      const parent = layer.entities.get(target.entity)!;
      const parentColumn = decl.targetColumn ?? targetKey(layer, target.entity, target.node) ?? decl.column;
      const unique = isUniqueColumn(sm.node, decl.column);
      if (target.entity === sm.entity && (unique || sameName(parentColumn, decl.column))) {
        notes.push(`${at}: ${decl.via} links two models of the same entity ${sm.entity} (the same business noun from different sources); not drawn as a relationship.`);
        continue;
      }
      const role = roleOf(decl.column, parent.tokens);
      const key = `${sm.entity}|${target.entity}|${role.join('_')}`;
      const p = pending.get(key);
      if (p) {
        p.unique &&= unique;
        p.sources.add(decl.model);
        p.via.add(decl.via);
      } else {
        pending.set(key, { parent: target.entity, child: sm.entity, parentColumn, childColumn: decl.column, role, unique,
          sources: new Set([decl.model]), via: new Set([decl.via]) });
      }
    }
  }

  const relationships: EntityRelationship[] = [];
  for (const p of pending.values()) {
    const parent = layer.entities.get(p.parent)!;
    const child = layer.entities.get(p.child)!;
    const verb = relationshipVerb(parent.tokens, child.tokens, p.role);
    const base = { role: p.role.length ? p.role.join(' ') : undefined, sources: [...p.sources].sort(), declared_by: [...p.via].sort(), verb_origin: verb.origin };
    if (p.unique || verb.primary === 'parent') {
      relationships.push({ from: p.parent, to: p.child, verb: verb.parentFirst, cardinality: p.unique ? 'one_to_one' : 'one_to_many',
        from_column: p.parentColumn, to_column: p.childColumn, ...base });
    } else {
      relationships.push({ from: p.child, to: p.parent, verb: verb.childFirst, cardinality: 'many_to_one',
        from_column: p.childColumn, to_column: p.parentColumn, ...base });
    }
  }
  relationships.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.from_column.localeCompare(b.from_column) || a.to_column.localeCompare(b.to_column));
  return { relationships, notes };
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function describeTarget(t: TargetRef): string {
  return t.kind === 'ref' ? `ref('${t.name}')` : t.kind === 'source' ? `source '${t.name}'` : t.kind === 'infer' ? `the entity named by column '${t.name}'` : `'${t.name}'`;
}

/** The key column of the parent entity: its target model's primary key, else any of its models'. */
function targetKey(layer: StagingLayer, entity: string, node?: DbtNode): string | undefined {
  const snake = snakeOf(layer.entities.get(entity)!.tokens);
  if (node) { const k = primaryKeyColumn(node, snake); if (k) return k; }
  for (const m of layer.entities.get(entity)!.models) { const k = primaryKeyColumn(m.node, snake); if (k) return k; }
  return undefined;
}

/** Resolves what a declaration points at to an entity (and the target model, when it is one). */
function targetResolver(project: Project, layer: StagingLayer, entityByTokens: Map<string, string>) {
  type Resolved = { entity: string; node?: DbtNode } | undefined;
  const byNoun = (tokens: string[]) => entityByTokens.get(snakeOf(tokens));
  const byModelName = (name: string): Resolved => {
    const staged = layer.byModel.get(name);
    if (staged) return { entity: staged.entity, node: staged.node };
    // a mart or intermediate model: its business noun may still name an entity (dim_customers)
    const e = byNoun(parseModelName(name, [], { otherLayers: true }).tokens);
    return e ? { entity: e, node: project.modelByName.get(name) } : undefined;
  };
  const entity = (e: string | undefined): Resolved => (e ? { entity: e } : undefined);
  return (t: TargetRef, column: string): Resolved => {
    switch (t.kind) {
      case 'ref': return byModelName(t.name);
      case 'source': {
        const dot = t.name.indexOf('.');
        return entity(byNoun(parseModelName(t.name.slice(dot + 1), dot > 0 ? [t.name.slice(0, dot)] : []).tokens));
      }
      case 'name':
        return byModelName(t.name) ?? (layer.entities.has(t.name) ? { entity: t.name } : entity(byNoun(singularPhrase(tokensOfEntityName(t.name)))));
      case 'infer': {
        const stem = keyStem(column);
        return entity(byNoun(singularPhrase(stem)) ?? (stem.length > 1 ? byNoun(singularPhrase(stem.slice(-1))) : undefined));
      }
    }
  };
}
