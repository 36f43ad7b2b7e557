// Start-up of the CLI: `modeler --version` and `modeler summary` on the shipped example, each a
// fresh process, medians of N runs (wall time and peak RSS). With --baseline DIR (another built
// checkout, e.g. `git archive main | tar -x -C DIR` then `npx tsc` there) the runs alternate
// between the two, so both see the same machine load. `node -e 0` is the floor any command pays.
// Targets (issue 28): --version < 150 ms, summary < 400 ms.
// Usage: npm run build:core && node bench/startup.mjs [--runs N] [--baseline DIR]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
const runs = Number(flag('--runs') ?? 9);
const baseline = flag('--baseline');
if (baseline && !existsSync(join(baseline, 'dist', 'cli', 'main.js'))) {
  console.error(`startup: ${baseline} has no dist/cli/main.js; build it first (npx tsc -p tsconfig.json there)`);
  process.exit(2);
}
// a copy: the commands keep their caches in the project's .modeler/, which must not be left in the checkout
const scratch = mkdtempSync(join(tmpdir(), 'modeler-startup-'));
const example = join(scratch, 'jaffle_shop');
cpSync(join(REPO, 'examples', 'jaffle_shop'), example, { recursive: true });
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const time = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** One run: wall ms, and CPU ms (user + system) and peak RSS (MiB) from /usr/bin/time when present. */
function once(argv) {
  const cmd = time ? [time, '-f', '%M %U %S', process.execPath, ...argv] : [process.execPath, ...argv];
  const t0 = performance.now();
  const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', cwd: REPO });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  const [kib, user, sys] = time ? r.stderr.trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN, NaN];
  return { ms, rss: kib / 1024, cpu: (user + sys) * 1000 };
}

const cases = [
  ['node -e 0 (floor)', () => ['-e', '0'], false],
  ['modeler --version', (bin) => [bin, '--version'], true],
  ['modeler summary (example)', (bin) => [bin, 'summary', '--project-dir', example], true],
];
const sides = [['now', join(REPO, 'bin', 'modeler.js')], ...(baseline ? [['baseline', join(baseline, 'bin', 'modeler.js')]] : [])];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const [, bin] of sides) once([bin, 'summary', '--project-dir', example]); // warm the disk and the SQL shape cache
const results = new Map();
for (let i = 0; i < runs; i++) {
  for (const [label, argv, perSide] of cases) {
    for (const [side, bin] of perSide ? sides : [sides[0]]) {
      const key = perSide ? `${label} [${side}]` : label;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push(once(argv(bin)));
    }
  }
}
console.log(`medians of ${runs} runs${baseline ? `, alternating with the baseline ${baseline}` : ''}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (a shared machine: compare with the floor)`);
for (const [key, rs] of results) {
  const cpu = time ? `${median(rs.map((r) => r.cpu)).toFixed(0).padStart(5)} ms CPU` : '';
  console.log(`${key.padEnd(40)} ${median(rs.map((r) => r.ms)).toFixed(0).padStart(6)} ms wall ${cpu}   peak RSS ${time ? median(rs.map((r) => r.rss)).toFixed(0).padStart(4) + ' MiB' : 'n/a'}`);
}
