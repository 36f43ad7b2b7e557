// An edge on the canvas: keys with crow's-foot ends by cardinality and a label (verb or role,
// inferred marked), lineage dashed with an arrow; zoomed far out, the line only.
import { memo } from 'react';
import { BaseEdge, Position, type Edge, type EdgeProps } from '@xyflow/react';
import { edgeCurve, markPath, type EndFan, type EndMark, type Side } from './geometry';

export interface ErEdgeData extends Record<string, unknown> { from: EndMark; to: EndMark; lineage: boolean; inferred?: boolean; label?: string; hint?: string; diff?: string; far?: boolean; fanFrom?: EndFan; fanTo?: EndFan; touching?: boolean }
export type ErFlowEdge = Edge<ErEdgeData, 'er'>;

const side = (p: Position): Side => (p === Position.Left ? 'left' : 'right');

// SVG text with a halo (paint-order), not an HTML label: hundreds of edges stay cheap
const EdgeText = ({ at, text }: { at: { x: number; y: number }; text: string }) => (
  <text className="er-label" x={at.x} y={at.y - 4} textAnchor="middle" aria-hidden="true">{text}</text>
);

function ErEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected }: EdgeProps<ErFlowEdge>) {
  const a = { x: sourceX, y: sourceY }, b = { x: targetX, y: targetY };
  const sa = side(sourcePosition), sb = side(targetPosition);
  // ends meeting a row with other edges are fanned (routing.ts); the marks sit where each end meets its row
  const curve = edgeCurve(a, sa, b, sb, data?.fanFrom, data?.fanTo);
  const ma = { x: a.x, y: a.y + (data?.fanFrom?.dy ?? 0) }, mb = { x: b.x, y: b.y + (data?.fanTo?.dy ?? 0) };
  const cls = `er-edge${data?.lineage ? ' lineage' : ''}${data?.inferred ? ' inferred' : ''}${selected ? ' selected' : ''}${data?.touching ? ' touching' : ''}`;
  return (
    <>
      {/* the evidence of an inferred key on hover (the edge's group is its parent) */}
      {data?.hint && <title>{data.hint}</title>}
      <BaseEdge id={id} path={curve.path} className={cls} interactionWidth={14} />
      {!data?.far && <path className={`${cls} er-mark`} d={`${markPath(data?.from ?? 'none', ma, sa === 'right' ? 1 : -1)} ${markPath(data?.to ?? 'none', mb, sb === 'right' ? 1 : -1)}`} fill="none" />}
      {!data?.far && data?.label && <EdgeText at={curve.mid} text={data.label} />}
    </>
  );
}

export const ErEdge = memo(ErEdgeView);
