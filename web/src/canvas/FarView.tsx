// A big diagram zoomed far out, drawn as one SVG of boxes and lines instead of a React Flow node
// per table: at that zoom no text can be read, and a thousand nodes with their anchors cost
// seconds to mount and frames while panning. A click picks the box under it (Canvas.tsx). With
// many edges, their lines are drawn between groups of tables (far-edges.ts), each group outlined
// and named: a thousand lines at this zoom are one grey mass.
import { memo, useMemo } from 'react';
import { ViewportPortal } from '@xyflow/react';
import type { Colours } from './colours';
import { edgeCurve, HEADER_H, hiddenColumns, nodeSize, ROW_H, shownColumns, type Point } from './geometry';
import { routeEdges } from './routing';
import { BUNDLE_MIN_EDGES, farEdges } from './far-edges';
import type { CanvasGraph } from './model';
import { FOCUS_LIMIT } from './view';

/**
 * Above this many tables a far zoom draws the boxes-and-lines view: more than a first screen
 * shows (those keep their tables and edges as elements, named for assistive technology), and
 * where panning a node per table cost a frame twice what this view does (bench/web-canvas.mjs).
 */
export const FAR_VIEW_MIN = FOCUS_LIMIT;

function FarViewImpl({ graph, positions, colours }: { graph: CanvasGraph; positions: Record<string, Point>; colours?: Colours }) {
  const { boxes, lines, bundles, summary, rows } = useMemo(() => {
    const bundled = graph.edges.length > BUNDLE_MIN_EDGES ? farEdges(graph, positions) : undefined;
    // title bar to title bar, fanned where many meet one (routing.ts)
    const d = bundled ? [] : routeEdges(graph, positions, true).map(({ from, to }) => edgeCurve(from.at, from.side, to.at, to.side, from.fan, to.fan).path);
    // each table's rows as bars, all in one path (as a table node draws them below readable text)
    const r: string[] = [];
    for (const n of graph.nodes) {
      const p = positions[n.id];
      if (!p || n.detail === 'collapsed') continue;
      const shown = shownColumns(n), w = nodeSize(n).width - 20;
      const count = Math.max(1, shown.length + (hiddenColumns(n, shown) > 0 ? 1 : 0));
      for (let i = 0; i < count; i++) r.push(`M${p.x + 10},${p.y + HEADER_H + 3 + i * ROW_H + ROW_H / 2}h${w}`);
    }
    return {
      rows: r.join(''),
      lines: d.join(''),
      summary: bundled ? `, in ${bundled.groups.length} groups; ${bundled.lines.length} lines between groups stand for ${graph.edges.length} edges` : '',
      bundles: bundled && (
        <>
          {bundled.groups.map((b, i) => (
            <g key={`g${i}`}>
              <rect x={b.x - 16} y={b.y - 16} width={b.width + 32} height={b.height + 32} rx={24} className="far-group" vectorEffect="non-scaling-stroke" />
              {/* big enough to read at the zoom that shows the whole: about a tenth of the group's width */}
              <text x={b.x + b.width / 2} y={b.y + b.height / 2} className="far-group-name" textAnchor="middle" dominantBaseline="middle"
                fontSize={Math.max(24, Math.min(b.width / Math.max(4, b.name.length) * 1.4, b.height / 2, 220))}>{b.name}</text>
            </g>
          ))}
          {bundled.lines.map((l, i) => (
            <path key={`l${i}`} d={edgeCurve(l.from, l.from.x <= l.to.x ? 'right' : 'left', l.to, l.from.x <= l.to.x ? 'left' : 'right').path}
              className={`far-bundle${l.lineage ? ' lineage' : ''}`} vectorEffect="non-scaling-stroke" style={{ strokeWidth: 1 + 1.5 * Math.log2(1 + l.count) }}>
              <title>{`${l.count} ${l.count === 1 ? 'edge' : 'edges'}`}</title>
            </path>
          ))}
        </>
      ),
      boxes: graph.nodes.filter((n) => positions[n.id]).map((n) => {
        const p = positions[n.id], s = nodeSize(n);
        return (
          <g key={n.id} transform={`translate(${p.x},${p.y})`}>
            <rect width={s.width} height={s.height} rx={6} className="far-table" style={{ stroke: (n.domain && colours?.domains.get(n.domain)) || undefined }} />
            <rect width={s.width} height={10} className="far-head" style={{ fill: (n.layer && colours?.layers.get(n.layer)) || undefined }} />
          </g>
        );
      }),
    };
  }, [graph, positions, colours]);
  return (
    <ViewportPortal>
      <svg className="far-view" width={1} height={1} role="img" aria-label={`${graph.nodes.length} tables${summary}, zoomed out: zoom in or search to read them`}>
        {lines && <path d={lines} className="far-edges" />}
        {boxes}
        <path d={rows} className="far-rows" />
        {bundles}
      </svg>
    </ViewportPortal>
  );
}

export const FarView = memo(FarViewImpl);
