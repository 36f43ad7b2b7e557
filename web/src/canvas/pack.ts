// Packing laid-out pieces into one block: ELK lays out each connected set of tables, which alone
// can be a tall column (a hub and its fifty neighbours) or a long row (a deep chain), and a
// project has many such sets. A piece far from the wanted aspect is wrapped into bands side by
// side (or stacked), and the pieces are then packed in rows, those of one group (domain or
// folder) together, so any view is a block about as wide as a screen is. Plain functions.
import type { Point, Size } from './geometry';

export interface Rect extends Point, Size { id: string }

/** Width over height a view aims for (a screen's). */
export const ASPECT = 1.6;
export const GAP = 40;

export function extent(rs: Rect[]): Point & Size {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rs) { x0 = Math.min(x0, r.x); y0 = Math.min(y0, r.y); x1 = Math.max(x1, r.x + r.width); y1 = Math.max(y1, r.y + r.height); }
  return x0 === Infinity ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

const moved = (rs: Rect[], dx: number, dy: number): Rect[] => rs.map((r) => ({ ...r, x: r.x + dx, y: r.y + dy }));

/**
 * A piece far from `aspect` cut into bands along its long side and laid side by side (a tall one)
 * or one under another (a wide one). Tables keep their places within a band, so none overlap.
 */
export function wrap(rs: Rect[], aspect = ASPECT, gap = GAP): Rect[] {
  const e = extent(rs);
  if (rs.length < 4 || !e.width || !e.height) return moved(rs, -e.x, -e.y);
  const a = e.width / e.height;
  // a screen is wider than tall: a piece is wrapped sooner when tall
  const tall = a < aspect / 2, wide = a > aspect * 2.5;
  if (!tall && !wide) return moved(rs, -e.x, -e.y);
  // k bands of a tall piece give the aspect k²·w/h; of a wide one w/(k²·h)
  const k = Math.max(2, Math.round(Math.sqrt(tall ? aspect / a : a / aspect)));
  const len = tall ? e.height : e.width;
  const band = (r: Rect) => Math.min(k - 1, Math.floor(((tall ? r.y + r.height / 2 - e.y : r.x + r.width / 2 - e.x) / len) * k));
  const bands: Rect[][] = Array.from({ length: k }, () => []);
  for (const r of rs) bands[band(r)].push(r);
  const out: Rect[] = [];
  let offset = 0;
  for (const b of bands) {
    if (!b.length) continue;
    const be = extent(b);
    out.push(...(tall ? moved(b, offset - be.x, -be.y) : moved(b, -be.x, offset - be.y)));
    offset += (tall ? be.width : be.height) + gap;
  }
  return out;
}

/** Pieces (each at its own origin) in rows of at most `rowWidth`; their offsets and the whole's size. */
function rows(sizes: Size[], rowWidth: number, gap: number): { at: Point[]; width: number; height: number } {
  const at: Point[] = [];
  let x = 0, y = 0, rowH = 0, width = 0;
  for (const s of sizes) {
    if (x > 0 && x + s.width > rowWidth) { x = 0; y += rowH + gap; rowH = 0; }
    at.push({ x, y });
    x += s.width + gap;
    width = Math.max(width, x - gap);
    rowH = Math.max(rowH, s.height);
  }
  return { at, width, height: y + rowH };
}

/** Pieces in rows, the row width (of a few tried) that makes the whole closest to `aspect`; their offsets. */
export function shelves(sizes: Size[], aspect = ASPECT, gap = GAP): Point[] {
  let area = 0, widest = 0;
  for (const s of sizes) { area += (s.width + gap) * (s.height + gap); widest = Math.max(widest, s.width); }
  const ideal = Math.sqrt(area * aspect);
  let best: ReturnType<typeof rows> | undefined, miss = Infinity;
  for (const f of [0.7, 0.85, 1, 1.2, 1.45, 1.75, 2.1]) {
    const r = rows(sizes, Math.max(widest, ideal * f), gap);
    const m = Math.abs(Math.log(r.width / Math.max(1, r.height) / aspect));
    if (m < miss) { miss = m; best = r; }
  }
  return best!.at;
}

/** Pieces packed into a block: tallest first so rows fill evenly. */
export function packPieces(pieces: Rect[][], aspect = ASPECT, gap = GAP): Rect[] {
  const placed = pieces.map((p) => wrap(p, aspect, gap));
  const sizes = placed.map((p) => extent(p));
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[b].height - sizes[a].height || sizes[b].width - sizes[a].width);
  const at = shelves(order.map((i) => sizes[i]), aspect, gap);
  return order.flatMap((i, j) => moved(placed[i], at[j].x, at[j].y));
}

/** Groups of pieces: each group packed into a block, then the blocks packed the same way. */
export function packGroups(groups: Rect[][][], aspect = ASPECT, gap = GAP): Rect[] {
  const blocks = groups.filter((g) => g.length).map((g) => packPieces(g, aspect, gap));
  return blocks.length === 1 ? blocks[0] : packPieces(blocks.map((b) => b), aspect, gap * 2);
}
