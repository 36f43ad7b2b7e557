// From the server's views to the canvas graph: the dbt project (GET …/graph) or one model or
// diagram file (GET …/model). Nothing is inferred here: keys, cardinalities and lines come
// from the server; this only reshapes them.
import type { GraphReply, InferredReply, ModelReply } from '../api/types';
import type { CanvasGraph, CEdge, CNode } from './model';

const dirOf = (p?: string) => (p && p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : undefined);

/** The diagram file the dbt project's canvas keeps its positions in. */
export function projectLayoutPath(projectName: string): string {
  return `Modeler/diagrams/${projectName.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'project'}.diagram.yaml`;
}

export function positionsOf(display: unknown): Record<string, { x: number; y: number }> {
  const out: Record<string, { x: number; y: number }> = {};
  const p = (display as { positions?: unknown } | undefined)?.positions;
  if (!p || typeof p !== 'object') return out;
  for (const [id, v] of Object.entries(p as Record<string, any>)) {
    if (v && Number.isFinite(v.x) && Number.isFinite(v.y)) out[id] = { x: Number(v.x), y: Number(v.y) };
  }
  return out;
}

export function fromProjectGraph(g: GraphReply, layoutPath: string, layout?: ModelReply, inferred?: InferredReply): CanvasGraph {
  const fkCols = new Set<string>();
  for (const e of g.edges) if (e.from.column && (e.kind === 'relationship' || e.kind === 'foreign_key')) fkCols.add(`${e.from.node}\u0000${e.from.column}`);
  const nodes: CNode[] = g.nodes.map((n) => ({
    id: n.id, name: n.name, kind: n.resource_type, layer: n.layer, folder: dirOf(n.sql_path ?? n.file), domain: n.domain, tags: n.tags ?? [],
    file: n.file, sqlPath: n.sql_path, line: n.line, description: n.description, owner: n.owner, materialized: n.materialized, contract: n.contract_enforced,
    ...(n.interface ? { interface: { status: n.interface_status, stability: n.stability, version: n.interface_version } } : {}),
    columns: n.columns.map((c) => ({
      name: c.name, type: c.data_type, pk: c.primary_key, fk: fkCols.has(`${n.id}\u0000${c.name}`), unique: c.unique, notNull: c.not_null,
      tests: c.tests ?? [], description: c.description, doc: c.doc, glossary: c.glossary_term, line: c.line,
      origin: c.origin, origins: c.origins, typeOrigin: c.type_origin, sqlLine: c.sql_line,
    })),
  }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const seen = new Map<string, number>();
  const edges: CEdge[] = g.edges.map((e) => {
    const base = `${e.kind}:${e.from.node}.${e.from.column ?? ''}>${e.to.node}.${e.to.column ?? ''}`;
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    const owner = byId.get(e.from.node);
    const col = owner?.columns.find((c) => c.name === e.from.column);
    return {
      id: k > 1 ? `${base}#${k}` : base, kind: e.kind, from: e.from, to: e.to, cardinality: e.cardinality, via: e.via,
      file: owner?.file, line: col?.line ?? owner?.line,
    };
  });
  // keys the project does not declare, inferred by the server's Conceptualizer (drawn dashed)
  const declaredKey = new Set([...fkCols].map((k) => k.replace('\u0000', '.').toLowerCase()));
  // (the server leaves out a column whose key is declared; the reply may predate the graph, e.g.
  // just after Apply declared one, so the same rule holds here: never drawn twice)
  for (const e of inferred?.edges ?? []) {
    const owner = byId.get(e.from.node);
    if (!owner || !byId.has(e.to.node) || declaredKey.has(`${e.from.node}.${e.from.column}`.toLowerCase())) continue;
    const id = `inferred:${e.from.node}.${e.from.column}>${e.to.node}.${e.to.column}`;
    const col = owner.columns.find((c) => c.name === e.from.column);
    edges.push({ id, kind: 'inferred', from: e.from, to: e.to, cardinality: e.cardinality,
      verb: undefined, via: e.via, evidence: e.evidence, file: owner.file, line: col?.line ?? owner.line });
    // the column is marked as the key it is inferred to be (canvas and inspector), with the evidence
    if (col && !col.inferredKey && e.to.column) col.inferredKey = { edge: id, table: byId.get(e.to.node)!.name, column: e.to.column, rule: e.evidence.rule, confidence: e.evidence.confidence };
  }
  // a big project's graph comes by level of detail: the part shown, and how big the whole is
  const partOf = g.lod?.focus ? { total: g.lod.total_nodes, focus: g.lod.focus, hops: g.lod.hops ?? 1 } : undefined;
  return { source: { kind: 'project' }, layoutPath, nodes, edges, pinned: positionsOf(layout?.display), ...(partOf ? { partOf } : {}) };
}

export function fromModel(m: ModelReply): CanvasGraph {
  const fkCols = new Set<string>();
  for (const r of m.relationships) {
    const many = r.cardinality === 'many_to_one' || r.cardinality === 'one_to_one' ? r.from : r.to;
    for (const c of many.columns) fkCols.add(`${many.entity}\u0000${c}`);
  }
  const nodes: CNode[] = m.entities.map((e) => ({
    id: e.name, name: e.name, kind: e.type ?? 'entity', layer: e.layer ?? m.layer, folder: dirOf(m.path), domain: e.domain, tags: e.tags ?? [],
    file: m.path, line: e.line, description: e.description, owner: e.owner,
    columns: e.columns.map((c) => ({
      name: c.name, type: c.data_type, pk: c.primary_key, fk: fkCols.has(`${e.name}\u0000${c.name}`) || !!c.references, unique: c.unique, notNull: !c.nullable,
      tests: c.tests ?? [], description: c.description, doc: c.doc, glossary: c.glossary_term, line: c.line,
    })),
  }));
  const edges: CEdge[] = m.relationships.map((r, i) => ({
    id: `rel:${r.name ?? i}:${r.from.entity}>${r.to.entity}`, kind: 'model', name: r.name, verb: r.verb, cardinality: r.cardinality,
    from: { node: r.from.entity, column: r.from.columns[0] }, to: { node: r.to.entity, column: r.to.columns[0] }, file: m.path, line: r.line,
  }));
  return { source: { kind: 'model', path: m.path }, layoutPath: m.path, nodes, edges, pinned: positionsOf(m.display) };
}
