// What every record builder needs to know about the project at once: which unit (file) each
// node is built in, how names resolve to record ids, and the facts the target/ artifacts add
// (warehouse types from catalog.json, last run status of tests from run_results.json).
import { docReference } from '../../core/project/docs.js';
import type { DbtColumn, DbtNode, Project } from '../../core/project/types.js';
import { recordId, type RecordKind } from './records.js';

export interface TestRun { status: string; message?: string }

export interface BuildContext {
  project: Project;
  /** unit key → the nodes built in it (a node is built in its YAML file, else its SQL/CSV file). */
  nodesByUnit: Map<string, DbtNode[]>;
  /** table name (model/seed/snapshot) → record id; `src.table` → source id */
  tableIds: Map<string, string>;
  /** catalog.json warehouse types: `<unique_id>|<column lower>` → type */
  catalogTypes: Map<string, string>;
  /** run_results.json outcomes by our test name `test(table.column)` */
  testRuns: Map<string, TestRun>;
}

export const fileUnit = (rel: string) => `file:${rel}`;

export function nodeKind(n: DbtNode): RecordKind {
  return n.resourceType;
}

/** Where a node's records are built: its YAML entry, else its SQL (or seed CSV) file. */
export function nodeFile(n: DbtNode): string | undefined {
  return n.file ?? n.sqlPath;
}

export function tableRecordId(n: DbtNode): string {
  const versioned = n.version !== undefined && !n.latestVersion ? `${n.name}.v${n.version}` : n.name;
  return recordId(nodeKind(n), versioned);
}

export function columnRecordId(table: string, column: string): string {
  return recordId('column', `${table}.${column}`);
}

/** The doc block a column's description is bound to, by `description_ref` or `{{ doc() }}`. */
export function boundDoc(c: Pick<DbtColumn, 'description' | 'description_ref'>): string | undefined {
  return c.description_ref?.doc ?? docReference(c.description);
}

/** `prev`: the artifacts' facts only change with target/ (which rebuilds everything), so an update keeps them. */
export function buildContext(project: Project, prev?: BuildContext): BuildContext {
  const nodesByUnit = new Map<string, DbtNode[]>();
  const tableIds = new Map<string, string>();
  const all = [...project.models, ...project.sources, ...project.seeds, ...project.snapshots, ...project.exposures, ...project.semanticModels, ...project.metrics];
  for (const n of all) {
    const f = nodeFile(n);
    if (!f) continue;
    const u = fileUnit(f);
    let list = nodesByUnit.get(u);
    if (!list) nodesByUnit.set(u, (list = []));
    list.push(n);
  }
  for (const n of [...project.seeds, ...project.snapshots, ...project.sources]) tableIds.set(n.name, tableRecordId(n));
  for (const [name, n] of project.modelByName) tableIds.set(name, tableRecordId(n));
  return { project, nodesByUnit, tableIds, catalogTypes: prev?.catalogTypes ?? catalogTypes(project), testRuns: prev?.testRuns ?? testRuns(project) };
}

function catalogTypes(project: Project): Map<string, string> {
  const out = new Map<string, string>();
  const cat = project.target.catalog;
  for (const group of [cat?.nodes, cat?.sources]) {
    if (!group || typeof group !== 'object') continue;
    for (const [uid, rel] of Object.entries<any>(group)) {
      for (const c of Object.values<any>(rel?.columns ?? {})) if (c?.name && c?.type) out.set(`${uid}|${String(c.name).toLowerCase()}`, String(c.type));
    }
  }
  return out;
}

/** Last outcome of each test, named as our test records are (`unique(orders.order_id)`). */
function testRuns(project: Project): Map<string, TestRun> {
  const out = new Map<string, TestRun>();
  const results = project.target.runResults?.results;
  const nodes = project.target.manifest?.nodes;
  if (!Array.isArray(results) || !nodes) return out;
  const sources = project.target.manifest?.sources ?? {};
  for (const r of results) {
    const t = nodes[r?.unique_id];
    if (!t || t.resource_type !== 'test' || !t.test_metadata?.name) continue;
    const attached = nodes[t.attached_node] ?? sources[t.attached_node];
    if (!attached) continue;
    const table = attached.resource_type === 'source' ? `${attached.source_name}.${attached.name}` : attached.name;
    const name = `${t.test_metadata.namespace ? t.test_metadata.namespace + '.' : ''}${t.test_metadata.name}`;
    const key = `${name}(${t.column_name ? `${table}.${t.column_name}` : table})`;
    if (!out.has(key)) out.set(key, { status: String(r.status), message: r.message ?? undefined });
  }
  return out;
}
