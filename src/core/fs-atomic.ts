// Writes that never leave a half-written file: write a sibling temp file, then rename over.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UserError } from './diagnostics.js';

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw cannotWrite(path, e);
  }
}

/** An output path the user chose that cannot be written is a usage error (one line, exit 64), not a crash. */
function cannotWrite(path: string, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException)?.code;
  const why: Record<string, string> = { EISDIR: 'it is a directory', ENOTDIR: 'a parent is not a directory', EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system', ENOSPC: 'no space left on device' };
  return code && why[code] ? new UserError(`cannot write ${path}: ${why[code]}`, 64, 'IO') : e;
}

/** Write several files only after all their contents are computed; on failure none remain new. */
export function writeFilesAtomic(files: { path: string; data: string | Uint8Array }[]): void {
  for (const f of files) writeFileAtomic(f.path, f.data);
}
