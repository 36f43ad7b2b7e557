// What a change costs the server before its event goes out, per kind of edit, on the synthetic
// project (default 10,000 models): the changed file re-read (reloadFiles), validation and readiness
// refreshed (ProjectSession.refresh, as the watcher calls it). CPU time (process.cpuUsage) and wall
// time per edit, medians and p95 over the rounds — CPU time is what to compare on a loaded machine.
// Usage: npm run build && node bench/reload-cpu.mjs [N] [rounds]   (default 10000, 15)
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';

const { ProjectSession } = await import('../dist/server/session.js');
const n = Number(process.argv[2] ?? 10000);
const rounds = Number(process.argv[3] ?? 15);
const dir = join(tmpdir(), `modeler-reload-cpu-${n}`);
generateProject(dir, { models: n });
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
try {
  let c0 = cpu(), t0 = performance.now();
  const session = new ProjectSession(dir, { watch: false });
  session.status();
  console.log(`N=${n}: read and first summaries in ${(performance.now() - t0).toFixed(0)} ms (CPU ${(cpu() - c0).toFixed(0)} ms)`);
  const sqls = readdirSync(join(dir, 'models', 'intermediate')).filter((f) => f.endsWith('.sql')).sort().map((f) => `models/intermediate/${f}`);
  const ymls = readdirSync(join(dir, 'models', 'marts')).filter((f) => f.endsWith('.yml')).sort().map((f) => `models/marts/${f}`);
  const kinds = {
    'model SQL, a column renamed in the SELECT': (i) => [sqls[(i * 7919) % sqls.length], (t) => t.replace(/lower\(upstream\.attr_3\) as attr_3\b/, `lower(upstream.attr_3) as attr_3_r${i}`)],
    'model SQL, a ref() added': (i) => [sqls[(i * 104729) % sqls.length], (t) => `${t}\n-- depends_on: {{ ref('${sqls[i].split('/').pop().replace('.sql', '')}') }}\n`],
    'property YAML, a description': (i) => [ymls[(i * 31) % ymls.length], (t) => t.replace(/description: Model (\w+)\./, `description: Model $1, edit ${i}.`)],
    'macro body': (i) => ['macros/cents_to_dollars.sql', (t) => t.replace(/numeric\(\d+, 2\)/, `numeric(${16 + (i % 10)}, 2)`)],
  };
  for (const [kind, pick] of Object.entries(kinds)) {
    const cpus = [], walls = [];
    for (let i = 0; i < rounds; i++) {
      const [rel, f] = pick(i);
      const abs = join(dir, rel);
      const text = readFileSync(abs, 'utf8');
      writeFileSync(abs, f(text));
      c0 = cpu(); t0 = performance.now();
      session.refresh('files_changed', [rel]);
      cpus.push(cpu() - c0); walls.push(performance.now() - t0);
      writeFileSync(abs, text);
      session.refresh('files_changed', [rel]);
    }
    console.log(`  ${kind.padEnd(44)} CPU p50 ${pct(cpus, 50).toFixed(0)} ms, p95 ${pct(cpus, 95).toFixed(0)} ms; wall p50 ${pct(walls, 50).toFixed(0)} ms, p95 ${pct(walls, 95).toFixed(0)} ms`);
  }
  session.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
