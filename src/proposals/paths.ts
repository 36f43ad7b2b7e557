// Every path a request names is project-relative and must stay inside the project: checked on
// the text (absolute, `..`, NUL, backslash, the reserved folders) and again after resolving
// symlinks, so a link inside the project cannot lead a read or a write out of it.
import { lstatSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { containedPath } from '../core/paths.js';
import { ChangeError } from './errors.js';

/** Folders no request may read or write: git's own data and modeler's runtime state. */
export const RESERVED_DIRS = ['.git', '.modeler'];

export interface ProjectPath {
  /** Normalised project-relative POSIX path (`./a//b` → `a/b`). */
  rel: string;
  /** Absolute path with every existing symlink resolved. */
  abs: string;
}

/** Why `p` is not an acceptable project-relative path, or its normalised form. */
export function normaliseRel(p: unknown): { rel?: string; problem?: string } {
  if (typeof p !== 'string' || p === '') return { problem: 'the path is empty' };
  if (p.includes('\0')) return { problem: 'the path contains a NUL byte' };
  if (p.includes('\\')) return { problem: "the path contains a backslash; use '/' between folders" };
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.startsWith('~')) return { problem: 'the path is absolute; give it relative to the project' };
  const segs = p.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) return { problem: "the path contains '..'" };
  if (!segs.length) return { problem: 'the path names the project folder itself, not a file' };
  const reserved = reservedIn(segs);
  if (reserved) return { problem: `the path is inside ${reserved}/, which requests may not touch` };
  return { rel: segs.join('/') };
}

function reservedIn(segs: string[]): string | undefined {
  // case-insensitively: on macOS and Windows `.GIT` is `.git`
  return segs.map((s) => s.toLowerCase()).find((s) => RESERVED_DIRS.includes(s));
}

/** Resolve a request path inside `root`, or throw PATH_ESCAPE naming the path and the reason. */
export function projectPath(root: string, p: unknown, field = 'path'): ProjectPath {
  const { rel, problem } = normaliseRel(p);
  if (problem) throw escape(field, p, problem);
  const abs = containedPath(root, rel!);
  if (!abs) throw escape(field, p, 'a symlink leads outside the project');
  if (danglingLink(root, rel!)) throw escape(field, p, 'a symlink on the way leads nowhere (writing through it could create a file anywhere)');
  // a link inside the project may still point into .git/ or .modeler/
  const realRoot = realpathSync(root);
  const inside = abs === realRoot ? '' : abs.slice(realRoot.length + 1);
  const reserved = reservedIn(inside.split(sep));
  if (reserved) throw escape(field, p, `a symlink leads into ${reserved}/`);
  return { rel: rel!, abs };
}

function danglingLink(root: string, rel: string): boolean {
  let at = root;
  for (const seg of rel.split('/')) {
    at = join(at, seg);
    let st;
    try { st = lstatSync(at); } catch { return false; } // the rest does not exist yet
    if (st.isSymbolicLink()) {
      try { realpathSync(at); } catch { return true; }
    }
  }
  return false;
}

function escape(field: string, p: unknown, why: string): ChangeError {
  const shown = typeof p === 'string' ? JSON.stringify(p.replace(/\0/g, '\\0')) : String(p);
  return new ChangeError('PATH_ESCAPE', `${field} ${shown} is refused: ${why}`, { field, path: typeof p === 'string' ? p : undefined, reason: why });
}
