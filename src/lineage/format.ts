// Lineage as text: one column's chain drawn as a tree (upstream, then downstream), a node's
// columns each with its direct upstream, and an impact report.
import type { LineageEdge, LineageGraph } from './graph.js';
import { rowReads, type ColumnImpact } from './impact.js';
import type { ColumnLineage, NodeLineage } from './query.js';

const at = (e: { file?: string; line?: number }) => (e.file ? `  ${e.file}:${e.line ?? 1}` : '');

function tree(g: LineageGraph, id: string, column: string, dir: 'up' | 'down', depth: number, prefix: string, seen: Set<string>, out: string[]): void {
  if (depth <= 0) return;
  const edges: LineageEdge[] = dir === 'up' ? g.up(id, column) : g.down(id, column);
  edges.forEach((e, i) => {
    const last = i === edges.length - 1;
    const o = dir === 'up' ? e.from : e.to;
    const k = `${o.id}\u0000${o.column.toLowerCase()}`;
    const again = seen.has(k);
    const declared = g.declaredBy(o.id, o.column);
    out.push(`${prefix}${last ? '└─ ' : '├─ '}${g.nameOf(o.id)}.${o.column}  (${e.kind})${at(e)}${declared ? `  (not in its YAML; declared by ${declared.macro})` : ''}${again ? '  (shown above)' : ''}`);
    if (again) return;
    seen.add(k);
    tree(g, o.id, o.column, dir, depth - 1, prefix + (last ? '   ' : '│  '), seen, out);
  });
}

/** One column: its upstream and downstream trees, `depth` levels deep. */
export function formatColumnLineage(g: LineageGraph, addr: { id: string; column: string }, l: ColumnLineage, depth: number): string {
  const out = [l.column];
  if (l.declared_by) out.push(`not in its source's YAML: ${l.declared_by}`);
  if (l.made) {
    out.push(`made in ${l.made.file}`);
    for (const s of l.made.steps) {
      const where = [s.scope, s.branch ? `union branch ${s.branch}` : undefined].filter(Boolean).join('; ');
      out.push(`   line ${s.line}${where ? ` (${where})` : ''}: ${s.text}${s.groupBy ? `  — grouped by ${s.groupBy}` : ''}`);
    }
  }
  const up: string[] = [], down: string[] = [];
  tree(g, addr.id, addr.column, 'up', depth, '   ', new Set(), up);
  tree(g, addr.id, addr.column, 'down', depth, '   ', new Set(), down);
  out.push(`upstream${up.length ? '' : ': none'}`, ...up);
  out.push(`downstream${down.length ? '' : ': none'}`, ...down);
  for (const u of l.unresolved) out.push(`unresolved: ${u.node}.${u.column}: ${u.reason}`);
  if (l.influence.length) out.push(`rows decided by (not values): ${l.influence.map((i) => `${i.node}.${i.column} (${i.kind})`).join(', ')}`);
  return out.join('\n');
}

/** Every column of a node with its direct upstream. */
export function formatNodeLineage(n: NodeLineage): string {
  const out = [n.node];
  if (n.unresolved) out.push(`└─ no known columns: ${n.unresolved}`);
  if (n.partial) out.push(`${n.columns.length ? '├─' : '└─'} other columns not known: ${n.partial}`);
  n.columns.forEach((c, i) => {
    const last = i === n.columns.length - 1;
    const name = c.column.slice(n.node.length + 1);
    const from = c.upstream.map((u) => `${u.node}.${u.column} (${u.kind}${u.declared_by ? ', not in its YAML: a package declares it' : ''})`).join(', ');
    const why = c.unresolved.map((u) => `unresolved: ${u.reason}`).join('; ');
    out.push(`${last ? '└─ ' : '├─ '}${name} ← ${[from, why].filter(Boolean).join('; ') || 'no input column (a literal, or a seed/source column)'}`);
  });
  return out.join('\n');
}

export function formatImpact(r: ColumnImpact): string {
  const out = [r.summary];
  for (const c of r.columns) out.push(`  column    ${c.node}.${c.column}  (depth ${c.depth}, ${c.kind})${at(c)}`);
  for (const t of r.tests) out.push(`  test      ${t.node}.${t.column}: ${t.test}${at(t)}`);
  for (const c of r.contracts) out.push(`  contract  ${c.node}: ${c.columns.join(', ')}${at(c)}`);
  for (const i of r.interfaces) out.push(`  interface ${i.node}${i.owner ? ` (owner ${i.owner})` : ''}: ${i.columns.join(', ')}${at(i)}`);
  for (const w of rowReads(r.rows)) out.push(`  rows      ${w.node}: ${w.reads}${w.file ? `  ${w.file}:${w.lines.length ? w.lines.join(', ') : 1}` : ''}`);
  return out.join('\n');
}
