// Column lineage kept up to date in `modeler serve` on the synthetic project (default 10,000
// models): after the first answer (which builds the graph), one model file is edited on disk as an
// editor would (a column renamed), and we time until GET …/lineage answers for the new column
// name: write → the server's change event (watcher, re-read, summaries), event → answer (the
// graph brought up to date and the question answered), and write → answer. p50 and p95 over the
// rounds. Target: < 200 ms per file. Also one column's answer from a built graph (median).
// The edits start once the assistant's index (built in the background after start-up) is ready, so
// the figures are the steady state; --during-index starts them at once, while it still builds.
// Usage: npm run build && node bench/lineage-update.mjs [N] [rounds] [--during-index]   (default 10000, 15)
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';
import { openEvents, serverCpuMs, startServe, stopServe, waitForIndex } from './lib/server-process.mjs';

const during = process.argv.includes('--during-index');
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const n = Number(positional[0] ?? 10000);
const rounds = Number(positional[1] ?? 15);
const dir = join(tmpdir(), `modeler-lineage-update-${n}`);
generateProject(dir, { models: n });
const files = readdirSync(join(dir, 'models', 'intermediate')).filter((f) => f.endsWith('.sql')).sort();
const server = await startServe(dir, ['--verbose']);
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
try {
  const { projects: [{ id }] } = await (await fetch(`${server.url}/api/projects`)).json();
  const events = await openEvents(server.url);
  await events.next((e) => e.type === 'hello');
  await new Promise((r) => setTimeout(r, 1000)); // the watcher sets up its folder watches after the listen line
  const ask = async (column) => {
    const r = await fetch(`${server.url}/api/projects/${id}/lineage?column=${encodeURIComponent(column)}`);
    return { status: r.status, body: await r.json() };
  };
  const name0 = files[0].replace(/\.sql$/, '');
  let t = performance.now();
  const first = await ask(`${name0}.attr_3`);
  if (first.status !== 200) throw new Error(`first answer: ${first.status} ${JSON.stringify(first.body)}`);
  console.log(`serve N=${n}: started in ${server.startMs.toFixed(0)} ms; first lineage answer (builds the graph) ${(performance.now() - t).toFixed(0)} ms`);
  const one = [];
  for (let k = 0; k < 21; k++) {
    t = performance.now();
    await ask(`${files[(k * 7919) % files.length].replace(/\.sql$/, '')}.attr_2`);
    one.push(performance.now() - t);
  }
  if (!during) {
    const waited = await waitForIndex(server.url, id);
    console.log(`  the assistant's index was ready ${waited.toFixed(0)} ms later; the edits start now (--during-index: at once)`);
  } else console.log(`  the edits start while the assistant's index still builds (--during-index)`);
  const toEvent = [], toAnswer = [], total = [];
  const cpu0 = serverCpuMs(server);
  for (let i = 0; i < rounds; i++) {
    const file = files[(i * 104729) % files.length];
    const rel = `models/intermediate/${file}`;
    const abs = join(dir, rel);
    const text = readFileSync(abs, 'utf8');
    const renamed = `attr_3_r${i}`;
    const next = text.replace(/lower\(upstream\.attr_3\) as attr_3\b/, `lower(upstream.attr_3) as ${renamed}`);
    if (next === text) throw new Error(`${rel}: no attr_3 to rename`);
    const t0 = performance.now();
    writeFileSync(abs, next);
    const ev = await events.next((e) => e.type === 'files_changed' && e.paths?.includes(rel));
    const t1 = ev.at;
    const a = await ask(`${file.replace(/\.sql$/, '')}.${renamed}`);
    const t2 = performance.now();
    if (a.status !== 200 || !a.body.upstream.some((u) => u.column === 'attr_3')) throw new Error(`round ${i}: the answer does not reflect the edit: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    toEvent.push(t1 - t0); toAnswer.push(t2 - t1); total.push(t2 - t0);
  }
  const cpu = cpu0 === undefined ? undefined : (serverCpuMs(server) - cpu0) / rounds;
  events.close();
  const f = (xs) => `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms`;
  console.log(`  one column's answer from the built graph: ${pct(one, 50).toFixed(1)} ms (median of ${one.length})`);
  console.log(`  per changed file (${rounds} edits, a column renamed in an intermediate model):`);
  console.log(`    write → change event (watch, re-read, summaries): ${f(toEvent)}`);
  console.log(`    event → lineage answer reflecting the edit:       ${f(toAnswer)}`);
  console.log(`    write → answer:                                    ${f(total)}   target < 200 ms: ${pct(total, 95) < 200 ? 'PASS' : pct(total, 50) < 200 ? 'PASS at p50 only' : 'FAIL'}`);
  if (cpu !== undefined) console.log(`    server CPU time per edit (re-read, summaries, lineage update, answer): ${cpu.toFixed(0)} ms`);
} finally {
  await stopServe(server);
  rmSync(dir, { recursive: true, force: true });
}
