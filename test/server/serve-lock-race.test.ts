// Two `modeler serve` on one project whose serve lock is stale (its server is gone): exactly one
// runs. The race is made to happen every time, not by chance: the second server is held (by a
// preloaded hook on fs.readFileSync) just after it has read the stale lock, until the first
// server has taken the lock over and listens; then it goes on with the stale lock it read.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, EXAMPLE, tempDir } from '../helpers/cli.js';
import { req, spawnServe } from './helpers.js';

const HOOK = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const real = fs.readFileSync;
const file = process.env.RACE_LOCK, stale = process.env.RACE_STALE, marker = process.env.RACE_MARKER, go = process.env.RACE_GO;
const nap = new Int32Array(new SharedArrayBuffer(4));
let held = false;
fs.readFileSync = function (p, ...rest) {
  const text = real.call(this, p, ...rest);
  if (!held && String(p) === file && String(text) === stale) {
    held = true;
    fs.writeFileSync(marker, 'read the stale lock\\n');
    // go on only once the test says so: the other server has taken the lock and listens
    while (!fs.existsSync(go)) Atomics.wait(nap, 0, 0, 20);
  }
  return text;
};
syncBuiltinESMExports();
`;

describe('the serve lock, taken over from a server that is gone', () => {
  it('lets exactly one of two servers started against it at once run; the other is refused naming the one that runs', async () => {
    const base = tempDir('modeler-lock-race-');
    const dir = join(base, 'p');
    cpSync(EXAMPLE, dir, { recursive: true });
    mkdirSync(join(dir, '.modeler'), { recursive: true });
    const lock = join(dir, '.modeler', 'serve.lock');
    const stale = JSON.stringify({ pid: 2 ** 22 + 4321, url: 'http://127.0.0.1:1/', started: '2020-01-01T00:00:00.000Z', root: dir }) + '\n';
    writeFileSync(lock, stale);
    const hook = join(base, 'hold-after-read.mjs');
    writeFileSync(hook, HOOK);
    const marker = join(base, 'second-read');
    const go = join(base, 'second-go');

    // the second server: started first, held right after reading the stale lock
    const second = spawn(process.execPath, [BIN, 'serve', '--no-open', '--project-dir', dir, '--port', '0'], {
      env: { ...process.env, NODE_OPTIONS: `--import ${hook}`, RACE_LOCK: lock, RACE_STALE: stale, RACE_MARKER: marker, RACE_GO: go },
    });
    let out2 = '', err2 = '';
    second.stdout.on('data', (d) => (out2 += d));
    second.stderr.on('data', (d) => (err2 += d));
    const secondExit = new Promise<number | null>((r) => second.on('exit', (code) => r(code)));
    // the second server ends (refused) or says it listens (both run: the race lost)
    const secondOutcome = new Promise<string>((r) => {
      void secondExit.then((code) => r(`exited ${code}`));
      second.stdout.on('data', () => { if (/ at http:/.test(out2)) r('listening'); });
    });
    while (!existsSync(marker)) {
      if (second.exitCode !== null) throw new Error(`the second server ended before reading the lock: ${err2}`);
      await new Promise((r) => setTimeout(r, 20));
    }

    const first = await spawnServe(['--project-dir', dir, '--port', '0']);
    writeFileSync(go, 'go\n');
    try {
      expect(await secondOutcome, out2 + err2).toBe('exited 1');
      expect(err2).toContain(`another modeler serve (pid ${first.child.pid}) is serving this project at http://127.0.0.1:${first.port}/`);
      expect(out2).not.toMatch(/at http:/);
      // the first one runs, answers on its socket and still holds the lock
      expect((await req(first.port, 'GET', '/api/projects')).status).toBe(200);
      expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(first.child.pid);
    } finally {
      second.kill('SIGTERM');
      first.child.kill('SIGTERM');
      await first.exited;
    }
  }, 60_000);
});
