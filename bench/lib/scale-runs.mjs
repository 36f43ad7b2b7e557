// What the scale benchmarks share: the synthetic project of N models (generated once per size,
// with a dbt-sized manifest), medians, this process's CPU time, and one timed run of a command
// in a fresh process (wall clock, and CPU time and peak RSS as the kernel counted them).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './synthetic-project.mjs';

/** The synthetic project of n models with dbt's manifest, generated once per size (kept in the temp folder). */
export function scaleProject(n) {
  const dir = join(tmpdir(), `modeler-bench-scale-${n}`);
  const done = join(dir, '.generated');
  if (!existsSync(done)) { generateProject(dir, { models: n, manifest: 'dbt' }); writeFileSync(done, String(n)); }
  return dir;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time of this process so far (user + system, ms): steadier than the clock on a shared machine. */
export const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };

/** Run a command in a fresh process: its output, wall ms, CPU ms and peak RSS (MiB) from /usr/bin/time. */
export function timedRun(cmd, args, opts = {}) {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', cmd, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...opts });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  const lines = r.stderr.trim().split('\n');
  const [rss, user, sys] = lines.pop().split(' ').map(Number);
  return { stdout: r.stdout, stderr: lines.join('\n'), ms, cpu: (user + sys) * 1000, rss: rss / 1024 };
}
