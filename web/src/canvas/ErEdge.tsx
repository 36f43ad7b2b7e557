// An edge on the canvas: keys with crow's-foot ends by cardinality and a label (verb or role,
// inferred marked), lineage dashed with an arrow; zoomed far out, the line only.
import { memo } from 'react';
import { BaseEdge, Position, type Edge, type EdgeProps } from '@xyflow/react';
import { edgeMid, edgePath, markPath, type EndMark, type Side } from './geometry';

export interface ErEdgeData extends Record<string, unknown> { from: EndMark; to: EndMark; lineage: boolean; inferred?: boolean; label?: string; diff?: string; far?: boolean }
export type ErFlowEdge = Edge<ErEdgeData, 'er'>;

const side = (p: Position): Side => (p === Position.Left ? 'left' : 'right');

// SVG text with a halo (paint-order), not an HTML label: hundreds of edges stay cheap
const EdgeText = ({ at, text }: { at: { x: number; y: number }; text: string }) => (
  <text className="er-label" x={at.x} y={at.y - 4} textAnchor="middle" aria-hidden="true">{text}</text>
);

function ErEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected }: EdgeProps<ErFlowEdge>) {
  const a = { x: sourceX, y: sourceY }, b = { x: targetX, y: targetY };
  const sa = side(sourcePosition), sb = side(targetPosition);
  const cls = `er-edge${data?.lineage ? ' lineage' : ''}${data?.inferred ? ' inferred' : ''}${selected ? ' selected' : ''}`;
  return (
    <>
      <BaseEdge id={id} path={edgePath(a, sa, b, sb)} className={cls} interactionWidth={14} />
      {!data?.far && <path className={`${cls} er-mark`} d={`${markPath(data?.from ?? 'none', a, sa === 'right' ? 1 : -1)} ${markPath(data?.to ?? 'none', b, sb === 'right' ? 1 : -1)}`} fill="none" />}
      {!data?.far && data?.label && <EdgeText at={edgeMid(a, sa, b, sb)} text={data.label} />}
    </>
  );
}

export const ErEdge = memo(ErEdgeView);
