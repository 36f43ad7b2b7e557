// `modeler ai search` and `modeler ask` (Local provider) per call at growing sizes, a fresh
// process each as a user runs it: the first call (it reads the project, builds the assistant's
// index and keeps it in the cache directory), the calls after it (they open the kept index; `ask`
// also the project kept beside it, whose nodes it reads as the answer touches them), a call after
// one changed file (it updates the kept index) and the call after it, and a call
// with --no-cache (what every call cost before the index was kept); the kept index must answer as
// the built one. Then, in one process, where the time goes: opening the kept index and one query
// on it, reading the project, building the index, writing the kept index, and for `ask` opening
// the kept project and one answer (and reading the project, as each call did before it was kept). Target (issue 28): < 1.5 s per call at 10,000 models.
// Times in one process are CPU time (the machine may be shared); a call is given both ways.
// With --baseline DIR (another built checkout, e.g. /work/main) the `ask` calls after the first
// alternate between the two (each with its own cache), so both see the same machine load.
// Usage: npm run build:core && node bench/ai-search.mjs [N ...] [--runs R] [--baseline DIR]   (default 1000 10000)
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { cpuMs, median, scaleProject, timedRun } from './lib/scale-runs.mjs';

const self = fileURLToPath(import.meta.url);
const BIN = join(fileURLToPath(new URL('..', import.meta.url)), 'bin', 'modeler.js');
const QUERIES = ['customer orders', 'payment status', 'dim_customer_12'];
/** Questions about models the generated project has (their names carry a number that depends on its size). */
function questions(dir) {
  const names = [];
  for (const sub of ['marts', 'intermediate']) {
    const d = join(dir, 'models', sub);
    const yml = readdirSync(d).filter((f) => f.endsWith('.yml')).sort()[0];
    names.push(/- name: ((?:dim|fct|int)_\w+)/.exec(readFileSync(join(d, yml), 'utf8'))[1]);
  }
  return [`which models feed ${names[0]}?`, 'what does payment status mean', `explain ${names[1]}`];
}

if (process.argv[2] === '--ask-child') {
  const dir = process.argv[3];
  const { initSqlColumns, loadProject } = await import('../dist/api/project.js');
  const { ask, askContext, openProjectIndex } = await import('../dist/api/assistant.js');
  let t0 = cpuMs();
  await initSqlColumns();
  const sql = cpuMs() - t0;
  t0 = cpuMs();
  const opened = openProjectIndex(dir);
  const open = cpuMs() - t0;
  if (opened.from !== 'cache') throw new Error('the index the first ask kept was not used');
  if (!opened.keptProject) throw new Error('the first ask kept no project beside its index');
  t0 = cpuMs();
  const project = opened.keptProject();
  const kept = cpuMs() - t0;
  t0 = cpuMs();
  const QUESTIONS = questions(dir);
  for (const message of QUESTIONS) await ask(askContext(project, opened.index), { message });
  const answer = (cpuMs() - t0) / QUESTIONS.length;
  // what each call paid before the project was kept beside the index
  t0 = cpuMs();
  loadProject(dir);
  const read = cpuMs() - t0;
  console.log(JSON.stringify({ sql, open, kept, read, answer }));
  process.exit(0);
}

if (process.argv[2] === '--child') {
  const dir = process.argv[3];
  const { loadProject } = await import('../dist/core/project/load.js');
  const { ProjectIndex } = await import('../dist/assistant/index/project-index.js');
  const { cachedIndexFile } = await import('../dist/assistant/index/cached-index.js');
  const { openProjectIndex, previewIndex } = await import('../dist/api/assistant.js');
  const { writeFileAtomic } = await import('../dist/core/fs-atomic.js');
  // first, in a fresh heap: open the index the CLI's first call kept, and query it
  let t0 = cpuMs();
  const opened = openProjectIndex(dir);
  const open = cpuMs() - t0;
  if (opened.from !== 'cache') throw new Error('the index the first call kept was not used');
  t0 = cpuMs();
  for (const q of QUERIES) previewIndex(opened.index, opened.skills, { message: q, limit: 10 });
  const search = (cpuMs() - t0) / QUERIES.length;
  t0 = cpuMs();
  const project = loadProject(dir);
  const read = cpuMs() - t0;
  t0 = cpuMs();
  const index = new ProjectIndex(project).build();
  const build = cpuMs() - t0;
  t0 = cpuMs();
  const file = join(process.env.MODELER_CACHE_DIR, 'bench.idx');
  writeFileAtomic(file, cachedIndexFile(index, { bench: true }));
  const write = cpuMs() - t0;
  console.log(JSON.stringify({ read, build, write, open, search, mib: statSync(file).size / 1048576, records: index.records.size }));
  process.exit(0);
}

const args = process.argv.slice(2);
const ri = args.indexOf('--runs');
const runs = ri >= 0 ? Number(args.splice(ri, 2)[1]) : 3;
const bi = args.indexOf('--baseline');
const baseline = bi >= 0 ? args.splice(bi, 2)[1] : undefined;
if (baseline && !existsSync(join(baseline, 'dist', 'cli', 'main.js'))) throw new Error(`${baseline} has no dist/cli/main.js; build it first`);
const sizes = args.length ? args.map(Number) : [1000, 10000];
/** Change one model's description in the generated project (a different text each time), as a user's edit between two calls. */
let edits = 0;
function editOneFile(dir) {
  const d = join(dir, 'models', 'marts');
  const yml = join(d, readdirSync(d).filter((f) => f.endsWith('.yml')).sort()[0]);
  const text = readFileSync(yml, 'utf8');
  if (!text.includes('description: ')) throw new Error(`${yml} has no description to edit`);
  writeFileSync(yml, text.replace('description: ', `description: Edit ${++edits}. `));
}
const fmt = (c) => `${c.ms.toFixed(0)} ms wall, ${c.cpu.toFixed(0)} ms CPU, peak RSS ${c.rss.toFixed(0)} MiB`;
const med = (cs) => ({ ms: median(cs.map((c) => c.ms)), cpu: median(cs.map((c) => c.cpu)), rss: median(cs.map((c) => c.rss)) });

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on this machine`);
for (const n of sizes) {
  // a copy of its own: the generated project is shared with other benches, which may change it
  // meanwhile (the kept index would then rightly be built again), and ask writes its chats there
  const dir = join(mkdtempSync(join(tmpdir(), 'modeler-bench-ai-')), 'project');
  cpSync(scaleProject(n), dir, { recursive: true, filter: (src) => !src.includes('/.modeler') });
  if (!existsSync(join(dir, 'target', 'manifest.json'))) throw new Error(`N=${n}: the generated project's target/manifest.json is missing (another bench moved it away?); run again`);
  const cache = mkdtempSync(join(tmpdir(), 'modeler-bench-cache-'));
  // the kept index's figures first, with no resident index (measured apart below)
  const env = { ...process.env, MODELER_CACHE_DIR: cache, MODELER_AI_RESIDENT: '0' };
  const call = (i, ...extra) => timedRun(process.execPath, [BIN, 'ai', 'search', QUERIES[i % QUERIES.length], '--project-dir', dir, '--json', ...extra], { env });
  try {
    const uncached = call(0, '--no-cache');
    const first = call(0);
    const again = Array.from({ length: runs }, (_, i) => call(i));
    if (again[0].stdout !== uncached.stdout || first.stdout !== uncached.stdout) throw new Error(`N=${n}: the kept index answered differently`);
    // after one changed file: this version updates its kept index (the baseline, with a cache of its own, builds it again); then a call over the update
    const baseCache = baseline ? mkdtempSync(join(tmpdir(), 'modeler-bench-cache-')) : undefined;
    const baseSearch = (i) => timedRun(process.execPath, [join(baseline, 'bin', 'modeler.js'), 'ai', 'search', QUERIES[i % QUERIES.length], '--project-dir', dir, '--json'], { env: { ...env, MODELER_CACHE_DIR: baseCache } });
    const baseFirst = baseline ? baseSearch(0) : undefined;
    const changed = [], baseChanged = [], afterChange = [];
    for (let i = 0; i < runs; i++) {
      editOneFile(dir);
      changed.push(call(i));
      if (baseline) baseChanged.push(baseSearch(i));
      afterChange.push(call(i));
      const fresh = call(i, '--no-cache');
      if (changed[i].stdout !== fresh.stdout || afterChange[i].stdout !== fresh.stdout) throw new Error(`N=${n}: the updated index answered differently from one built afresh`);
    }
    const c = spawnSync(process.execPath, ['--max-old-space-size=8192', self, '--child', dir], { encoding: 'utf8', env });
    if (c.status !== 0) throw new Error(c.stderr);
    const p = JSON.parse(c.stdout);
    console.log(`N=${n}: modeler ai search (${JSON.parse(first.stdout).length} sources)`);
    console.log(`  first call (reads the project, builds and keeps the index) ${fmt(first)}`);
    console.log(`  each call after it (median of ${runs})`.padEnd(61) + fmt(med(again)));
    if (baseline) console.log(`  first call, baseline ${baseline}`.padEnd(61) + fmt(baseFirst));
    console.log(`  a call after one changed file (median of ${runs})`.padEnd(61) + fmt(med(changed)));
    if (baseline) console.log('  a call after one changed file, baseline (alternating)'.padEnd(61) + fmt(med(baseChanged)));
    console.log('  the call after that (the update laid over the kept index)'.padEnd(61) + fmt(med(afterChange)));
    console.log('  a call with --no-cache (as every call was before)'.padEnd(61) + fmt(uncached));
    console.log(`  in one process (CPU ms): read ${p.read.toFixed(0)}, index build ${p.build.toFixed(0)} (${p.records} records), write the kept index ${p.write.toFixed(0)} (${p.mib.toFixed(0)} MiB), open it ${p.open.toFixed(0)} (stamps checked, in a fresh process), retrieval on it ${p.search.toFixed(1)}/query`);

    // ask: its own kept file (its index holds the columns models' SQL returns); the answer and sources compared, not the chat id
    const QUESTIONS = questions(dir);
    const askCall = (i, ...extra) => timedRun(process.execPath, [BIN, 'ask', QUESTIONS[i % QUESTIONS.length], '--project-dir', dir, '--json', ...extra], { env });
    const said = (c) => { const r = JSON.parse(c.stdout); return JSON.stringify([r.answer, r.sources, r.proposed_changes]); };
    const askUncached = askCall(0, '--no-cache');
    const askFirst = askCall(0);
    // the baseline: its own cache, its first call builds it; then the calls alternate with ours
    const baseCall = (i) => timedRun(process.execPath, [join(baseline, 'bin', 'modeler.js'), 'ask', QUESTIONS[i % QUESTIONS.length], '--project-dir', dir, '--json'], { env: { ...env, MODELER_CACHE_DIR: baseCache } });
    if (baseline) baseCall(0);
    const askAgain = [], baseAgain = [];
    for (let i = 0; i < runs; i++) {
      askAgain.push(askCall(i));
      if (baseline) baseAgain.push(baseCall(i));
    }
    // after one changed file: this version updates its kept index and keeps the project it read again (the baseline builds again); then a call over the update
    const askChanged = [], baseAskChanged = [], askAfterChange = [];
    for (let i = 0; i < runs; i++) {
      editOneFile(dir);
      askChanged.push(askCall(i));
      if (baseline) baseAskChanged.push(baseCall(i));
      askAfterChange.push(askCall(i));
      if (said(askChanged[i]) !== said(askAfterChange[i])) throw new Error(`N=${n}: ask answered differently over the update`);
    }
    if (baseline) rmSync(baseCache, { recursive: true, force: true });
    if (baseline && said(baseAgain[0]) !== said(askAgain[0])) throw new Error(`N=${n}: ask answered differently from the baseline`);
    if (said(askAgain[0]) !== said(askUncached) || said(askFirst) !== said(askUncached)) throw new Error(`N=${n}: ask answered differently from the kept index`);
    const a = spawnSync(process.execPath, ['--max-old-space-size=8192', self, '--ask-child', dir], { encoding: 'utf8', env });
    if (a.status !== 0) throw new Error(a.stderr);
    const q = JSON.parse(a.stdout);
    console.log(`N=${n}: modeler ask (Local provider)`);
    console.log(`  first call (reads the project, builds and keeps the index) ${fmt(askFirst)}`);
    console.log(`  each call after it (median of ${runs})`.padEnd(61) + fmt(med(askAgain)));
    if (baseline) console.log(`  each call after it, baseline ${baseline} (alternating)`.padEnd(61) + fmt(med(baseAgain)));
    console.log(`  a call after one changed file (median of ${runs})`.padEnd(61) + fmt(med(askChanged)));
    if (baseline) console.log('  a call after one changed file, baseline (alternating)'.padEnd(61) + fmt(med(baseAskChanged)));
    console.log('  the call after that (the update laid over the kept index)'.padEnd(61) + fmt(med(askAfterChange)));
    console.log('  a call with --no-cache'.padEnd(61) + fmt(askUncached));
    console.log(`  in one process (CPU ms): load the SQL parser ${q.sql.toFixed(0)}, open the kept index ${q.open.toFixed(0)}, open the kept project ${q.kept.toFixed(0)}, one answer ${q.answer.toFixed(0)} (its nodes read as touched); reading the project instead (as before it was kept) ${q.read.toFixed(0)}`);
    residentFigures(n, dir, cache, QUESTIONS, said);
  } finally {
    spawnSync(process.execPath, [BIN, 'ai', 'stop', '--project-dir', dir], { env: { ...process.env, MODELER_CACHE_DIR: cache } });
    rmSync(cache, { recursive: true, force: true });
    rmSync(join(dir, '..'), { recursive: true, force: true });
  }
}

/**
 * The resident index (src/assistant/resident/): the call that starts it, how long it takes to
 * listen and its memory, then calls answered by it, calls after one changed file, each checked
 * against a call that builds from the project.
 */
function residentFigures(n, dir, cache, QUESTIONS, said) {
  const env = { ...process.env, MODELER_CACHE_DIR: cache, MODELER_AI_RESIDENT: '1', MODELER_AI_RESIDENT_MIN_FILES: '0', MODELER_AI_RESIDENT_IDLE: '300' };
  const infoDir = join(cache, 'ai-index');
  const residents = () => readdirSync(infoDir).filter((f) => f.endsWith('.resident.json')).map((f) => JSON.parse(readFileSync(join(infoDir, f), 'utf8')));
  const waitFor = (kind) => {
    const t0 = Date.now();
    for (;;) {
      const r = residents().find((x) => x.kind === kind);
      if (r) return { pid: r.pid, ms: Date.now() - t0 };
      if (Date.now() - t0 > 600_000) throw new Error(`N=${n}: the ${kind} resident never listened`);
      spawnSync('sleep', ['0.2']);
    }
  };
  const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  for (const kind of ['search', 'ask']) {
    const args = (i) => (kind === 'search' ? ['ai', 'search', QUERIES[i % QUERIES.length]] : ['ask', QUESTIONS[i % QUESTIONS.length]]);
    const call = (i, extra = [], e = env) => timedRun(process.execPath, [BIN, ...args(i), '--project-dir', dir, '--json', ...extra], { env: e });
    const same = (a, b) => (kind === 'search' ? a.stdout === b.stdout : said(a) === said(b));
    const starter = call(0);
    const started = waitFor(kind);
    const again = Array.from({ length: runs }, (_, i) => call(i));
    if (!same(again[0], call(0, ['--no-cache']))) throw new Error(`N=${n}: the ${kind} resident answered differently from a call built afresh`);
    const changed = [];
    for (let i = 0; i < runs; i++) {
      editOneFile(dir);
      changed.push(call(i));
      const fresh = call(i, ['--no-cache']);
      if (!same(changed[i], fresh)) throw new Error(`N=${n}: the ${kind} resident answered differently from a call built afresh after an edit`);
    }
    console.log(`N=${n}: ${kind === 'search' ? 'modeler ai search' : 'modeler ask (Local)'} through the resident index`);
    console.log('  the call that starts it (kept index, as above)'.padEnd(61) + fmt(starter));
    console.log(`  the resident listening ${started.ms} ms after that call ended; its RSS ${rssOf(started.pid).toFixed(0)} MiB`);
    console.log(`  each call it answers (median of ${runs})`.padEnd(61) + fmt(med(again)));
    console.log(`  a call after one changed file (median of ${runs})`.padEnd(61) + fmt(med(changed)));
    console.log(`  its RSS after the calls ${rssOf(started.pid).toFixed(0)} MiB`);
  }
}
