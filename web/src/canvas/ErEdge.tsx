// An edge on the canvas: keys with crow's-foot ends by cardinality, lineage dashed with an arrow.
import { memo } from 'react';
import { BaseEdge, Position, type Edge, type EdgeProps } from '@xyflow/react';
import { edgePath, markPath, type EndMark, type Side } from './geometry';

export interface ErEdgeData extends Record<string, unknown> { from: EndMark; to: EndMark; lineage: boolean; inferred?: boolean; label?: string; diff?: string }
export type ErFlowEdge = Edge<ErEdgeData, 'er'>;

const side = (p: Position): Side => (p === Position.Left ? 'left' : 'right');

function ErEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected }: EdgeProps<ErFlowEdge>) {
  const a = { x: sourceX, y: sourceY }, b = { x: targetX, y: targetY };
  const sa = side(sourcePosition), sb = side(targetPosition);
  const cls = `er-edge${data?.lineage ? ' lineage' : ''}${data?.inferred ? ' inferred' : ''}${selected ? ' selected' : ''}`;
  return (
    <>
      <BaseEdge id={id} path={edgePath(a, sa, b, sb)} className={cls} interactionWidth={14} />
      <path className={`${cls} er-mark`} d={`${markPath(data?.from ?? 'none', a, sa === 'right' ? 1 : -1)} ${markPath(data?.to ?? 'none', b, sb === 'right' ? 1 : -1)}`} fill="none" />
    </>
  );
}

export const ErEdge = memo(ErEdgeView);
