// Facts about an indexed object, read from the project and the index: the dbt node behind a
// table or column record, its tests, relationships, lineage, owner, Interface state and open
// findings. Shared by the explanations and the deterministic proposals.
import { projectColumns } from '../../core/columns/project-columns.js';
import { activeTests, hasNotNullTest, hasUniqueTest, parseRefTarget } from '../../core/project/dbt-tests.js';
import type { DbtColumn, DbtNode, DbtTest, Project } from '../../core/project/types.js';
import { ownerOf } from '../index/build-nodes.js';
import { boundDoc } from '../index/context.js';
import type { IndexView } from '../index/view.js';
import type { IndexRecord } from '../index/records.js';

export function nodeOf(project: Project, rec: IndexRecord): DbtNode | undefined {
  const all = [...project.models, ...project.sources, ...project.seeds, ...project.snapshots, ...project.exposures, ...project.semanticModels, ...project.metrics];
  const name = rec.kind === 'column' ? rec.name.slice(0, rec.name.lastIndexOf('.')) : rec.name;
  const kind = rec.kind === 'column' ? undefined : rec.kind;
  if ((!kind || kind === 'model') && project.modelByName.has(name)) return project.modelByName.get(name);
  return all.find((n) => n.name === name && (!kind || n.resourceType === kind));
}

export function columnOf(project: Project, rec: IndexRecord): { node: DbtNode; column: DbtColumn } | undefined {
  if (rec.kind !== 'column') return undefined;
  const node = nodeOf(project, rec);
  const col = node?.columns.find((c) => c.name === rec.name.slice(rec.name.lastIndexOf('.') + 1));
  return node && col ? { node, column: col } : undefined;
}

export function describeTest(t: DbtTest): string {
  if (t.name === 'relationships') return `relationships → ${parseRefTarget(t.args.to)?.name ?? String(t.args.to)}.${t.args.field}`;
  if (t.name === 'accepted_values' && Array.isArray(t.args.values)) return `accepted_values (${t.args.values.join(', ')})`;
  return t.enabled === false ? `${t.name} (disabled)` : t.name;
}

export function columnType(project: Project, node: DbtNode, c: DbtColumn): string | undefined {
  if (c.data_type ?? c.type) return c.data_type ?? c.type;
  const cat = project.target.catalog;
  const rel = cat?.nodes?.[node.uniqueId] ?? cat?.sources?.[node.uniqueId];
  const hit = rel ? Object.values<any>(rel.columns ?? {}).find((x) => String(x?.name).toLowerCase() === c.name.toLowerCase()) : undefined;
  return hit?.type ? `${String(hit.type).toLowerCase()} (warehouse catalog)` : undefined;
}

/** The description a reader sees: the doc block's text when the column is bound to one. */
export function columnDescription(project: Project, c: DbtColumn): { text?: string; doc?: string; docFile?: string; docLine?: number } {
  const doc = boundDoc(c);
  if (doc) {
    const b = project.docs.get(doc);
    return { text: b?.body, doc, docFile: b?.file, docLine: b?.line };
  }
  return { text: c.description };
}

export function interfaceState(n: DbtNode): string | undefined {
  const i = n.interface;
  if (!i) return undefined;
  const bits = [i.stability ?? (i.enabled ? 'enabled' : undefined), i.status, i.version, n.contractEnforced ? 'contract enforced' : 'contract not enforced'].filter(Boolean);
  return bits.join(', ');
}

export { ownerOf, hasUniqueTest, hasNotNullTest, activeTests };

/** Open findings (issue records) about a record. */
export function findingsAbout(index: IndexView, id: string): IndexRecord[] {
  return index.neighbours(id).filter((r) => r.kind === 'issue' && r.links[0] === id);
}

export const loc = (r: { file?: string; line?: number }) => (r.file ? `${r.file}${r.line ? `:${r.line}` : ''}` : '');

/**
 * Where a column's meaning is written when it has none of its own: the column it passes through
 * unchanged or renames, followed up the SQL (a mart's `runs.status as run_status` is described on
 * the staging model or its source), up to six steps. A computed column's meaning is its own: not followed.
 */
export function describedUpstream(project: Project, node: DbtNode, name: string): { node: DbtNode; column: DbtColumn; renamed: boolean; text: string } | undefined {
  let pc;
  try { pc = projectColumns(project); } catch { return undefined; }
  const all = [...project.models, ...project.sources, ...project.seeds, ...project.snapshots];
  let n = node, col = name, renamed = false;
  for (let step = 0; step < 6; step++) {
    const out = n.resourceType === 'model' || n.resourceType === 'snapshot' ? pc.sql(n)?.columns.find((c) => c.name.toLowerCase() === col.toLowerCase()) : undefined;
    if (!out || (out.kind !== 'passthrough' && out.kind !== 'rename') || out.sources.length !== 1) return undefined;
    renamed ||= out.kind === 'rename';
    const [from] = out.sources;
    const up = all.find((x) => x.uniqueId === from.relation);
    if (!up) return undefined;
    const c = up.columns.find((x) => x.name.toLowerCase() === from.column.toLowerCase());
    const text = c && columnDescription(project, c).text;
    if (c && text) return { node: up, column: c, renamed, text };
    n = up; col = from.column;
  }
  return undefined;
}
