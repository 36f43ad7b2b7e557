// A directed graph over `kind:ref` nodes, built for tens of thousands of edges: integer node ids,
// edges collected into flat arrays and then packed into compressed rows (few allocations, little
// garbage), and only iterative traversals (no recursion that a long chain could overflow).

export class Digraph {
  /** Node n is `kinds[n]:refs[n]`; kept apart so lookups hash the JSON's own strings, never a concatenation. */
  readonly kinds: string[] = [];
  readonly refs: string[] = [];
  private readonly ids = new Map<string, Map<string, number>>();
  private readonly from: number[] = [];
  private readonly to: number[] = [];
  private readonly tags: number[] = [];
  private rowStart?: Int32Array;
  private cols?: Int32Array;
  private colTags?: Int32Array;

  id(kind: string, ref: string): number {
    let byRef = this.ids.get(kind);
    if (!byRef) this.ids.set(kind, (byRef = new Map()));
    let i = byRef.get(ref);
    if (i === undefined) {
      i = this.kinds.length;
      byRef.set(ref, i);
      this.kinds.push(kind);
      this.refs.push(ref);
    }
    return i;
  }

  find(kind: string, ref: string): number | undefined {
    return this.ids.get(kind)?.get(ref);
  }

  key(n: number): string {
    return `${this.kinds[n]}:${this.refs[n]}`;
  }

  /** Edges are kept in insertion order per node; `tag` says what created the edge (e.g. its index). */
  addEdge(from: number, to: number, tag = -1): void {
    if (this.rowStart) throw new Error('graph is frozen');
    this.from.push(from);
    this.to.push(to);
    this.tags.push(tag);
  }

  get size(): number {
    return this.kinds.length;
  }

  /** Pack the edges into rows; nodes added later have no edges. */
  freeze(): this {
    if (this.rowStart) return this;
    const n = this.kinds.length;
    const m = this.from.length;
    const start = new Int32Array(n + 1);
    for (let e = 0; e < m; e++) start[this.from[e] + 1]++;
    for (let u = 0; u < n; u++) start[u + 1] += start[u];
    const fill = start.slice(0, n);
    const cols = new Int32Array(m);
    const tags = new Int32Array(m);
    for (let e = 0; e < m; e++) {
      const at = fill[this.from[e]]++;
      cols[at] = this.to[e];
      tags[at] = this.tags[e];
    }
    this.rowStart = start;
    this.cols = cols;
    this.colTags = tags;
    return this;
  }

  /** Edge slots of node u are first(u) … end(u)-1; read them with target() and tagAt(). */
  first(u: number): number {
    const s = this.freeze().rowStart!;
    return u + 1 < s.length ? s[u] : 0;
  }

  end(u: number): number {
    const s = this.freeze().rowStart!;
    return u + 1 < s.length ? s[u + 1] : 0;
  }

  target(slot: number): number {
    return this.cols![slot];
  }

  tagAt(slot: number): number {
    return this.colTags![slot];
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
  g.freeze();
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
    next.push(g.first(root));
    while (path.length) {
      const top = path.length - 1;
      const u = path[top];
      const slot = next[top];
      if (slot < g.end(u)) {
        next[top] = slot + 1;
        const v = g.target(slot);
        if (state[v] === 0) {
          state[v] = 1;
          posOnPath[v] = path.length;
          path.push(v);
          next.push(g.first(v));
        } else if (state[v] === 1) {
          const cycle = path.slice(posOnPath[v]).map((x) => g.key(x));
          cycle.push(g.key(v));
          found.push({ tag: g.tagAt(slot), cycle });
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
