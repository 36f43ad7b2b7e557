// Where the first screen's time goes at N models: the server's CPU time (user + system, which a
// loaded machine does not inflate as it does wall time) to /api/health, then each first-screen
// request asked alone, cold, in the web UI's order, then asked again (answered from the caches).
// Usage: npm run build && node bench/server-first-screen-cpu.mjs [N] [runs]   (default 10000, 2)
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';
import { serverCpuMs, startServe, stopServe } from './lib/server-process.mjs';

const n = Number(process.argv[2] ?? 10000);
const runs = Number(process.argv[3] ?? 2);
const dir = join(tmpdir(), `modeler-bench-serve-${n}`); // shared with server-10k.mjs
if (!existsSync(join(dir, 'dbt_project.yml')) || process.env.REGENERATE) generateProject(dir, { models: n });

for (let run = 1; run <= runs; run++) {
  const s = await startServe(dir);
  const get = async (path) => { const r = await fetch(s.url + path, { headers: { 'x-modeler-option-style': 'label' } }); return { status: r.status, text: await r.text() }; };
  const id = JSON.parse((await get('/api/health')).text).project.id;
  const atHealth = serverCpuMs(s);
  const paths = ['files', 'status', 'validation', 'readiness', 'mesh', 'doc-blocks', 'graph?limit=150', 'graph?focus=auto&limit=150'];
  const cold = [];
  for (const p of paths) { const c = serverCpuMs(s); const r = await get(`/api/projects/${id}/${p}`); cold.push([p, r.status, serverCpuMs(s) - c]); }
  const atFirst = serverCpuMs(s);
  const warm = [];
  for (const p of paths) { const c = serverCpuMs(s); await get(`/api/projects/${id}/${p}`); warm.push(serverCpuMs(s) - c); }
  await stopServe(s);
  console.log(`run ${run}, N=${n}: server CPU ${atHealth} ms to /api/health, ${atFirst - atHealth} ms more for the first screen`);
  cold.forEach(([p, status, ms], i) => console.log(`  ${p.padEnd(28)} ${status}  cold ${String(ms).padStart(5)} ms CPU   again ${String(warm[i]).padStart(4)} ms`));
}
