// The breaking-change gate with column lineage: when the gate runs beside a dbt project, each
// removed or renamed column of an entity that is a node of the project (by physical_name, else
// name, case-insensitive) says what dropping it breaks downstream, and carries the impact.
import { loadModelFile } from '../core/model/load.js';
import type { Project } from '../core/project/types.js';
import type { GateResult } from '../governance/gate.js';
import { lineageGraph } from './graph.js';
import { columnImpact } from './impact.js';

export function gateWithLineage(r: GateResult, p: Project): GateResult {
  if (r.status === 'invalid') return r;
  const g = lineageGraph(p, { cache: true });
  const old = loadModelFile(r.old.file).model;
  const all = [...p.models, ...p.snapshots, ...p.seeds, ...p.sources];
  const changes = r.changes.map((c) => {
    if ((c.kind !== 'column_removed' && c.kind !== 'column_renamed') || !c.entity) return c;
    const e = old?.entities.find((x) => x.name === c.entity);
    const column = c.kind === 'column_renamed' ? String(c.from ?? '') : c.column;
    const id = [e?.physical_name, c.entity].filter((x): x is string => !!x).map((n) => g.idOf(n)).find(Boolean);
    if (!id || !column) return c;
    const col = (e?.columns.find((x) => x.name === column)?.physical_name as string | undefined) ?? column;
    const known = g.columnsOf(id).find((x) => x.toLowerCase() === col.toLowerCase());
    if (!known) return c;
    const impact = columnImpact(g, { id, column: known }, all);
    if (!impact.columns.length && !impact.tests.length) return c;
    return { ...c, message: `${c.message}; ${impact.summary}`, impact: { columns: impact.columns.map((x) => `${x.node}.${x.column}`), tests: impact.tests.length, contracts: impact.contracts.map((x) => x.node), interfaces: impact.interfaces.map((x) => x.node) } };
  });
  return { ...r, changes };
}
