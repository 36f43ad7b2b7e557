// Relationships the project does not declare but the Conceptualizer's key inference finds, as
// column-to-column edges of the project graph: many real projects (Fivetran's source packages,
// Stripe's) declare no relationships tests, and a diagram without relationships shows nothing
// of the model. Each edge carries its evidence (rule and confidence) and is marked inferred; the
// canvas draws it dashed, apart from what the project declares. Served on its own route so the
// first screen never waits for the inference.
import { conceptualize } from '../agents/conceptualizer.js';
import type { Cardinality } from '../core/model/types.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { projectColumns } from '../core/columns/project-columns.js';
import { declaredKeyEdges, type ProjectGraph } from './project-graph.js';

export interface InferredEdge {
  kind: 'inferred';
  /** the referencing column (many side) → the key it refers to */
  from: { node: string; column: string };
  to: { node: string; column: string };
  via: string;
  cardinality: Cardinality;
  /** the Conceptualizer's rule and its confidence in 0..1 */
  evidence: { rule: string; confidence: number };
  /** the entities it relates, as the Conceptualizer names them */
  entities: { from: string; to: string };
  verb?: string;
}

export interface InferredEdges {
  project: string;
  edges: InferredEdge[];
  counts: { inferred: number; declared_elsewhere: number };
}

/** Inferred edges between the project's models; none that duplicates a declared key edge of `graph`. */
export function inferredEdges(p: Project, graph?: Pick<ProjectGraph, 'edges'>): InferredEdges {
  const d = conceptualize(p);
  const known = projectColumns(p);
  const byName = new Map<string, DbtNode>();
  for (const m of [...p.models, ...p.snapshots, ...p.seeds]) if (!byName.has(m.name)) byName.set(m.name, m);
  const sourcesOf = new Map(d.entities.map((e) => [e.name, e.sources]));
  const has = (n: DbtNode, col: string) => known.of(n).some((c) => c.name.toLowerCase() === col.toLowerCase());
  const declared = new Set((graph?.edges ?? []).filter((e) => e.kind === 'relationship' || e.kind === 'foreign_key').map((e) => `${e.from.node}.${e.from.column ?? ''}`.toLowerCase()));
  const edges: InferredEdge[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const r of d.relationships) {
    if (r.evidence.kind !== 'inferred' || r.cardinality === 'many_to_many') continue;
    // read it from the referencing side: many_to_one goes child → parent; one_to_many parent → child
    const childFirst = r.cardinality === 'many_to_one' || r.cardinality === 'one_to_one';
    const [childEntity, childCol, parentEntity, parentCol] = childFirst ? [r.from, r.from_column, r.to, r.to_column] : [r.to, r.to_column, r.from, r.from_column];
    const parent = (sourcesOf.get(parentEntity) ?? []).map((s) => byName.get(s)).find((n): n is DbtNode => !!n && has(n, parentCol));
    if (!parent) continue;
    for (const s of r.sources.length ? r.sources : sourcesOf.get(childEntity) ?? []) {
      const child = byName.get(s);
      if (!child || child === parent || !has(child, childCol)) continue;
      const key = `${child.uniqueId}.${childCol}`.toLowerCase();
      if (declared.has(key)) { skipped++; continue; }
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({
        kind: 'inferred', from: { node: child.uniqueId, column: childCol }, to: { node: parent.uniqueId, column: parentCol },
        via: `inferred from the column name (${r.evidence.rule ?? 'key inference'})`, cardinality: r.cardinality === 'one_to_one' ? 'one_to_one' : 'many_to_one',
        evidence: { rule: r.evidence.rule ?? 'key inference', confidence: r.evidence.confidence ?? 0 }, entities: { from: childEntity, to: parentEntity }, ...(r.verb ? { verb: r.verb } : {}),
      });
    }
  }
  edges.sort((a, b) => a.from.node.localeCompare(b.from.node) || a.from.column.localeCompare(b.from.column));
  return { project: p.name, edges, counts: { inferred: edges.length, declared_elsewhere: skipped } };
}

/** Inferred edges of each state of a project (a re-read makes a new `files` map): the canvas's route and its focus walk share one inference. */
const held = new WeakMap<Project, { key: Project['files']; edges: InferredEdges }>();

/** The project's inferred edges against its declared keys, computed once per state of the project. */
export function projectInferredEdges(p: Project): InferredEdges {
  const h = held.get(p);
  if (h?.key === p.files) return h.edges;
  const edges = inferredEdges(p, { edges: declaredKeyEdges(p) });
  held.set(p, { key: p.files, edges });
  return edges;
}
