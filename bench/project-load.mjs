// Load time and peak RSS of the project reader for synthetic projects of N models, and the time
// to read every model's columns from its SQL (render, parse, resolve): cold (nothing cached) and
// warm (a later command, parses kept in .modeler/cache/). The SQL reading is lazy: a command that
// needs no columns never pays it.
// Usage: npm run build && node bench/project-load.mjs [N ...]   (default 1000 10000)
// Each N runs in fresh child processes so RSS and the caches are measured per size.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateProject } from './lib/synthetic-project.mjs';

const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--child') {
  const { loadProject } = await import('../dist/core/project/load.js');
  const t0 = performance.now();
  const p = loadProject(process.argv[3]);
  const ms = performance.now() - t0;
  const rss = process.resourceUsage().maxRSS / 1024; // KiB → MiB
  let sql;
  if (process.argv[4] === '--sql') {
    const { initSqlColumns } = await import('../dist/core/sql-columns/query-shape.js');
    const { projectColumns } = await import('../dist/core/columns/project-columns.js');
    const t1 = performance.now();
    await initSqlColumns();
    const init = performance.now() - t1;
    const t2 = performance.now();
    const st = projectColumns(p, { cache: true }).stats();
    sql = { init, ms: performance.now() - t2, complete: st.complete, models: st.models, parsed: st.parsed, cached: st.cached, fast: st.fast, rss: process.resourceUsage().maxRSS / 1024 };
  }
  console.log(JSON.stringify({ ms, rss, models: p.models.length, columns: p.models.reduce((n, m) => n + m.columns.length, 0), docs: p.docs.size, errors: p.diagnostics.filter((d) => d.severity === 'error').length, sql }));
} else {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  for (const n of sizes.length ? sizes : [1000, 10000]) {
    const dir = join(tmpdir(), `modeler-bench-${n}`);
    const g = generateProject(dir, { models: n });
    const r = spawnSync(process.execPath, [self, '--child', dir], { encoding: 'utf8' });
    if (r.status !== 0) { console.error(r.stderr); process.exit(1); }
    const o = JSON.parse(r.stdout);
    console.log(`project load  N=${String(n).padStart(6)}  models=${o.models}  columns=${o.columns}  yaml files=${g.yamlFiles}  time=${o.ms.toFixed(0)} ms  peak RSS=${o.rss.toFixed(0)} MiB  errors=${o.errors}   (target at 10,000: < 3000 ms, < 500 MiB)`);
    for (const pass of ['cold', 'warm']) {
      if (pass === 'cold') rmSync(join(dir, '.modeler'), { recursive: true, force: true });
      const s = spawnSync(process.execPath, [self, '--child', dir, '--sql'], { encoding: 'utf8' });
      if (s.status !== 0) { console.error(s.stderr); process.exit(1); }
      const q = JSON.parse(s.stdout);
      console.log(`columns from SQL (${pass})  N=${String(n).padStart(6)}  models read completely=${q.sql.complete}/${q.sql.models}  read from tokens=${q.sql.fast} parsed=${q.sql.parsed} cached=${q.sql.cached}  time=${q.sql.ms.toFixed(0)} ms (+ parser load ${q.sql.init.toFixed(0)} ms)  vs project load ${q.ms.toFixed(0)} ms  peak RSS=${q.sql.rss.toFixed(0)} MiB`);
    }
  }
}
