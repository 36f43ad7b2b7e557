// `--changed-only --base-ref <ref>`: the project files that differ from the merge base with
// <ref> (committed, staged, unstaged and untracked), as project-relative paths.
import { execFileSync } from 'node:child_process';
import { UserError } from '../../core/diagnostics.js';
import { opt } from '../../core/option-names.js';

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

export function changedFiles(projectDir: string, baseRef: string): Set<string> {
  try { git(projectDir, ['rev-parse', '--is-inside-work-tree']); } catch {
    throw new UserError(`${opt('changed_only')} needs a git work tree, and ${projectDir} is not in one`);
  }
  let base: string;
  try { base = git(projectDir, ['merge-base', baseRef, 'HEAD']).trim(); } catch {
    throw new UserError(`${opt('base_ref')} '${baseRef}' is not a commit of this repository (fetch it first, e.g. git fetch origin ${baseRef.replace(/^origin\//, '')})`);
  }
  // -z: raw NUL-separated paths; without it git quotes non-ASCII names ("sch\303\251ma.yml") and they never match.
  const lines = [
    ...git(projectDir, ['diff', '-z', '--name-only', '--relative', base, '--', '.']).split('\0'),
    ...git(projectDir, ['ls-files', '-z', '--others', '--exclude-standard']).split('\0'),
  ];
  return new Set(lines.filter(Boolean));
}

/** The repository-relative prefix of a project directory ('' at the top, undefined outside git). */
export function repoPrefix(projectDir: string): string | undefined {
  try { return git(projectDir, ['rev-parse', '--show-prefix']).trim(); } catch { return undefined; }
}
