// `modeler ask "<question>"`: the same ask the server answers, on the command line. The key is
// read from the provider's usual environment variable; chat history and memory are kept under
// the project's .modeler/agent/ as in the app (for the package's own example, in the user's
// data directory: the package is never written, and the note says where they went).
import { Option, type Command } from 'commander';
import type { AskResult } from '../../api/assistant.js';
import { endpointsFromEnv, ProviderError, providerFromEnv, PROVIDER_KINDS } from '../../api/providers.js';
import { callResident, residentPlan } from '../../api/resident.js';
import { packageExample, runtimeDir } from '../../api/runtime.js';
import { MAX_MESSAGE, UserError } from '../../api/base.js';
import { action, err, out, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';
import { noteStarted } from './ai.js';

interface AskFlags extends ProjectFlags { provider?: string; model?: string; baseUrl?: string; chat?: string; json?: boolean; cache?: boolean }

export function registerAsk(program: Command): void {
  projectOptions(program.command('ask')
    .description('ask the modeling assistant about the project; it answers from the project index and may propose changes (never applies them)')
    .argument('<question>', 'the question, in quotes'))
    // a kind typed wrong is a usage error (64, with a did-you-mean), found before the project is read
    .addOption(new Option('--provider <kind>', 'the provider kind (default: MODELER_AI_PROVIDER or local)').choices(PROVIDER_KINDS))
    .option('--model <name>', 'model name (default: the provider\'s default, or MODELER_AI_MODEL)')
    .option('--base-url <url>', 'base URL of an openai-compatible server (or MODELER_AI_BASE_URL)')
    .option('--chat <id>', 'continue a chat (its id is printed with every answer)')
    .option('--json', 'print the whole result (answer, sources, proposed changes, agent run) as JSON')
    .option('--no-cache', 'build the index from the project; neither use nor update the one kept in the user\'s cache directory (see modeler ai search)')
    .addHelpText('after', '\nKeys come from OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY (or GEMINI_API_KEY), MODELER_AI_API_KEY (openai-compatible); they are never written.\n' +
      'Exit codes: 0 answered, 1 provider error (code printed), 64 usage.\n' +
      'Example: modeler ask "which models feed customers?" --project-dir examples/jaffle_shop')
    .action(action(async (question: string, opts: AskFlags) => {
      // before the project is read and indexed (seconds on a big project) only to refuse it
      if (!question.trim()) throw new UserError('the question is empty; ask in quotes, e.g. modeler ask "what does order status mean?"', 64, 'AI_REQUEST_INVALID');
      if (question.length > MAX_MESSAGE) throw new UserError(`message is ${question.length} characters; the limit is ${MAX_MESSAGE}`, 64, 'AI_REQUEST_INVALID');
      const ref = projectRef(opts);
      const provider = providerFromEnv(opts);
      const cache = opts.cache !== false;
      let streamed = false;
      const onDelta = opts.json ? undefined : (t: string) => { streamed = true; process.stdout.write(t); };
      const warn = (n: string) => err(`modeler: warning: ${n}`);
      let files = 0;
      const plan = residentPlan(ref.dir, ref.read, 'ask', cache && provider.kind === 'local');
      const answer = async (): Promise<AskResult> => {
        // the Local provider's answer from the project's resident index (a big project kept in memory), when one runs
        const resident = cache && provider.kind === 'local'
          ? await callResident(ref.dir, ref.read, 'ask', { op: 'ask', message: question, chatId: opts.chat, stream: !opts.json }, { delta: onDelta, warn })
          : undefined;
        if (resident) return resident.result as AskResult;
        const { ask, askContext, lexicalQuery, withProjectIndex } = await import('../../api/assistant.js');
        const { initSqlColumns, loadProject, unreadableFileNote } = await import('../../api/project.js');
        await initSqlColumns(); // the index lists the columns models' SQL returns
        // the index kept between calls (as `ai search` keeps it), and the project as read beside it:
        // while every stamp holds, the answer reads only the nodes it touches, not the project
        return withProjectIndex(ref.dir, { read: ref.read, cache, keepProject: true, progress: (line) => err(line), leaveKeeping: plan.decide, queries: [lexicalQuery(question)] }, (opened) => {
          files = opened.files ?? 0;
          const project = opened.project ?? opened.keptProject?.() ?? loadProject(ref.dir, ref.read);
          // a property file that does not read takes its models' columns and tests out of the answer: said first, as lineage says it
          for (const n of unreadableFileNote(project, 'this answer')) warn(n);
          const session = askContext(project, opened.index, { endpoints: endpointsFromEnv() });
          return ask(session, { message: question, provider, chatId: opts.chat }, onDelta ? { onDelta } : {});
        });
      };
      let result: AskResult;
      try {
        result = await answer();
      } catch (e) {
        if (e instanceof ProviderError) throw new UserError(`${e.code}: ${e.message}`, 1, e.code);
        throw e;
      }
      noteStarted(plan.start(files));
      // the streamed answer ends its line before the note, so the two streams never share a line on a terminal
      if (streamed) out('');
      if (packageExample(ref.dir) !== undefined) err(`note: ${ref.dir} is the package's own example, which is never written; the chat and memory are kept in ${runtimeDir(ref.dir)}`);
      if (opts.json) { printJson(result); return 0; }
      printTail(result);
      return 0;
    }));
}

function printTail(r: AskResult): void {
  if (r.sources.length) {
    out('\nSources:');
    for (const s of r.sources.slice(0, 8)) out(`  ${s.kind} ${s.name}${s.path ? ` — ${s.path}${s.line ? `:${s.line}` : ''}` : ''}`);
  }
  if (r.proposed_changes.length) {
    out(`\n${r.review_plan.summary}`);
    for (const c of r.proposed_changes) out(`  ${c.valid ? 'ok     ' : 'BLOCKED'} ${c.op} ${c.path}: ${c.review_summary}${c.blocked ? ` (${c.blocked.code}: ${c.blocked.message})` : ''}`);
    out('  (print them in full with --json; nothing was written)');
  }
  out(`\nchat ${r.chatId} · modes ${r.agent_run.modes.map((m) => m.mode).join(', ')}${r.agent_run.skills.length ? ` · skills ${r.agent_run.skills.map((s) => s.name).join(', ')}` : ''} · ${r.agent_run.provider.kind}`);
}
