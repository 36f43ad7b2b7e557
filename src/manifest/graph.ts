// A small directed graph over string node keys (`kind:ref`), built for tens of thousands of
// edges: integer node ids, adjacency lists, and only iterative traversals (no recursion that a
// long chain could overflow).

export class Digraph {
  readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();
  /** out[n] = successor ids; tag[n][i] = what created edge i of n (an edge index, or -1). */
  readonly out: number[][] = [];
  readonly tag: number[][] = [];

  id(key: string): number {
    let i = this.ids.get(key);
    if (i === undefined) {
      i = this.keys.length;
      this.ids.set(key, i);
      this.keys.push(key);
      this.out.push([]);
      this.tag.push([]);
    }
    return i;
  }

  find(key: string): number | undefined {
    return this.ids.get(key);
  }

  addEdge(from: string, to: string, tag = -1): void {
    const a = this.id(from);
    const b = this.id(to);
    this.out[a].push(b);
    this.tag[a].push(tag);
  }

  get size(): number {
    return this.keys.length;
  }
}

export interface BackEdge {
  /** The tag of the edge that closes the cycle. */
  tag: number;
  /** Node keys of the cycle, starting and ending at the same node. */
  cycle: string[];
}

/**
 * Every edge that closes a cycle, found by an iterative depth-first search in insertion order
 * (so the report is deterministic). Each back edge is reported once, with the cycle it closes.
 */
export function findBackEdges(g: Digraph): BackEdge[] {
  const n = g.size;
  const state = new Uint8Array(n); // 0 unseen, 1 on the current path, 2 done
  const posOnPath = new Int32Array(n).fill(-1);
  const path: number[] = [];
  const next: number[] = [];
  const found: BackEdge[] = [];
  for (let root = 0; root < n; root++) {
    if (state[root]) continue;
    state[root] = 1;
    posOnPath[root] = 0;
    path.push(root);
    next.push(0);
    while (path.length) {
      const top = path.length - 1;
      const u = path[top];
      const i = next[top];
      if (i < g.out[u].length) {
        next[top] = i + 1;
        const v = g.out[u][i];
        if (state[v] === 0) {
          state[v] = 1;
          posOnPath[v] = path.length;
          path.push(v);
          next.push(0);
        } else if (state[v] === 1) {
          const cycle = path.slice(posOnPath[v]).map((x) => g.keys[x]);
          cycle.push(g.keys[v]);
          found.push({ tag: g.tag[u][i], cycle });
        }
      } else {
        state[u] = 2;
        posOnPath[u] = -1;
        path.pop();
        next.pop();
      }
    }
  }
  return found;
}

/**
 * Breadth-first reach from `start`: for every reached node its predecessor on one shortest path
 * (-1 for the start, -2 for unreached) and its depth.
 */
export function reach(g: Digraph, start: number): { parent: Int32Array; depth: Int32Array; order: number[] } {
  const parent = new Int32Array(g.size).fill(-2);
  const depth = new Int32Array(g.size).fill(-1);
  const order: number[] = [start];
  parent[start] = -1;
  depth[start] = 0;
  for (let head = 0; head < order.length; head++) {
    const u = order[head];
    for (const v of g.out[u]) {
      if (parent[v] !== -2) continue;
      parent[v] = u;
      depth[v] = depth[u] + 1;
      order.push(v);
    }
  }
  return { parent, depth, order };
}

export function pathTo(g: Digraph, parent: Int32Array, node: number): string[] {
  const out: string[] = [];
  for (let x = node; x >= 0; x = parent[x]) out.push(g.keys[x]);
  return out.reverse();
}
