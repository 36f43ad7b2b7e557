// A star laid out compactly. A hub met by most of its set's tables (a big project's first screen is
// one: its best-connected table and the neighbours) is, in a layered layout, a thin column of
// fifty tables on each side of the hub, far apart: fitted, its text is too small to read. Here the
// hub keeps its place in the middle and the tables on each side (as the layered layout put them:
// those it references left, those referencing it right) are packed into columns beside it, nearest
// layers first, as many rows as make the whole about as wide as a screen. Plain functions.
import type { Point, Size } from './geometry';

/** A hub with at least this many neighbours, meeting this share of its set, makes a star. */
export const STAR_MIN = 12;
const STAR_SHARE = 0.6;
const HUB_GAP = 90, COLUMN_GAP = 40, ROW_GAP = 24;

export interface Placed extends Point, Size { id: string }

/** The hub of a star-shaped set (by distinct neighbours within it), or undefined. */
export function starHub(ids: string[], edges: { sources: string[]; targets: string[] }[]): string | undefined {
  const inSet = new Set(ids);
  const near = new Map<string, Set<string>>();
  const add = (a: string, b: string) => { const s = near.get(a) ?? new Set(); s.add(b); near.set(a, s); };
  for (const e of edges) {
    const s = e.sources[0], t = e.targets[0];
    if (s === t || !inSet.has(s) || !inSet.has(t)) continue;
    add(s, t); add(t, s);
  }
  let best: string | undefined, most = 0;
  for (const id of ids) { const d = near.get(id)?.size ?? 0; if (d > most) { most = d; best = id; } }
  return most >= STAR_MIN && most >= STAR_SHARE * (ids.length - 1) ? best : undefined;
}

/** Tables in columns of `rows`, each column's tables stacked; the columns' widths and heights. */
function columns(side: Placed[], rows: number): Placed[][] {
  const cols: Placed[][] = [];
  for (let i = 0; i < side.length; i += rows) cols.push(side.slice(i, i + rows));
  return cols;
}
const colWidth = (c: Placed[]) => Math.max(...c.map((r) => r.width));
// tables collapsed to their title bars (names only) are stacked closer: a hub's fifty neighbours then fit a 1024 × 768 window
const SHORT = 40, SHORT_GAP = 12;
const gapOf = (c: Placed[]) => (c.every((r) => r.height < SHORT) ? SHORT_GAP : ROW_GAP);
const colHeight = (c: Placed[]) => c.reduce((h, r) => h + r.height, 0) + gapOf(c) * (c.length - 1);

/**
 * The set's tables (as the layered layout placed them, `hub` among them) rearranged as a compact
 * star: the hub, and on each side its tables in columns, the layer nearest the hub first. `leaf`:
 * does a table meet the hub only (it may then be put on either side)?
 */
export function compactStar(set: Placed[], hub: string, aspect: number, leaf: (id: string) => boolean): Placed[] {
  const h = set.find((r) => r.id === hub)!;
  const mid = h.x + h.width / 2;
  // nearest first: by the layered layout's distance from the hub, then top to bottom
  const order = (a: Placed, b: Placed) => Math.abs(a.x + a.width / 2 - mid) - Math.abs(b.x + b.width / 2 - mid) || a.y - b.y;
  const others = set.filter((r) => r.id !== hub);
  const left = others.filter((r) => r.x + r.width / 2 < mid);
  const right = others.filter((r) => r.x + r.width / 2 >= mid);
  // a one-sided star (every table references the hub) is balanced with tables that meet only the
  // hub, so the hub sits in the middle of its neighbours rather than at one end of them
  const [big, small] = left.length > right.length ? [left, right] : [right, left];
  for (let i = big.length - 1; i >= 0 && big.length - small.length > 1; i--) if (leaf(big[i].id)) small.push(...big.splice(i, 1));
  left.sort(order); right.sort(order);
  // as many rows as bring the whole closest to the aspect wanted
  let best: { rows: number; miss: number } | undefined;
  for (let rows = 1; rows <= Math.max(left.length, right.length); rows++) {
    const cl = columns(left, rows), cr = columns(right, rows);
    const width = h.width + [...cl, ...cr].reduce((w, c) => w + colWidth(c) + COLUMN_GAP, 0) + (cl.length ? HUB_GAP - COLUMN_GAP : 0) + (cr.length ? HUB_GAP - COLUMN_GAP : 0);
    const height = Math.max(h.height, ...cl.map(colHeight), ...cr.map(colHeight));
    const miss = Math.abs(Math.log(width / height / aspect));
    if (!best || miss < best.miss) best = { rows, miss };
  }
  const rows = best?.rows ?? 1;
  const cl = columns(left, rows), cr = columns(right, rows);
  const height = Math.max(h.height, ...cl.map(colHeight), ...cr.map(colHeight));
  const out: Placed[] = [];
  // each column centred on the hub's middle, so the nearest rows are level with it
  const stack = (c: Placed[], x: number, w: number, alignRight: boolean) => {
    let y = (height - colHeight(c)) / 2;
    for (const r of c) { out.push({ ...r, x: alignRight ? x + w - r.width : x, y }); y += r.height + gapOf(c); }
  };
  let x = 0;
  for (let i = cl.length - 1; i >= 0; i--) { const w = colWidth(cl[i]); stack(cl[i], x, w, true); x += w + (i === 0 ? HUB_GAP : COLUMN_GAP); }
  out.push({ ...h, x, y: (height - h.height) / 2 });
  x += h.width + HUB_GAP;
  for (const c of cr) { const w = colWidth(c); stack(c, x, w, false); x += w + COLUMN_GAP; }
  return out;
}
