// Writes that never leave a half-written file: write a sibling temp file, then rename over.
import { closeSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UserError } from './diagnostics.js';

/**
 * Data to write: text, bytes, or bytes in parts (written one after another, never concatenated
 * in memory). Parts may come from a generator that makes them as they are written: each part is
 * written before the next is asked for, so it may refill one buffer.
 */
type Data = string | Uint8Array | Iterable<Uint8Array>;

export function writeFileAtomic(path: string, data: Data): void {
  const to = realTarget(path);
  commit(to, writeTemp(to, data));
}

/** A symlink is written through: its target is replaced, not the link. */
function realTarget(path: string): string {
  try { return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path; } catch { return path; }
}

function writeTemp(path: string, data: Data): string {
  // a fixed-length name: any target name the OS allows (up to NAME_MAX) can be written
  const tmp = join(dirname(path), `.modeler-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    mkdirSync(dirname(path), { recursive: true });
    // found now rather than at the rename, so a batch fails before it replaces anything
    const st = statSync(path, { throwIfNoEntry: false });
    if (st?.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    // a device or pipe (--out /dev/null, /dev/stdout, a FIFO) is written directly: renaming a
    // temp file over it would replace the device node itself
    if (st && !st.isFile()) { write(path, data); return ''; }
    write(tmp, data);
    return tmp;
  } catch (e) {
    removeQuietly(tmp);
    throw cannotWrite(path, e);
  }
}

function write(path: string, data: Data): void {
  if (typeof data === 'string' || data instanceof Uint8Array) { writeFileSync(path, data); return; }
  const fd = openSync(path, 'w');
  try {
    for (const part of data) for (let at = 0; at < part.length;) at += writeSync(fd, part, at, part.length - at);
  } finally { closeSync(fd); }
}

function commit(path: string, tmp: string): void {
  if (!tmp) return; // written directly
  try {
    renameSync(tmp, path);
  } catch (e) {
    removeQuietly(tmp);
    throw cannotWrite(path, e);
  }
}

/** rmSync({force}) still throws when a parent is a file (ENOTDIR); cleanup must not hide the real error. */
function removeQuietly(tmp: string): void {
  try { rmSync(tmp, { force: true }); } catch { /* nothing was created */ }
}

/** An output path the user chose that cannot be written is a usage error (one line, exit 64), not a crash. */
function cannotWrite(path: string, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException)?.code;
  const why: Record<string, string> = { EISDIR: 'it is a directory', ENOTDIR: 'a parent is not a directory', EEXIST: 'a parent is not a directory', EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system', ENOSPC: 'no space left on device' };
  return code && why[code] ? new UserError(`cannot write ${path}: ${why[code]}`, 64, 'IO') : e;
}

/**
 * Write several files: every temp file first, then the renames, so a failure while writing
 * (a directory in the way, a full disk) leaves every existing file as it was.
 */
export function writeFilesAtomic(files: { path: string; data: Data }[]): void {
  const temps: { path: string; tmp: string }[] = [];
  try {
    for (const f of files) {
      const to = realTarget(f.path);
      temps.push({ path: to, tmp: writeTemp(to, f.data) });
    }
  } catch (e) {
    for (const t of temps) removeQuietly(t.tmp);
    throw e;
  }
  temps.forEach((t, i) => {
    try {
      commit(t.path, t.tmp);
    } catch (e) {
      for (const rest of temps.slice(i + 1)) removeQuietly(rest.tmp);
      throw e;
    }
  });
}
