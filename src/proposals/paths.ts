// Every path a request names is project-relative and must stay inside the project: checked on
// the text (absolute, `..`, NUL, backslash, the reserved folders) and again after resolving
// symlinks, so a link inside the project cannot lead a read or a write out of it.
import { lstatSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { LIMITS, limitOfCode } from '../core/limits.js';
import { pathNameProblem, reservedIn, type NameProblem } from '../core/path-names.js';
import { containedPath } from '../core/paths.js';
import { ChangeError } from './errors.js';

export { RESERVED_DIRS } from '../core/path-names.js';

export interface ProjectPath {
  /** Normalised project-relative POSIX path (`./a//b` → `a/b`). */
  rel: string;
  /** Absolute path with every existing symlink resolved. */
  abs: string;
}

/** Why `p` is not an acceptable project-relative path (and its code when not PATH_ESCAPE), or its normalised form. */
export function normaliseRel(p: unknown): { rel?: string; problem?: string; code?: NameProblem['code'] } {
  if (typeof p !== 'string' || p === '') return { problem: 'the path is empty' };
  if (p.includes('\0')) return { problem: 'the path contains a NUL byte' };
  if (p.includes('\\')) return { problem: "the path contains a backslash; use '/' between folders" };
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.startsWith('~')) return { problem: 'the path is absolute; give it relative to the project' };
  const segs = p.split('/').filter((s) => s !== '' && s !== '.');
  if (segs.includes('..')) return { problem: "the path contains '..'" };
  if (!segs.length) return { problem: 'the path names the project folder itself, not a file' };
  const named = pathNameProblem(segs);
  if (named) return { problem: named.why, code: named.code };
  return { rel: segs.join('/') };
}

/** Resolve a request path inside `root`, or throw PATH_ESCAPE naming the path and the reason. */
export function projectPath(root: string, p: unknown, field = 'path'): ProjectPath {
  const { rel, problem, code } = normaliseRel(p);
  if (problem) throw escape(field, p, problem, code);
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

function escape(field: string, p: unknown, why: string, code: NameProblem['code'] = 'PATH_ESCAPE'): ChangeError {
  // a path is shown cut short and with control characters escaped: it came from a request
  const shown = typeof p === 'string' ? JSON.stringify(p.length > 200 ? `${p.slice(0, 200)}…` : p) : String(p);
  const limit = limitOfCode(code);
  return new ChangeError(code, `${field} ${shown} is refused: ${why}`,
    { field, path: typeof p === 'string' ? p.slice(0, 1100) : undefined, reason: why, ...(limit ? { limit, max: LIMITS[limit].max } : {}) });
}
