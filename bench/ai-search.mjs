// `modeler ai search` per call at growing sizes (a fresh process each, as a user runs it), and
// where its time goes in one process: reading the project, building the assistant's index, the
// retrieval itself, and — to decide whether reusing an index across processes pays — writing
// the index snapshot and restoring the index from it instead of building. Target (issue 28):
// < 1.5 s per call at 10,000 models.
// Times in one process are CPU time (the machine may be shared); a call is given both ways.
// Usage: npm run build:core && node bench/ai-search.mjs [N ...] [--runs R]   (default 1000 10000)
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from './lib/synthetic-project.mjs';

const self = fileURLToPath(import.meta.url);
const BIN = join(fileURLToPath(new URL('..', import.meta.url)), 'bin', 'modeler.js');
const QUERIES = ['customer orders', 'payment status', 'dim_customer_12'];

if (process.argv[2] === '--child') {
  const dir = process.argv[3];
  const { loadProject } = await import('../dist/core/project/load.js');
  const { AssistantSession, preview } = await import('../dist/api.js');
  const { writeSnapshot, readSnapshot } = await import('../dist/assistant/index/snapshot.js');
  // CPU time of this process (user + system, ms): steadier than the clock on a shared machine
  const t = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
  let t0 = t();
  const project = loadProject(dir);
  const read = t() - t0;
  t0 = t();
  const session = new AssistantSession(project);
  const build = t() - t0;
  t0 = t();
  for (const q of QUERIES) preview(session, { message: q, limit: 10 });
  const search = (t() - t0) / QUERIES.length;
  t0 = t();
  writeSnapshot(session.index);
  const write = t() - t0;
  t0 = t();
  const restored = readSnapshot(project);
  const restore = t() - t0;
  if (!restored) throw new Error('the snapshot just written did not restore');
  console.log(JSON.stringify({ read, build, search, write, restore, rss: process.resourceUsage().maxRSS / 1024, records: session.index.records.size }));
  process.exit(0);
}

const args = process.argv.slice(2);
const ri = args.indexOf('--runs');
const runs = ri >= 0 ? Number(args.splice(ri, 2)[1]) : 3;
const sizes = args.length ? args.map(Number) : [1000, 10000];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The same synthetic projects as bench/read-scale.mjs (generated once per size). */
function project(n) {
  const dir = join(tmpdir(), `modeler-bench-scale-${n}`);
  const done = join(dir, '.generated');
  if (!existsSync(done)) { generateProject(dir, { models: n, manifest: 'dbt' }); writeFileSync(done, String(n)); }
  return dir;
}

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on this machine`);
for (const n of sizes) {
  const dir = project(n);
  rmSync(join(dir, '.modeler'), { recursive: true, force: true });
  const calls = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, BIN, 'ai', 'search', QUERIES[i % QUERIES.length], '--project-dir', dir, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(r.stderr);
    const hits = JSON.parse(r.stdout).length;
    const [rss, user, sys] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
    calls.push({ ms: performance.now() - t0, cpu: (user + sys) * 1000, rss: rss / 1024, hits });
  }
  const c = spawnSync(process.execPath, ['--max-old-space-size=8192', self, '--child', dir], { encoding: 'utf8' });
  if (c.status !== 0) throw new Error(c.stderr);
  const p = JSON.parse(c.stdout);
  rmSync(join(dir, '.modeler'), { recursive: true, force: true });
  console.log(`N=${n}: modeler ai search per call ${median(calls.map((x) => x.ms)).toFixed(0)} ms wall, ${median(calls.map((x) => x.cpu)).toFixed(0)} ms CPU, peak RSS ${median(calls.map((x) => x.rss)).toFixed(0)} MiB (median of ${runs}; ${calls.map((x) => x.hits).join('/')} sources)`);
  console.log(`  in one process (CPU ms): read ${p.read.toFixed(0)} ms, index build ${p.build.toFixed(0)} ms (${p.records} records), retrieval ${p.search.toFixed(1)} ms/query`);
  console.log(`  reuse across processes: snapshot write ${p.write.toFixed(0)} ms, restore ${p.restore.toFixed(0)} ms (${p.restore < p.build ? `saves ${(100 - 100 * p.restore / p.build).toFixed(0)} % of a build` : 'slower than building: not worth reusing'}), peak RSS ${p.rss.toFixed(0)} MiB`);
}
