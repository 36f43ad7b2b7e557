// The project read with dbt's target/manifest.json present (the size and shape `dbt parse`
// writes) against the same project without it, and the manifest alone read the way modeler reads
// it (bytes; only the members used) against the whole file as one string + JSON.parse — paired,
// each in fresh child processes, medians of 3.
// Usage: npm run build && node bench/manifest-read.mjs [N]   (default 10000)
import { spawnSync } from 'node:child_process';
import { renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProject } from './lib/synthetic-project.mjs';

const self = fileURLToPath(import.meta.url);
const [mode, dir] = process.argv.slice(2);
if (mode === '--load') {
  const { loadProject } = await import('../dist/core/project/load.js');
  const t0 = performance.now();
  const p = loadProject(dir);
  console.log(JSON.stringify({ ms: performance.now() - t0, rss: process.resourceUsage().maxRSS / 1024, models: p.models.length, pkgs: p.packageNodes.length, manifest: !!p.target.manifest }));
} else if (mode === '--bytes' || mode === '--whole') {
  const { readFileSync } = await import('node:fs');
  const { readManifestBytes } = await import('../dist/core/project/manifest-read.js');
  const t0 = performance.now();
  const m = mode === '--bytes' ? readManifestBytes(readFileSync(dir), 'synthetic') : JSON.parse(readFileSync(dir, 'utf8'));
  console.log(JSON.stringify({ ms: performance.now() - t0, rss: process.resourceUsage().maxRSS / 1024, nodes: Object.keys(m.nodes).length }));
} else {
  const n = Number(process.argv[2] ?? 10000);
  const d = join(tmpdir(), `modeler-bench-dbt-manifest-${n}`);
  generateProject(d, { models: n, manifest: 'dbt' });
  const file = join(d, 'target', 'manifest.json');
  const run = (args) => { const r = spawnSync(process.execPath, ['--max-old-space-size=4096', self, ...args], { encoding: 'utf8' }); if (r.status !== 0) throw new Error(r.stderr); return JSON.parse(r.stdout); };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows = { with: [], without: [], bytes: [], whole: [] };
  for (let i = 0; i < 3; i++) {
    rows.with.push(run(['--load', d]));
    renameSync(file, file + '.off');
    rows.without.push(run(['--load', d]));
    renameSync(file + '.off', file);
    rows.bytes.push(run(['--bytes', file]));
    rows.whole.push(run(['--whole', file]));
  }
  const f = (k) => `${median(rows[k].map((r) => r.ms)).toFixed(0)} ms, peak RSS ${median(rows[k].map((r) => r.rss)).toFixed(0)} MiB`;
  console.log(`N=${n} models; target/manifest.json ${(statSync(file).size / 1048576).toFixed(0)} MiB, ${rows.bytes[0].nodes} nodes`);
  console.log(`project read with the manifest     ${f('with')}`);
  console.log(`project read without it            ${f('without')}`);
  console.log(`manifest alone, bytes (modeler)    ${f('bytes')}`);
  console.log(`manifest alone, string+JSON.parse  ${f('whole')}   (how it was read before)`);
}
