// The nodes a real `dbt ls --select … --resource-type model` lists, for many selectors in one
// dbt process (dbt's programmatic runner: the same command as the CLI, parsed once), so a table of
// selectors can be held against modeler's selection without one dbt start per row.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dbtBin } from './real-dbt.mjs';

const SCRIPT = `
import json, sys
from dbt.cli.main import dbtRunner
a = json.loads(sys.argv[1])
runner = dbtRunner()
out = {}
for i, sel in enumerate(a["selectors"]):
    args = ["ls", "--select", sel, "--resource-type", "model", "--output", "json", "--output-keys", "unique_id",
            "--profiles-dir", a["profiles"], "--profile", a["profile"], "--project-dir", a["dir"], "--no-use-colors", "--quiet"]
    if a.get("vars"): args += ["--vars", json.dumps(a["vars"])]
    if i > 0: args.append("--partial-parse")
    r = runner.invoke(args)
    if not r.success:
        out[sel] = {"error": str(r.exception)}
    else:
        out[sel] = sorted(json.loads(x)["unique_id"] for x in (r.result or []))
print("@@RESULT@@" + json.dumps(out))
`;

/** { selector: sorted unique ids | {error} } from real dbt ls on `dir` (a writable copy). */
export function dbtLsModels(dir, selectors, { profiles, profile = 'default', vars } = {}) {
  const bin = dbtBin();
  if (!bin) throw new Error('dbt not found: run `npm run test:deps` (installs dbt-core + dbt-duckdb into .ci/venv)');
  const python = join(dirname(bin), 'python');
  if (!existsSync(python)) throw new Error(`no python beside ${bin}`);
  const r = spawnSync(python, ['-c', SCRIPT, JSON.stringify({ dir, selectors, profiles, profile, vars })], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 900_000, maxBuffer: 256 * 1024 * 1024,
  });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@RESULT@@'));
  if (!line) throw new Error(`dbt ls failed in ${dir} (status ${r.status}):\n${(r.stdout ?? '').slice(-3000)}${(r.stderr ?? '').slice(-3000)}`);
  return JSON.parse(line.slice('@@RESULT@@'.length));
}
