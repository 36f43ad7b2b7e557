// The order test files start in, so that the workers finish together: the slow ones first.
// vitest orders by the durations of the last run when it has them for every file
// (node_modules/.vite/vitest). A fresh checkout has none, and vitest then orders by file size,
// which starts last a short file that runs a real dbt for minutes and leaves the other worker
// idle while it ends. Without durations, the files that start a real dbt or a browser, and the
// one that runs every console example of the docs, go first (the larger first).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW = /\b(?:dbtParse|dbtOn|dbtCommand|dbtParseManifest|dbtOnFetched|agreementOn|dbtLsModels|serveUiForFile|serveSyntheticForFile|startUi|consoleBlocks|offThread)\b[<(]/;

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = (f: TestSpecification) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`);
    if (files.every(known)) return super.sort(files);
    const rank = new Map(files.map((f) => {
      const text = readFileSync(f.moduleId, 'utf8');
      return [f, (SLOW.test(text) ? 1e9 : 0) + text.length];
    }));
    return [...files].sort((a, b) => rank.get(b)! - rank.get(a)!);
  }
}
