// The dbt project as a graph for the canvas: models, sources, seeds and snapshots are tables
// with their columns; declared keys (relationships tests, foreign_key/references, foreign-key
// constraints) are column-to-column edges; ref() and source() calls are lineage edges, kept
// apart because lineage is not a key.
import { foreignKeysOf, type TargetRef } from '../agents/foreign-keys.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { inferLayers } from '../governance/layers.js';
import { dbtSubjects } from '../governance/policy/subjects.js';
import type { Cardinality } from '../core/model/types.js';
import { projectColumns, type ColumnOrigin } from '../core/columns/project-columns.js';
import { renderedOnly } from '../core/columns/rendered-refs.js';

export interface GraphNode {
  id: string;
  name: string;
  resource_type: string;
  file?: string;
  sql_path?: string;
  /** line of its entry in `file` */
  line?: number;
  layer?: string;
  materialized?: string;
  description?: string;
  owner?: string;
  /** meta.modeler.interface.domain, else meta.domain */
  domain?: string;
  tags: string[];
  contract_enforced: boolean;
  interface: boolean;
  /** the Interface's status, stability and version when it is one */
  interface_status?: string;
  stability?: string;
  interface_version?: string;
  columns: GraphColumn[];
}

export interface GraphColumn {
  name: string;
  data_type?: string;
  /** where the column is known from: yaml (documented), sql (the model's SQL returns it), catalog (target/catalog.json) */
  origin: ColumnOrigin;
  origins: ColumnOrigin[];
  /** where data_type comes from: yaml, catalog (the warehouse), sql (an explicit cast) */
  type_origin?: ColumnOrigin;
  description?: string;
  /** the doc block the description is bound to */
  doc?: string;
  /** line of its YAML entry */
  line?: number;
  /** line of the model's SQL file where it is returned */
  sql_line?: number;
  /** a declared key: a primary_key constraint or model-level key, or unique and not_null tests together */
  primary_key: boolean;
  unique: boolean;
  not_null: boolean;
  /** test names dbt would run (unique, not_null, relationships, accepted_values, …) */
  tests: string[];
  /** the glossary term it is bound to (binding, legacy terms or meta.glossary_term) */
  glossary_term?: string;
  tags: string[];
}

export interface GraphEdge {
  /** relationship: a relationships test; foreign_key: foreign_key/references or a constraint; ref/source: lineage */
  kind: 'relationship' | 'foreign_key' | 'ref' | 'source';
  from: { node: string; column?: string };
  to: { node: string; column?: string };
  via: string;
  /** key edges: many_to_one from the referencing column, one_to_one when it is unique too */
  cardinality?: Cardinality;
}

/** What a level-of-detail view chooses from: every table of the project and every edge (no cardinality yet). */
export interface GraphSkeleton { tables: DbtNode[]; edges: GraphEdge[] }

export interface ProjectGraph {
  project: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Declarations whose target is not a node of the project (a typo, or a package model). */
  unresolved: { from: { node: string; column?: string }; target: string; via: string }[];
  counts: { nodes: number; columns: number; relationship: number; foreign_key: number; ref: number; source: number };
}

/**
 * The graph of the whole project; with `select`, only the tables it picks from the skeleton (every
 * table and edge, no columns) are built with their columns, and only the edges among them kept
 * (the level-of-detail views in graph-lod.ts: a big project's columns are never all read for one screen).
 */
export function projectGraph(p: Project, select?: (s: GraphSkeleton) => Set<string>): ProjectGraph {
  const { tables, edges: all, unresolved } = skeletonOf(p);
  const picked = select?.({ tables, edges: all });
  const chosen = picked ? tables.filter((n) => picked.has(n.uniqueId)) : tables;
  const subjects = dbtSubjects(chosen, p);
  const known = projectColumns(p);
  const uniqueCols = new Set<string>();
  const nodes: GraphNode[] = chosen.map((n, i) => {
    const s = subjects[i];
    const iface = s.interfaceEnabled ? s.interface : undefined;
    return {
      id: n.uniqueId, name: n.name, resource_type: n.resourceType, file: n.file, sql_path: n.sqlPath, line: n.line,
      layer: inferLayers({ name: n.tableName ?? n.name, path: n.sqlPath ?? n.file, declared: n.meta?.layer })[0],
      materialized: n.materialized, description: n.description,
      owner: optionalString(s.owner), domain: optionalString(n.interface?.domain ?? n.meta?.domain), tags: n.tags,
      contract_enforced: n.contractEnforced, interface: !!n.interface,
      ...(iface ? { interface_status: optionalString(iface.status), stability: optionalString(iface.stability), interface_version: optionalString(iface.version) } : {}),
      columns: known.of(n).map((k) => {
        // a documented column carries its tests and keys; one only SQL or the catalog knows has none
        const j = n.columns.findIndex((c) => c.name.toLowerCase() === k.name.toLowerCase());
        const c = n.columns[j];
        const sc = j >= 0 ? s.columns[j] : undefined;
        if (sc?.unique) uniqueCols.add(`${n.uniqueId}\u0000${c.name}`);
        return {
          name: k.name, data_type: k.data_type, origin: k.origin, origins: k.origins, ...(k.type_origin ? { type_origin: k.type_origin } : {}),
          description: c?.description, doc: c?.description_ref?.doc, line: c?.line, ...(k.sql_line ? { sql_line: k.sql_line } : {}),
          primary_key: !!sc && (sc.primaryKey || (sc.unique && sc.notNull)), unique: !!sc?.unique, not_null: !!sc?.notNull, tests: sc?.tests ?? [],
          glossary_term: c ? optionalString(c.binding?.glossary_term ?? c.terms?.[0] ?? c.meta?.glossary_term) : undefined, tags: c?.tags ?? [],
        };
      }),
    };
  });
  // new edge objects: the skeleton's are kept for the next request
  const edges = (picked ? all.filter((e) => picked.has(e.from.node) && picked.has(e.to.node)) : all).map((e) => (e.kind === 'relationship' || e.kind === 'foreign_key'
    ? { ...e, cardinality: uniqueCols.has(`${e.from.node}\u0000${e.from.column}`) ? 'one_to_one' as const : 'many_to_one' as const } : e));
  const unresolvedShown = picked ? unresolved.filter((u) => picked.has(u.from.node)) : unresolved;
  const count = (k: GraphEdge['kind']) => edges.filter((e) => e.kind === k).length;
  return {
    project: p.name, nodes, edges, unresolved: unresolvedShown,
    counts: { nodes: nodes.length, columns: nodes.reduce((x, n) => x + n.columns.length, 0), relationship: count('relationship'), foreign_key: count('foreign_key'), ref: count('ref'), source: count('source') },
  };
}

/** The declared keys of the project (relationships tests, foreign_key/references, constraints), resolved to their tables. */
export function declaredKeyEdges(p: Project): GraphEdge[] {
  return skeletonOf(p).edges.filter((e) => e.kind === 'relationship' || e.kind === 'foreign_key');
}

type Skeleton = GraphSkeleton & { unresolved: ProjectGraph['unresolved'] };
/** The skeleton of each state of a project (a re-read makes a new `files` map): built once, not per graph request. */
const skeletons = new WeakMap<Project, { key: Project['files']; s: Skeleton }>();

/** Every table and edge of the project (no columns, no cardinality), and the declarations whose target is not in it. */
function skeletonOf(p: Project): Skeleton {
  const held = skeletons.get(p);
  if (held?.key === p.files) return held.s;
  const tables: DbtNode[] = [...p.models, ...p.sources, ...p.seeds, ...p.snapshots];
  const byName = new Map<string, DbtNode>();
  for (const n of tables) if (!byName.has(n.name)) byName.set(n.name, n);
  const sourceByTable = new Map<string, DbtNode>();
  for (const s of p.sources) if (s.tableName && !sourceByTable.has(s.tableName)) sourceByTable.set(s.tableName, s);
  const resolve = (t: TargetRef): DbtNode | undefined => {
    if (t.kind === 'ref') return p.modelByName.get(t.name) ?? byName.get(t.name);
    if (t.kind === 'source') return byName.get(t.name);
    if (t.kind === 'name') return p.modelByName.get(t.name) ?? byName.get(t.name) ?? sourceByTable.get(t.name);
    return undefined; // `foreign_key: true` names no target; inferring one is the agents' job
  };
  const edges: GraphEdge[] = [];
  const unresolved: ProjectGraph['unresolved'] = [];
  for (const n of tables) {
    for (const fk of foreignKeysOf(n)) {
      const target = resolve(fk.target);
      const from = { node: n.uniqueId, column: fk.column };
      if (!target) { if (fk.target.kind !== 'infer') unresolved.push({ from, target: `${fk.target.kind}:${fk.target.name}`, via: fk.via }); continue; }
      edges.push({
        kind: fk.via.startsWith('relationships') ? 'relationship' : 'foreign_key', from, to: { node: target.uniqueId, ...(fk.targetColumn ? { column: fk.targetColumn } : {}) }, via: fk.via,
      });
    }
    for (const r of n.refs) {
      const target = p.modelByName.get(r.name) ?? byName.get(r.name);
      if (target) edges.push({ kind: 'ref', from: { node: target.uniqueId }, to: { node: n.uniqueId }, via: `ref('${r.name}')` });
    }
    // a ref() whose name is built while rendering (a loop over a var of loaders): what dbt renders it to
    // and a source() or ref() a project macro builds from its arguments
    for (const target of renderedOnly(p, n)) {
      const kind = target.resourceType === 'source' ? 'source' : 'ref';
      edges.push({ kind, from: { node: target.uniqueId }, to: { node: n.uniqueId }, via: `${kind}() built while rendering: ${target.name}` });
    }
    for (const s of n.sourceRefs) {
      const target = byName.get(s);
      if (target) edges.push({ kind: 'source', from: { node: target.uniqueId }, to: { node: n.uniqueId }, via: `source('${s.replace('.', "', '")}')` });
    }
  }
  const s: Skeleton = { tables, edges, unresolved };
  skeletons.set(p, { key: p.files, s });
  return s;
}

function optionalString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : undefined;
}
