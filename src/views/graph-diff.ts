// The project graph against another git ref, for the canvas's diff overlay: which tables and
// columns were added, changed or removed since that branch (or tag, or commit). The other
// version is read by the same project reader from the files the commit holds.
import { loadProject } from '../core/project/load.js';
import type { Project } from '../core/project/types.js';
import { projectTreeAt } from '../git/tree-at.js';
import type { GitOptions } from '../git/repo.js';
import { projectGraph, type GraphColumn, type GraphNode, type ProjectGraph } from './project-graph.js';

export type Change = 'added' | 'changed' | 'removed';

export interface GraphDiff {
  ref: string;
  commit: string;
  /** node id → how it differs from the ref (unchanged nodes are absent) */
  nodes: Record<string, Change>;
  /** node id → column name → how it differs */
  columns: Record<string, Record<string, Change>>;
  /** tables the ref has and the work tree does not, as the ref held them (to draw them) */
  removed: GraphNode[];
  /** columns the ref has and the work tree does not, by node */
  removed_columns: Record<string, GraphColumn[]>;
  counts: { added: number; changed: number; removed: number };
}

const COLUMN_FIELDS: (keyof GraphColumn)[] = ['data_type', 'origins', 'description', 'doc', 'primary_key', 'unique', 'not_null', 'tests', 'glossary_term'];
const NODE_FIELDS: (keyof GraphNode)[] = ['description', 'materialized', 'owner', 'domain', 'contract_enforced', 'interface', 'interface_status', 'stability', 'interface_version', 'tags', 'layer'];
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function graphDiff(base: ProjectGraph, head: ProjectGraph, ref: string, commit: string): GraphDiff {
  const before = new Map(base.nodes.map((n) => [n.id, n]));
  const after = new Map(head.nodes.map((n) => [n.id, n]));
  const out: GraphDiff = { ref, commit, nodes: {}, columns: {}, removed: [], removed_columns: {}, counts: { added: 0, changed: 0, removed: 0 } };
  for (const n of head.nodes) {
    const b = before.get(n.id);
    if (!b) { out.nodes[n.id] = 'added'; continue; }
    const cols: Record<string, Change> = {};
    const old = new Map(b.columns.map((c) => [c.name, c]));
    for (const c of n.columns) {
      const o = old.get(c.name);
      if (!o) cols[c.name] = 'added';
      else if (COLUMN_FIELDS.some((f) => !same(o[f], c[f]))) cols[c.name] = 'changed';
    }
    const gone = b.columns.filter((c) => !n.columns.some((x) => x.name === c.name));
    for (const c of gone) cols[c.name] = 'removed';
    if (gone.length) out.removed_columns[n.id] = gone;
    if (Object.keys(cols).length) out.columns[n.id] = cols;
    if (Object.keys(cols).length || NODE_FIELDS.some((f) => !same(b[f], n[f]))) out.nodes[n.id] = 'changed';
  }
  for (const b of base.nodes) if (!after.has(b.id)) { out.nodes[b.id] = 'removed'; out.removed.push(b); }
  for (const c of Object.values(out.nodes)) out.counts[c]++;
  return out;
}

/** The work tree's graph (`project` read from `root`, as the server holds it) against the graph at `ref`. */
export async function projectGraphDiff(root: string, project: Project, ref: string, opts: GitOptions = {}): Promise<GraphDiff> {
  const tree = await projectTreeAt(root, ref, opts);
  try {
    return graphDiff(projectGraph(loadProject(tree.dir)), projectGraph(project), ref, tree.commit);
  } finally {
    tree.cleanup();
  }
}
