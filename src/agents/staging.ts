// Which models are staging models, which are helpers of another staging model, and where a
// model lives — read from what the project reader found (SQL files, YAML, manifest alike).
import type { DbtNode, Project } from '../core/project/types.js';
import { hasStagingPrefix } from './naming.js';

/** Project-relative path of a model: its SQL file, else the YAML that describes it. */
export function modelPath(node: DbtNode): string | undefined {
  return node.sqlPath ?? node.file;
}

/** Spec §4.6: name `stg_*`, `staging_*`, `src_*`, `raw_*`, or a path with a `/staging/` folder. */
export function isStagingModel(node: DbtNode): boolean {
  if (hasStagingPrefix(node.name)) return true;
  const p = modelPath(node);
  return !!p && ('/' + p.toLowerCase().replace(/\\/g, '/')).includes('/staging/');
}

const pathParts = (node: DbtNode): string[] => modelPath(node)?.toLowerCase().replace(/\\/g, '/').split('/') ?? [];
const underSilver = (node: DbtNode): boolean => pathParts(node).slice(0, -1).includes('silver');

/**
 * The project's staging models: those isStagingModel names, else — a medallion layout (bronze sources, silver
 * cleaned per-source tables, gold marts) that names no model stg_* and has no staging/ folder — the models under
 * `silver/`, one per source table, else — layers kept as top-level folders under any name (clean/, normalize/,
 * integrate/, report/) — the models of the folder that reads the sources. A project that has staging models keeps
 * its silver and other folders as what they are.
 */
export function stagingModels(project: Project): DbtNode[] {
  const hit = layerCache.get(project);
  if (hit) return hit;
  const named = project.models.filter(isStagingModel);
  const silver = named.length ? [] : project.models.filter(underSilver);
  const layer = named.length ? named : silver.length ? silver : sourceLayer(project.models);
  layerCache.set(project, layer);
  return layer;
}
const layerCache = new WeakMap<Project, DbtNode[]>();

/** A folder's models must number this many, reading sources and no model, to be read as the layer over the sources. */
const MIN_SOURCE_LAYER = 5;

/**
 * The models a modeler reads as staging where no model or folder is named so: the top-level folder holding the most
 * models that select from sources and from no other model (Financial Horizons' clean/, one select * per source table,
 * beside normalize/ and integrate/ built over it), and of that folder, those models. Other folders' stray source
 * readers (an extract, a backup copy) are their own layer's.
 */
function sourceLayer(models: readonly DbtNode[]): DbtNode[] {
  const byTop = new Map<string, DbtNode[]>();
  for (const n of models) {
    const parts = pathParts(n);
    if (parts.length < 3 || !n.sourceRefs.length || n.refs.length) continue;
    const list = byTop.get(parts[1]) ?? byTop.set(parts[1], []).get(parts[1])!;
    list.push(n);
  }
  const [top, found] = [...byTop].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0] ?? [];
  if (!top || found.length < MIN_SOURCE_LAYER) return [];
  // …without a folder of it whose models mostly build on other models (clean/for_share/: shares of reports, four of its
  // fifty-four reading a source): its few source readers are that folder's, not the layer's
  const folderOf = (n: DbtNode) => pathParts(n).slice(0, -1).join('/');
  const all = new Map<string, number>();
  for (const n of models) if (pathParts(n)[1] === top) all.set(folderOf(n), (all.get(folderOf(n)) ?? 0) + 1);
  const own = new Map<string, number>();
  for (const n of found) own.set(folderOf(n), (own.get(folderOf(n)) ?? 0) + 1);
  const layer = found.filter((n) => 2 * own.get(folderOf(n))! >= all.get(folderOf(n))!);
  if (layer.length < MIN_SOURCE_LAYER) return [];
  for (const n of layer) layerFolderOf.set(n, top);
  return layer;
}
/** The top-level folder sourceLayer read as a project's staging layer, for each of its models. */
const layerFolderOf = new WeakMap<DbtNode, string>();

/** The layer folder a model's path runs through: the last `staging/`, else the last `silver/` (a medallion's staging layer), else the folder sourceLayer chose. */
function layerFolderIndex(node: DbtNode, parts: string[]): number {
  const i = parts.lastIndexOf('staging');
  if (i >= 0) return i;
  const s = parts.slice(0, -1).lastIndexOf('silver');
  if (s >= 0) return s;
  const top = layerFolderOf.get(node);
  return top && parts[1] === top ? 1 : -1;
}

/** The folder right under `staging/` (or a medallion's `silver/`): by dbt convention the source system, if any. */
export function stagingFolder(node: DbtNode): string | undefined {
  const parts = pathParts(node);
  const i = layerFolderIndex(node, parts);
  return i >= 0 && i < parts.length - 2 ? parts[i + 1] : undefined;
}

/** Every folder between `staging/` and the model's file (airbyte_source/gp_api_db): a loader's folder may hold one folder per system. */
export function stagingSubfolders(node: DbtNode): string[] {
  const parts = pathParts(node);
  const i = layerFolderIndex(node, parts);
  return i >= 0 ? parts.slice(i + 1, -1) : [];
}

/** The folders a model's file lives in (its path without the file name), for words that say what the model is. */
export function modelFolders(node: DbtNode): string | undefined {
  const p = modelPath(node)?.replace(/\\/g, '/');
  return p ? p.split('/').slice(0, -1).join('/') : undefined;
}

/**
 * Words that say where a model's table lives rather than what it holds, for a model of a layer sourceLayer chose
 * (its names carry them: accruals_clean_insurance under clean/insurance/): its folders' words, and the word every
 * table of a source it reads ends with (broker_vc, policy_vc … of insurance_curated: the curated views' mark).
 */
export function placeWords(project: Project, node: DbtNode): ReadonlySet<string> | undefined {
  if (!layerFolderOf.has(node)) return undefined;
  const words = new Set(pathParts(node).slice(1, -1).flatMap((p) => p.split('_')).filter(Boolean));
  for (const r of node.sourceRefs) {
    const mark = sourceMarks(project).get(r.split('.')[0].toLowerCase());
    if (mark) words.add(mark);
  }
  return words;
}

/** For each dbt source whose tables (three or more) all end with one word after an underscore, that word. */
function sourceMarks(project: Project): Map<string, string> {
  const hit = marksCache.get(project);
  if (hit) return hit;
  const tails = new Map<string, Set<string>>();
  const counts = new Map<string, number>();
  for (const s of project.sources) {
    const src = s.sourceName?.toLowerCase();
    const table = (s.name.split('.').pop() ?? '').toLowerCase();
    if (!src) continue;
    counts.set(src, (counts.get(src) ?? 0) + 1);
    const words = table.split('_');
    const set = tails.get(src) ?? tails.set(src, new Set()).get(src)!;
    set.add(words.length > 1 ? words[words.length - 1] : '');
  }
  const marks = new Map<string, string>();
  for (const [src, set] of tails) if (set.size === 1 && (counts.get(src) ?? 0) >= 3 && [...set][0]) marks.set(src, [...set][0]);
  marksCache.set(project, marks);
  return marks;
}
const marksCache = new WeakMap<Project, Map<string, string>>();

/** Source-system names the project declares (dbt `sources:` and manifest sources). */
export function sourceSystemNames(project: Project): string[] {
  const names = new Set<string>();
  for (const s of project.sources) if (s.sourceName) names.add(s.sourceName.toLowerCase());
  const ms = project.target.manifest?.sources;
  if (ms && typeof ms === 'object') for (const s of Object.values<any>(ms)) if (typeof s?.source_name === 'string') names.add(s.source_name.toLowerCase());
  return [...names];
}

const REF_RE = /\bref\s*\(\s*(?:['"][^'"]+['"]\s*,\s*)?['"]([^'"]+)['"]/g;

/**
 * Names of the models a model selects from: the manifest's `depends_on` when present, else the
 * `ref()` calls of its SQL (Jinja, not SQL, so a pattern over the template text is exact enough).
 */
/**
 * A model's SQL text: the one the project read when it loaded (kept for what reads the SQL again), else read from
 * disk. Reading 10,000 files again costs a first conceptualize as much as everything else it does. Throws as readText.
 */
export function modelText(project: Project, rel: string): string {
  return project.sqlText?.(rel) ?? project.readText(rel);
}

export function upstreamModels(project: Project, node: DbtNode): string[] {
  const out = new Set<string>();
  const deps = node.raw?.depends_on?.nodes;
  if (Array.isArray(deps)) for (const d of deps) if (typeof d === 'string' && d.startsWith('model.')) out.add(d.split('.').pop()!);
  if (node.sqlPath && node.origins.includes('sql')) {
    let text = '';
    try { text = modelText(project, node.sqlPath); } catch { /* unreadable SQL: no refs */ }
    REF_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = REF_RE.exec(text))) out.add(m[1]);
  }
  return [...out];
}

/**
 * Project files a model was read from. A model known only from target/manifest.json (e.g. from
 * an installed package) has package-relative paths, so the manifest itself is the context.
 */
export function sourceFilesOf(project: Project, node: DbtNode): string[] {
  const files = [node.file, node.sqlPath].filter((f): f is string => !!f && project.files.has(f));
  if (!files.length && node.origins.includes('manifest') && project.files.has('target/manifest.json')) files.push('target/manifest.json');
  return files;
}

// moved to the project reader's core, where lineage uses it too
export { unreadableFileNote } from '../core/project/unreadable.js';
