// The resident index (src/assistant/resident/): a CLI call on a big project leaves the project
// indexed in a process of its own, and the next calls are answered by it — through a real socket,
// with the real binary — exactly as a call answering on its own would, up to date with files
// edited since, never for another option set, ended by `ai stop` or after its idle time, and only
// its user can reach it. The example project stands in for a big one (MODELER_AI_RESIDENT_MIN_FILES=0).
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliAsync, tempDir } from '../helpers/cli.js';
import { copyProject } from './helpers.js';

let dir: string;
let cache: string;
const env = () => ({ MODELER_AI_RESIDENT: '1', MODELER_AI_RESIDENT_MIN_FILES: '0', MODELER_AI_RESIDENT_IDLE: '60', MODELER_CACHE_DIR: cache });
const indexDir = () => join(cache, 'ai-index');
const files = (suffix: string) => (existsSync(indexDir()) ? readdirSync(indexDir()).filter((n) => n.endsWith(suffix)) : []);
const pidsOf = () => files('.resident.json').map((n) => (JSON.parse(readFileSync(join(indexDir(), n), 'utf8')) as { pid: number }).pid);
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

async function until(what: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => { dir = copyProject(); cache = tempDir('modeler-resident-cache-'); });
afterAll(() => {
  runCli(['ai', 'stop', '--project-dir', dir], { env: env() });
  for (const pid of pidsOf()) { try { process.kill(pid); } catch { /* ended */ } }
});

describe('ai search through the resident index', () => {
  it('a first call answers on its own, says it leaves a resident, and the resident answers the next calls the same', async () => {
    const first = runCli(['ai', 'search', 'order status', '--project-dir', dir, '--json'], { env: env() });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/the index stays in memory for the next calls \(process \d+; it ends after a minute without a call; modeler ai stop ends it, MODELER_AI_RESIDENT=0 turns this off\)/);
    // the call left writing the kept index to the resident, which writes it once it has read the project
    expect(files('.idx')).toEqual([]);
    await until(() => pidsOf().length === 1 && files('.idx').length === 1);
    // as a call would have kept it: a call with residents off answers from it without building (which would write it again)
    const idx = join(indexDir(), files('.idx')[0]);
    const written = statSync(idx).mtimeMs;
    const kept = runCli(['ai', 'search', 'order status', '--project-dir', dir, '--json'], { env: { ...env(), MODELER_AI_RESIDENT: '0' } });
    expect(kept.code).toBe(0);
    expect(statSync(idx).mtimeMs).toBe(written);
    // the kept index gone: an answer with no new one written is the resident's
    for (const n of files('.idx')) rmSync(join(indexDir(), n));
    const second = runCli(['ai', 'search', 'order status', '--project-dir', dir, '--json'], { env: env() });
    expect(second.code).toBe(0);
    expect(files('.idx')).toEqual([]);
    expect(second.stderr).toBe('');
    const own = runCli(['ai', 'search', 'order status', '--project-dir', dir, '--json', '--no-cache'], { env: env() });
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(own.stdout));
    expect(JSON.parse(second.stdout).length).toBeGreaterThan(0);
  });

  it('sees a file edited since its last answer', () => {
    expect(runCli(['ai', 'search', 'zanzibar', '--project-dir', dir], { env: env() }).stdout.trim()).toBe('no sources match');
    const yml = join(dir, 'models', 'marts', '_marts.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace('description: One row per customer', 'description: Zanzibar. One row per customer'));
    const r = runCli(['ai', 'search', 'zanzibar', '--project-dir', dir, '--json'], { env: env() });
    expect(files('.idx')).toEqual([]); // still the resident's answer
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ kind: 'model', name: 'customers', path: 'models/marts/_marts.yml' });
  });

  it('a call with other options is not answered by it', () => {
    // (and it starts none of its own: the next tests count the residents)
    const r = runCli(['ai', 'search', 'order status', '--project-dir', dir, '--vars', '{unused_var: 1}'], { env: { ...env(), MODELER_AI_RESIDENT_MIN_FILES: '100000' } });
    expect(r.code).toBe(0);
    // answered on its own: it built and kept an index
    expect(files('.idx').length).toBe(1);
  });

  it('a call whose environment differs where the read looks (DBT_PROFILES_DIR) is not answered by it', () => {
    for (const n of files('.idx')) rmSync(join(indexDir(), n));
    const r = runCli(['ai', 'search', 'order status', '--project-dir', dir], { env: { ...env(), DBT_PROFILES_DIR: tempDir('modeler-profiles-') } });
    expect(r.code).toBe(0);
    // answered on its own: it built and kept an index
    expect(files('.idx').length).toBe(1);
  });

  it('listens on a socket only its user can open', () => {
    const socket = files('.sock').map((n) => join(indexDir(), n));
    expect(socket.length).toBeGreaterThan(0);
    for (const s of socket) expect(statSync(s).mode & 0o077).toBe(0);
    expect(statSync(indexDir()).mode & 0o077).toBe(0);
  });
});

describe('ask through the resident index', () => {
  it('answers a Local question as a call on its own does, the chat kept where the app keeps it', async () => {
    const question = 'which models feed customers?';
    const first = runCli(['ask', question, '--project-dir', dir, '--json'], { env: env() });
    expect(first.code).toBe(0);
    await until(() => pidsOf().length === 2 && files('-sql.idx').length === 1 && files('-sql.idx.project').length === 1);
    for (const n of files('.idx')) rmSync(join(indexDir(), n));
    const viaResident = runCli(['ask', question, '--project-dir', dir, '--json'], { env: env() });
    expect(viaResident.code).toBe(0);
    expect(files('-sql.idx')).toEqual([]);
    const own = runCli(['ask', question, '--project-dir', dir, '--json'], { env: { ...env(), MODELER_AI_RESIDENT: '0' } });
    // all but the chat's id and the stages' timings
    const strip = (s: string) => JSON.parse(s, (k, v) => (k === 'chatId' || k === 'ms' ? undefined : v));
    expect(strip(viaResident.stdout)).toEqual(strip(own.stdout));
    // the chat continues through the resident too
    const chat = JSON.parse(viaResident.stdout).chatId as string;
    const next = runCli(['ask', 'and its columns?', '--project-dir', dir, '--chat', chat], { env: env() });
    expect(next.code).toBe(0);
    expect(next.stdout).toContain(`chat ${chat}`);
    expect(readFileSync(join(dir, '.modeler', 'agent', 'chats.json'), 'utf8')).toContain(chat);
  });

  it('a chat id that does not exist is the same error as without it', () => {
    const r = runCli(['ask', 'hello', '--project-dir', dir, '--chat', 'no-such-chat'], { env: env() });
    const own = runCli(['ask', 'hello', '--project-dir', dir, '--chat', 'no-such-chat'], { env: { ...env(), MODELER_AI_RESIDENT: '0' } });
    expect(r.code).toBe(own.code);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toBe(own.stderr);
  });
});

describe('ending it', () => {
  it('`ai stop` ends the project\'s residents and says which', async () => {
    const pids = pidsOf();
    expect(pids.length).toBe(2);
    const r = runCli(['ai', 'stop', '--project-dir', dir], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ended the resident index \(process \d+, \d+\)\n$/);
    await until(() => pids.every((p) => !alive(p)));
    expect(files('.resident.json')).toEqual([]);
    expect(runCli(['ai', 'stop', '--project-dir', dir], { env: env() }).stdout).toMatch(/^no resident index runs for /);
  });

  it('ends by itself after its idle time', async () => {
    const r = await runCliAsync(['ai', 'search', 'orders', '--project-dir', dir], { env: { ...env(), MODELER_AI_RESIDENT_IDLE: '2' } });
    const pid = Number(/process (\d+)/.exec(r.stderr)![1]);
    await until(() => pidsOf().includes(pid));
    await until(() => !alive(pid), 20_000);
    expect(files('.resident.json')).toEqual([]);
  });

  it('under a CI service (CI set) none is started unless MODELER_AI_RESIDENT=1 asks for it', () => {
    const { MODELER_AI_RESIDENT: _, ...rest } = env();
    const r = runCli(['ai', 'search', 'orders', '--project-dir', dir], { env: { ...rest, CI: 'true', MODELER_AI_RESIDENT: '' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(pidsOf()).toEqual([]);
  });

  it('MODELER_AI_RESIDENT=0 starts none', () => {
    const r = runCli(['ai', 'search', 'orders', '--project-dir', dir], { env: { ...env(), MODELER_AI_RESIDENT: '0' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(files('.starting')).toEqual([]);
    expect(pidsOf()).toEqual([]);
  });
});
