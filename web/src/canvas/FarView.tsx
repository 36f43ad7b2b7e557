// A big diagram zoomed far out, drawn as one SVG of boxes and lines instead of a React Flow node
// per table: at that zoom no text can be read, and a thousand nodes with their anchors cost
// seconds to mount and frames while panning. A click picks the box under it (Canvas.tsx).
import { memo, useMemo } from 'react';
import { ViewportPortal } from '@xyflow/react';
import type { Colours } from './colours';
import { anchor, edgePath, nodeSize, sides, type Point } from './geometry';
import type { CanvasGraph } from './model';

/** Above this many tables a far zoom draws the boxes-and-lines view. */
export const FAR_VIEW_MIN = 300;

function FarViewImpl({ graph, positions, colours }: { graph: CanvasGraph; positions: Record<string, Point>; colours?: Colours }) {
  const { boxes, lines } = useMemo(() => {
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    const d: string[] = [];
    for (const e of graph.edges) {
      const a = byId.get(e.from.node), b = byId.get(e.to.node), pa = positions[e.from.node], pb = positions[e.to.node];
      if (!a || !b || !pa || !pb) continue;
      const sa = nodeSize(a), sb = nodeSize(b);
      const s = sides({ ...pa, ...sa }, { ...pb, ...sb });
      d.push(edgePath(anchor(a, pa, sa, s.from), s.from, anchor(b, pb, sb, s.to), s.to));
    }
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
