// Paths in git requests and replies are relative to the project directory, as everywhere in the
// server. A path a request names must stay inside the project (symlinks followed); it reaches git
// as a repository-relative literal pathspec after "--". A changed file outside the project (when
// the project is a folder of a bigger repository) is shown as ../path.
import { realpathSync } from 'node:fs';
import { posix, relative, sep } from 'node:path';
import { pathNameProblem, reservedIn } from '../core/path-names.js';
import { containedPath } from '../core/paths.js';
import { GitError } from './errors.js';
import type { Repo } from './repo.js';

/** The repository-relative form of a project-relative path, or PATH_ESCAPE. */
export function repoPath(repo: Repo, p: string): string {
  // eslint-disable-next-line no-control-regex
  const shown = p.replace(/[\x00-\x1f]/g, '?');
  // eslint-disable-next-line no-control-regex
  if (!p || /[\x00-\x1f\\]/.test(p) || p.startsWith('/') || p.startsWith('~') || /^[a-z]:/i.test(p)) {
    throw new GitError('PATH_ESCAPE', `'${shown}' is not a path relative to the project (write it as git status shows it, e.g. models/orders.yml)`, { path: shown });
  }
  const norm = posix.normalize(p).replace(/\/+$/, '') || '.';
  const segs = norm.split('/');
  // `..` is an escape, not a name that ends with a dot
  const named = norm === '.' || segs.includes('..') ? undefined : pathNameProblem(segs);
  if (named && named.code !== 'PATH_ESCAPE') throw new GitError(named.code, `'${shown}' is refused: ${named.why}`, { path: shown });
  const abs = segs.includes('..') || named ? undefined : containedPath(repo.projectDir, norm);
  // a symlink inside the project may lead into .git/ or .modeler/: checked on the resolved path
  if (!abs || reservedIn(relative(realpathSync(repo.projectDir), abs).split(sep))) {
    throw new GitError('PATH_ESCAPE', `'${shown}' is outside the project directory, or in .git/ or .modeler/`, { path: shown });
  }
  if (norm === '.') return repo.prefix ? repo.prefix.slice(0, -1) : '.';
  return repo.prefix + norm;
}

/** A repository-relative path as the project sees it (../… when outside the project). */
export function projectPath(repo: Repo, repoRel: string): string {
  if (!repo.prefix) return repoRel;
  return repoRel.startsWith(repo.prefix) ? repoRel.slice(repo.prefix.length) : posix.relative(repo.prefix, repoRel);
}

/** The project directory itself as a repository-relative pathspec. */
export function projectSpec(repo: Repo): string {
  return repo.prefix ? repo.prefix.slice(0, -1) : '.';
}

/** A literal pathspec: `*`, `?` and `[` in file names mean themselves. */
export function literal(rel: string): string {
  return `:(literal)${rel}`;
}
