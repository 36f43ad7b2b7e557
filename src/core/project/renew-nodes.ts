// A file re-read whose reading is equal to the old one but for its text (an edit inside a
// model's SELECT, a comment) changes no node's content, no index and no finding: the project's
// views are kept, and only the nodes the file defines are replaced by copies. Every cache that
// reads a node's file once per node object (columns and lineage, the agents' SQL shape, the
// assistant's index) holds on to the node it read: a new object is how they learn the file changed.
import type { BuildMemo } from './build-nodes.js';
import type { DbtNode, Project } from './types.js';

export function renewNodes(p: Project, memo: BuildMemo, files: ReadonlySet<string>): void {
  const renewed = new Map<DbtNode, DbtNode>();
  const renew = (n: DbtNode): DbtNode => {
    if (!n.sqlPath || !files.has(n.sqlPath)) return n;
    let copy = renewed.get(n);
    if (!copy) renewed.set(n, (copy = { ...n }));
    return copy;
  };
  const swap = (list: DbtNode[]): DbtNode[] => {
    let out: DbtNode[] | undefined;
    for (let i = 0; i < list.length; i++) {
      const r = renew(list[i]);
      if (r !== list[i]) (out ??= list.slice())[i] = r;
    }
    return out ?? list;
  };
  p.models = swap(p.models);
  p.seeds = swap(p.seeds);
  p.snapshots = swap(p.snapshots);
  p.disabled = swap(p.disabled);
  if (!renewed.size) return;
  const byName = new Map(p.modelByName);
  for (const [old, copy] of renewed) if (byName.get(old.name) === old) byName.set(old.name, copy);
  p.modelByName = byName;
  // the next build reuses the copy (it is built from the same file reading)
  for (const e of memo.models.values()) e.node = renewed.get(e.node) ?? e.node;
}
