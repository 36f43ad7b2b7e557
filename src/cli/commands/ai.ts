// `modeler ai search "<query>"`: the ranked sources the assistant would use (the server's
// context preview), for scripts and for checking retrieval. `ai stop` ends a project's resident
// index; `ai resident` is that process (started by a call, not by hand).
import type { Command } from 'commander';
import { MAX_MESSAGE, UserError } from '../../api/base.js';
import { resolve } from 'node:path';
import { callResident, residentPlan, runResident, residentAddress, startedNote, stopResidents } from '../../api/resident.js';
import { action, err, intOption, out, parentCommand, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

interface Source { kind: string; name: string; path?: string; line?: number; score: number }

export function registerAi(program: Command): void {
  const ai = parentCommand(program, 'ai', 'the modeling assistant\'s index and retrieval');
  projectOptions(ai.command('search')
    .description('rank the project\'s sources for a query, as the assistant\'s retrieval does (nothing is written)')
    .argument('<query>', 'a question or a name, in quotes'))
    .option('--limit <n>', 'how many sources (default 10)')
    .option('--json', 'print [{kind, name, path, line, score}] as JSON')
    .option('--no-cache', 'build the index from the project; neither use nor update the one kept in the user\'s cache directory, nor a resident one')
    .addHelpText('after', '\nThe index is kept between calls in the user\'s cache directory (MODELER_CACHE_DIR, else e.g.\n' +
      '~/.cache/modeler), never in the project; a call after files changed updates it for those files.\n' +
      'On a big project (2000 files or more) a call also leaves the index in memory, in a process of its\n' +
      'own that ends after 10 minutes without a call (`modeler ai stop` ends it; MODELER_AI_RESIDENT=0 turns this off).\n' +
      'Exit codes: 0 printed (also when nothing matched), 64 usage.\nExample: modeler ai search "order status" --project-dir examples/jaffle_shop')
    .action(action(async (query: string, opts: ProjectFlags & { limit?: string; json?: boolean; cache?: boolean }) => {
      // before the project is read and indexed (seconds on a big project) only to refuse it
      if (!query.trim()) throw new UserError('the query is empty; give words to search for, e.g. modeler ai search "order status"', 64, 'AI_REQUEST_INVALID');
      if (query.length > MAX_MESSAGE) throw new UserError(`query is ${query.length} characters; the limit is ${MAX_MESSAGE}`, 64, 'AI_REQUEST_INVALID');
      const limit = intOption(opts.limit, '--limit', 10)!;
      if (limit < 1) throw new UserError(`--limit must be at least 1, got ${limit}`);
      const ref = projectRef(opts);
      const cache = opts.cache !== false;
      const print = (sources: readonly Source[]) => {
        const rows = sources.map((s) => ({ kind: s.kind, name: s.name, path: s.path ?? null, line: s.line ?? null, score: s.score }));
        if (opts.json) { printJson(rows); return 0; }
        if (!rows.length) { out('no sources match'); return 0; }
        for (const s of rows) out(`${s.score.toFixed(1).padStart(8)}  ${s.kind.padEnd(14)} ${s.name}${s.path ? `  ${s.path}${s.line ? `:${s.line}` : ''}` : ''}`);
        return 0;
      };
      // the project's resident index answers first (a big project kept in memory: no read at all)
      const resident = cache ? await callResident(ref.dir, ref.read, 'search', { op: 'search', query, limit }) : undefined;
      if (resident) return print(resident.result as Source[]);
      const { lexicalQuery, previewIndex, withProjectIndex } = await import('../../api/assistant.js');
      // the index lists the columns models' SQL returns, as ask's, the app's and the MCP tools' do
      await (await import('../../api/project.js')).initSqlColumns();
      let files = 0;
      const plan = residentPlan(ref.dir, ref.read, 'search', cache);
      // printed inside: a first call keeps the index it built after the answer is out (index-cache.ts), or leaves it to the resident it starts
      const code = withProjectIndex(ref.dir, { read: ref.read, cache, kind: 'search', progress: (line) => err(line), leaveKeeping: plan.decide, queries: [lexicalQuery(query)] }, (opened) => {
        files = opened.files ?? 0;
        return print(previewIndex(opened.index, opened.skills, { message: query, limit, field: 'query' }).sources);
      });
      noteStarted(plan.start(files));
      return code;
    }));

  projectOptions(ai.command('stop')
    .description('end the project\'s resident indexes (the processes a call on a big project leaves, so later calls answer at once), whatever options started them')
    .addHelpText('after', '\nExit codes: 0 ended, or none was running.\nExample: modeler ai stop --project-dir examples/jaffle_shop'))
    .action(action(async (opts: ProjectFlags) => {
      // a folder given is taken as it is: its residents are ended also once it is gone or no longer a project
      const given = opts.projectDir ?? opts.project;
      const root = resolve(given ?? projectRef(opts).dir);
      const ended = await stopResidents(root);
      out(ended.length ? `ended the resident index (process ${ended.join(', ')})` : `no resident index runs for ${root}`);
      return 0;
    }));

  projectOptions(ai.command('resident', { hidden: true })
    .description('keep the project read and indexed in memory, answering `ai search` and `ask` (started by them)'))
    .option('--kind <kind>', 'search (the index `ai search` uses) or ask (the same index, and the project kept for column lineage)', 'search')
    .option('--keep', 'write the kept index once read (the call that started it did not)')
    .addHelpText('after', '\nStarted by `modeler ai search` and `modeler ask` on a big project; it runs until 10 minutes without a call.\nExample: modeler ai resident --kind search --project-dir examples/jaffle_shop')
    .action(action(async (opts: ProjectFlags & { kind: string; keep?: boolean }) => {
      if (opts.kind !== 'search' && opts.kind !== 'ask') throw new UserError(`--kind is search or ask, got ${opts.kind}`);
      const ref = projectRef(opts);
      await runResident(residentAddress(ref.dir, ref.read, opts.kind), ref.read, opts.kind, { keep: opts.keep });
      return 0;
    }));
}

/** After a call that answered on its own: the note of the resident its plan started for the next calls. */
export function noteStarted(pid: number | undefined): void {
  if (pid !== undefined) err(startedNote(pid));
}
