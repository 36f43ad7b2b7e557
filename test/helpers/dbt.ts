// Locate the dbt executable installed by .ci/run (dbt-core + dbt-duckdb in a venv).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from './cli.js';

export function dbtBin(): string {
  const candidates = [process.env.MODELER_DBT, join(REPO, '.ci', 'venv', 'bin', 'dbt')].filter(Boolean) as string[];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error('dbt not found: run `bash .ci/run` (it installs dbt-core + dbt-duckdb into .ci/venv) or set MODELER_DBT');
  return found;
}

/** Run `dbt parse` in a project dir with a duckdb profile from `profilesDir`. */
export function dbtParse(projectDir: string, profilesDir = projectDir, extra: string[] = []): { code: number; output: string } {
  const r = spawnSync(dbtBin(), ['parse', '--profiles-dir', profilesDir, '--project-dir', projectDir, '--no-use-colors', '--no-partial-parse', ...extra], {
    cwd: projectDir, encoding: 'utf8', env: { ...process.env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 180_000,
  });
  return { code: r.status ?? -1, output: (r.stdout ?? '') + (r.stderr ?? '') };
}

/** Run any dbt command (e.g. ['run']) in a project dir whose profiles.yml sits beside it. */
export function dbtCommand(projectDir: string, args: string[], profilesDir = projectDir): { code: number; output: string } {
  const r = spawnSync(dbtBin(), [...args, '--profiles-dir', profilesDir, '--project-dir', projectDir, '--no-use-colors'], {
    cwd: projectDir, encoding: 'utf8', env: { ...process.env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 240_000,
  });
  return { code: r.status ?? -1, output: (r.stdout ?? '') + (r.stderr ?? '') };
}
