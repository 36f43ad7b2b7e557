// The resident index (src/assistant/resident/) where a user could trip it: files added to a folder
// that was empty when it started, options given relative to the calling folder, `ai stop` for
// residents started with other options, a socket folder others may write. Each answer is held
// equal to the answer of a call on its own (MODELER_AI_RESIDENT=0), through the real binary and
// real sockets. The example project stands in for a big one (MODELER_AI_RESIDENT_MIN_FILES=0).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO, runCli, runCliAsync, tempDir } from '../helpers/cli.js';
import { copyProject } from './helpers.js';

let dir: string;
let cache: string;
const env = (more: Record<string, string> = {}) => ({ MODELER_AI_RESIDENT: '1', MODELER_AI_RESIDENT_MIN_FILES: '0', MODELER_AI_RESIDENT_IDLE: '60', MODELER_CACHE_DIR: cache, ...more });
const indexDir = () => join(cache, 'ai-index');
const infos = () => (existsSync(indexDir()) ? readdirSync(indexDir()).filter((n) => n.endsWith('.resident.json')) : []);
const pidsOf = () => infos().map((n) => (JSON.parse(readFileSync(join(indexDir(), n), 'utf8')) as { pid: number }).pid);
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const started: number[] = [];

async function until(what: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `ai search --json` through whatever resident answers, and as a call on its own. */
function both(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const full = ['ai', 'search', ...args, '--project-dir', dir, '--json'];
  const viaResident = runCli(full, { cwd: opts.cwd, env: env(opts.env) });
  const own = runCli(full, { cwd: opts.cwd, env: env({ ...opts.env, MODELER_AI_RESIDENT: '0' }) });
  expect(viaResident.code).toBe(0);
  expect(own.code).toBe(0);
  return { viaResident: JSON.parse(viaResident.stdout) as { name: string }[], own: JSON.parse(own.stdout) as { name: string }[] };
}

/** A first call that starts a resident; resolves once it listens. */
async function startOne(args: string[], opts: { cwd?: string; env?: Record<string, string>; project?: string } = {}): Promise<number> {
  const r = runCli(['ai', 'search', 'orders', '--project-dir', opts.project ?? dir, ...args], { cwd: opts.cwd, env: env(opts.env) });
  expect(r.code).toBe(0);
  const pid = Number(/process (\d+)/.exec(r.stderr)?.[1]);
  expect(pid).toBeGreaterThan(0);
  started.push(pid);
  await until(() => pidsOf().includes(pid));
  return pid;
}

beforeAll(() => {
  dir = copyProject();
  cache = tempDir('modeler-resident-edges-');
  // a folder with no file yet (a new domain's folder, a dbt init's empty macros/)
  mkdirSync(join(dir, 'models', 'later'));
  // a model only the `dev` target builds, and two folders whose profiles/ differ in that
  writeFileSync(join(dir, 'models', 'marts', 'narwhal_report.sql'), "{{ config(enabled=(target.name == 'dev')) }}\nselect 1 as narwhal_id\n");
  // a model only a YAML date in --vars enables (a string that looks like one does not)
  writeFileSync(join(dir, 'models', 'marts', 'dingo_report.sql'), "{{ config(enabled=((var('d', '') | string) != '2024-01-01T00:00:00.000Z')) }}\nselect 1 as dingo_id\n");
  const profiles = readFileSync(join(dir, 'profiles.yml'), 'utf8');
  for (const [name, target] of [['a', 'dev'], ['b', 'prod']]) {
    mkdirSync(join(dir, '..', name, 'profiles'), { recursive: true });
    writeFileSync(join(dir, '..', name, 'profiles', 'profiles.yml'), profiles.replace(/\bdev\b/g, target));
  }
});
afterAll(() => {
  runCli(['ai', 'stop', '--project-dir', dir], { env: env() });
  for (const pid of [...started, ...pidsOf()]) { try { if (pid !== process.pid) process.kill(pid); } catch { /* ended */ } }
});

describe('a resident stays equal to a call on its own', () => {
  it('sees a file added to a folder that was empty when it started', async () => {
    await startOne([]);
    writeFileSync(join(dir, 'models', 'later', 'yak_report.sql'), 'select 1 as yak_id\n');
    const { viaResident, own } = both(['yak']);
    expect(own.map((s) => s.name)).toContain('yak_report');
    expect(viaResident).toEqual(own);
  });

  it('a model deleted: the model that refs it gets its issue (a file that did not change)', async () => {
    if (!pidsOf().some(alive)) await startOne([]);
    rmSync(join(dir, 'models', 'marts', 'orders.sql'));
    const { viaResident, own } = both(['ref not found rpt_daily_revenue']);
    expect(own.map((s) => s.name)).toContain('DBT_REF_NOT_FOUND:models/marts/rpt_daily_revenue.sql:2');
    expect(viaResident).toEqual(own);
  });

  it('--vars a JSON line cannot pass on as they are (a YAML date) start none: the answer is the call\'s own', () => {
    const vars = ['--vars', '{d: 2024-01-01}'];
    const first = runCli(['ai', 'search', 'dingo', '--project-dir', dir, '--json', ...vars], { env: env() });
    const pid = Number(/process (\d+)/.exec(first.stderr)?.[1]);
    if (pid) started.push(pid);
    expect(first.code).toBe(0);
    expect(first.stderr).not.toMatch(/stays in memory/);
    const { viaResident, own } = both(['dingo', ...vars]);
    expect(own.map((s) => s.name)).toContain('dingo_report');
    expect(viaResident).toEqual(own);
  });

  it('a relative --profiles-dir is the calling folder\'s, not the folder the resident was started from', async () => {
    await startOne(['--profiles-dir', 'profiles'], { cwd: join(dir, '..', 'a') });
    const { viaResident, own } = both(['narwhal', '--profiles-dir', 'profiles'], { cwd: join(dir, '..', 'b') });
    expect(own.map((s) => s.name)).not.toContain('narwhal_report');
    expect(viaResident).toEqual(own);
  });

  it('so is a relative DBT_PROFILES_DIR', async () => {
    // the resident without options must be one started from that folder with that variable
    expect(runCli(['ai', 'stop', '--project-dir', dir], { env: env() }).code).toBe(0);
    await startOne([], { cwd: join(dir, '..', 'a'), env: { DBT_PROFILES_DIR: 'profiles' } });
    const { viaResident, own } = both(['narwhal'], { cwd: join(dir, '..', 'b'), env: { DBT_PROFILES_DIR: 'profiles' } });
    expect(own.map((s) => s.name)).not.toContain('narwhal_report');
    expect(viaResident).toEqual(own);
  });
});

describe('a resident that does not answer', () => {
  it('a stopped one (SIGSTOP) does not hang the call: it answers on its own', async () => {
    const pid = pidsOf().find(alive) ?? await startOne([]);
    const own = runCli(['ai', 'search', 'orders', '--project-dir', dir, '--json'], { env: env({ MODELER_AI_RESIDENT: '0' }) });
    process.kill(pid, 'SIGSTOP');
    try {
      // (bounded here only so that a hang fails the test rather than stalling it)
      const r = spawnSync(process.execPath, [BIN, 'ai', 'search', 'orders', '--project-dir', dir, '--json'], { encoding: 'utf8', env: { ...process.env, ...env() }, timeout: 20_000 });
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(JSON.parse(own.stdout));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });
});

describe('a call that goes before it asks', () => {
  it('(a Ctrl-C between connecting and asking) does not keep the resident from ending after its idle time', async () => {
    const other = copyProject();
    const pid = await startOne([], { project: other, env: { MODELER_AI_RESIDENT_IDLE: '2' } });
    const name = infos().find((n) => JSON.parse(readFileSync(join(indexDir(), n), 'utf8')).pid === pid)!;
    await new Promise<void>((ok, fail) => { const c = connect(join(indexDir(), name.replace('.resident.json', '.sock')), () => { c.destroy(); ok(); }); c.once('error', fail); });
    await until(() => !alive(pid), 20_000);
  });
});

describe('a resident that ended without cleaning up', () => {
  it('a file naming a process that is now another one does not keep a new resident from starting', async () => {
    const pid = pidsOf().find(alive) ?? await startOne([]);
    const info = join(indexDir(), infos().find((n) => JSON.parse(readFileSync(join(indexDir(), n), 'utf8')).pid === pid)!);
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid));
    // its process id taken by another process (this one): alive, but no resident listens
    writeFileSync(info, JSON.stringify({ ...JSON.parse(readFileSync(info, 'utf8')), pid: process.pid }));
    const r = runCli(['ai', 'search', 'orders', '--project-dir', dir, '--json'], { env: env() });
    expect(r.code).toBe(0);
    const next = Number(/process (\d+)/.exec(r.stderr)?.[1]);
    expect(next).toBeGreaterThan(0);
    started.push(next);
    await until(() => pidsOf().includes(next));
  });
});

describe('ai stop', () => {
  it('ends the project\'s residents whatever options they were started with, also once the folder is gone', async () => {
    // another project's resident (one an earlier test left, else a new one) is left alone
    const kept = pidsOf().find(alive) ?? await startOne([]);
    const other = copyProject();
    const pids = [await startOne([], { project: other }), await startOne(['--vars', '{unused_var: 1}', '--target', 'dev'], { project: other })];
    rmSync(other, { recursive: true });
    const r = runCli(['ai', 'stop', '--project-dir', other], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`ended the resident index (process ${[...pids].sort((a, b) => a - b).join(', ')})\n`);
    await until(() => pids.every((p) => !alive(p)));
    expect(alive(kept)).toBe(true);
    expect(runCli(['ai', 'stop', '--project-dir', other], { env: env() }).stdout).toBe(`no resident index runs for ${other}\n`);
  });
});

describe('what a resident holds', () => {
  it.skipIf(process.platform !== 'linux')('not the hosted providers\' keys of the call that started it', async () => {
    const other = copyProject();
    const keys = { OPENAI_API_KEY: 'sk-resident-openai', ANTHROPIC_API_KEY: 'sk-resident-anthropic', GEMINI_API_KEY: 'resident-gemini', MODELER_AI_API_KEY: 'resident-compatible' };
    const kept = () => readdirSync(indexDir()).filter((n) => n.endsWith('.idx'));
    const before = existsSync(indexDir()) ? kept().length : 0;
    const pid = await startOne([], { project: other, env: keys });
    // (the first call leaves writing its kept index to the resident)
    await until(() => kept().length > before);
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    for (const [name, value] of Object.entries(keys)) {
      expect(environ).not.toContain(value);
      expect(environ).not.toContain(`${name}=`);
    }
    // and a call holding them is still answered by it: with the kept indexes gone, none is built again
    for (const n of kept()) rmSync(join(indexDir(), n));
    const r = runCli(['ai', 'search', 'orders', '--project-dir', other, '--json'], { env: env(keys) });
    expect(r.code).toBe(0);
    expect(kept()).toEqual([]);
    runCli(['ai', 'stop', '--project-dir', other], { env: env() });
  });
});

describe('a socket folder others may write', () => {
  // a cache path too long for a socket puts it in <tmp>/modeler-<uid>/: one another user made first
  // (simulated: a folder anyone may write) is never listened in, nor is a socket there called
  it('is neither listened in nor called: every call answers on its own', async () => {
    const longCache = join(tempDir('modeler-resident-long-'), 'c'.repeat(100));
    const tmp = tempDir('modeler-resident-tmp-');
    const e = env({ MODELER_CACHE_DIR: longCache, TMPDIR: tmp });
    const search = () => runCliAsync(['ai', 'search', 'orders', '--project-dir', dir, '--json'], { env: e });
    const own = runCli(['ai', 'search', 'orders', '--project-dir', dir, '--json'], { env: { ...e, MODELER_AI_RESIDENT: '0' } });
    // where this project's resident would listen and say it runs, as the built CLI computes it
    const { residentAddress } = await import(join(REPO, 'dist', 'api', 'resident.js')) as typeof import('../../src/api/resident.js');
    const saved = { cache: process.env.MODELER_CACHE_DIR, tmp: process.env.TMPDIR };
    Object.assign(process.env, { MODELER_CACHE_DIR: longCache, TMPDIR: tmp });
    const addr = residentAddress(dir, {}, 'search');
    for (const [k, v] of [['MODELER_CACHE_DIR', saved.cache], ['TMPDIR', saved.tmp]] as const) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
    expect(addr.socket.startsWith(tmp)).toBe(true);
    const shared = dirname(addr.socket);
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    // someone else listens there (answering nothing) and a file says a resident runs
    const calls: string[] = [];
    const server = createServer((c) => c.on('data', (d) => { calls.push(String(d)); c.end(`${JSON.stringify({ ok: true, result: [] })}\n`); }));
    await new Promise<void>((ok) => server.listen(addr.socket, ok));
    mkdirSync(dirname(addr.info), { recursive: true });
    writeFileSync(addr.info, JSON.stringify({ pid: process.pid, key: addr.key, env: [], kind: 'search', root: addr.root }));
    try {
      // (async: the socket is served by this process)
      const r = await search();
      expect(r.code).toBe(0);
      expect(calls).toEqual([]);
      expect(JSON.parse(r.stdout)).toEqual(JSON.parse(own.stdout));
    } finally {
      server.close();
      rmSync(addr.info, { force: true });
    }
    // nor does a call start one to listen there
    const r = await search();
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/stays in memory/);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(own.stdout));
    // and a resident started there anyway refuses before it reads the project
    const started = runCli(['ai', 'resident', '--project-dir', dir], { env: e });
    expect(started.code).toBe(1);
    expect(started.stderr).toBe(`modeler: the resident index does not listen there: ${shared} may be written by other users\n`);
    expect(readdirSync(shared)).toEqual([]);
  });
});
