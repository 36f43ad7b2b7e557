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
 * `silver/`, one per source table. A project that has staging models keeps its silver folder as what it is.
 */
export function stagingModels(project: Project): DbtNode[] {
  const hit = layerCache.get(project);
  if (hit) return hit;
  const named = project.models.filter(isStagingModel);
  const layer = named.length ? named : project.models.filter(underSilver);
  layerCache.set(project, layer);
  return layer;
}
const layerCache = new WeakMap<Project, DbtNode[]>();

/** The layer folder a model's path runs through: the last `staging/`, else the last `silver/` (a medallion's staging layer). */
function layerFolderIndex(parts: string[]): number {
  const i = parts.lastIndexOf('staging');
  return i >= 0 ? i : parts.slice(0, -1).lastIndexOf('silver');
}

/** The folder right under `staging/` (or a medallion's `silver/`): by dbt convention the source system, if any. */
export function stagingFolder(node: DbtNode): string | undefined {
  const parts = pathParts(node);
  const i = layerFolderIndex(parts);
  return i >= 0 && i < parts.length - 2 ? parts[i + 1] : undefined;
}

/** Every folder between `staging/` and the model's file (airbyte_source/gp_api_db): a loader's folder may hold one folder per system. */
export function stagingSubfolders(node: DbtNode): string[] {
  const parts = pathParts(node);
  const i = layerFolderIndex(parts);
  return i >= 0 ? parts.slice(i + 1, -1) : [];
}

/** The folders a model's file lives in (its path without the file name), for words that say what the model is. */
export function modelFolders(node: DbtNode): string | undefined {
  const p = modelPath(node)?.replace(/\\/g, '/');
  return p ? p.split('/').slice(0, -1).join('/') : undefined;
}

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
