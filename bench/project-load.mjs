// Load time and peak RSS of the project reader for synthetic projects of N models.
// Usage: npm run build && node bench/project-load.mjs [N ...]   (default 1000 10000)
// Each N runs in a fresh child process so RSS is measured per size.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from './lib/synthetic-project.mjs';

const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--child') {
  const { loadProject } = await import('../dist/core/project/load.js');
  const t0 = performance.now();
  const p = loadProject(process.argv[3]);
  const ms = performance.now() - t0;
  const rss = process.resourceUsage().maxRSS / 1024; // KiB → MiB
  console.log(JSON.stringify({ ms, rss, models: p.models.length, columns: p.models.reduce((n, m) => n + m.columns.length, 0), docs: p.docs.size, errors: p.diagnostics.filter((d) => d.severity === 'error').length }));
} else {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  for (const n of sizes.length ? sizes : [1000, 10000]) {
    const dir = join(tmpdir(), `modeler-bench-${n}`);
    const g = generateProject(dir, { models: n });
    const r = spawnSync(process.execPath, [self, '--child', dir], { encoding: 'utf8' });
    if (r.status !== 0) { console.error(r.stderr); process.exit(1); }
    const o = JSON.parse(r.stdout);
    console.log(`project load  N=${String(n).padStart(6)}  models=${o.models}  columns=${o.columns}  yaml files=${g.yamlFiles}  time=${o.ms.toFixed(0)} ms  peak RSS=${o.rss.toFixed(0)} MiB  errors=${o.errors}   (target at 10,000: < 3000 ms, < 500 MiB)`);
  }
}
