// Where each edge of a laid-out graph starts and ends, for the live canvas, the far view and the
// export alike: the sides facing each other, the rows it meets (a title bar when the row is not
// drawn), and — where many edges meet one row, as twenty tables referencing customers.customer_id
// do — a fan: the ends spread along the row's side and lean out in the order of their other
// ends, so they neither overlap as one line nor cross each other at the row. Labels that would
// sit on one another or under a table are left off (the edge's accessible name and the inspector still say it).
// Plain functions, linear in the edges.
import { anchor, edgeCurve, edgeText, nodeSize, ROW_H, shownColumns, sides, type EndFan, type Point, type Side } from './geometry';
import type { CanvasGraph, CEdge, CNode } from './model';

export interface Route {
  edge: CEdge;
  from: { side: Side; column: string; at: Point; fan: EndFan };
  to: { side: Side; column: string; at: Point; fan: EndFan };
  /** the words drawn on it, when they fit (none for lineage, far out, or over another label) */
  label?: string;
}

/** Most an end moves along its row's side (a row is ROW_H high; the ends stay on it). */
const ROW_SPREAD = ROW_H - 8;
/** Room between neighbouring leans of a fan, and the most a whole fan opens. */
export const FAN_STEP = 8;
const FAN_SPAN = 240;

/** Spread of the i-th of k ends meeting one row (0 for a lone end). */
export function fanOf(i: number, k: number): EndFan {
  if (k < 2) return { dy: 0, fan: 0 };
  const c = i - (k - 1) / 2;
  return { dy: c * Math.min(3, ROW_SPREAD / (k - 1)), fan: c * Math.min(FAN_STEP, FAN_SPAN / (k - 1)) };
}

/** Every edge whose two tables are placed, with its ends; `far`: zoomed out, title bars only and no labels. */
export function routeEdges(g: CanvasGraph, pos: Record<string, Point>, far = false): Route[] {
  const byId = new Map<string, CNode>(g.nodes.map((n) => [n.id, n]));
  const shown = new Map<string, Set<string>>();
  const shownIn = (n: CNode) => { let s = shown.get(n.id); if (!s) shown.set(n.id, (s = new Set(shownColumns(n).map((c) => c.name)))); return s; };
  const routes: Route[] = [];
  for (const e of g.edges) {
    const a = byId.get(e.from.node), b = byId.get(e.to.node), pa = pos[e.from.node], pb = pos[e.to.node];
    if (!a || !b || !pa || !pb) continue;
    const sa = nodeSize(a), sb = nodeSize(b);
    const s = sides({ ...pa, ...sa }, { ...pb, ...sb });
    // a row not drawn (compact detail, or zoomed far out) has no anchor: the title bar's is used
    const fromCol = !far && e.from.column && shownIn(a).has(e.from.column) ? e.from.column : '';
    const toCol = !far && e.to.column && shownIn(b).has(e.to.column) ? e.to.column : '';
    routes.push({
      edge: e,
      from: { side: s.from, column: fromCol, at: anchor(a, pa, sa, s.from, fromCol || undefined), fan: { dy: 0, fan: 0 } },
      to: { side: s.to, column: toCol, at: anchor(b, pb, sb, s.to, toCol || undefined), fan: { dy: 0, fan: 0 } },
    });
  }
  spread(routes);
  if (!far) placeLabels(routes, g.nodes.flatMap((n) => { const p = pos[n.id]; if (!p) return []; const z = nodeSize(n); return [{ x0: p.x, y0: p.y, x1: p.x + z.width, y1: p.y + z.height }]; }));
  return routes;
}

/** Ends meeting one row on one side are fanned, ordered by where their other ends are. */
function spread(routes: Route[]): void {
  type End = { end: Route['from']; other: Point; id: string };
  const rows = new Map<string, End[]>();
  for (const r of routes) {
    for (const [end, other, node] of [[r.from, r.to.at, r.edge.from.node], [r.to, r.from.at, r.edge.to.node]] as const) {
      const k = `${node}\u0000${end.column}\u0000${end.side}`;
      const list = rows.get(k);
      const item = { end, other, id: r.edge.id };
      if (list) list.push(item); else rows.set(k, [item]);
    }
  }
  for (const list of rows.values()) {
    if (list.length < 2) continue;
    list.sort((p, q) => p.other.y - q.other.y || p.other.x - q.other.x || (p.id < q.id ? -1 : 1));
    list.forEach((x, i) => { x.end.fan = fanOf(i, list.length); });
  }
}

interface Box { x0: number; y0: number; x1: number; y1: number }
const CELL = 120;
/** About how wide a label's text is drawn (10 px font). */
export const labelWidth = (text: string) => text.length * 5.8 + 6;

/**
 * Each label at its edge's middle, unless it would cover a table or a label already placed (edge
 * order); a grid keeps this linear. Tables are drawn over edges, so a label reaching under one was
 * cut to "hubspot_contact_id (infer" where tables stand close (a focus on a big table).
 */
function placeLabels(routes: Route[], tables: Box[]): void {
  const grid = new Map<string, Box[]>();
  const cells = (b: Box) => {
    const out: string[] = [];
    for (let x = Math.floor(b.x0 / CELL); x <= Math.floor(b.x1 / CELL); x++) for (let y = Math.floor(b.y0 / CELL); y <= Math.floor(b.y1 / CELL); y++) out.push(`${x},${y}`);
    return out;
  };
  const put = (b: Box) => { for (const k of cells(b)) { const l = grid.get(k); if (l) l.push(b); else grid.set(k, [b]); } };
  for (const t of tables) put(t);
  for (const r of routes) {
    const text = edgeText(r.edge);
    if (!text) continue;
    const m = edgeCurve(r.from.at, r.from.side, r.to.at, r.to.side, r.from.fan, r.to.fan).mid;
    const w = labelWidth(text);
    const box = { x0: m.x - w / 2, y0: m.y - 15, x1: m.x + w / 2, y1: m.y };
    const keys = cells(box);
    if (keys.some((k) => grid.get(k)?.some((o) => o.x0 < box.x1 && box.x0 < o.x1 && o.y0 < box.y1 && box.y0 < o.y1))) continue;
    put(box);
    r.label = text;
  }
}

