// The nodes a real `dbt ls --select … --resource-type model` lists, for many selectors in one
// dbt process (dbt's programmatic runner: the same command as the CLI, parsed once), so a table of
// selectors can be held against modeler's selection without one dbt start per row.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { dbtBin, STUBS } from './real-dbt.mjs';
import { fetchedCopy } from './fetched-projects.mjs';

const SCRIPT = `
import json, sys
from dbt.cli.main import dbtRunner
a = json.loads(sys.argv[1])
runner = dbtRunner()
out = {}
for i, row in enumerate(a["selectors"]):
    sel, _, exc = row.partition(" --exclude ")
    args = ["ls", "--select", sel] + (["--exclude", exc] if exc else []) + [ "--resource-type", "model", "--output", "json", "--output-keys", "unique_id",
            "--profiles-dir", a["profiles"], "--profile", a["profile"], "--project-dir", a["dir"], "--no-use-colors", "--quiet"]
    if a.get("vars"): args += ["--vars", json.dumps(a["vars"])]
    if i > 0: args.append("--partial-parse")
    r = runner.invoke(args)
    if not r.success:
        out[row] = {"error": str(r.exception)}
    else:
        out[row] = sorted(json.loads(x)["unique_id"] for x in (r.result or []))
print("@@RESULT@@" + json.dumps(out))
`;

/**
 * { selector: sorted unique ids | {error} } from real dbt ls on `dir` (a writable copy); a row
 * `a --exclude b` passes both. Asynchronous: dbt takes minutes on a large project, and a test
 * worker must keep answering its runner meanwhile.
 */
export async function dbtLsModels(dir, selectors, { profiles, profile = 'default', vars } = {}) {
  const bin = dbtBin();
  if (!bin) throw new Error('dbt not found: run `npm run test:deps` (installs dbt-core + dbt-duckdb into .ci/venv)');
  const python = join(dirname(bin), 'python');
  if (!existsSync(python)) throw new Error(`no python beside ${bin}`);
  const r = await new Promise((resolve) => {
    const p = spawn(python, ['-c', SCRIPT, JSON.stringify({ dir, selectors, profiles, profile, vars })], {
      cwd: dir, env: { ...process.env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 900_000,
    });
    let stdout = '', stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@RESULT@@'));
  if (!line) throw new Error(`dbt ls failed in ${dir} (status ${r.status}):\n${(r.stdout ?? '').slice(-3000)}${(r.stderr ?? '').slice(-3000)}`);
  return JSON.parse(line.slice('@@RESULT@@'.length));
}

/** A profiles folder with an in-memory DuckDB target under the profile `dir`'s dbt_project.yml names. */
export function duckdbProfiles(dir) {
  const conf = parseYaml(readFileSync(join(dir, 'dbt_project.yml'), 'utf8')) ?? {};
  const profile = conf.profile ?? 'default';
  const profiles = mkdtempSync(join(tmpdir(), 'modeler-select-profiles-'));
  writeFileSync(join(profiles, 'profiles.yml'), `${profile}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ":memory:"\n      schema: main\n      threads: 1\n`);
  return { profiles, profile };
}

/** A writable copy of a fetched project with the package stand-ins dbt parse needs. */
export function selectableCopy(name) {
  const dir = fetchedCopy(name);
  for (const p of readdirSync(STUBS)) if (!existsSync(join(dir, 'dbt_packages', p)) && existsSync(join(STUBS, p, 'dbt_project.yml'))) cpSync(join(STUBS, p), join(dir, 'dbt_packages', p), { recursive: true });
  return dir;
}
