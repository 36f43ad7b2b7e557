// Whether a folder is inside a git work tree, without running git: a `.git` (folder, or file of a
// worktree or submodule) in it or a folder above. What the UI asks first, so it does not call the
// git routes of a project that is not a repository only to be told so (409 NOT_A_REPO).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function inGitWorkTree(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return true;
    if (dirname(d) === d) return false;
  }
}
