// The Ask AI context of what is on the canvas: a table, an entity or concept, a relationship,
// the diagram itself (a workspace-level request from its background).
import type { AskContext } from '../ai/types';
import type { CEdge, CNode, CanvasSource } from './model';

export function nodeContext(n: CNode, source: CanvasSource): AskContext {
  const kind: AskContext['kind'] = source.kind === 'project' ? (n.kind === 'model' ? 'model' : 'table') : n.kind === 'concept' ? 'concept' : 'entity';
  return { kind, name: n.name, path: n.file, line: n.line, layer: n.layer, ...(source.kind === 'model' ? { diagram: source.path } : {}) };
}

export function edgeContext(e: CEdge, names: (id: string) => string, source: CanvasSource): AskContext {
  const end = (x: CEdge['from']) => `${names(x.node)}${x.column ? `.${x.column}` : ''}`;
  return {
    kind: 'relationship', name: e.name ?? `${end(e.from)} → ${end(e.to)}`, path: e.file, line: e.line,
    ...(source.kind === 'model' ? { diagram: source.path } : {}),
  };
}

export function workspaceContext(source: CanvasSource, projectName?: string): AskContext {
  return source.kind === 'model' ? { kind: 'diagram', name: source.path, path: source.path, diagram: source.path } : { kind: 'workspace', name: projectName ?? 'project' };
}
