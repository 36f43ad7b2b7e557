// Stamps that tell, from another process, whether files are still as they were: size and
// modification time (nanoseconds) of each, and for a file modified within the file system's
// timestamp granularity of the moment it was stamped, a hash of its content too — such a file
// can change again without its time moving (git calls it "racily clean"), so only its bytes
// can vouch for it. A file that does not exist is stamped as missing, so its appearing counts;
// a folder is stamped by its time (and, stamped racily, by its entries' names).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Coarser than every common file system's timestamps (FAT: 2 s; ext4, APFS, NTFS: finer). */
const GRANULARITY_NS = 2_000_000_000n;

/** [path, size (-1: missing), mtime ns as a decimal string, content hash when stamped racily]. */
export type FileStamp = [string, number, string, string?];

/** A folder is stamped too (size -2): its time moves when an entry is added, removed or renamed. */
function stat(abs: string): { size: number; mtimeNs: bigint } | undefined {
  try {
    const st = statSync(abs, { bigint: true, throwIfNoEntry: false });
    return st ? { size: st.isFile() ? Number(st.size) : -2, mtimeNs: st.mtimeNs } : undefined;
  } catch { return undefined; }
}

/** A file's bytes, or a folder's entry names, hashed. */
function hash(abs: string): string {
  try {
    const h = createHash('sha256');
    try { h.update(readFileSync(abs)); } catch (e: any) { if (e?.code !== 'EISDIR') throw e; h.update(JSON.stringify(readdirSync(abs).sort())); }
    return h.digest('base64');
  } catch { return 'unreadable'; }
}

/** Stamp files (paths relative to `root`, or absolute) now. Take the stamps before reading them: a change made meanwhile then shows next time. */
export function stampFiles(root: string, paths: readonly string[]): FileStamp[] {
  const now = BigInt(Date.now()) * 1_000_000n;
  return paths.map((p) => {
    const abs = resolve(root, p);
    const st = stat(abs);
    if (!st) return [p, -1, '0'];
    const racy = st.mtimeNs + GRANULARITY_NS >= now;
    return racy ? [p, st.size, String(st.mtimeNs), hash(abs)] : [p, st.size, String(st.mtimeNs)];
  });
}

/** Whether every file is as stamped (same paths in the same order, same size and time, same bytes where hashed). */
export function stampsHold(root: string, stamps: readonly FileStamp[], paths: readonly string[]): boolean {
  return firstChange(root, stamps, paths) === undefined;
}

/**
 * The first file that is not as stamped (changed, added or removed; for a caller to say why it
 * reads again), or undefined when every one holds.
 */
export function firstChange(root: string, stamps: readonly FileStamp[], paths: readonly string[]): string | undefined {
  if (!Array.isArray(stamps)) return paths[0] ?? '(no stamps)';
  for (let i = 0; i < Math.max(paths.length, stamps.length); i++) {
    const s = stamps[i];
    if (!Array.isArray(s) || s[0] !== paths[i]) {
      // a file added or removed: the one the two lists differ by
      const was = new Set(stamps.map((x) => (Array.isArray(x) ? x[0] : '')));
      const now = new Set(paths);
      return paths.find((p) => !was.has(p)) ?? stamps.map((x) => (Array.isArray(x) ? x[0] : '')).find((p) => !now.has(p)) ?? paths[i] ?? String(s?.[0]);
    }
    const abs = resolve(root, paths[i]);
    const st = stat(abs);
    if (!st) { if (s[1] !== -1) return paths[i]; continue; }
    if (st.size !== s[1] || String(st.mtimeNs) !== s[2]) return paths[i];
    if (s[3] !== undefined && hash(abs) !== s[3]) return paths[i];
  }
  return undefined;
}

/** Every file that is not as stamped: changed, added (in `paths`, not stamped) or removed (stamped, not in `paths`). */
export function changedFiles(root: string, stamps: readonly FileStamp[], paths: readonly string[]): string[] {
  const was = new Map(stamps.map((s) => [s[0], s]));
  const out: string[] = [];
  for (const p of paths) {
    const s = was.get(p);
    was.delete(p);
    if (!s) { out.push(p); continue; }
    const abs = resolve(root, p);
    const st = stat(abs);
    if (!st) { if (s[1] !== -1) out.push(p); continue; }
    if (st.size !== s[1] || String(st.mtimeNs) !== s[2] || (s[3] !== undefined && hash(abs) !== s[3])) out.push(p);
  }
  for (const p of was.keys()) out.push(p);
  return out;
}
