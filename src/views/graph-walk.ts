// Walks over a graph's edges that the server (graph-lod.ts: a big project's graph by level of
// detail) and the browser's canvas (web/src/canvas/view.ts) both make, so the two pick the same
// focus and the same neighbours. Pure, without imports: the web bundle imports this file itself.

export interface WalkEdge { from: { node: string }; to: { node: string } }

/** `seeds` and every node within `hops` edges of them (either way), in breadth-first order (edge order within a hop). */
export function neighbourhood(edges: Iterable<WalkEdge>, seeds: Iterable<string>, hops: number): Set<string> {
  const adj = new Map<string, string[]>();
  const link = (a: string, b: string) => { const l = adj.get(a); if (l) l.push(b); else adj.set(a, [b]); };
  for (const e of edges) { link(e.from.node, e.to.node); link(e.to.node, e.from.node); }
  const out = new Set(seeds);
  let frontier = [...out];
  for (let h = 0; h < hops && frontier.length; h++) {
    const next: string[] = [];
    for (const id of frontier) for (const m of adj.get(id) ?? []) if (!out.has(m)) { out.add(m); next.push(m); }
    frontier = next;
  }
  return out;
}

/** The node with the most edges (ties: the first name in code-unit order): where an overview of a big graph starts. */
export function bestConnected<N>(nodes: Iterable<N>, edges: Iterable<WalkEdge>, id: (n: N) => string, name: (n: N) => string): N | undefined {
  const degree = new Map<string, number>();
  for (const e of edges) for (const x of [e.from.node, e.to.node]) degree.set(x, (degree.get(x) ?? 0) + 1);
  let best: N | undefined, bestDegree = -1;
  for (const n of nodes) {
    const d = degree.get(id(n)) ?? 0;
    if (d > bestDegree || (d === bestDegree && best !== undefined && name(n) < name(best))) { best = n; bestDegree = d; }
  }
  return best;
}
