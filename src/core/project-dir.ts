// Which folder a command works on, decided the way dbt decides it: `--project-dir` names the
// folder that holds dbt_project.yml; without it, the current folder or the nearest one above it
// that holds one (dbt's default_project_dir). A folder without dbt_project.yml is an error naming
// it, never a project of zero files that passes every gate. The package's own examples are never
// written: commands that write (serve) work on a copy of them.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UserError } from './diagnostics.js';
import { opt } from './option-names.js';
import { PACKAGE_ROOT } from './paths.js';

/** The nearest folder from `from` upwards that holds dbt_project.yml. */
export function findDbtProject(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'dbt_project.yml'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The dbt project a command reads: `given` (which must hold dbt_project.yml), else the nearest
 * one from `cwd` upwards. Errors (exit 1) name the folder and the way out.
 */
export function dbtProjectDir(given: string | undefined, cwd = process.cwd()): string {
  if (given === undefined) {
    const found = findDbtProject(cwd);
    if (found) return found;
    throw new UserError(`no dbt project here: ${cwd} has no dbt_project.yml, nor has any folder above it; run the command in your dbt project, or pass ${opt('project_dir')} DIR`, 1, 'NOT_A_DBT_PROJECT');
  }
  let st;
  try { st = statSync(given); } catch { throw new UserError(`project directory not found: ${given}`); }
  if (!st.isDirectory()) throw new UserError(`not a directory: ${given}; ${opt('project_dir')} names the folder that holds dbt_project.yml`);
  if (!existsSync(join(given, 'dbt_project.yml'))) {
    const above = findDbtProject(dirname(resolve(given)));
    throw new UserError(`not a dbt project: ${given} has no dbt_project.yml${above ? ` (the nearest one above is ${above})` : ''}; pass ${opt('project_dir')} the folder that holds it`, 1, 'NOT_A_DBT_PROJECT');
  }
  return given;
}

/** The path of `dir` inside the package's own examples/ folder, when it is one of them (never written). */
export function packageExample(dir: string): string | undefined {
  let real: string, examples: string;
  try { real = realpathSync(dir); examples = realpathSync(join(PACKAGE_ROOT, 'examples')); } catch { return undefined; }
  if (real !== examples && !real.startsWith(examples + sep)) return undefined;
  return relative(examples, real).split(sep).join('/') || '.';
}

/** Refuse a write into the package's own examples (an installed package, or the repository's tracked files). */
export function refusePackageExample(root: string): void {
  const example = packageExample(root);
  if (example === undefined) return;
  throw new UserError(`${root} is the package's example examples/${example}, which modeler never writes; work on a copy (cp -r ${root} my_project) and run the command there`, 1, 'PACKAGE_EXAMPLE');
}
