// Writes that never leave a half-written file: write a sibling temp file, then rename over.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Write several files only after all their contents are computed; on failure none remain new. */
export function writeFilesAtomic(files: { path: string; data: string | Uint8Array }[]): void {
  for (const f of files) writeFileAtomic(f.path, f.data);
}
