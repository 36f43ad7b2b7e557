// Find the files of a project as dbt does: a folder below the root that has its own
// dbt_project.yml (integration_tests/, a vendored package) is another project; installed
// packages, build output and VCS folders are never project files.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const SKIP_DIRS = new Set(['dbt_packages', 'node_modules', '.git', '.modeler', 'logs', '.venv', 'venv', '__pycache__', 'dbt_modules']);
export const TARGET_FILES = ['manifest.json', 'catalog.json', 'semantic_manifest.json', 'run_results.json'];

export interface Walked {
  /** Project-relative POSIX paths, sorted; `<target>/<artifact>` entries for the four JSON artifacts. */
  files: string[];
  /** Folders skipped because they hold their own dbt_project.yml. */
  nestedProjects: string[];
  /** The folders looked into (empty ones too), project-relative; '' is the root. */
  dirs: string[];
}

export function walkProject(root: string, opts: { targetPath?: string; packagesInstallPath?: string } = {}): Walked {
  const target = opts.targetPath ?? 'target';
  const skipRel = new Set([target, opts.packagesInstallPath ?? 'dbt_packages']);
  const out: string[] = [];
  const nested: string[] = [];
  const dirs: string[] = [];
  const walk = (abs: string, rel: string) => {
    dirs.push(rel);
    let entries;
    try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (SKIP_DIRS.has(e.name) || skipRel.has(r)) continue;
        const sub = join(abs, e.name);
        if (existsSync(join(sub, 'dbt_project.yml'))) { nested.push(r); continue; }
        walk(sub, r);
      } else if (e.isFile()) out.push(r);
    }
  };
  walk(root, '');
  for (const f of TARGET_FILES) out.push(`${target}/${f}`);
  return { files: out.sort(), nestedProjects: nested.sort(), dirs: dirs.sort() };
}

/** Is `rel` inside one of the nested projects (or a skipped folder) the walk left out? */
export function isOutsideProject(rel: string, walked: Walked, opts: { targetPath?: string; packagesInstallPath?: string } = {}): boolean {
  const segs = rel.split('/');
  if (segs.slice(0, -1).some((s) => SKIP_DIRS.has(s))) return true;
  if (rel.startsWith((opts.packagesInstallPath ?? 'dbt_packages') + '/')) return true;
  const target = opts.targetPath ?? 'target';
  if (rel.startsWith(target + '/') && !TARGET_FILES.includes(rel.slice(target.length + 1))) return true;
  return walked.nestedProjects.some((n) => rel.startsWith(n + '/'));
}
