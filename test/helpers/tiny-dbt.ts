// A tiny dbt project written by a test (dbt_project.yml, an in-memory DuckDB profile, the files
// given), read by a real `dbt parse` and by `modeler summary`, for comparing the two.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCli, tempDir } from './cli.js';
import { dbtParse } from './dbt.js';

export const TINY = 'tiny';

/** Write the project; `project` is appended to dbt_project.yml. */
export function tinyProject(files: Record<string, string>, project = ''): string {
  const dir = join(tempDir('modeler-tiny-'), TINY);
  const all: Record<string, string> = {
    'dbt_project.yml': `name: ${TINY}\nversion: '1.0'\nconfig-version: 2\nprofile: ${TINY}\n${project}`,
    'profiles.yml': `${TINY}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n`,
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** A real dbt parse: its exit code, output, and manifest when it wrote one. */
export function dbtOn(dir: string, env: Record<string, string | undefined> = {}): { code: number; output: string; manifest?: any } {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  try {
    const r = dbtParse(dir);
    const f = join(dir, 'target', 'manifest.json');
    return { ...r, manifest: r.code === 0 && existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined };
  } finally {
    for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  }
}

/** `modeler summary` (text and JSON) on the project, with target/ removed first (dbt's output is not an input here). */
export function modelerOn(dir: string): { code: number; text: string; stderr: string; json: any } {
  rmSync(join(dir, 'target'), { recursive: true, force: true });
  const text = runCli(['summary', '--project-dir', dir, '--profiles-dir', dir]);
  const json = runCli(['summary', '--project-dir', dir, '--profiles-dir', dir, '--output-json']);
  return { code: text.code, text: text.stdout, stderr: text.stderr, json: JSON.parse(json.stdout) };
}
