// What the canvas does: open a view, rebuild it when the project changes, lay it out (ELK,
// keeping hand-placed positions), keep positions a user placed (in the browser until "Save
// layout" writes them into the layout file), filter, focus on a table and its neighbours, and
// export the whole diagram. Components call these; none holds logic itself.
import { api } from '../api/endpoints';
import type { GraphReply, InferredReply } from '../api/types';
import { loadGraphAll, loadGraphFocus, loadGraphSlice, onRefresh } from '../state/data';
import { app, errorText, toast } from '../state/app';
import { fromModel, fromProjectGraph, projectLayoutPath } from './build';
import { runElk } from './elk-runner';
import { DARK, diagramSvg, LIGHT } from './export';
import type { Point } from './geometry';
import { layoutGraph } from './layout';
import { sourceKey, type CanvasGraph, type CanvasSource, type Detail } from './model';
import { download, svgToPng } from './png';
import { readDraft, withDraft, writeDraft, type Draft } from './drafts';
import { canvas } from './store';
import { visibleGraph, withDetail, type Filters, type ViewOptions, type VisibleGraph } from './view';
import { firstScreen, isChosen, keyOf, type Laid } from './first-screen';
import { MEASURED_FROM, readableView } from './readable-view';

const round = (p: Point): Point => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });

async function buildGraph(source: CanvasSource): Promise<CanvasGraph | undefined> {
  const s = app.get();
  if (source.kind === 'model') return fromModel(await api.model(source.path));
  if (!s.graph || !s.project) return undefined;
  const layoutPath = projectLayoutPath(s.project.name);
  const layout = s.files.some((f) => f.path === layoutPath) ? await api.model(layoutPath).catch(() => undefined) : undefined;
  const diff = canvas.get().diff;
  // with the diff overlay, what the ref had and the work tree lost is drawn too, marked removed
  const graph = diff ? { ...s.graph, nodes: [...s.graph.nodes.map((n) => (diff.removed_columns[n.id] ? { ...n, columns: [...n.columns, ...diff.removed_columns[n.id]] } : n)), ...diff.removed] } : s.graph;
  return fromProjectGraph(graph, layoutPath, layout, await inferredFirst(s.graph));
}

// Inferred keys are asked for after the first screen is drawn (the inference can take seconds on
// a big project); when they arrive the diagram is rebuilt with them. One request per project graph.
const inferred = new WeakMap<object, InferredReply | 'pending' | 'failed'>();
const arriving = new WeakMap<object, Promise<void>>();
const awaited = new WeakSet<object>();
function inferredFor(graph: object): InferredReply | undefined {
  const have = inferred.get(graph);
  if (have === undefined) {
    inferred.set(graph, 'pending');
    // (fitted again only if the view is where the first screen's fit left it: a user who zoomed in
    // meanwhile had the view pulled back out under them)
    arriving.set(graph, api.graphInferred().then((r) => { inferred.set(graph, r); if (app.get().graph === graph && r.edges.length && !awaited.has(graph)) void reload('unmoved'); }, () => { inferred.set(graph, 'failed'); }));
  }
  return typeof have === 'object' ? have : undefined;
}

/**
 * The inferred keys, waited for when a big project's part was chosen by them (no declared key
 * among its tables: the server walked the inferred ones, and has them at hand) — drawn without
 * them, its first screen was the hub alone until they came. Otherwise as inferredFor.
 */
async function inferredFirst(graph: GraphReply): Promise<InferredReply | undefined> {
  const now = inferredFor(graph);
  if (now || !graph.lod?.focus || graph.edges.some((e) => e.kind === 'relationship' || e.kind === 'foreign_key')) return now;
  awaited.add(graph);
  await arriving.get(graph);
  return inferredFor(graph);
}

/** Whether a change fits the view to what it shows: not, always, or only if the view was not moved since the last fit. */
type Fit = boolean | 'unmoved';

/**
 * Run one change of the canvas, counted in `working` from its call to its end: the diagram reads
 * busy from the click, not from when the server's answer starts a layout (a view read as settled
 * in between was then re-laid out and re-fitted under the user, and under a test that had moved on).
 */
async function working<T>(change: () => Promise<T>): Promise<T> {
  canvas.set((s) => ({ working: s.working + 1 }));
  try { return await change(); } finally { canvas.set((s) => ({ working: s.working - 1 })); }
}

/** Mark what changed since a git ref (undefined: no overlay); follows later changes on disk. */
// the ref the user chose last: a diff fetched for another (a refresh's, begun before the user
// cleared or changed the overlay) is dropped, not drawn over their choice
let diffWanted: string | undefined;
export const setDiffRef = (ref: string | undefined): Promise<void> => { diffWanted = ref; return refreshDiff(ref); };
const refreshDiff = (ref: string | undefined): Promise<void> => working(async () => {
  try {
    const diff = ref ? await api.graphDiff(ref) : undefined;
    if (ref !== diffWanted) return;
    canvas.set({ diff });
  } catch (e) {
    if (ref !== diffWanted) return;
    canvas.set({ diff: undefined });
    toast('error', errorText(e));
  }
  await reload(false);
});

// reloads and layouts are counted apart: a reload that arrives while a layout runs (a save's own
// file event, say) must not orphan that layout — its recompute may find nothing to lay out and
// return, and the canvas would stay busy for good
let generation = 0;
let layoutGeneration = 0;
let laidOutKey = '';

/** Open a view on the canvas (the project, or a model/diagram file). */
export async function openSource(source: CanvasSource): Promise<void> {
  const same = sourceKey(source) === sourceKey(canvas.get().source);
  if (!same) canvas.set({ source, graph: undefined, visible: undefined, focus: undefined, showAll: false, more: false, plumbing: false, positions: {}, pinned: {}, draft: {}, tableDetail: {}, diff: undefined });
  app.set({ center: 'canvas' });
  await reload(!same);
}

/** Rebuild the graph from the server's current views (after any change on disk). */
export const reload = (fit: Fit = false): Promise<void> => working(async () => {
  const my = ++generation;
  const source = canvas.get().source;
  try {
    const g = await buildGraph(source);
    if (my !== generation) return;
    if (!g) { canvas.set({ layingOut: false }); return; }
    const draft = readDraft(g.layoutPath);
    canvas.set({ graph: g, pinned: withDraft(g.pinned, draft), draft, error: undefined });
    await recompute(fit);
  } catch (e) {
    if (my === generation) canvas.set({ error: errorText(e), layingOut: false });
  }
});

/** Apply filters and focus, and lay out what is visible when its tables or edges changed. */
export const recompute = (fit: Fit = false, force = false): Promise<void> => working(async () => {
  const c = canvas.get();
  if (!c.graph) { canvas.set({ layingOut: false }); return; }
  const graph = c.graph;
  const view = (o: ViewOptions) => withDetail(visibleGraph(graph, c.filters, c.focus, c.showAll, { more: c.more, plumbing: c.plumbing, ...o }), c.detail, c.tableDetail);
  let visible = view({});
  let laid: Laid | undefined;
  const my = ++layoutGeneration;
  // a first screen, or a bigger view drawn in Auto: measured for the detail that reads fitted
  // ("Show N more" is still the first screen's focus, but all of it: measured as a bigger view)
  const first = visible.overview && !c.more;
  // (a focus asked for keeps its rows: the table found is centred where they read; a lineage view is drawn whole)
  const measured = !pinnedAny(visible, c.pinned) && (first
    || (c.detail === undefined && !c.filters.lineage && (!visible.focus || visible.focus.automatic) && visible.graph.nodes.length > MEASURED_FROM));
  if (measured) {
    // measuring lays out: the canvas is busy meanwhile
    if (!first || !isChosen(visible.graph, c.pinned)) canvas.set({ layingOut: true });
    try {
      const r = first ? await firstScreen(visible, view, c.pinned, c.more) : await readableView(visible, view, c.pinned);
      if (my !== layoutGeneration) return;
      visible = view(r.o);
      if (r.laid && keyOf(r.laid.visible.graph, c.pinned) === keyOf(visible.graph, c.pinned)) laid = { visible, positions: r.laid.positions };
    } catch (e) {
      if (my === layoutGeneration) canvas.set({ layingOut: false, error: errorText(e) });
      return;
    }
  }
  const key = keyOf(visible.graph, c.pinned);
  if (!force && key === laidOutKey && visible.graph.nodes.every((n) => c.positions[n.id])) {
    canvas.set({ visible, layingOut: false });
    if (fit) requestFit(undefined, undefined, fit === 'unmoved');
    return;
  }
  // the tables (and their sizes) change only together with their new positions: drawn at the old
  // ones while the layout ran, taller tables overlapped others for a second (Stripe's first screen,
  // when the inferred keys arrive and tables show the rows they meet)
  canvas.set({ layingOut: true });
  const t0 = performance.now();
  try {
    const positions = laid && !force ? laid.positions : await layoutGraph(visible.graph, c.pinned, runElk);
    if (my !== layoutGeneration) return;
    laidOutKey = key;
    canvas.set({ visible, positions, layingOut: false, lastLayoutMs: Math.round(performance.now() - t0) });
    if (fit || force) requestFit(undefined, undefined, fit === 'unmoved' && !force);
  } catch (e) {
    if (my === layoutGeneration) canvas.set({ visible, layingOut: false, error: errorText(e) });
  }
});

/** Tables placed by hand on the first screen: the user arranged this view, it is not chosen again. */
const pinnedAny = (v: VisibleGraph, pinned: Record<string, Point>) => v.graph.nodes.some((n) => pinned[n.id]);

export function requestFit(ids?: string[], around?: string[], unmoved = false): void {
  canvas.set((s) => ({ fitRequest: { n: s.fitRequest.n + 1, ids, around, ...(unmoved ? { unmoved } : {}) } }));
}

/** Tables a user moved: pinned where they were dropped, kept in this browser until the layout is saved. */
export function moveNodes(moved: { id: string; position: Point }[]): void {
  const pinned = { ...canvas.get().pinned };
  const positions = { ...canvas.get().positions };
  const draft: Draft = { ...canvas.get().draft };
  for (const m of moved) { pinned[m.id] = round(m.position); positions[m.id] = pinned[m.id]; draft[m.id] = pinned[m.id]; }
  canvas.set({ pinned, positions, draft });
  const g = canvas.get().graph;
  if (g) writeDraft(g.layoutPath, draft);
  // the layout now in place already has these tables where they were dropped
  const v = canvas.get().visible;
  if (v) laidOutKey = keyOf(v.graph, pinned);
}

/** "Save layout": the positions placed (and released) since the last save, written into the layout file. */
export async function saveLayout(): Promise<void> {
  const c = canvas.get();
  const g = c.graph;
  if (!g || !Object.keys(c.draft).length) return;
  const positions = Object.fromEntries(Object.entries(c.draft).filter((e): e is [string, Point] => e[1] !== null));
  const release = Object.keys(c.draft).filter((id) => c.draft[id] === null);
  try {
    await api.saveLayout({ path: g.layoutPath, ...(Object.keys(positions).length ? { positions } : {}), ...(release.length ? { release } : {}),
      ...(g.source.kind === 'project' ? { name: `${app.get().project?.name ?? 'project'}_layout` } : {}) });
    writeDraft(g.layoutPath, {});
    canvas.set({ draft: {} });
    toast('success', `layout saved in ${g.layoutPath}`);
  } catch (e) {
    toast('error', `layout not saved: ${errorText(e)}`);
  }
}

/** ELK again for every table not placed by hand. */
export const autoLayout = () => recompute(false, true);

/** Give every visible table back to the automatic layout (saved positions are removed by the next "Save layout"). */
export async function resetLayout(): Promise<void> {
  const c = canvas.get();
  if (!c.graph || !c.visible) return;
  const release = c.visible.graph.nodes.map((n) => n.id).filter((id) => c.pinned[id]);
  const pinned = { ...c.pinned };
  const draft: Draft = { ...c.draft };
  for (const id of release) {
    delete pinned[id];
    if (c.graph.pinned[id]) draft[id] = null; else delete draft[id];
  }
  canvas.set({ pinned, draft });
  writeDraft(c.graph.layoutPath, draft);
  await recompute(false, true);
}

export function setFilters(f: Partial<Filters>): void {
  canvas.set((s) => ({ filters: { ...s.filters, ...f } }));
  void working(async () => {
    // a big project here in part: one folder or one layer chosen (no focus) is asked of the server as
    // that slice, not filtered from the part here; clearing it goes back to what was shown before
    const c = canvas.get(), fl = c.filters;
    const one = !c.focus && fl.folders.length + fl.layers.length === 1 && !fl.domains.length && !fl.tags.length;
    // a focus stays the focus (Lineage ticked walks its ref/source edges too); dropping it for the
    // automatic part left the focused tables filtered out of a part that did not hold them
    const part = await (c.focus ? loadGraphFocus(c.focus.ids, c.focus.hops, fl.lineage, fl.inferred)
      : loadGraphSlice(one ? { folder: fl.folders[0], layer: fl.layers[0], lineage: fl.lineage } : undefined, c.showAll, fl.inferred))
      .catch((e) => { toast('error', errorText(e)); return false; });
    if (part) await reload(true); else await recompute(true);
  });
}

/** Show one folder's tables on the project's diagram (a big project's asked of the server). */
export async function showFolder(folder: string): Promise<void> {
  if (canvas.get().source.kind !== 'project') await openSource({ kind: 'project' });
  app.set({ center: 'canvas' });
  canvas.set({ focus: undefined });
  setFilters({ folders: [folder], layers: [], domains: [], tags: [] });
}

/** Show these tables and their neighbours within `hops`; fit the view to all of them. */
export const focusOn = (ids: string[], hops = canvas.get().hops): Promise<void> => working(async () => {
  canvas.set({ focus: { ids, hops }, hops });
  // a big project's graph is here only in part: fetch the part to show
  if (await loadGraphFocus(ids, hops, canvas.get().filters.lineage, canvas.get().filters.inferred).catch((e) => { toast('error', errorText(e)); return false; })) await reload(false);
  else await recompute(false);
  // the whole focus block, not the found table alone: fitted to that one at full zoom, its
  // neighbours (what a focus is for) were drawn off the canvas's edges; a hub's 50 neighbours
  // fitted are too small to read, so then the found table is centred where text is drawn
  requestFit(undefined, ids);
});

export function setHops(hops: number): void {
  const f = canvas.get().focus ?? (canvas.get().visible?.focus ? { ids: canvas.get().visible!.focus!.ids, hops } : undefined);
  canvas.set({ hops, focus: f ? { ids: f.ids, hops } : undefined });
  void refocus(f?.ids ?? [], hops);
}

export function clearFocus(): void {
  canvas.set({ focus: undefined });
  void refocus([], canvas.get().hops);
}

/** The focus changed: fetch the part of a big project it shows (or recompute from the whole graph here). */
const refocus = (ids: string[], hops: number): Promise<void> => working(async () => {
  const part = await loadGraphFocus(ids, hops, canvas.get().filters.lineage, canvas.get().filters.inferred).catch((e) => { toast('error', errorText(e)); return false; });
  if (part) await reload(true); else await recompute(true);
});

/** Draw every table with all columns, keys only or collapsed (undefined: by how many are drawn). */
export function setDetail(detail: Detail | undefined): void {
  canvas.set({ detail, tableDetail: {} });
  void recompute(true);
}

/** One table's detail, whatever the others show. */
export function setTableDetail(id: string, detail: Detail): void {
  canvas.set((s) => ({ tableDetail: { ...s.tableDetail, [id]: detail } }));
  void recompute(false);
}

/** "Show N more": every table of a big project's first screen, not only the hub's best-connected neighbours. */
export function showMore(): void {
  canvas.set({ more: true });
  void recompute(true);
}

/**
 * Draw the keyless plumbing (`_tmp` models, sources no key meets) folded away on the first
 * screen, or fold it again. Drawn, it is every table: no key meets it, so no focus would hold it.
 */
export function setPlumbing(plumbing: boolean): void {
  canvas.set({ plumbing });
  if (plumbing) setShowAll(true); else void recompute(true);
}

export function setShowAll(showAll: boolean): void {
  canvas.set({ showAll, focus: showAll ? undefined : canvas.get().focus });
  void working(async () => {
    const part = await loadGraphAll(showAll, canvas.get().filters.inferred).catch((e) => { toast('error', errorText(e)); return false; });
    if (part) await reload(true); else await recompute(true);
  });
}

const darkMode = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches;

function exportName(ext: string): string {
  const s = canvas.get().source;
  const base = s.kind === 'project' ? app.get().project?.name ?? 'project' : s.path.split('/').pop()!.replace(/\.ya?ml$/, '');
  return `${base}-diagram.${ext}`;
}

/** The whole diagram (every visible table, not the viewport) as SVG or PNG. */
export async function exportDiagram(kind: 'svg' | 'png'): Promise<{ width: number; height: number } | undefined> {
  const c = canvas.get();
  if (!c.visible || !c.visible.graph.nodes.length) { toast('error', 'nothing to export: the diagram is empty'); return undefined; }
  const d = diagramSvg(c.visible.graph, c.positions, darkMode() ? DARK : LIGHT);
  if (kind === 'svg') {
    download(new Blob([d.svg], { type: 'image/svg+xml' }), exportName('svg'));
    toast('success', `exported ${c.visible.graph.nodes.length} tables as SVG (${d.width}×${d.height})`);
    return d;
  }
  try {
    const png = await svgToPng(d.svg, d.width, d.height);
    download(png.blob, exportName('png'));
    toast('success', `exported ${c.visible.graph.nodes.length} tables as PNG (${png.width}×${png.height})`);
    return png;
  } catch (e) {
    toast('error', errorText(e));
    return undefined;
  }
}

// the first screen is the project's diagram; every later change rebuilds what is open
onRefresh(async (paths) => {
  if (!canvas.get().graph) { await reload(true); return; }
  const src = canvas.get().source;
  if (src.kind === 'model' && paths.includes(src.path) && !app.get().files.some((f) => f.path === src.path)) { await openSource({ kind: 'project' }); return; }
  const diff = canvas.get().diff;
  if (diff && src.kind === 'project') { await refreshDiff(diff.ref); return; }
  await reload(false);
});
