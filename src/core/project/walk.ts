// Find the files of a project, skipping what is never source (build output, packages, VCS).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const SKIP_DIRS = new Set(['dbt_packages', 'node_modules', '.git', '.modeler', 'logs', '.venv', 'venv', '__pycache__', 'dbt_modules']);

/** Project-relative POSIX paths of every file, `target/` excluded except its four JSON artifacts. */
export function walkProject(root: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries;
    try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (SKIP_DIRS.has(e.name)) continue;
        if (r === 'target') continue;
        walk(join(abs, e.name), r);
      } else if (e.isFile()) out.push(r);
    }
  };
  walk(root, '');
  for (const f of TARGET_FILES) out.push(`target/${f}`);
  return out.sort();
}

export const TARGET_FILES = ['manifest.json', 'catalog.json', 'semantic_manifest.json', 'run_results.json'];
