// References between staging models → relationships between entities. Three kinds of evidence,
// strongest first: declarations on the staging model (relationships tests, foreign_key /
// references, constraints), declarations downstream traced back through ref() lineage, and keys
// read off column names (key-inference.ts). Declared evidence always wins over inferred. Bridges
// become many-to-many relationships. Cardinality comes from the keys; the verb and the direction
// read naturally ("Customer places Order", "Order is created by User").
import type { DbtNode, Project } from '../core/project/types.js';
import type { DiagramRelationship, RelationshipEvidence } from '../proposals/types.js';
import { downstreamDeclarations } from './downstream.js';
import type { StagingLayer, StagingModel } from './entities.js';
import type { TargetRef } from './foreign-keys.js';
import { isUniqueColumn, primaryKeyColumn } from './keys.js';
import { roleOf } from './columns.js';
import { selfRole } from './key-inference.js';
import { snakeOf } from './naming.js';
import { notReturned } from './node-columns.js';
import { relationshipVerb, type VerbPhrase } from './verbs.js';

/** A diagram relationship plus where its verb came from (dictionary pair, column name, fallback). */
export interface EntityRelationship extends DiagramRelationship {
  verb_origin: VerbPhrase['origin'];
}

export interface RelationshipOptions {
  /** Only relationships the project declares (no inference from column names). */
  declaredOnly?: boolean;
}

interface Edge {
  child: string; parent: string; childColumn: string; parentColumn: string; role: string[];
  unique: boolean; model: string; evidence: RelationshipEvidence; via: string;
}

interface Pending {
  parent: string; child: string; parentColumn: string; childColumn: string; role: string[];
  unique: boolean; sources: Set<string>; via: Set<string>; evidence: RelationshipEvidence; columns: Map<string, string>;
}

export function extractRelationships(project: Project, layer: StagingLayer, opts: RelationshipOptions = {}): { relationships: EntityRelationship[]; notes: string[] } {
  const notes: string[] = [];
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  const selfLinks: string[] = [];
  const sources = new Set(layer.sourceNames);

  const edge = (sm: StagingModel, column: string, parent: { entity: string; node?: DbtNode; column?: string }, evidence: RelationshipEvidence, via: string) => {
    const child = sm.entity!;
    const knownKey = parent.column ?? targetKey(layer, parent.entity, parent.node);
    const parentColumn = knownKey ?? column;
    const unique = isUniqueColumn(sm.node, column);
    const role = roleOf(column, layer.entities.get(parent.entity)!.tokens);
    // the same noun from another source system (ehr_patient_id in billing's patients) is one entity, not a self-reference
    // (…but a self role on an entity whose key is unknown, parent_comment_id in a media comment, is its parent row: the
    // column can only be named like the key when the key is known)
    const namedLikeKey = sameName(parentColumn, column) && (!!knownKey || !selfRole(role));
    if (parent.entity === child && (unique || namedLikeKey || !role.length || role.every((r) => sources.has(r)))) {
      selfLinks.push(`${sm.node.name}.${column}: ${via} links two models of the same entity ${child} (the same business noun from different sources); not drawn as a relationship.`);
      return;
    }
    edges.push({ child, parent: parent.entity, childColumn: column, parentColumn, role, unique, model: sm.node.name, evidence, via });
  };

  for (const sm of layer.models) {
    if (!sm.entity || sm.kind === 'bridge' || sm.kind === 'technical' || (sm.kind !== 'entity' && sm.kind !== 'helper')) continue;
    const declaredCols = new Set<string>();
    for (const decl of sm.foreignKeys) {
      const target = sm.declared.get(decl.column.toLowerCase());
      declaredCols.add(decl.column.toLowerCase());
      if (!target || !layer.entities.has(target.entity)) {
        unresolved.push(notReturned(project, sm.node).some((c) => c.toLowerCase() === decl.column.toLowerCase())
          ? `${decl.model}.${decl.column}: ${decl.via} is declared on a column the model's SQL no longer returns`
          : `${decl.model}.${decl.column}: ${decl.via} points at ${describeTarget(decl.target)}, which is no staging model or entity`);
        continue;
      }
      edge(sm, decl.column, { entity: target.entity, node: target.node, column: decl.targetColumn }, declaredEvidence(decl.file, decl.line), decl.via);
    }
    if (opts.declaredOnly) continue;
    for (const c of sm.columns) {
      const g = sm.guesses.get(c.name.toLowerCase());
      if (!g || declaredCols.has(c.name.toLowerCase()) || !layer.entities.has(g.entity)) continue;
      edge(sm, c.name, { entity: g.entity }, { kind: 'inferred', rule: ruleText(g.rule, g.lookup), confidence: g.confidence }, `inferred from the column name (${ruleText(g.rule, g.lookup)})`);
    }
  }
  const downstream = downstreamDeclarations(project, layer);
  notes.push(...downstream.notes);
  for (const d of downstream.found) {
    if (!layer.entities.has(d.parent.entity)) continue;
    edge(d.child, d.column, d.parent, declaredEvidence(d.decl.file, d.decl.line), `${d.decl.via} on downstream model ${d.decl.model}`);
  }

  if (unresolved.length) notes.push(...unresolved.map((u) => `${u}; not drawn.`));
  notes.push(...selfLinks.slice(0, 10));
  if (selfLinks.length > 10) notes.push(`… and ${selfLinks.length - 10} more references between models of the same entity, not drawn.`);

  const relationships = [...merge(edges).values()].map((p) => toRelationship(layer, p));
  relationships.push(...manyToMany(layer, opts));
  relationships.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to) || a.from_column.localeCompare(b.from_column) || a.to_column.localeCompare(b.to_column));
  return { relationships, notes };
}

function declaredEvidence(file: string | undefined, line: number | undefined): RelationshipEvidence {
  return { kind: 'declared', ...(file ? { file } : {}), ...(line ? { line } : {}) };
}

function ruleText(rule: string, lookup: boolean): string {
  const text: Record<string, string> = {
    noun: 'column names the entity', role: 'role + entity noun', context: 'entity noun completed from the model name',
    head: 'the only entity of that kind', actor: 'person role points at the people entity', self: 'self-reference role',
    description: 'the column description names the entity', semantic: 'semantic model foreign entity', key: "the column is the parent's own key (unique or described as its unique identifier)",
    synonym: 'another word for the entity noun (provider → practitioner)', spelling: 'the entity noun misspelt, a letter or two left out (obervation → observation)', bare: 'the column is named by the entity noun alone, in the entity\'s own system',
    join: "a downstream model joins the column to the entity's own id",
    sqljoin: 'the model\'s own SQL joins the column to the entity\'s id',
    tested: "a relationships test on another model of its system ties the same column name to the entity's id",
    family: "the system's tables named for the entity (its addresses, contracts, tags …) all hold this key, so it identifies the entity",
  };
  return `${text[rule] ?? rule}${lookup ? ', Salesforce lookup' : ''}`;
}

/**
 * One relationship per (child, parent, role): the same key from several sources is one fact.
 * Two different columns of one model are two facts (price_id, plan_id). Declared evidence wins.
 */
function merge(edges: Edge[]): Map<string, Pending> {
  const pending = new Map<string, Pending>();
  const rank = (e: RelationshipEvidence) => (e.kind === 'declared' ? 2 : 1) + (e.confidence ?? 0);
  for (const e of edges) {
    let key = `${e.child}|${e.parent}|${e.role.join('_')}`;
    const seen = pending.get(key)?.columns.get(e.model);
    if (seen && seen.toLowerCase() !== e.childColumn.toLowerCase()) key += `|${e.childColumn.toLowerCase()}`;
    const p = pending.get(key);
    if (!p) {
      pending.set(key, { parent: e.parent, child: e.child, parentColumn: e.parentColumn, childColumn: e.childColumn, role: e.role, unique: e.unique,
        sources: new Set([e.model]), via: new Set([e.via]), evidence: e.evidence, columns: new Map([[e.model, e.childColumn]]) });
      continue;
    }
    p.unique &&= e.unique;
    p.sources.add(e.model);
    p.via.add(e.via);
    p.columns.set(e.model, e.childColumn);
    if (rank(e.evidence) > rank(p.evidence)) {
      p.evidence = e.evidence;
      p.childColumn = e.childColumn;
      p.parentColumn = e.parentColumn;
    }
  }
  return pending;
}

function toRelationship(layer: StagingLayer, p: Pending): EntityRelationship {
  const parent = layer.entities.get(p.parent)!;
  const child = layer.entities.get(p.child)!;
  const verb = relationshipVerb(parent.tokens, child.tokens, p.role);
  const base = { role: p.role.length ? p.role.join(' ') : undefined, sources: [...p.sources].sort(), declared_by: [...p.via].sort(), evidence: p.evidence, verb_origin: verb.origin };
  if (p.unique || verb.primary === 'parent') {
    return { from: p.parent, to: p.child, verb: verb.parentFirst, cardinality: p.unique ? 'one_to_one' : 'one_to_many',
      from_column: p.parentColumn, to_column: p.childColumn, ...base };
  }
  return { from: p.child, to: p.parent, verb: verb.childFirst, cardinality: 'many_to_one', from_column: p.childColumn, to_column: p.parentColumn, ...base };
}

/** Bridges → many-to-many relationships between the entities they link, through the bridge (with more than two ends, the first to each other). */
function manyToMany(layer: StagingLayer, opts: RelationshipOptions): EntityRelationship[] {
  const out = new Map<string, EntityRelationship>();
  const helpersOf = new Map<string, string[]>();
  for (const m of layer.models) if (m.owner) { const l = helpersOf.get(m.owner); if (l) l.push(m.node.name); else helpersOf.set(m.owner, [m.node.name]); }
  const systemsOf = new Map<string, Set<string>>();
  for (const b of layer.bridges) { const n = linkName(layer, b.model); const l = systemsOf.get(n); if (l) l.add(b.model.source); else systemsOf.set(n, new Set([b.model.source])); }
  for (const b of layer.bridges) for (const z of b.ends.slice(1)) {
    const a = b.ends[0];
    if (!layer.entities.has(a.entity) || !layer.entities.has(z.entity)) continue;
    const declared = [a, z].every((e) => b.model.declared.has(e.column.toLowerCase()));
    if (opts.declaredOnly && !declared) continue;
    const key = `${a.entity}|${z.entity}|${b.model.noun}`;
    const sources = [b.model.node.name, ...(helpersOf.get(b.model.node.name) ?? [])];
    const hit = out.get(key);
    if (hit) { hit.sources = [...new Set([...hit.sources, ...sources])].sort(); continue; }
    const ea = layer.entities.get(a.entity)!, ez = layer.entities.get(z.entity)!;
    const verb = relationshipVerb(ea.tokens, ez.tokens, []);
    const evidence: RelationshipEvidence = declared
      ? declaredEvidence(b.model.foreignKeys.find((d) => d.column.toLowerCase() === a.column.toLowerCase())?.file, b.model.foreignKeys.find((d) => d.column.toLowerCase() === a.column.toLowerCase())?.line)
      : { kind: 'inferred', rule: `association table (${b.model.why})`, confidence: Math.min(...[a, z].map((e) => b.model.guesses.get(e.column.toLowerCase())?.confidence ?? 0.9)) };
    out.set(key, {
      from: a.entity, to: z.entity, verb: verb.origin === 'fallback' ? 'is associated with' : verb.parentFirst, cardinality: 'many_to_many',
      from_column: a.column, to_column: z.column, through: qualifiedLink(linkName(layer, b.model), systemsOf, a.entity, z.entity), sources: sources.sort(),
      declared_by: [declared ? 'declared references on the association table' : 'association table read from its columns'], evidence,
      verb_origin: verb.origin === 'fallback' ? 'fallback' : verb.origin,
    });
  }
  return [...out.values()];
}

/**
 * A link whose name links of other systems also have (league_members of two clients' games) takes the system's words its
 * two ends share (Bet99BracketLeague, Bet99BracketUser: Bet99BracketLeagueMember), as the things it links are qualified.
 */
function qualifiedLink(name: string, systemsOf: ReadonlyMap<string, ReadonlySet<string>>, a: string, z: string): string {
  if ((systemsOf.get(name)?.size ?? 0) < 2) return name;
  const wa = a.match(/[A-Z][a-z0-9]*/g) ?? [], wz = z.match(/[A-Z][a-z0-9]*/g) ?? [];
  let n = 0;
  while (n < wa.length - 1 && n < wz.length - 1 && wa[n] === wz[n]) n++;
  const prefix = wa.slice(0, n).join('');
  return n && !name.startsWith(prefix) ? `${prefix}${name}` : name;
}

/** A bridge's name: its ends' where its own is a join of them and no entity has that name (students_join_groups beside student_groups keeps its own). */
function linkName(layer: StagingLayer, m: StagingModel): string {
  return m.linkName && !layer.entities.has(m.linkName) ? m.linkName : m.noun;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function describeTarget(t: TargetRef): string {
  return t.kind === 'ref' ? `ref('${t.name}')` : t.kind === 'source' ? `source '${t.name}'` : t.kind === 'infer' ? `the entity named by column '${t.name}'` : `'${t.name}'`;
}

/** The key column of the parent entity: its target model's primary key, else any of its models'. */
function targetKey(layer: StagingLayer, entity: string, node?: DbtNode): string | undefined {
  const group = layer.entities.get(entity)!;
  const snake = snakeOf(group.tokens);
  if (node) { const k = primaryKeyColumn(node, snake); if (k) return k; }
  for (const m of group.models) { if (m.kind !== 'entity') continue; const k = primaryKeyColumn(m.node, snake); if (k) return k; }
  for (const m of group.models) {
    const named = m.columns.find((c) => c.name.toLowerCase() === `${snake}_id` || c.name.toLowerCase() === 'id');
    if (named) return named.name;
  }
  // the row's own identifier as the SQL names it (id as event_id)
  for (const m of group.models) if (m.kind === 'entity' && m.ownIds.size) return [...m.ownIds][0];
  return undefined;
}
