// Columns a change drops, and what each breaks: for two states of a project (a base and a head),
// every column a model, snapshot or seed returned in the base that it no longer has in the head
// (or whose node is gone), with its impact on the base's lineage ("dropping `stg_orders.customer_id`
// breaks `orders.customer_id`, `customers.customer_id` (contracted)"). A model whose head SQL cannot
// be read completely is not judged (its columns are not known, so nothing is claimed dropped).
import { projectColumns } from '../core/columns/project-columns.js';
import type { Project } from '../core/project/types.js';
import { lineageGraph } from './graph.js';
import { columnImpact, type ColumnImpact } from './impact.js';

export interface DroppedColumn { node: string; column: string; impact: ColumnImpact }

export function droppedColumns(base: Project, head: Project): DroppedColumn[] {
  const gb = lineageGraph(base), gh = lineageGraph(head);
  const hc = projectColumns(head);
  const all = [...base.models, ...base.snapshots, ...base.seeds, ...base.sources];
  const out: DroppedColumn[] = [];
  for (const n of [...base.models, ...base.snapshots, ...base.seeds]) {
    const name = gb.nameOf(n.uniqueId);
    const hid = gh.idOf(name);
    const hn = hid ? gh.node(hid) : undefined;
    if (hn && (hn.resourceType === 'model' || hn.resourceType === 'snapshot') && hc.sql(hn)?.status !== 'complete') continue;
    const now = new Set((hid ? gh.columnsOf(hid) : []).map((c) => c.toLowerCase()));
    for (const c of gb.columnsOf(n.uniqueId)) {
      if (now.has(c.toLowerCase())) continue;
      out.push({ node: name, column: c, impact: columnImpact(gb, { id: n.uniqueId, column: c }, all) });
    }
  }
  return out;
}
