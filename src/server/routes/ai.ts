// Ask AI over HTTP: parse → call the assistant core (src/assistant via src/api.ts) → shape the
// reply. The assistant keeps its index beside the server's project session and updates it for
// every changed file the session announces (an edit on disk, a written file, an applied
// proposal). Changes it proposes are validated by the same proposal validation as
// /api/ai/proposals/validate and are never applied here. Provider keys come in the request,
// are used for that call only, and are never stored or logged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ask, AssistantSession, endpointsFromEnv, preview, PROVIDERS, proposalValidator, renderOptionNames, testProvider, type OptionStyle } from '../../api.js';
import { optionStyleOf, type RouteContext } from '../app.js';
import type { AiProjectBody, AiQuery, AskBody, ChatCreateBody, ChatParams, IndexStatus, MemoryParams, PreviewBody, SettingsTestBody } from '../contract.js';
import { ApiError, toErrorReply } from '../errors.js';
import { routeSchema } from '../schemas.js';
import type { ServerEvent } from '../contract.js';
import { checkProject } from './common.js';

/** How long the server is idle before it builds the assistant's index. */
const INDEX_AFTER_IDLE_MS = 500;
/** How long a changed file may wait for the server to be idle before the assistant's index takes it in. */
const INDEX_AFTER_CHANGE_MAX_MS = 2000;

export function registerAiRoutes(app: FastifyInstance, { session, opts, activity }: RouteContext): void {
  const tags = ['ai'];
  const endpoints = endpointsFromEnv(opts.env ?? process.env);
  // the index is built in the background once the project is served (a slice at a time between
  // requests), then kept current per change. No snapshot: restoring one blocks the server while it
  // parses (~120 MB at 10,000 models) and writing it made every stop take seconds, for a build that
  // does not block anything (bench/server-10k.mjs measures both).
  let assistant: AssistantSession | undefined;
  let waitingForIndex = 0;
  // a question waiting for the index does not hold its build up
  const answering = () => activity.open() > waitingForIndex;
  const start = () => (assistant ??= new AssistantSession(session.project, {
    validator: proposalValidator(() => session.validateContext()), endpoints, background: true,
    // the build gives way to a file change and to requests (an edit's lineage answer is not kept waiting)
    yieldTo: () => session.changing() || answering(),
  }));
  // started once the server has been idle for a moment (the first screen's requests are answered
  // first), or by the first AI request; after the SQL parser is loaded (session.catchUp waits for it)
  app.addHook('onReady', async () => {
    activity.whenIdle(INDEX_AFTER_IDLE_MS, session.events, () => { if (!assistant) void session.catchUp().then(start); });
  });
  session.events.on('close', () => assistant?.close());
  /** The assistant once its index is built: questions asked meanwhile wait for it. */
  const ai = async (): Promise<AssistantSession> => {
    const a = start();
    waitingForIndex++;
    try { await a.ready; } finally { waitingForIndex--; }
    const st = a.indexState();
    if (st.state === 'failed') throw new ApiError(500, 'AI_INDEX_FAILED', `the assistant's index could not be built: ${st.message}; POST /api/ai/index/rebuild tries again`);
    indexChanges();
    return a;
  };
  // changed files are indexed once the requests the change prompts are answered (the UI's, an
  // edit's lineage: the index update never delays them), or before a question that comes first;
  // at the latest INDEX_AFTER_CHANGE_MAX_MS after the change, however busy the server is
  let unindexed = new Set<string>();
  let unindexedSince = 0;
  let indexTimer: NodeJS.Timeout | undefined;
  const indexChanges = () => {
    if (indexTimer) { clearTimeout(indexTimer); indexTimer = undefined; }
    if (!assistant || !unindexed.size) return;
    const paths = [...unindexed];
    unindexed = new Set();
    assistant.filesChanged(paths, { reloaded: true });
  };
  const indexWhenIdle = () => {
    indexTimer = undefined;
    const busy = session.changing() || answering();
    if (busy && performance.now() - unindexedSince < INDEX_AFTER_CHANGE_MAX_MS) indexTimer = setTimeout(indexWhenIdle, 20);
    else indexChanges();
  };
  session.events.on('change', (ev: ServerEvent) => {
    if (!assistant || !ev.paths.length) return;
    if (!unindexed.size) unindexedSince = performance.now();
    for (const p of ev.paths) unindexed.add(p);
    indexTimer ??= setTimeout(indexWhenIdle, 0);
  });
  session.events.on('close', () => { if (indexTimer) clearTimeout(indexTimer); });

  app.get<{ Querystring: AiQuery }>('/api/ai/index/status', {
    schema: routeSchema({ tags, summary: 'whether the assistant\'s index is ready: the server builds it in the background after serving the project (the AI panel says so meanwhile)', query: 'AiQuery', response: 'IndexStatus' }),
  }, async (req): Promise<IndexStatus> => {
    checkProject(session, req.query.projectId);
    const a = start();
    const st = a.indexState();
    if (st.state === 'ready') indexChanges(); // the count includes the files changed so far
    return st.state === 'ready' ? { ...st, records: a.index.records.size, build_ms: a.indexStats()?.buildMs } : st;
  });

  app.post<{ Body: AskBody }>('/api/ai/ask', {
    schema: routeSchema({ tags, summary: 'answer a question from the project index; proposed changes are validated, never applied (Accept: text/event-stream streams the answer)', body: 'AskBody', response: 'AskResponse' }),
  }, async (req, reply) => {
    checkProject(session, req.body.projectId);
    const { projectId: _p, ...request } = req.body;
    if (!wantsStream(req)) return ask(await ai(), request);
    return stream(reply, optionStyleOf(req), async (onDelta) => ask(await ai(), request, { onDelta }));
  });

  app.post<{ Body: PreviewBody }>('/api/ai/context/preview', {
    schema: routeSchema({ tags, summary: 'the retrieval alone: the sources an answer would use, with the stages that found them; writes nothing', body: 'PreviewBody', response: 'PreviewResponse' }),
  }, async (req) => {
    checkProject(session, req.body.projectId);
    const r = preview(await ai(), req.body);
    return {
      sources: r.sources, scope: r.scope, modes: r.route.modes, skills: r.skills, retrieval_pipeline: r.stages,
      memory: r.memories.map((m) => ({ id: m.id.slice('memory:'.length), text: m.text })),
      findings: r.findings.map((f) => ({ id: f.id, kind: f.kind, name: f.name, path: f.file, line: f.line, score: 0, stage: 'validation_findings', title: f.title })),
    };
  });

  app.post<{ Body: AiProjectBody }>('/api/ai/index/rebuild', {
    schema: routeSchema({ tags, summary: 'build the assistant\'s index again from the project', body: 'AiProjectBody', response: 'IndexStats' }),
  }, async (req) => {
    checkProject(session, req.body.projectId);
    const a = start();
    waitingForIndex++;
    try { await a.ready; } finally { waitingForIndex--; } // a build in the background finishes first (a failed one is built again)
    return a.rebuild(session.project);
  });

  app.get<{ Querystring: AiQuery }>('/api/ai/chats', {
    schema: routeSchema({ tags, summary: 'the chats of this project, newest first', query: 'AiQuery', response: 'ChatList' }),
  }, async (req) => { checkProject(session, req.query.projectId); return { chats: (await ai()).chats.list() }; });

  app.post<{ Body: ChatCreateBody }>('/api/ai/chats', {
    schema: routeSchema({ tags, summary: 'start a chat (ask also starts one when given no chatId)', body: 'ChatCreateBody', response: 'ChatResponse', status: 201 }),
  }, async (req, reply) => { checkProject(session, req.body.projectId); reply.code(201); return (await ai()).chats.create(req.body.title); });

  app.get<{ Params: ChatParams; Querystring: AiQuery }>('/api/ai/chats/:chatId', {
    schema: routeSchema({ tags, summary: 'one chat with every entry: answer, sources, agent run, skills and memory used, proposed changes, review plan', params: 'ChatParams', query: 'AiQuery', response: 'ChatResponse' }),
  }, async (req) => { checkProject(session, req.query.projectId); return (await ai()).chats.get(req.params.chatId); });

  app.delete<{ Params: ChatParams; Body: AiProjectBody }>('/api/ai/chats/:chatId', {
    schema: routeSchema({ tags, summary: 'forget one chat (its messages and answers); memory is kept', params: 'ChatParams', body: 'AiProjectBody', response: 'ChatDeleted' }),
  }, async (req) => { checkProject(session, req.body.projectId); return { deleted: (await ai()).chats.delete(req.params.chatId) }; });

  app.get<{ Querystring: AiQuery }>('/api/ai/memory', {
    schema: routeSchema({ tags, summary: 'the standing rules the assistant remembers for this project', query: 'AiQuery', response: 'MemoryList' }),
  }, async (req) => { checkProject(session, req.query.projectId); return { memories: (await ai()).listMemory() }; });

  app.delete<{ Params: MemoryParams; Body: AiProjectBody }>('/api/ai/memory/:memoryId', {
    schema: routeSchema({ tags, summary: 'forget one remembered rule', params: 'MemoryParams', body: 'AiProjectBody', response: 'MemoryDeleted' }),
  }, async (req) => { checkProject(session, req.body.projectId); return { deleted: (await ai()).deleteMemory(req.params.memoryId) }; });

  app.get<{ Querystring: AiQuery }>('/api/ai/skills', {
    schema: routeSchema({ tags, summary: 'the project\'s skills (Modeler/Skills/*.md) and what is wrong with any skill file', query: 'AiQuery', response: 'SkillList' }),
  }, async (req) => { checkProject(session, req.query.projectId); return (await ai()).skills(); });

  app.get<{ Querystring: AiQuery }>('/api/ai/providers', {
    schema: routeSchema({ tags, summary: 'the provider kinds and what each needs', query: 'AiQuery', response: 'ProviderList' }),
  }, async (req) => { checkProject(session, req.query.projectId); return { providers: PROVIDERS }; });

  app.post<{ Body: SettingsTestBody }>('/api/ai/settings/test', {
    schema: routeSchema({ tags, summary: 'check provider settings with one small call; stores nothing', body: 'SettingsTestBody', response: 'SettingsTestResponse' }),
  }, async (req) => { checkProject(session, req.body.projectId); return testProvider(req.body.provider, endpoints); });
}

function wantsStream(req: FastifyRequest): boolean {
  return String(req.headers.accept ?? '').split(',').some((t) => t.trim().startsWith('text/event-stream'));
}

/** Server-sent events: `delta` ({text}) as the answer is written, then `result` or `error` (the error envelope). */
async function stream(reply: FastifyReply, style: OptionStyle, run: (onDelta: (text: string) => void) => Promise<unknown>): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no' });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${renderOptionNames(JSON.stringify(data), style)}\n\n`);
  try {
    send('result', await run((text) => send('delta', { text })));
  } catch (e) {
    const r = toErrorReply(e);
    send('error', { status: r.status, ...r.body });
  }
  res.end();
}
