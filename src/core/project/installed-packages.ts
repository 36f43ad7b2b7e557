// Packages installed under packages-install-path (what `dbt deps` fetched): each is a dbt project
// of its own, and dbt parses its models, seeds, snapshots and sources into the root project's
// manifest. They are read here the same way, so that lineage continues through a package's
// models to its sources without target/manifest.json. A package is read with the vars the root
// project gives it (its `vars: {package: …}` block and global vars over the package's own, --vars
// over all) and the root project's target; its paths are made relative to the root project,
// where its SQL files are.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { readTextFile } from '../read-text.js';
import type { JContext } from './jinja-expr.js';
import type { DbtSettings } from './settings.js';
import type { DbtTarget } from './target.js';
import type { DbtNode, Project } from './types.js';

export interface InstalledPackage {
  /** the package's name (its dbt_project.yml `name:`) */
  name: string;
  /** its folder, relative to the root project (`dbt_packages/zendesk_source`) */
  dir: string;
  /** var()/env_var() as dbt resolves them for the package's resources */
  jinja: JContext;
  /** its enabled models, seeds, snapshots and sources, with root-relative paths */
  nodes: DbtNode[];
  /** the package's own read of a SQL file (package-relative path) */
  sqlText(rel: string): string | undefined;
}

type Loader = (dir: string, opts: { vars: Record<string, unknown> }, asPackage: { target?: DbtTarget }) => Project;

/** The vars the root project passes to package `pkg`: its global vars, its block for `pkg`, then --vars. */
function packageVars(s: DbtSettings, pkg: string, scopes: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.vars)) if (!scopes.has(k)) out[k] = v;
  const own = s.vars[pkg];
  if (own && typeof own === 'object' && !Array.isArray(own)) Object.assign(out, own);
  return Object.assign(out, s.cliVars);
}

/** A package's `name:` (its dbt_project.yml), undefined when it does not read. */
function projectName(dir: string): string | undefined {
  try {
    // json: a repeated key is read as dbt reads it (the last one wins), not refused
    const v = parseYaml(readTextFile(join(dir, 'dbt_project.yml'), 'dbt_project.yml'), { json: true }) as { name?: unknown } | undefined;
    return typeof v?.name === 'string' ? v.name : undefined;
  } catch { return undefined; }
}

/** A package's node, its files made relative to the root project. */
function rooted(n: DbtNode, dir: string): DbtNode {
  const at = (f: string | undefined) => (f === undefined ? undefined : `${dir}/${f}`);
  return { ...n, file: at(n.file), sqlPath: at(n.sqlPath) };
}

/** Read every package installed under the root project's packages-install-path. */
export function readInstalledPackages(root: string, s: DbtSettings, load: Loader): InstalledPackage[] {
  const base = join(root, s.packagesInstallPath);
  if (!existsSync(base)) return [];
  let entries;
  try { entries = readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(join(base, e.name, 'dbt_project.yml'))); } catch { return []; }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: InstalledPackage[] = [];
  // a var block is scoped when its key names a package (or the root project)
  const found = entries.map((e) => ({ dir: `${s.packagesInstallPath}/${e.name}`, name: projectName(join(base, e.name)) ?? e.name }));
  const scopes = new Set<string>([s.name, ...s.packageNames, ...found.map((f) => f.name)]);
  for (const f of found) {
    if (f.name === s.name) continue;
    let p: Project;
    try { p = load(join(root, f.dir), { vars: packageVars(s, f.name, scopes) }, { target: s.target }); } catch { continue; }
    const nodes = [...p.models, ...p.seeds, ...p.snapshots, ...p.sources].map((n) => rooted(n, f.dir));
    out.push({ name: p.name, dir: f.dir, jinja: p.jinja, nodes, sqlText: (rel) => p.sqlText?.(rel) });
  }
  return out;
}

/**
 * The nodes of other packages: those read from the installed packages, then those only
 * target/manifest.json lists (a package not installed here), whose SQL path is made relative to
 * the root project — the manifest gives it relative to the package.
 */
const rootedOnce = new WeakMap<DbtNode, { dir: string; node: DbtNode }>();

export function mergePackageNodes(installed: InstalledPackage[], fromManifest: DbtNode[], installPath: string): DbtNode[] {
  const out: DbtNode[] = [];
  const have = new Set<string>();
  for (const k of installed) for (const n of k.nodes) { out.push(n); have.add(n.uniqueId); }
  const dirOf = new Map(installed.map((k) => [k.name, k.dir]));
  for (const n of fromManifest) {
    if (have.has(n.uniqueId)) continue;
    const dir = dirOf.get(n.packageName) ?? `${installPath}/${n.packageName}`;
    // the same object for the same manifest node: a reload does not make the columns read it again
    let r = rootedOnce.get(n);
    if (r?.dir !== dir) {
      const at = (f: string | undefined) => (f === undefined ? f : `${dir}/${f}`);
      r = { dir, node: { ...n, sqlPath: at(n.sqlPath), file: at(n.file) } };
      rootedOnce.set(n, r);
    }
    out.push(r.node);
  }
  return out;
}
