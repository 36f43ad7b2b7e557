// Sizes and anchor points of tables, the sides an edge leaves and enters by, and the crow's-foot
// glyphs at its ends — one set of numbers for the live canvas and the exported SVG/PNG.
import type { Cardinality, CColumn, CEdge, CNode } from './model';

export const HEADER_H = 32;
export const ROW_H = 22;
export const CHAR_W = 7.2;
export const PAD_X = 12;
export const MIN_W = 170;
export const MAX_W = 360;
/** A title's character (600 weight) against a row's. */
const BOLD = 1.08;

export interface Point { x: number; y: number }
export interface Size { width: number; height: number }

/** The rows a table shows at its detail: every column, its keys (and the columns an edge meets), or none. */
export function shownColumns(n: CNode): CColumn[] {
  if (n.detail === 'collapsed') return [];
  if (n.detail !== 'keys') return n.columns;
  return n.columns.filter((c) => c.pk || c.fk || n.linked?.includes(c.name));
}

/** Columns a compact table does not show (drawn as one "+ N columns" row). */
export const hiddenColumns = (n: CNode, shown = shownColumns(n)) => n.columns.length - shown.length;

export function nodeSize(n: CNode): Size {
  const shown = shownColumns(n);
  let longest = 0;
  for (const c of shown) longest = Math.max(longest, c.name.length + (c.type ? c.type.length + 2 : 0) + 5);
  const scale = n.nameScale ?? 1;
  const title = titleWidth(n);
  const width = Math.max(Math.min(MAX_W, Math.max(MIN_W, Math.ceil(longest * CHAR_W + 2 * PAD_X), title)), Math.min(MAX_W * scale, title));
  if (n.detail === 'collapsed') return { width, height: HEADER_H + 2 };
  const rows = shown.length + (hiddenColumns(n, shown) > 0 ? 1 : 0);
  return { width, height: HEADER_H + Math.max(1, rows) * ROW_H + 6 };
}

// The title bar as styles.css draws it (.table-node, .table-head, .badge, .detail-toggle): the
// table's borders (4 px domain stripe, 1 px), 10 px padding each side, 2 px between items; a badge
// is 10 px text with 5 px padding, a 1 px border each side and 4 px before it; the detail button 10 px.
const HEAD_FIXED = 5 + 2 * 10 + 10;
const HEAD_GAP = 2;
const BADGE_FIXED = 2 * 5 + 2 + 4;

/**
 * The width a table's title bar needs to show its whole name: the name at the largest size it is
 * drawn (12 px, up to 12 × nameScale on a first screen read zoomed out, bold), and beside it the
 * badges it shows (interface, layer) and the detail button — all counted, so that a short name
 * beside two badges is not cut to "ord…" as a fixed allowance for them did.
 */
export function titleWidth(n: CNode): number {
  const badges = [n.interface ? 'IF' : '', n.layer ?? ''].filter(Boolean);
  const name = textWidth(n.name, Math.round(12 * (n.nameScale ?? 1)));
  const extras = HEAD_FIXED + badges.reduce((w, b) => w + textWidth(b, 10) + BADGE_FIXED + HEAD_GAP, 0) + HEAD_GAP;
  return Math.ceil(name + extras);
}

const measured = new Map<string, number>();
let pen: CanvasRenderingContext2D | null | undefined;

/**
 * The width of `text` in the UI's font at `px`, weight 600 (the title bar's): measured by the
 * browser where there is one (a name of wide letters, "mmm", takes more than an average), else
 * estimated from an average bold character.
 */
export function textWidth(text: string, px: number): number {
  if (pen === undefined) {
    pen = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (pen) pen.font = `600 12px ${getComputedStyle(document.body).fontFamily}`;
  }
  let w = measured.get(text);
  if (w === undefined) {
    w = pen ? pen.measureText(text).width : text.length * CHAR_W * BOLD;
    measured.set(text, w);
  }
  return (w * px) / 12 + 1; // + 1: rounding between the measure and the layout
}

/** The y of a column's row centre within its table (the header's centre when the row is not shown). */
export function columnY(n: CNode, column?: string): number {
  const i = column ? shownColumns(n).findIndex((c) => c.name === column) : -1;
  return i < 0 ? HEADER_H / 2 : HEADER_H + i * ROW_H + ROW_H / 2;
}

export type Side = 'left' | 'right';

/** Leave by the side facing the other table; two tables one above the other both use the right. */
export function sides(a: Point & Size, b: Point & Size): { from: Side; to: Side } {
  if (a.x + a.width < b.x) return { from: 'right', to: 'left' };
  if (b.x + b.width < a.x) return { from: 'left', to: 'right' };
  return { from: 'right', to: 'right' };
}

export function anchor(n: CNode, pos: Point, size: Size, side: Side, column?: string): Point {
  return { x: side === 'right' ? pos.x + size.width : pos.x, y: pos.y + columnY(n, column) };
}

export type EndMark = 'one' | 'many' | 'arrow' | 'none';

/** The marks at the `from` and `to` ends of an edge: crow's feet by cardinality, an arrow for lineage. */
export function endMarks(e: CEdge): { from: EndMark; to: EndMark } {
  if (e.kind === 'ref' || e.kind === 'source') return { from: 'none', to: 'arrow' };
  const c: Cardinality = e.cardinality ?? 'many_to_one';
  const [a, b] = c.split('_to_') as ['one' | 'many', 'one' | 'many'];
  return { from: a, to: b };
}

/** An SVG path of the mark at `p`, the line leaving it in direction `dir` (+1 right, -1 left). */
export function markPath(mark: EndMark, p: Point, dir: 1 | -1): string {
  const x = p.x, y = p.y;
  if (mark === 'one') return `M${x + dir * 8},${y - 7}L${x + dir * 8},${y + 7}M${x + dir * 13},${y - 7}L${x + dir * 13},${y + 7}`;
  if (mark === 'many') return `M${x},${y - 8}L${x + dir * 12},${y}L${x},${y + 8}M${x + dir * 16},${y - 7}L${x + dir * 16},${y + 7}`;
  if (mark === 'arrow') return `M${x + dir * 9},${y - 5}L${x},${y}L${x + dir * 9},${y + 5}`;
  return '';
}

/** The words on an edge: its verb, else the role (the referencing column); inferred ones marked so. */
export function edgeText(e: CEdge): string {
  if (e.kind === 'ref' || e.kind === 'source') return '';
  const role = e.verb ?? e.name ?? e.from.column ?? '';
  return e.kind === 'inferred' ? `${role} (inferred)` : role;
}

/**
 * Where an end of an edge meets its row when several edges meet that row (routing.ts spreads
 * them): `dy` moves the end point along the row's side, `fan` the point its lead leans out to,
 * so the edges leave one row as a fan in the order of their other ends, not as one line.
 */
export interface EndFan { dy: number; fan: number }
const STRAIGHT: EndFan = { dy: 0, fan: 0 };
/** The straight stub at an end that holds its crow's foot, before a fanned end leans away. */
const STUB = 16;

export interface Curve { path: string; mid: Point }

/**
 * A smooth path between two anchors that leaves and enters horizontally on the given sides, and
 * its middle (where a label sits). One computation for both, so a label is always on its line.
 */
export function edgeCurve(a: Point, aSide: Side, b: Point, bSide: Side, fa: EndFan = STRAIGHT, fb: EndFan = STRAIGHT): Curve {
  const da = aSide === 'right' ? 1 : -1, db = bSide === 'right' ? 1 : -1;
  // a fanned end's lead is longer: it leans out at about 45°, so the fan opens gently
  const ax = a.x + da * (24 + Math.abs(fa.fan)), bx = b.x + db * (24 + Math.abs(fb.fan));
  const ay = a.y + fa.fan, by = b.y + fb.fan;
  const bend = Math.max(40, Math.abs(bx - ax) / 2);
  const c1 = ax + da * bend, c2 = bx + db * bend;
  // a fanned end is a short straight stub on its row (its crow's foot), then the lean
  const fanned = (f: EndFan) => f.fan !== 0 || f.dy !== 0;
  const head = fanned(fa) ? `M${a.x},${a.y + fa.dy}L${a.x + da * STUB},${a.y + fa.dy}` : `M${a.x},${a.y}`;
  const tail = fanned(fb) ? `L${b.x + db * STUB},${b.y + fb.dy}L${b.x},${b.y + fb.dy}` : `L${b.x},${b.y}`;
  const path = `${head}L${ax},${ay}C${c1},${ay} ${c2},${by} ${bx},${by}${tail}`;
  return { path, mid: { x: (ax + 3 * c1 + 3 * c2 + bx) / 8, y: (ay + by) / 2 } };
}
