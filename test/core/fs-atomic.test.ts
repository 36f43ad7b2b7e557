// writeFileAtomic / writeFilesAtomic: an output that cannot be written is a one-line usage error,
// and a batch that fails part-way leaves every existing file as it was (no temp files behind).
import { lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/diagnostics.js';
import { writeFileAtomic, writeFilesAtomic } from '../../src/core/fs-atomic.js';
import { tempDir } from '../helpers/cli.js';

const thrown = (f: () => void): unknown => { try { f(); } catch (e) { return e; } return undefined; };

describe('atomic writes', () => {
  it('a parent that is a file is a UserError (64), not an internal error', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'afile'), 'x');
    const e = thrown(() => writeFileAtomic(join(dir, 'afile', 'out.sql'), 'select 1'));
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).exitCode).toBe(64);
    expect((e as UserError).message).toBe(`cannot write ${join(dir, 'afile', 'out.sql')}: a parent is not a directory`);
  });
  it('a batch with a directory in the way of its last file replaces nothing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.yml'), 'old a\n');
    mkdirSync(join(dir, 'b.yml'));
    const e = thrown(() => writeFilesAtomic([{ path: join(dir, 'a.yml'), data: 'new a\n' }, { path: join(dir, 'b.yml'), data: 'new b\n' }]));
    expect((e as UserError).message).toBe(`cannot write ${join(dir, 'b.yml')}: it is a directory`);
    expect(readFileSync(join(dir, 'a.yml'), 'utf8')).toBe('old a\n');
    expect(readdirSync(dir).sort()).toEqual(['a.yml', 'b.yml']);
  });
  it('a batch writes every file', () => {
    const dir = tempDir();
    writeFilesAtomic([{ path: join(dir, 'x', 'a'), data: '1' }, { path: join(dir, 'b'), data: '2' }]);
    expect([readFileSync(join(dir, 'x', 'a'), 'utf8'), readFileSync(join(dir, 'b'), 'utf8')]).toEqual(['1', '2']);
    expect(readdirSync(dir).sort()).toEqual(['b', 'x']);
  });
  it('a symlink is written through: the link stays, its target gets the bytes', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.json'), 'old');
    symlinkSync(join(dir, 'real.json'), join(dir, 'link.json'));
    writeFileAtomic(join(dir, 'link.json'), 'new');
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toBe('new');
    // a link to a device (--out pointing at /dev/null) writes into the device, never over it
    symlinkSync('/dev/null', join(dir, 'null.json'));
    writeFilesAtomic([{ path: join(dir, 'null.json'), data: 'discarded' }]);
    expect(lstatSync(join(dir, 'null.json')).isSymbolicLink()).toBe(true);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
  it('a FIFO is written into, not replaced by a regular file', () => {
    const dir = tempDir();
    const fifo = join(dir, 'out.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: 'ignore' });
    try {
      writeFileAtomic(fifo, 'through the pipe');
      expect(statSync(fifo).isFIFO()).toBe(true);
    } finally {
      reader.kill();
    }
  });
});
