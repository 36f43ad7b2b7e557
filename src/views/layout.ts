// Node positions a user placed on the canvas, kept in the diagram file itself (under the free-form
// `display.positions`, keyed by entity name or dbt unique id) so they live in git beside the model
// rather than in one browser. Edits go through the round-trip editor: the rest of the file keeps
// its comments and layout. The dbt project's own canvas keeps its positions in a diagram file
// created on the first move (an empty `kind: diagram` that validates as such).
import { isMap, parseDocument } from 'yaml';
import { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
import { ChangeError } from '../proposals/errors.js';
import { isModelFile } from '../proposals/checks.js';
import { commitFiles } from '../proposals/journal.js';
import { checkYaml, etagOf, readTextOrNull } from '../proposals/files.js';
import { projectPath } from '../proposals/paths.js';

export interface Position { x: number; y: number }

export interface LayoutRequest {
  path: string;
  /** positions to keep (replacing earlier ones of the same node) */
  positions?: Record<string, Position>;
  /** nodes to release to the automatic layout again */
  release?: string[];
  /** the name a new diagram file gets in its header (default: from the file name) */
  name?: string;
}

export interface LayoutResult { path: string; etag: string; created: boolean; positions: number }

export const MAX_POSITIONS = 20_000;

/** Write `positions` (and drop `release`) into the diagram file at `path`, creating it when absent. */
export function saveLayout(root: string, req: LayoutRequest): LayoutResult {
  const { rel, abs } = projectPath(root, req.path);
  if (!isModelFile(rel)) throw new ChangeError('BAD_REQUEST', `${rel} is not a model or diagram file (a .yaml under Modeler/, or *.model|diagram.yaml); positions are kept in one`, { location: { file: rel } });
  const positions = Object.entries(req.positions ?? {});
  const release = req.release ?? [];
  if (positions.length + release.length > MAX_POSITIONS) throw new ChangeError('BAD_REQUEST', `at most ${MAX_POSITIONS} positions in one request`);
  for (const [id, p] of positions) {
    if (!id || !Number.isFinite(p?.x) || !Number.isFinite(p?.y)) throw new ChangeError('BAD_REQUEST', `position of ${JSON.stringify(id)} must be {x, y} with finite numbers`);
  }
  const before = readTextOrNull(abs, rel);
  // a file over a limit (an alias bomb, too deep) is refused before it is edited
  if (before !== null) checkYaml(rel, before);
  const round = (n: number) => Math.round(n * 10) / 10;
  let text = before ?? newDiagram(req.name ?? rel.split('/').pop()!.replace(/(\.(model|diagram))?\.ya?ml$/i, '').replace(/[^A-Za-z0-9_]+/g, '_'));
  const doc = parseDocument(text);
  if (doc.errors.length || !isMap(doc.contents)) throw new ChangeError('YAML_INVALID', `${rel} does not parse as a YAML mapping; fix it before moving nodes`, { location: { file: rel, line: doc.errors[0]?.linePos?.[0]?.line } });
  const held = doc.getIn(['display', 'positions']);
  const edits: YamlEdit[] = positions.map(([id, p]) => ({ op: 'set', path: ['display', 'positions', id], value: { x: round(p.x), y: round(p.y) } }));
  for (const id of release) if (isMap(held) && held.has(id)) edits.push({ op: 'delete', path: ['display', 'positions', id] });
  if (edits.length) text = applyYamlEdits(text, edits);
  if (text !== before) commitFiles(root, [{ rel, content: text }]);
  const after = parseDocument(text).getIn(['display', 'positions']);
  return { path: rel, etag: etagOf(text), created: before === null, positions: isMap(after) ? after.items.length : 0 };
}

function newDiagram(name: string): string {
  return [
    '# Positions of the nodes placed by hand on the modeler canvas (display.positions).',
    'kind: diagram',
    'model:',
    `  name: ${name || 'layout'}`,
    '  version: 1.0.0',
    'entities: []',
    '',
  ].join('\n');
}
