// `modeler serve` on the synthetic 10,000-model project, as the web UI uses it: cold start (spawn →
// /api/health answers, → the first screen's requests answered), the size of each first-screen
// response, the server's memory after the first screen, the assistant's index (ready while the
// server answers), edit on disk → server-sent event (p50/p95 over M edits), and the time to stop.
// Usage: npm run build && node bench/server-10k.mjs [N] [edits]   (default 10000, 30)
//        MODELER_BIN=/path/to/other/bin/modeler.js node bench/server-10k.mjs   (the baseline)
// Targets (issue 28): cold start < 3 s, no first-screen response > 2 MiB, RSS < 400 MiB after the
// first screen, edit → event p95 < 150 ms, stop < 300 ms. The server's CPU time is printed beside the
// wall-clock figures (a loaded machine inflates the wall clock, much less the CPU time).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';
import { openEvents, serverCpuMs } from './lib/server-process.mjs';

const n = Number(process.argv[2] ?? 10000);
const edits = Number(process.argv[3] ?? 30);
const dir = join(tmpdir(), `modeler-bench-serve-${n}`);
if (!existsSync(join(dir, 'dbt_project.yml')) || process.env.REGENERATE) generateProject(dir, { models: n });
// MODELER_BIN: another build to compare with (e.g. main's, for before/after figures)
const BIN = process.env.MODELER_BIN ?? join(import.meta.dirname, '..', 'bin', 'modeler.js');
const MiB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const t0 = performance.now();
const child = spawn(process.execPath, [BIN, 'serve', '--project-dir', dir, '--port', '0', '--no-open'], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '', err = '';
child.stderr.on('data', (d) => (err += d));
const url = await new Promise((resolve, reject) => {
  child.stdout.on('data', (d) => { out += d; const m = /at (http:\/\/\S+?)\/?\s/.exec(out); if (m) resolve(m[1]); });
  child.on('exit', (c) => reject(new Error(`serve exited ${c}: ${err}`)));
});
const listenMs = performance.now() - t0;
const get = async (path) => {
  const s = performance.now();
  const res = await fetch(url + path, { headers: { 'x-modeler-option-style': 'label' } });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), ms: performance.now() - s, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
};
const health = await get('/api/health');
const healthMs = performance.now() - t0;
const server = { child };
const healthCpu = serverCpuMs(server);
const id = health.json.project.id;
const routes = Object.keys((await get('/api/openapi.json')).json.paths);
const lod = routes.includes('/api/ai/index/status'); // the server of this change: level-of-detail graph, background index
// the first screen as web/src/state/data.ts asks for it
// (this change: ?limit=150 first — the whole graph of a small project —, then the automatic focus when that was cut)
const graphPath = lod ? `/api/projects/${id}/graph?focus=auto&limit=150` : `/api/projects/${id}/graph`;
const first = ['files', 'status', 'validation', 'readiness', 'mesh', 'doc-blocks'].map((r) => `/api/projects/${id}/${r}`);
const graphReplies = async () => {
  if (!lod) return [[graphPath, await get(graphPath)]];
  const probe = `/api/projects/${id}/graph?limit=150`;
  return [[probe, await get(probe)], [graphPath, await get(graphPath)]];
};
const [views, graphs] = await Promise.all([Promise.all(first.map(async (p) => [p, await get(p)])), graphReplies()]);
const replies = [...views, ...graphs];
const firstScreenMs = performance.now() - t0;
const firstCpu = serverCpuMs(server);
const rssFirst = rssOf(child.pid);
console.log(`serve N=${n}: listening ${listenMs.toFixed(0)} ms, /api/health answers at ${healthMs.toFixed(0)} ms (target < 3000), first screen answered at ${firstScreenMs.toFixed(0)} ms`);
console.log(`  server CPU: ${healthCpu} ms to /api/health, ${firstCpu} ms to the first screen`);
for (const [p, r] of replies) console.log(`  ${p.replace(`/api/projects/${id}/`, '').padEnd(32)} ${String(r.status)}  ${(r.bytes / MiB).toFixed(2).padStart(6)} MiB  ${r.ms.toFixed(0).padStart(5)} ms${r.bytes > 2 * MiB ? '   over 2 MiB' : ''}`);
if (lod) {
  const g = replies.find(([p]) => p === graphPath)[1].json;
  console.log(`  graph: ${g.nodes.length} of ${g.lod?.total_nodes} tables (focus ${g.lod?.focus?.join(', ')})`);
}
console.log(`RSS after the first screen: ${rssFirst.toFixed(0)} MiB (target < 400)`);

// the column findings: read in the background after the first screen (this change: the answer says
// `column_checks: pending` meanwhile, and the event columns_checked says when they are in)
const validation = replies.find(([p]) => p.endsWith('/validation'))[1].json;
if (validation.column_checks === 'pending') {
  const ev = await openEvents(url);
  let v = (await get(`/api/projects/${id}/validation`)).json;
  if (v.column_checks === 'pending') { await ev.next((e) => e.type === 'columns_checked', 120_000); v = (await get(`/api/projects/${id}/validation`)).json; }
  ev.close();
  console.log(`column findings in at ${(performance.now() - t0).toFixed(0)} ms after spawn (server CPU ${serverCpuMs(server)} ms): ${v.summary.warnings} warnings, ${v.summary.infos} infos (on the first screen: ${validation.summary.warnings}, ${validation.summary.infos}); RSS ${rssOf(child.pid).toFixed(0)} MiB`);
} else console.log(`column findings answered with the first screen: ${validation.summary.warnings} warnings, ${validation.summary.infos} infos`);

// the assistant's index: built in the background (this change) or by the first AI request (before)
const ti = performance.now();
if (lod) {
  let s;
  let healthWorst = 0;
  for (;;) {
    s = (await get(`/api/ai/index/status?projectId=${id}`)).json;
    const h = await get('/api/health');
    healthWorst = Math.max(healthWorst, h.ms);
    if (s.state !== 'building') break;
    await sleep(100);
  }
  console.log(`assistant index ${s.state} at ${(performance.now() - t0).toFixed(0)} ms after spawn (build ${s.build_ms} ms); /api/health while it built: worst ${healthWorst.toFixed(0)} ms`);
} else {
  const r = await fetch(`${url}/api/ai/context/preview`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ projectId: id, message: 'orders' }) });
  await r.text();
  console.log(`assistant index: built by the first AI request in ${(performance.now() - ti).toFixed(0)} ms (server blocked meanwhile)`);
}
console.log(`RSS with the index: ${rssOf(child.pid).toFixed(0)} MiB`);

// edit → event
const events = await openEvents(url);
await events.next((e) => e.type === 'hello');
await sleep(1000); // the watcher sets up its folder watches after the listen line
const file = 'models/marts/_models_150.yml';
const abs = join(dir, file);
const original = readFileSync(abs, 'utf8');
const lat = [];
for (let i = 0; i < edits; i++) {
  const s = performance.now();
  writeFileSync(abs, original.replace(/description: Model (\w+)\./, `description: Model $1, edit ${i}.`));
  const ev = await events.next((e) => e.type === 'files_changed' && e.paths.includes(file));
  lat.push(ev.at - s);
  await sleep(250);
}
writeFileSync(abs, original);
await events.next((e) => e.type === 'files_changed' && e.paths.includes(file));
await sleep(1000); // the stop is timed on an idle server (a change in progress finishes first)
events.close();
const sorted = [...lat].sort((a, b) => a - b);
const pct = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
console.log(`edit → event over ${edits} edits: p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms (target p95 < 150)`);
console.log(`RSS at the end: ${rssOf(child.pid).toFixed(0)} MiB`);

const ts = performance.now();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
console.log(`stop (SIGTERM → exit): ${(performance.now() - ts).toFixed(0)} ms (target < 300)`);
