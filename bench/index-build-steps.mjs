// How long the assistant's index build holds the event loop at a time: `modeler serve` builds it
// in slices (buildInSlices), awaiting a turn of the event loop between steps, so the longest step
// is how long a request (an edit's lineage answer) may wait behind it. Prints, for a first build
// (the SQL parser and the readiness checks cold) and a second, the number of steps and the CPU
// time of the longest ones. CPU time, not wall time: on a loaded machine wall time is noise.
// Usage: npm run build && node bench/index-build-steps.mjs [N]   (default 10000 models)
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';

const { loadProject } = await import('../dist/core/project/load.js');
const { ProjectIndex } = await import('../dist/assistant/index/project-index.js');
const { initSqlColumns } = await import('../dist/core/sql-columns/query-shape.js');
await initSqlColumns();
const n = Number(process.argv[2] ?? 10000);
const dir = join(tmpdir(), `modeler-index-steps-${n}`);
generateProject(dir, { models: n });
const p = loadProject(dir);
for (const build of ['first', 'second']) {
  const ix = new ProjectIndex(p);
  const steps = ix.buildSteps(p);
  const cpu = [];
  for (let i = 0; ; i++) {
    const c0 = process.cpuUsage();
    const r = steps.next();
    const c = process.cpuUsage(c0);
    cpu.push({ i, ms: (c.user + c.system) / 1000 });
    if (r.done) break;
  }
  const by = [...cpu].sort((a, b) => b.ms - a.ms);
  const total = cpu.reduce((s, x) => s + x.ms, 0);
  console.log(`${build} build, N=${n}: ${cpu.length} steps, ${total.toFixed(0)} ms CPU; step p99 ${by[Math.floor(cpu.length / 100)].ms.toFixed(1)} ms, longest ${by.slice(0, 5).map((x) => `${x.ms.toFixed(1)} (step ${x.i})`).join(', ')}`);
}
