// A big diagram zoomed far out, drawn as one SVG of boxes and lines instead of a React Flow node
// per table: at that zoom no text can be read, and a thousand nodes with their anchors cost
// seconds to mount and frames while panning. A click picks the box under it (Canvas.tsx).
import { memo, useMemo } from 'react';
import { ViewportPortal } from '@xyflow/react';
import type { Colours } from './colours';
import { edgeCurve, nodeSize, type Point } from './geometry';
import { routeEdges } from './routing';
import type { CanvasGraph } from './model';

/** Above this many tables a far zoom draws the boxes-and-lines view. */
export const FAR_VIEW_MIN = 300;

function FarViewImpl({ graph, positions, colours }: { graph: CanvasGraph; positions: Record<string, Point>; colours?: Colours }) {
  const { boxes, lines } = useMemo(() => {
    // title bar to title bar, fanned where many meet one (routing.ts)
    const d = routeEdges(graph, positions, true).map(({ from, to }) => edgeCurve(from.at, from.side, to.at, to.side, from.fan, to.fan).path);
    return {
      lines: d.join(''),
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
      <svg className="far-view" width={1} height={1} role="img" aria-label={`${graph.nodes.length} tables, zoomed out: zoom in or search to read them`}>
        <path d={lines} className="far-edges" />
        {boxes}
      </svg>
    </ViewportPortal>
  );
}

export const FarView = memo(FarViewImpl);
