// Mesh check and readiness gate on the synthetic 10,000-model project (target < 2 s each).
// Usage: npm run build && node bench/governance-10k.mjs [N]   (default 10000)
// Each measurement runs in a fresh process and reports the project load separately.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from './lib/synthetic-project.mjs';

const self = fileURLToPath(import.meta.url);
if (process.argv[2] === '--child') {
  const [, , , what, dir] = process.argv;
  const { loadProject } = await import('../dist/core/project/load.js');
  const { meshCheck } = await import('../dist/governance/mesh/check.js');
  const { readinessGate } = await import('../dist/governance/readiness/gate.js');
  const t0 = performance.now();
  let out, load;
  if (what === 'mesh') {
    const project = loadProject(dir);
    load = performance.now() - t0;
    const r = meshCheck(dir, { project, strict: true });
    out = { interfaces: r.summary.interfaces, findings: r.findings.length };
  } else {
    // the gate reads the project itself; its first progress line carries the load time
    const r = readinessGate({ project: dir, minScore: 80, maxRed: 0, progress: (l) => { const m = /in (\d+) ms$/.exec(l); if (load === undefined && m) load = Number(m[1]); } });
    out = { files: r.summary.files, findings: r.summary.findings, score: r.summary.score };
  }
  const total = performance.now() - t0;
  console.log(JSON.stringify({ load, total, ...out }));
} else {
  const n = Number(process.argv[2] ?? 10000);
  const dir = join(tmpdir(), `modeler-bench-gov-${n}`);
  const g = generateProject(dir, { models: n });
  for (const what of ['mesh', 'readiness']) {
    const r = spawnSync(process.execPath, [self, '--child', what, dir], { encoding: 'utf8' });
    if (r.status !== 0) { console.error(r.stderr); process.exit(1); }
    const o = JSON.parse(r.stdout);
    const label = what === 'mesh' ? 'mesh check (strict)' : 'readiness-gate';
    console.log(`${label.padEnd(20)} N=${n} yaml files=${g.yamlFiles}  total=${o.total.toFixed(0)} ms  (project load ${o.load.toFixed(0)} ms)  ${JSON.stringify({ ...o, load: undefined, total: undefined })}   target < 2000 ms`);
  }
}
