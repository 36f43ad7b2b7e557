// The resident index (src/assistant/resident/) where a user could trip it: files added to a folder
// that was empty when it started, options given relative to the calling folder, `ai stop` for
// residents started with other options, a socket folder others may write. Each answer is held
// equal to the answer of a call on its own (MODELER_AI_RESIDENT=0), through the real binary and
// real sockets. The example project stands in for a big one (MODELER_AI_RESIDENT_MIN_FILES=0).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
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
  const profiles = readFileSync(join(dir, 'profiles.yml'), 'utf8');
  for (const [name, target] of [['a', 'dev'], ['b', 'prod']]) {
    mkdirSync(join(dir, '..', name, 'profiles'), { recursive: true });
    writeFileSync(join(dir, '..', name, 'profiles', 'profiles.yml'), profiles.replace(/\bdev\b/g, target));
  }
});
afterAll(() => {
  runCli(['ai', 'stop', '--project-dir', dir], { env: env() });
  for (const pid of [...started, ...pidsOf()]) { try { process.kill(pid); } catch { /* ended */ } }
});

describe('a resident stays equal to a call on its own', () => {
  it('sees a file added to a folder that was empty when it started', async () => {
    await startOne([]);
    writeFileSync(join(dir, 'models', 'later', 'yak_report.sql'), 'select 1 as yak_id\n');
    const { viaResident, own } = both(['yak']);
    expect(own.map((s) => s.name)).toContain('yak_report');
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
