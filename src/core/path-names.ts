// Names a request may give a file or folder: none that git or the operating system would choke on
// or read as something else. Git refuses a path component it treats as `.git` (case-insensitively;
// with NTFS's trailing dots and spaces and 8.3 short name `git~1`; with the Unicode code points
// HFS+ ignores) — such a component in the work tree would stop every later commit. Windows drops
// trailing dots and spaces, so `a.` and `a` would be one file there; control characters break
// terminals, logs and git's quoting. Shared by the file API, proposals and the git routes.
import { LIMITS, showLimit } from './limits.js';

/** Folders no request may read or write: git's own data and modeler's runtime state. */
export const RESERVED_DIRS = ['.git', '.modeler'];

export interface NameProblem {
  /** PATH_ESCAPE (a reserved folder), NAME_INVALID, NAME_TOO_LONG, PATH_TOO_LONG */
  code: 'PATH_ESCAPE' | 'NAME_INVALID' | 'NAME_TOO_LONG' | 'PATH_TOO_LONG';
  why: string;
}

// code points HFS+ ignores in names (git's is_hfs_dotgit skips them)
// eslint-disable-next-line no-control-regex
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

/** The reserved folder a name stands for in any spelling git or a file system treats as it. */
export function reservedName(seg: string): string | undefined {
  // NTFS: an alternate data stream (`.git::$INDEX_ALLOCATION`) and trailing dots/spaces name the same entry
  const base = seg.replace(HFS_IGNORED, '').split(':')[0].replace(/[. ]+$/, '').toLowerCase();
  if (base === 'git~1') return '.git';
  return RESERVED_DIRS.find((d) => d === base);
}

/** Why one component of a path is refused, or undefined. */
export function segmentProblem(seg: string): NameProblem | undefined {
  const reserved = reservedName(seg);
  if (reserved) return { code: 'PATH_ESCAPE', why: `the path is inside ${reserved}/ (${JSON.stringify(seg)} is how git or the file system may spell it), which requests may not touch` };
  const ctl = CONTROL.exec(seg);
  if (ctl) return { code: 'NAME_INVALID', why: `the name ${JSON.stringify(seg)} contains a control character (U+${ctl[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})` };
  if (/[. ]$/.test(seg)) return { code: 'NAME_INVALID', why: `the name ${JSON.stringify(seg)} ends with a dot or a space, which Windows drops (git refuses such names there)` };
  const bytes = Buffer.byteLength(seg, 'utf8');
  if (bytes > LIMITS.name_length.max) return { code: 'NAME_TOO_LONG', why: `the name ${JSON.stringify(seg.slice(0, 40) + '…')} is ${bytes} bytes, over the ${showLimit('name_length')} limit` };
  return undefined;
}

/** Why a project-relative path (already split, without `.`/`..`) is refused, or undefined. */
export function pathNameProblem(segs: readonly string[]): NameProblem | undefined {
  const bytes = Buffer.byteLength(segs.join('/'), 'utf8');
  if (bytes > LIMITS.path_length.max) return { code: 'PATH_TOO_LONG', why: `the path is ${bytes} bytes, over the ${showLimit('path_length')} limit` };
  for (const s of segs) {
    const p = segmentProblem(s);
    if (p) return p;
  }
  return undefined;
}

/** The reserved folder a resolved path (relative to the project's real path, OS separators) lies in. */
export function reservedIn(segs: readonly string[]): string | undefined {
  for (const s of segs) {
    const r = reservedName(s);
    if (r) return r;
  }
  return undefined;
}
