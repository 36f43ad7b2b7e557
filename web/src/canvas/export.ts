// The whole diagram as one SVG document, drawn from the graph and the laid-out positions — not a
// screenshot of the viewport — so an export holds every table shown, however far it is scrolled
// or zoomed, at the detail each table is drawn with, and never wider or taller than 3:1 (a
// long picture is wrapped into bands). PNG is this SVG rasterised (png.ts). Plain strings, no DOM.
import { edgeCurve, endMarks, HEADER_H, hiddenColumns, markPath, nodeSize, PAD_X, ROW_H, shownColumns, type Point } from './geometry';
import { routeEdges } from './routing';
import { bounds } from './layout';
import { extent, wrap } from './pack';
import { isKeyEdge, type CanvasGraph } from './model';

export interface ExportTheme { background: string; panel: string; header: string; headerText: string; text: string; muted: string; border: string; key: string; lineage: string; pk: string }

export const LIGHT: ExportTheme = { background: '#ffffff', panel: '#ffffff', header: '#eef2f7', headerText: '#111827', text: '#1f2937', muted: '#6b7280', border: '#9ca3af', key: '#334155', lineage: '#94a3b8', pk: '#b45309' };
export const DARK: ExportTheme = { background: '#111827', panel: '#1f2937', header: '#273449', headerText: '#f9fafb', text: '#e5e7eb', muted: '#9ca3af', border: '#4b5563', key: '#cbd5e1', lineage: '#64748b', pk: '#fbbf24' };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clip = (s: string, max: number) => (s.length > max ? s.slice(0, Math.max(1, max - 1)) + '…' : s);

export interface SvgDiagram { svg: string; width: number; height: number }

/** Widest (or tallest) an export may be, width to height: beyond it the picture is wrapped into bands. */
export const MAX_EXPORT_ASPECT = 3;

/** Positions whose bounding box is within 3:1 either way: as drawn when they are, else wrapped (hand-placed far-apart tables, say). */
export function boundedPositions(g: CanvasGraph, pos: Record<string, Point>): Record<string, Point> {
  const rects = g.nodes.filter((n) => pos[n.id]).map((n) => ({ id: n.id, ...pos[n.id], ...nodeSize(n) }));
  const e = extent(rects);
  const a = e.height ? e.width / e.height : 1;
  if (a <= MAX_EXPORT_ASPECT && a >= 1 / MAX_EXPORT_ASPECT) return pos;
  return Object.fromEntries(wrap(rects).map((r) => [r.id, { x: r.x, y: r.y }]));
}

export function diagramSvg(g: CanvasGraph, at: Record<string, Point>, theme: ExportTheme = LIGHT, margin = 32): SvgDiagram {
  const pos = boundedPositions(g, at);
  const b = bounds(g, pos);
  const width = Math.ceil(b.width + 2 * margin), height = Math.ceil(b.height + 2 * margin);
  const ox = margin - b.x, oy = margin - b.y;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="ui-sans-serif, system-ui, sans-serif" font-size="12">`);
  out.push(`<title>${esc(g.source.kind === 'project' ? 'project diagram' : g.source.path)}</title>`);
  out.push(`<rect width="100%" height="100%" fill="${theme.background}"/>`);
  out.push(`<g transform="translate(${ox},${oy})">`);
  // the same ends, fans and labels as the canvas draws (routing.ts)
  for (const { edge: e, from, to, label } of routeEdges(g, pos)) {
    const key = isKeyEdge(e);
    const stroke = key ? theme.key : theme.lineage;
    const marks = endMarks(e);
    const curve = edgeCurve(from.at, from.side, to.at, to.side, from.fan, to.fan);
    const p1 = { x: from.at.x, y: from.at.y + from.fan.dy }, p2 = { x: to.at.x, y: to.at.y + to.fan.dy };
    // inferred keys (the project does not declare them) are dotted, as on the canvas
    const dash = !key ? ' stroke-dasharray="5 4"' : e.kind === 'inferred' ? ' stroke-dasharray="2 3"' : '';
    out.push(`<g class="${e.kind === 'inferred' ? 'edge inferred' : 'edge'}" data-id="${esc(e.id)}"><path d="${curve.path}" fill="none" stroke="${stroke}" stroke-width="1.4"${dash}/>`
      + `<path d="${markPath(marks.from, p1, from.side === 'right' ? 1 : -1)} ${markPath(marks.to, p2, to.side === 'right' ? 1 : -1)}" fill="none" stroke="${stroke}" stroke-width="1.4"/>`);
    if (label) out.push(`<text x="${curve.mid.x}" y="${curve.mid.y - 4}" text-anchor="middle" font-size="10" fill="${theme.muted}" stroke="${theme.background}" stroke-width="3" paint-order="stroke">${esc(label)}</text>`);
    out.push('</g>');
  }
  for (const n of g.nodes) {
    const p = pos[n.id];
    if (!p) continue;
    const s = nodeSize(n);
    const chars = Math.floor((s.width - 2 * PAD_X) / 7);
    out.push(`<g class="table" data-id="${esc(n.id)}" transform="translate(${p.x},${p.y})">`);
    out.push(`<rect width="${s.width}" height="${s.height}" rx="6" fill="${theme.panel}" stroke="${theme.border}"/>`);
    out.push(`<path d="M0,6a6,6 0 0 1 6,-6h${s.width - 12}a6,6 0 0 1 6,6v${HEADER_H - 6}h-${s.width}z" fill="${theme.header}"/>`);
    out.push(`<text x="${PAD_X}" y="${HEADER_H / 2 + 4}" font-weight="600" fill="${theme.headerText}">${esc(clip(n.name, chars - 6))}</text>`);
    if (n.layer) out.push(`<text x="${s.width - PAD_X}" y="${HEADER_H / 2 + 4}" text-anchor="end" font-size="10" fill="${theme.muted}">${esc(n.layer)}</text>`);
    const cols = shownColumns(n), hidden = hiddenColumns(n, cols);
    if (hidden > 0 && n.detail !== 'collapsed') out.push(`<text x="${PAD_X}" y="${HEADER_H + cols.length * ROW_H + ROW_H / 2 + 4}" font-style="italic" fill="${theme.muted}">+ ${hidden} ${hidden === 1 ? 'column' : 'columns'}</text>`);
    cols.forEach((c, i) => {
      const y = HEADER_H + i * ROW_H + ROW_H / 2 + 4;
      const mark = c.pk ? 'PK' : c.fk ? 'FK' : '';
      if (mark) out.push(`<text x="${PAD_X}" y="${y}" font-size="9" font-weight="700" fill="${c.pk ? theme.pk : theme.muted}">${mark}</text>`);
      out.push(`<text x="${PAD_X + 22}" y="${y}" fill="${theme.text}">${esc(clip(c.name, chars - 4 - (c.type ? Math.min(c.type.length, 14) + 1 : 0)))}</text>`);
      if (c.type) out.push(`<text x="${s.width - PAD_X}" y="${y}" text-anchor="end" fill="${theme.muted}">${esc(clip(c.type, 14))}</text>`);
    });
    out.push('</g>');
  }
  out.push('</g></svg>');
  return { svg: out.join(''), width, height };
}
