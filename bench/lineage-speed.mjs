// Column lineage of a whole synthetic project (bench/lib/synthetic-project.mjs: N models, each
// reading its parent through CTEs, casts, functions and a macro): the time to build the graph
// (render, parse and resolve every model's SQL, then the edges) cold (nothing cached) and warm
// (parses kept in .modeler/cache/ by an earlier command), and one column's answer (all depths)
// from the built graph. Target: N = 10000 under 5 s.
// Usage: npm run build && node bench/lineage-speed.mjs [N]   (default 10000)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from './lib/synthetic-project.mjs';

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
rmSync(dir, { recursive: true, force: true });
