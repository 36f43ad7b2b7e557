// What a big diagram shows zoomed far out, where no table can be read and a thousand lines are one
// grey mass: its groups — tables of one folder (or domain) lying together, as the layout puts
// them (a folder's tables in one layer of a lineage view, a packed group of a key view) — each
// outlined and named, and one line per pair of groups with an edge between them, as thick as the
// edges it stands for are many. Zooming in shows every edge again. Plain functions, near-linear.
import { nodeSize, type Point, type Size } from './geometry';
import { groupOf } from './layout';
import { isKeyEdge, type CanvasGraph } from './model';

/** Above this many edges the far view draws lines between groups, not every edge. */
export const BUNDLE_MIN_EDGES = 300;
/**
 * Tables of one group this close lie together: rows of a layer are 36 px apart, and tables in a
 * row up to the widest table's width (360) less the narrowest's (170) plus 36.
 */
const TOUCH_Y = 40, TOUCH_X = 230;

export interface FarGroup extends Point, Size { key: string; name: string; tables: number }
export interface FarLine { from: Point; to: Point; count: number; lineage: boolean }
export interface FarBundles { groups: FarGroup[]; lines: FarLine[] }

/** The groups of tables lying together, and one line per pair of groups an edge joins (counted). */
export function farEdges(g: CanvasGraph, pos: Record<string, Point>): FarBundles {
  const placed = g.nodes.filter((n) => pos[n.id]);
  const rect = new Map(placed.map((n) => [n.id, { ...pos[n.id], ...nodeSize(n), key: groupOf(n) }]));
  // union of same-group tables that close to each other, found through a grid of cells
  const parent = new Map<string, string>(placed.map((n) => [n.id, n.id]));
  const find = (a: string): string => { let r = a; while (parent.get(r) !== r) r = parent.get(r)!; parent.set(a, r); return r; };
  const CELL = 600;
  const grid = new Map<string, string[]>();
  for (const [id, r] of rect) {
    const k = `${Math.floor(r.x / CELL)},${Math.floor(r.y / CELL)}`;
    const l = grid.get(k); if (l) l.push(id); else grid.set(k, [id]);
  }
  for (const [id, r] of rect) {
    const cx = Math.floor(r.x / CELL), cy = Math.floor(r.y / CELL);
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (const o of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
      if (o <= id) continue;
      const q = rect.get(o)!;
      if (q.key !== r.key) continue;
      if (r.x <= q.x + q.width + TOUCH_X && q.x <= r.x + r.width + TOUCH_X && r.y <= q.y + q.height + TOUCH_Y && q.y <= r.y + r.height + TOUCH_Y) parent.set(find(o), find(id));
    }
  }
  const groups = new Map<string, FarGroup & { x1: number; y1: number }>();
  for (const [id, r] of rect) {
    const root = find(id);
    const b = groups.get(root);
    if (!b) groups.set(root, { key: r.key, name: r.key.replace(/^(folder|domain):/, '') || '(top level)', tables: 1, x: r.x, y: r.y, x1: r.x + r.width, y1: r.y + r.height, width: 0, height: 0 });
    else { b.tables++; b.x = Math.min(b.x, r.x); b.y = Math.min(b.y, r.y); b.x1 = Math.max(b.x1, r.x + r.width); b.y1 = Math.max(b.y1, r.y + r.height); }
  }
  for (const b of groups.values()) { b.width = b.x1 - b.x; b.height = b.y1 - b.y; }
  const lines = new Map<string, FarLine>();
  for (const e of g.edges) {
    if (!rect.has(e.from.node) || !rect.has(e.to.node)) continue;
    const a = find(e.from.node), z = find(e.to.node);
    if (a === z) continue; // within one group: its outline stands for it
    const lineage = !isKeyEdge(e);
    const k = `${a}\u0000${z}\u0000${lineage}`;
    const line = lines.get(k);
    if (line) { line.count++; continue; }
    const ga = groups.get(a)!, gz = groups.get(z)!;
    // from the side of one outline facing the other, at its middle
    const right = ga.x + ga.width / 2 <= gz.x + gz.width / 2;
    lines.set(k, { from: { x: right ? ga.x1 : ga.x, y: ga.y + ga.height / 2 }, to: { x: right ? gz.x : gz.x1, y: gz.y + gz.height / 2 }, count: 1, lineage });
  }
  // the lines at one side of a group spread along it in the order of the groups at their other ends, not all at its middle
  const sides = new Map<string, { p: Point; other: number; g: FarGroup }[]>();
  for (const [k, l] of lines) {
    const [a, z] = k.split('\u0000');
    const ga = groups.get(a)!, gz = groups.get(z)!;
    for (const [root, p, g, o] of [[a, l.from, ga, gz], [z, l.to, gz, ga]] as const) {
      const key = `${root}\u0000${p.x}`;
      const list = sides.get(key) ?? [];
      list.push({ p, other: o.y + o.height / 2, g });
      sides.set(key, list);
    }
  }
  for (const list of sides.values()) {
    list.sort((u, v) => u.other - v.other);
    list.forEach((e, i) => { e.p.y = e.g.y + ((i + 1) / (list.length + 1)) * e.g.height; });
  }
  return { groups: [...groups.values()].map(({ x1: _x, y1: _y, ...b }) => b), lines: [...lines.values()] };
}
