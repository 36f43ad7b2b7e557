// The project read at growing sizes, with dbt's target/manifest.json (the size and shape `dbt
// parse` writes) and without it: wall and CPU time, peak RSS and the cost per model, each run a
// fresh child process (medians). The cost per model should stay flat from 1,000 to 50,000 models.
// Against `dbt parse --no-partial-parse`: run here with --dbt N (minutes at 10,000), else the
// figure measured on this machine for issue 28 (241 s at 10,000 models) is reused, and said so.
// The machine may be shared: CPU time is the steadier figure when the load is high.
// Usage: npm run build:core && node bench/read-scale.mjs [N ...] [--runs R] [--dbt N]
//   (default sizes 1000 10000 50000; R = 3, 1 at 50,000 and more)
import { spawnSync } from 'node:child_process';
import { renameSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, median, scaleProject as project } from './lib/scale-runs.mjs';

const self = fileURLToPath(import.meta.url);
const DBT_10K_MS = 241_000; // dbt parse --no-partial-parse, 10,000 models, measured for issue 28

if (process.argv[2] === '--child') {
  const { loadProject } = await import('../dist/core/project/load.js');
  const t0 = performance.now();
  const c0 = cpuMs();
  const p = loadProject(process.argv[3]);
  const cpu = cpuMs() - c0;
  console.log(JSON.stringify({ ms: performance.now() - t0, cpu, rss: process.resourceUsage().maxRSS / 1024,
    models: p.models.length, manifest: !!p.target.manifest, errors: p.diagnostics.filter((d) => d.severity === 'error').length }));
  process.exit(0);
}

const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(name); if (i < 0) return undefined; const v = args[i + 1]; args.splice(i, 2); return v; };
const runsOpt = opt('--runs');
const dbtAt = opt('--dbt');
const sizes = args.length ? args.map(Number) : [1000, 10000, 50000];

function child(dir) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=8192', self, '--child', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const rows = [];
for (const n of sizes) {
  const dir = project(n);
  const file = join(dir, 'target', 'manifest.json');
  const mib = statSync(file).size / 1048576;
  const runs = Number(runsOpt ?? (n >= 50000 ? 1 : 3));
  const got = { with: [], without: [] };
  for (let i = 0; i < runs; i++) {
    got.with.push(child(dir));
    renameSync(file, `${file}.aside`);
    try { got.without.push(child(dir)); } finally { renameSync(`${file}.aside`, file); }
  }
  for (const k of ['with', 'without']) {
    const rs = got[k];
    if (rs.some((r) => r.models !== n || r.errors)) throw new Error(`N=${n}: read ${rs[0].models} models, ${rs[0].errors} errors`);
    rows.push({ n, manifest: k === 'with' ? `yes (${mib.toFixed(0)} MiB)` : 'no', ms: median(rs.map((r) => r.ms)), cpu: median(rs.map((r) => r.cpu)), rss: median(rs.map((r) => r.rss)), runs });
  }
}

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on this machine while measuring`);
console.log('models  manifest        wall ms   CPU ms  peak RSS  µs/model (wall)  µs/model (CPU)  runs');
for (const r of rows) {
  console.log(`${String(r.n).padStart(6)}  ${r.manifest.padEnd(14)} ${r.ms.toFixed(0).padStart(8)} ${r.cpu.toFixed(0).padStart(8)} ${r.rss.toFixed(0).padStart(5)} MiB ${(r.ms * 1000 / r.n).toFixed(0).padStart(16)} ${(r.cpu * 1000 / r.n).toFixed(0).padStart(15)}  ${r.runs}`);
}

let dbt = { n: 10000, ms: DBT_10K_MS, how: 'reused: measured for issue 28 on this machine (dbt-core 1.11, dbt-duckdb), not run now' };
if (dbtAt) {
  const n = Number(dbtAt);
  const dir = project(n);
  const t0 = performance.now();
  const bin = join(fileURLToPath(new URL('..', import.meta.url)), '.ci', 'venv', 'bin', 'dbt');
  const profiles = join(dir, 'profiles.yml');
  writeFileSync(profiles, "synthetic:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n");
  const file = join(dir, 'target', 'manifest.json');
  renameSync(file, `${file}.keep`); // dbt writes its own; the synthetic one is put back after
  try {
    const r = spawnSync(bin, ['parse', '--no-partial-parse', '--profiles-dir', dir, '--project-dir', dir], { encoding: 'utf8', env: { ...process.env, DO_NOT_TRACK: '1' } });
    if (r.status !== 0) throw new Error(`dbt parse failed: ${r.stdout.slice(-2000)}`);
  } finally { renameSync(`${file}.keep`, file); }
  dbt = { n, ms: performance.now() - t0, how: 'run now' };
}
for (const k of ['yes', 'no']) {
  const r = rows.find((x) => x.n === dbt.n && x.manifest.startsWith(k));
  if (r) console.log(`against dbt parse --no-partial-parse at ${dbt.n} models (${(dbt.ms / 1000).toFixed(0)} s, ${dbt.how}), manifest ${k === 'yes' ? 'present' : 'absent'}: ${(dbt.ms / r.ms).toFixed(0)}× faster by wall time, ${(dbt.ms / r.cpu).toFixed(0)}× by CPU time`);
}
