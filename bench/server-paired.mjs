// bench/server-10k.mjs for two builds, run by turns in one session (A, B, A, B, …) so both see the
// same machine: cold start, RSS after the first screen, edit → event p50/p95 and stop, per run and
// as the median over the runs. The paired figures issue 28 asks for (this build against another).
// Usage: npm run build && node bench/server-paired.mjs /path/to/other/checkout [runs] [edits]   (default 3, 30)
//   the other checkout must be built (its bin/modeler.js runs); this checkout is B
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const other = resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: node bench/server-paired.mjs /path/to/other/checkout [runs] [edits]');
const runs = Number(process.argv[3] ?? 3);
const edits = Number(process.argv[4] ?? 30);
const here = join(import.meta.dirname, '..');
const builds = [['A', other], ['B', here]];
const FIGURES = {
  health: [/\/api\/health answers at (\d+) ms/, 'cold start → /api/health (ms)'],
  screen: [/first screen answered at (\d+) ms/, 'cold start → first screen answered (ms)'],
  healthCpu: [/server CPU: (\d+) ms to \/api\/health/, 'server CPU to /api/health (ms)'],
  screenCpu: [/server CPU: \d+ ms to \/api\/health, (\d+) ms to the first screen/, 'server CPU to the first screen (ms)'],
  rss: [/RSS after the first screen: (\d+) MiB/, 'RSS after the first screen (MiB)'],
  p50: [/edit → event over \d+ edits: p50 (\d+) ms/, 'edit → event p50 (ms)'],
  p95: [/edit → event over \d+ edits: p50 \d+ ms, p95 (\d+) ms/, 'edit → event p95 (ms)'],
  end: [/RSS at the end: (\d+) MiB/, 'RSS at the end (MiB)'],
  stop: [/stop \(SIGTERM → exit\): (\d+) ms/, 'stop, SIGTERM → exit (ms)'],
};
const got = { A: [], B: [] };
for (let r = 0; r < runs; r++) {
  for (const [name, root] of builds) {
    const res = spawnSync(process.execPath, [join(here, 'bench', 'server-10k.mjs'), '10000', String(edits)], {
      env: { ...process.env, MODELER_BIN: join(root, 'bin', 'modeler.js') }, encoding: 'utf8', maxBuffer: 1 << 24,
    });
    if (res.status !== 0) throw new Error(`${name} run ${r + 1} failed: ${res.stderr}`);
    const row = Object.fromEntries(Object.entries(FIGURES).map(([k, [re]]) => [k, Number(re.exec(res.stdout)?.[1] ?? NaN)]));
    got[name].push(row);
    console.log(`run ${r + 1} ${name}: ${Object.entries(row).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nmedian of ${runs} runs (A ${other}, B ${here}):`);
for (const [k, [, label]] of Object.entries(FIGURES)) {
  const a = median(got.A.map((x) => x[k])), b = median(got.B.map((x) => x[k]));
  console.log(`  ${label.padEnd(42)} A ${String(a).padStart(6)}   B ${String(b).padStart(6)}`);
}
