// `modeler ai search "<query>"`: the ranked sources the assistant would use (the server's
// context preview), for scripts and for checking retrieval.
import type { Command } from 'commander';
import { previewIndex, withProjectIndex } from '../../api/assistant.js';
import { UserError } from '../../api/base.js';
import { action, err, intOption, out, parentCommand, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

export function registerAi(program: Command): void {
  const ai = parentCommand(program, 'ai', 'the modeling assistant\'s index and retrieval');
  projectOptions(ai.command('search')
    .description('rank the project\'s sources for a query, as the assistant\'s retrieval does (nothing is written)')
    .argument('<query>', 'a question or a name, in quotes'))
    .option('--limit <n>', 'how many sources (default 10)')
    .option('--json', 'print [{kind, name, path, line, score}] as JSON')
    .option('--no-cache', 'build the index from the project; neither use nor update the one kept in the user\'s cache directory')
    .addHelpText('after', '\nThe index is kept between calls in the user\'s cache directory (MODELER_CACHE_DIR, else e.g.\n' +
      '~/.cache/modeler), never in the project; a call after files changed updates it for those files.\n' +
      'Exit codes: 0 printed (also when nothing matched), 64 usage.\nExample: modeler ai search "order status" --project-dir examples/jaffle_shop')
    .action(action((query: string, opts: ProjectFlags & { limit?: string; json?: boolean; cache?: boolean }) => {
      // before the project is read and indexed (seconds on a big project) only to refuse it
      if (!query.trim()) throw new UserError('the query is empty; give words to search for, e.g. modeler ai search "order status"', 64, 'AI_REQUEST_INVALID');
      const limit = intOption(opts.limit, '--limit', 10)!;
      if (limit < 1) throw new UserError(`--limit must be at least 1, got ${limit}`);
      const ref = projectRef(opts);
      // printed inside: a first call keeps the index it built after the answer is out (index-cache.ts)
      return withProjectIndex(ref.dir, { read: ref.read, cache: opts.cache !== false, progress: (line) => err(line) }, ({ index, skills }) => {
        const r = previewIndex(index, skills, { message: query, limit, field: 'query' });
        const rows = r.sources.map((s) => ({ kind: s.kind, name: s.name, path: s.path ?? null, line: s.line ?? null, score: s.score }));
        if (opts.json) { printJson(rows); return 0; }
        if (!rows.length) { out('no sources match'); return 0; }
        for (const s of rows) out(`${s.score.toFixed(1).padStart(8)}  ${s.kind.padEnd(14)} ${s.name}${s.path ? `  ${s.path}${s.line ? `:${s.line}` : ''}` : ''}`);
        return 0;
      });
    }));
}
