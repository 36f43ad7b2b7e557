// Loading the project and keeping it current: the first load, a refresh after every server
// event (an edit on disk, a save, an applied proposal), and listeners (the canvas, the editor
// tabs) told which paths changed. Each refresh re-reads what the server computed; the UI
// computes none of it.
import { ApiError, getProjectId, loadCapabilities, offers, request, setProjectId } from '../api/client';
import { api } from '../api/endpoints';
import type { GraphQuery, GraphReply, ServerEvent, TableEntry } from '../api/types';
import { FOCUS_LIMIT, NO_FILTERS } from '../canvas/view';
import { app, errorText, toast } from './app';

type Listener = (paths: string[], ev?: ServerEvent) => void | Promise<void>;
const listeners = new Set<Listener>();
/** Called after each refresh with the paths that changed ([] on the first load). */
export function onRefresh(fn: Listener): () => void { listeners.add(fn); return () => listeners.delete(fn); }

// The graph at the level of detail the canvas shows: the whole of a project small enough to draw
// at once; of a bigger one only the part the canvas draws (its best-connected table and the
// neighbours, the tables the user focused on, or everything after "Show all"), so a
// 10,000-model project is never shipped whole for the first screen.
let whole: boolean | undefined; // learned on the first load
let graphQuery: GraphQuery | undefined; // the part of a big project shown; undefined: all of it ("Show all")
// (walking the inferred keys too, as the canvas's Inferred filter does by default: a project that
// declares no relationships tests otherwise starts on a table with no neighbours)
const auto = (inferred = NO_FILTERS.inferred): GraphQuery => ({ focus: 'auto', limit: String(FOCUS_LIMIT), ...(inferred ? { inferred: 'true' } : {}) });
async function loadGraph(): Promise<GraphReply> {
  if (whole === undefined) {
    const first = await api.graph({ limit: String(FOCUS_LIMIT) });
    whole = !first.lod?.truncated;
    if (whole) { const { lod: _lod, ...all } = first; return all; }
    graphQuery = auto();
  }
  return whole || !graphQuery ? api.graph() : api.graph(graphQuery);
}

/** Fetch the part of a big project the canvas shows now; false when the whole graph is here (the canvas computes it). */
async function showPart(q: GraphQuery | undefined): Promise<boolean> {
  if (whole !== false) return false;
  if (JSON.stringify(q) === JSON.stringify(graphQuery) && app.get().graph) return true;
  graphQuery = q;
  app.set({ graph: await loadGraph() });
  return true;
}

/** Focus on `ids` (none: the automatic focus) and their neighbours within `hops` (along lineage and inferred keys too, as the filters say). */
export const loadGraphFocus = (ids: string[], hops: number, lineage = false, inferred = NO_FILTERS.inferred) => showPart(ids.length
  ? { focus: ids.join(','), hops: String(hops), limit: String(FOCUS_LIMIT), ...(lineage ? { lineage: 'true' } : {}), ...(inferred ? { inferred: 'true' } : {}) } : auto(inferred));

/** "Show all": every table of a big project (its size is the user's choice), or back to the automatic focus. */
export const loadGraphAll = (all: boolean, inferred = NO_FILTERS.inferred) => showPart(all ? undefined : auto(inferred));

/**
 * A big project's tables of one folder or one layer (the server's level-of-detail filters), not the
 * whole graph to filter here; `undefined`: back to `all` (every table) or the automatic focus.
 */
export const loadGraphSlice = (slice: { folder?: string; layer?: string; lineage?: boolean } | undefined, all: boolean, inferred = NO_FILTERS.inferred) => showPart(slice
  ? { ...(slice.folder !== undefined ? { folder: slice.folder } : {}), ...(slice.layer !== undefined ? { layer: slice.layer } : {}), ...(slice.lineage ? { lineage: 'true' } : {}) }
  : all ? undefined : auto(inferred));

let tables: { version: number; list: Promise<TableEntry[]> } | undefined;
/** Every table by name when only part of a big project's graph is here (for search); undefined otherwise. */
export function projectTables(): Promise<TableEntry[]> | undefined {
  if (whole !== false) return undefined;
  const version = app.get().version;
  if (tables?.version !== version) tables = { version, list: api.tables().then((r) => r.tables) };
  return tables.list;
}

/** A table of the project by name, also one a big project's graph here does not hold. */
export async function findTable(name: string): Promise<GraphReply['nodes'][number] | undefined> {
  const here = app.get().graph?.nodes.find((n) => n.name === name);
  if (here || whole !== false) return here;
  return (await api.graph({ focus: name, hops: '1', limit: '1' })).nodes.find((n) => n.name === name);
}

async function loadViews(): Promise<void> {
  const [files, status, graph, validation, readiness, mesh, docs] = await Promise.all([
    api.files(), api.status(), loadGraph(), api.validation(), api.readiness(), api.mesh().catch(() => undefined), api.docBlocks(),
  ]);
  app.set({ files: files.files, version: Math.max(files.version, status.version), status, graph, validation, readiness, mesh, docBlocks: docs.blocks });
}

/** The validation alone: the column findings the server read in the background are in. */
async function loadValidation(): Promise<void> {
  try { app.set({ validation: await api.validation() }); } catch (e) { if (!(e instanceof ApiError && e.status === 0)) toast('error', errorText(e)); }
}

export async function loadBranch(): Promise<void> {
  if (!offers('GET /api/git/status') || !app.get().project?.git) return;
  try {
    const s = await request<{ branch?: string; detached?: boolean }>('GET', '/api/git/status', { query: { projectId: getProjectId() } });
    app.set({ branch: s.branch ?? (s.detached ? 'detached HEAD' : undefined) });
  } catch { app.set({ branch: undefined }); }
}

export async function boot(): Promise<void> {
  try {
    const health = await api.health();
    setProjectId(health.project.id);
    app.set({ project: health.project });
    document.title = `modeler — ${health.project.name}`;
    await loadCapabilities();
    await loadViews();
    app.set({ ready: true });
    void loadBranch();
    void watchIndex();
    await notify([]);
    connectEvents();
  } catch (e) {
    app.set({ error: errorText(e) });
  }
}

/** Follow the assistant's index while the server builds it (the AI panel says so meanwhile). */
async function watchIndex(): Promise<void> {
  if (!offers('GET /api/ai/index/status')) return;
  for (;;) {
    try {
      const s = await api.indexStatus();
      app.set({ aiIndex: { state: s.state, message: s.message } });
      if (s.state !== 'building') return;
    } catch { /* the server is gone or restarting: the event stream reports it */ }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function notify(paths: string[], ev?: ServerEvent): Promise<void> {
  for (const fn of [...listeners]) {
    try { await fn(paths, ev); } catch (e) { toast('error', errorText(e)); }
  }
}

let pending: string[] = [];
let waiting: (() => void)[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> = Promise.resolve();

/** Re-read the project's views, then tell the listeners; bursts of events make one refresh. Resolves once the paths are in. */
export function refresh(paths: string[], ev?: ServerEvent): Promise<void> {
  pending.push(...paths);
  if (timer) clearTimeout(timer);
  const done = new Promise<void>((resolve) => waiting.push(resolve));
  timer = setTimeout(() => {
    timer = undefined;
    const batch = [...new Set(pending)];
    const resolvers = waiting;
    pending = [];
    waiting = [];
    running = running.then(async () => {
      try { await loadViews(); } catch (e) { if (!(e instanceof ApiError && e.status === 0)) toast('error', errorText(e)); }
      await notify(batch, ev);
      if (batch.some((p) => p === '.git' || p.startsWith('.git/'))) void loadBranch();
    }).finally(() => { for (const r of resolvers) r(); });
  }, 60);
  return done;
}

let source: EventSource | undefined;
function connectEvents(): void {
  source?.close();
  source = new EventSource('/api/events');
  source.onopen = () => app.set({ live: true });
  source.onerror = () => app.set({ live: false });
  source.onmessage = (m) => {
    let ev: ServerEvent;
    try { ev = JSON.parse(m.data); } catch { return; }
    if (ev.type === 'hello') {
      // reconnected after a gap: anything may have changed meanwhile
      if (ev.version !== app.get().version && app.get().ready) void refresh([], ev);
      // the column checks may have finished before this stream opened (their event is not replayed)
      else if (app.get().validation?.column_checks === 'pending') void loadValidation();
      return;
    }
    if (ev.type === 'columns_checked') { void loadValidation(); return; }
    if (ev.summary && app.get().status) app.set((s) => ({ status: { ...s.status!, version: ev.version, validation: ev.summary!.validation, readiness: ev.summary!.readiness } }));
    void refresh(ev.paths, ev);
  };
}
