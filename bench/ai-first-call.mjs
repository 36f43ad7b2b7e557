// The FIRST `modeler ai search` / `modeler ask` (Local) call on a big project, as a user meets it:
// nothing kept yet (a fresh cache directory), residents on, so the call reads and indexes the
// project, answers, and leaves keeping the index to the resident it starts. Each call is a fresh
// process timed whole (wall, CPU, peak RSS); the resident it starts is ended at once (by the
// process id the call prints) so it does not load the machine for the next call. With --baseline
// DIR (another built checkout) the calls alternate between the two, each answer checked equal.
// Also `--no-cache` calls (build, answer, keep nothing), alternating the same way.
// Target (issue 28): < 1.5 s per call at 10,000 models.
// Usage: npm run build:core && node bench/ai-first-call.mjs [N] [--runs R] [--baseline DIR]   (default 10000, 3 runs)
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, scaleProject, timedRun } from './lib/scale-runs.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const take = (flag) => { const i = args.indexOf(flag); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const runs = Number(take('--runs') ?? 3);
const baseline = take('--baseline');
if (baseline && !existsSync(join(baseline, 'dist', 'cli', 'main.js'))) throw new Error(`${baseline} has no dist/cli/main.js; build it first`);
const n = Number(args[0] ?? 10000);

const dir = join(mkdtempSync(join(tmpdir(), 'modeler-bench-first-')), 'project');
cpSync(scaleProject(n), dir, { recursive: true, filter: (src) => !src.includes('/.modeler') });
const CASES = [
  { name: 'ai search "customer orders"', args: ['ai', 'search', 'customer orders'], said: (out) => out },
  { name: 'ask "what does payment status mean"', args: ['ask', 'what does payment status mean'], said: (out) => { const r = JSON.parse(out); return JSON.stringify([r.answer, r.sources]); } },
];

/** One first call by the checkout at `repo`: a fresh cache, the resident it starts ended once it returns. */
function firstCall(repo, c, extra = []) {
  const cache = mkdtempSync(join(tmpdir(), 'modeler-bench-cache-'));
  const env = { ...process.env, MODELER_CACHE_DIR: cache, MODELER_AI_RESIDENT: '1', MODELER_AI_RESIDENT_MIN_FILES: '0', MODELER_AI_RESIDENT_IDLE: '60' };
  try {
    const r = timedRun(process.execPath, [join(repo, 'bin', 'modeler.js'), ...c.args, '--project-dir', dir, '--json', ...extra], { env });
    const pid = /\(process (\d+);/.exec(r.stderr)?.[1];
    if (!extra.length && !pid) throw new Error(`${repo}: the first call started no resident: ${r.stderr}`);
    if (pid) try { process.kill(Number(pid), 'SIGTERM'); } catch { /* already gone */ }
    return r;
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

const fmt = (cs) => `${median(cs.map((c) => c.ms)).toFixed(0)} ms wall, ${median(cs.map((c) => c.cpu)).toFixed(0)} ms CPU, peak RSS ${median(cs.map((c) => c.rss)).toFixed(0)} MiB`;
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}; N=${n}, medians of ${runs}${baseline ? `, alternating with ${baseline}` : ''}`);
try {
  for (const c of CASES) {
    for (const extra of [[], ['--no-cache']]) {
      const ours = [], base = [];
      for (let i = 0; i < runs; i++) {
        ours.push(firstCall(REPO, c, extra));
        if (baseline) base.push(firstCall(baseline, c, extra));
        if (baseline && c.said(ours[i].stdout) !== c.said(base[i].stdout)) throw new Error(`${c.name}${extra.join(' ')}: this checkout answered differently from the baseline`);
      }
      const what = `${c.name}${extra.length ? ` ${extra.join(' ')}` : ', first call'}`;
      console.log(`${what.padEnd(58)} ${fmt(ours)}`);
      if (baseline) console.log(`${'  baseline'.padEnd(58)} ${fmt(base)}`);
    }
  }
  console.log(`load average after ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  rmSync(join(dir, '..'), { recursive: true, force: true });
}
