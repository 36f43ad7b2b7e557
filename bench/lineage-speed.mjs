// Column lineage of a whole synthetic project (bench/lib/synthetic-project.mjs: N models, each
// reading its parent through CTEs, casts, functions and a macro): the time to build the graph
// (render, parse and resolve every model's SQL, then the edges) cold (nothing cached) and warm
// (parses kept in .modeler/cache/ by an earlier command), and one column's answer (all depths)
// from the built graph. Target: N = 10000 under 5 s.
// Then, in `modeler serve` on the same project: the first GET …/lineage (builds the graph), one
// column's answer from the built graph (median of 20), and the first answer after one model file
// changed (the graph is brought up to date: only the models that file reaches are read again;
// bench/lineage-update.mjs times that per edit).
// Usage: npm run build && node bench/lineage-speed.mjs [N]   (default 10000)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendFileSync } from 'node:fs';
import { generateProject } from './lib/synthetic-project.mjs';
import { startServe, stopServe } from './lib/server-process.mjs';

const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--child') {
  const { loadProject } = await import('../dist/core/project/load.js');
  const { initSqlColumns } = await import('../dist/core/sql-columns/query-shape.js');
  const { lineageGraph } = await import('../dist/lineage/graph.js');
  const { columnLineage, downstreamColumns } = await import('../dist/lineage/query.js');
  const { projectColumns } = await import('../dist/core/columns/project-columns.js');
  const p = loadProject(process.argv[3]);
  await initSqlColumns();
  const t0 = performance.now();
  const g = lineageGraph(p, { cache: true });
  const build = performance.now() - t0;
  projectColumns(p, { cache: true }).stats(); // saves the parse cache for the warm run
  const first = p.models[0], mid = p.models[Math.floor(p.models.length / 2)];
  const t1 = performance.now();
  const down = downstreamColumns(g, first.uniqueId, g.columnsOf(first.uniqueId)[0]);
  const one = columnLineage(g, { id: mid.uniqueId, column: g.columnsOf(mid.uniqueId)[0] }, 3);
  const answer = performance.now() - t1;
  console.log(JSON.stringify({ build, answer, edges: g.stats.edges, models: g.stats.models, unresolved: g.stats.unresolved, downstream: down.length, upstream3: one.upstream.length, rss: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const n = Number(process.argv[2] ?? 10000);
const dir = join(tmpdir(), `modeler-lineage-speed-${n}`);
generateProject(dir, { models: n });
const run = () => {
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', self, '--child', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
rmSync(join(dir, '.modeler'), { recursive: true, force: true });
const cold = run();
const warm = run();
const f = (x) => `${(x / 1000).toFixed(2)} s`;
console.log(`${n} models: ${cold.models} read, ${cold.edges} edges, ${cold.unresolved} unresolved columns`);
console.log(`  graph cold ${f(cold.build)} (render + parse + resolve), warm ${f(warm.build)} (parses cached)  target < 5 s: ${cold.build < 5000 ? 'PASS' : warm.build < 5000 ? 'PASS warm only' : 'FAIL'}`);
console.log(`  one column's answer (downstream of the first model's key: ${cold.downstream} columns; 3 hops up): ${warm.answer.toFixed(1)} ms; peak RSS ${cold.rss.toFixed(0)} MiB`);

const server = await startServe(dir);
try {
  const id = (await (await fetch(`${server.url}/api/projects`)).json()).projects[0].id;
  // a model name in the synthetic project: the last one is a mart (dim_/fct_<noun>_<i>)
  const names = (await (await fetch(`${server.url}/api/projects/${id}/graph`)).json()).nodes.filter((n) => n.resource_type === 'model').map((n) => n.name);
  const pick = (k) => names[Math.floor((k * 7919) % names.length)];
  const get = async (name) => {
    const t = performance.now();
    const r = await fetch(`${server.url}/api/projects/${id}/lineage?column=${encodeURIComponent(`${name}.attr_2`)}`);
    await r.json();
    if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    return performance.now() - t;
  };
  const first = await get(pick(1));
  const times = [];
  for (let k = 2; k < 22; k++) times.push(await get(pick(k)));
  times.sort((a, b) => a - b);
  const sql = join(dir, 'models', 'marts');
  const { readdirSync } = await import('node:fs');
  const file = join(sql, readdirSync(sql).find((f) => f.endsWith('.sql')));
  appendFileSync(file, '\n-- changed\n');
  await new Promise((r) => setTimeout(r, 1500)); // the watcher reads the change
  const afterChange = await get(pick(3));
  console.log(`  server: first answer ${first.toFixed(0)} ms (builds the graph), one column ${times[10].toFixed(1)} ms (median of 20), first answer after one file changed ${afterChange.toFixed(0)} ms`);
} finally {
  await stopServe(server);
}
rmSync(dir, { recursive: true, force: true });
