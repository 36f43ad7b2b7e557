// One column's direct neighbours — the columns its value is made from and the columns made from
// it — read from the few models concerned (the table itself and the models that ref it), not
// from the whole graph: the assistant's retrieval asks this on every question about a column,
// and building the whole graph of a 10,000-model project for one question costs seconds.
// The edges are the graph's (graph.ts reads the same `sources` of the same readings).
import { projectColumns } from '../core/columns/project-columns.js';
import type { DbtNode, Project } from '../core/project/types.js';
import type { LineageKind } from './graph.js';

export interface NearColumn { table: string; column: string; kind: LineageKind }

const TABLES = (p: Project) => [p.models, p.snapshots, p.seeds, p.sources] as DbtNode[][];

// kept per state of the project (as graph.ts keeps its graph): retrieval asks for several columns a question
const tables = new WeakMap<Project, { files: unknown; byId: Map<string, DbtNode>; byName: Map<string, DbtNode> }>();
function tablesOf(p: Project) {
  let t = tables.get(p);
  if (t && t.files === p.files) return t;
  t = { files: p.files, byId: new Map(), byName: new Map() };
  for (const list of TABLES(p)) for (const n of list) {
    t.byId.set(n.uniqueId, n);
    if (!t.byName.has(n.name.toLowerCase())) t.byName.set(n.name.toLowerCase(), n);
  }
  tables.set(p, t);
  return t;
}

/** The upstream and downstream columns one hop from `table.column` (undefined when the table is unknown). */
export function nearColumns(p: Project, table: string, column: string): { up: NearColumn[]; down: NearColumn[] } | undefined {
  const low = table.toLowerCase(), col = column.toLowerCase();
  const { byId, byName } = tablesOf(p);
  const node = byName.get(low);
  if (!node) return undefined;
  const cols = projectColumns(p);
  const read = (n: DbtNode) => { try { return cols.sql(n); } catch { return undefined; } };
  const name = (id: string) => byId.get(id)?.name;
  const up: NearColumn[] = [];
  for (const s of read(node)?.columns.find((c) => c.name.toLowerCase() === col)?.sources ?? []) {
    const t = name(s.relation);
    if (t && s.kind !== 'literal') up.push({ table: t, column: s.column, kind: s.kind });
  }
  // the models that read the table: by ref() name, or by source() as `source_name.table_name`
  const self = node;
  const readers = [...p.models, ...p.snapshots].filter((m) => self.resourceType === 'source'
    ? m.sourceRefs.some((r) => r.toLowerCase() === `${self.sourceName ?? ''}.${self.tableName ?? self.name}`.toLowerCase())
    : m.refs.some((r) => r.name.toLowerCase() === low));
  const down: NearColumn[] = [];
  for (const m of readers) {
    for (const c of read(m)?.columns ?? []) {
      const s = c.sources.find((x) => x.relation === self.uniqueId && x.column.toLowerCase() === col && x.kind !== 'literal');
      if (s) down.push({ table: m.name, column: c.name, kind: s.kind as LineageKind });
    }
  }
  return { up, down };
}

/** Column lineage for retrieval, read from the project when it is at hand. */
export function nearLineage(p: Project | undefined): ((table: string, column: string) => ReturnType<typeof nearColumns>) | undefined {
  return p ? (table, column) => nearColumns(p, table, column) : undefined;
}
