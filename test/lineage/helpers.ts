// What the lineage tests built on small written projects share: writing the project's files and
// reading a model's direct edges as sorted `column <- node.column kind` lines.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LineageGraph } from '../../src/lineage/index.js';
import { tempDir } from '../helpers/cli.js';

/** Write `files` (path → text) into a new temporary folder named from `prefix`; its path. */
export function writeProject(prefix: string, files: Record<string, string>): string {
  const dir = tempDir(prefix);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** Each output column of a model → its direct upstream, as `column <- node.column kind`, sorted (`lower`: upstream column names lower-cased). */
export function directEdges(g: LineageGraph, model: string, opts: { lower?: boolean } = {}): string[] {
  const id = g.idOf(model)!;
  return g.columnsOf(id).flatMap((c) => g.up(id, c).map((e) => `${c} <- ${g.nameOf(e.from.id)}.${opts.lower ? e.from.column.toLowerCase() : e.from.column} ${e.kind}`)).sort();
}
