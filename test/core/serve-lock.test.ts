// The serve lock under .modeler/: held while its server lives and serves that folder. A project
// folder copied (with its .modeler/) while its server runs is served on its own, not refused as if
// the other server served it; a lock whose server is gone is taken over.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireServeLock } from '../../src/core/runtime-state.js';
import { tempDir } from '../helpers/cli.js';

let other: ChildProcess;
beforeAll(() => { other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' }); });
afterAll(() => { other.kill(); });

function project(name: string, lock?: object): string {
  const dir = join(tempDir('modeler-serve-lock-'), name);
  mkdirSync(join(dir, '.modeler'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), `name: ${name}\n`);
  if (lock) writeFileSync(join(dir, '.modeler', 'serve.lock'), JSON.stringify(lock));
  return dir;
}
const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, '.modeler', 'serve.lock'), 'utf8'));

describe('the serve lock', () => {
  it('refuses a folder another live server serves, and serves a copy of it made while that server runs', () => {
    const a = project('a');
    writeFileSync(join(a, '.modeler', 'serve.lock'), JSON.stringify({ pid: other.pid, url: 'http://127.0.0.1:3999/', started: '', root: realpathSync(a) }));
    expect(() => acquireServeLock(a, { url: 'http://127.0.0.1:4000/' })).toThrow(`another modeler serve (pid ${other.pid}) is serving this project at http://127.0.0.1:3999/; stop it first, or open that URL`);
    const b = join(tempDir('modeler-serve-lock-copy-'), 'b');
    cpSync(a, b, { recursive: true });
    const release = acquireServeLock(b, { url: 'http://127.0.0.1:4000/' });
    expect(lockOf(b)).toMatchObject({ pid: process.pid, root: realpathSync(b), url: 'http://127.0.0.1:4000/' });
    // taken again by the same server (the port really used): rewritten, not refused
    acquireServeLock(b, { url: 'http://127.0.0.1:4001/' });
    expect(lockOf(b).url).toBe('http://127.0.0.1:4001/');
    release();
    expect(lockOf(a).pid).toBe(other.pid);
  });

  it('keeps a lock that names no folder (written by an earlier version) while its server lives; takes one whose server is gone', () => {
    const old = project('old', { pid: other.pid, url: 'http://127.0.0.1:3999/', started: '' });
    expect(() => acquireServeLock(old, { url: 'u' })).toThrow(/another modeler serve/);
    const gone = project('gone', { pid: 2 ** 22 + 12345, url: 'http://127.0.0.1:3999/', started: '', root: '/nowhere' });
    acquireServeLock(gone, { url: 'u' })();
  });
});
