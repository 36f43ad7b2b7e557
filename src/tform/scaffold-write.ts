// `generate tform` on disk: compute the scaffold of a model file, refuse to replace files it did
// not write (unless forced), write every file (each atomically), and remove the staging models an
// earlier run wrote for tables no longer in the model. Nothing is written when anything fails.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UserError } from '../core/diagnostics.js';
import { writeFilesAtomic } from '../core/fs-atomic.js';
import { requireModel } from '../core/model/load.js';
import { opt } from '../core/option-names.js';
import { docTextsForModel } from '../metadata/doc-blocks.js';
import { foreignScaffoldFiles, scaffoldTform, staleScaffoldFiles, type ScaffoldOptions } from './scaffold.js';

export interface TformWriteResult {
  /** the files written, relative to the output folder, in scaffold order */
  written: string[];
  /** staging models of an earlier run removed (relative paths) */
  removed: string[];
  /** descriptions left out (their doc block's text was not found) */
  warnings: string[];
}

export function writeTformScaffold(modelFile: string, outDir: string, opts: Omit<ScaffoldOptions, 'docs' | 'warn'> & { force?: boolean } = {}): TformWriteResult {
  const warnings: string[] = [];
  const files = scaffoldTform(requireModel(modelFile), { projectName: opts.projectName, profile: opts.profile, sourceName: opts.sourceName,
    docs: docTextsForModel(modelFile), warn: (m) => warnings.push(m) });
  const root = resolve(outDir);
  const foreign = opts.force ? [] : foreignScaffoldFiles(root, files);
  if (foreign.length) throw new UserError(`${outDir} has files generate tform did not write: ${foreign.join(', ')}; nothing written (choose an empty ${opt('out_dir')}, or pass ${opt('force')} to replace them)`);
  const removed = staleScaffoldFiles(root, files);
  writeFilesAtomic(files.map((f) => ({ path: join(root, f.path), data: f.content })));
  for (const f of removed) rmSync(join(root, f));
  return { written: files.map((f) => f.path), removed, warnings };
}
