// Watch latency of `modeler serve` on the synthetic 10,000-model project: one property YAML
// file is changed on disk (as an editor would), and we time until the refreshed validation and
// readiness summary is announced (server-sent event) and served (GET …/status). Target < 200 ms.
// The edits start once the assistant's index (built in the background after start-up) is ready,
// so the figures are the steady state; --during-index starts them at once.
// Usage: npm run build && node bench/server-watch.mjs [N] [rounds] [--during-index]   (default 10000, 7)
//        MODELER_BIN=/path/to/other/bin/modeler.js node bench/server-watch.mjs   (the baseline)
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';
import { openEvents, serverCpuMs, startServe, stopServe, waitForIndex } from './lib/server-process.mjs';

const during = process.argv.includes('--during-index');
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const n = Number(positional[0] ?? 10000);
const rounds = Number(positional[1] ?? 7);
const dir = join(tmpdir(), `modeler-bench-serve-${n}`);
const g = generateProject(dir, { models: n });
const server = await startServe(dir, ['--verbose']);
const { projects: [{ id }] } = await (await fetch(`${server.url}/api/projects`)).json();
console.log(`serve N=${n} models, ${g.yamlFiles} property files: started (cold load and first summaries) in ${server.startMs.toFixed(0)} ms`);
const events = await openEvents(server.url);
await events.next((e) => e.type === 'hello');
// the watcher needs a moment to set up its folder watches after the listen line
await new Promise((r) => setTimeout(r, 1000));
if (!during) console.log(`the assistant's index was ready ${(await waitForIndex(server.url, id)).toFixed(0)} ms after that; the edits start now (--during-index: at once)`);

const file = 'models/marts/_models_150.yml';
const abs = join(dir, file);
const original = readFileSync(abs, 'utf8');
const toEvent = [], toStatus = [], compute = [], cpu = [];
for (let i = 0; i < rounds; i++) {
  const c0 = serverCpuMs(server);
  const text = original.replace(/description: Model (\w+)\./, `description: Model $1, edit ${i}.`);
  const t0 = performance.now();
  writeFileSync(abs, text);
  const ev = await events.next((e) => e.type === 'files_changed' && e.paths.includes(file));
  toEvent.push(ev.at - t0);
  const status = await (await fetch(`${server.url}/api/projects/${id}/status`)).json();
  toStatus.push(performance.now() - t0);
  if (status.version < ev.event.version) throw new Error('status is older than the event');
  const logged = [...server.stderr.matchAll(/files_changed: \d+ file\(s\) re-read, validation and readiness refreshed in (\d+) ms/g)];
  compute.push(Number(logged[logged.length - 1][1]));
  if (c0 !== undefined) cpu.push(serverCpuMs(server) - c0);
  await new Promise((r) => setTimeout(r, 300));
}
writeFileSync(abs, original);
events.close();
await stopServe(server);
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return `median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, p95 ${s[Math.min(s.length - 1, Math.floor(0.95 * s.length))].toFixed(0)} ms (min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)})`; };
console.log(`write → event with the refreshed summary:   ${stats(toEvent)}   target p95 < 150 ms`);
console.log(`write → GET status shows it:                ${stats(toStatus)}`);
console.log(`of which re-read + validation + readiness:  ${stats(compute)}`);
if (cpu.length) console.log(`server CPU time per edit (10 ms ticks):     ${stats(cpu)}`);
