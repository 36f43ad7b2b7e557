// The readiness gate's two CI artifacts, SARIF and the pull-request comment, written together:
// both or neither, so a failing comment path never leaves a fresh SARIF beside an old comment.
import { resolve } from 'node:path';
import { writeFilesAtomic } from '../../core/fs-atomic.js';
import { renderOptionNames, type OptionStyle } from '../../core/option-names.js';
import type { ReadinessResult } from './gate.js';

export interface ReadinessArtifactPaths { sarif?: string; prComment?: string }

/** Write the artifacts asked for; option names in the text are spelled in `optionStyle` (default: param). Returns the absolute paths written. */
export function writeReadinessArtifacts(r: ReadinessResult, to: ReadinessArtifactPaths, opts: { optionStyle?: OptionStyle } = {}): string[] {
  const style = opts.optionStyle ?? 'param';
  const files = [
    ...(to.sarif ? [{ path: resolve(to.sarif), data: renderOptionNames(JSON.stringify(r.sarif, null, 2) + '\n', style) }] : []),
    ...(to.prComment ? [{ path: resolve(to.prComment), data: renderOptionNames(r.prComment, style) }] : []),
  ];
  writeFilesAtomic(files);
  return files.map((f) => f.path);
}
