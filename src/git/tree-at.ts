// The project's files as a commit holds them, extracted into a scratch folder (git archive piped
// into tar), so the project reader can read an older version exactly as it reads the work tree.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCommit } from './branches.js';
import { GitError } from './errors.js';
import { gitEnv, openRepo, type GitOptions } from './repo.js';

export interface TreeAt { dir: string; commit: string; cleanup(): void }

export async function projectTreeAt(projectDir: string, ref: string, opts: GitOptions = {}): Promise<TreeAt> {
  const repo = await openRepo(projectDir, opts);
  const commit = await resolveCommit(repo, ref);
  if (!commit) throw new GitError('REF_NOT_FOUND', `'${ref}' names no commit of this repository (a branch, tag or commit; fetch it first if it is remote)`, { ref });
  const scratch = mkdtempSync(join(tmpdir(), 'modeler-tree-'));
  try {
    await new Promise<void>((resolve, reject) => {
      const git = spawn('git', ['archive', '--format=tar', commit, '--', repo.prefix || '.'], { cwd: repo.root, env: gitEnv() });
      const tar = spawn('tar', ['-x', '-f', '-', '-C', scratch]);
      let err = '';
      git.stderr.on('data', (d) => (err += d));
      tar.stderr.on('data', (d) => (err += d));
      git.stdout.pipe(tar.stdin);
      const timer = setTimeout(() => { git.kill(); tar.kill(); reject(new GitError('GIT_TIMEOUT', `git archive of ${ref} took longer than ${(opts.timeoutMs ?? 60_000) / 1000} s`)); }, opts.timeoutMs ?? 60_000);
      git.on('error', (e) => { clearTimeout(timer); reject(new GitError('GIT_FAILED', `git could not be run: ${e.message}`)); });
      tar.on('error', (e) => { clearTimeout(timer); reject(new GitError('GIT_FAILED', `tar could not be run (it extracts the files of ${ref}): ${e.message}`)); });
      tar.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0 && git.exitCode === 0) resolve();
        else git.on('close', (g) => (code === 0 && g === 0 ? resolve() : reject(new GitError('GIT_FAILED', `the files of ${ref} could not be extracted: ${err.trim() || `git exited ${g}, tar ${code}`}`))));
      });
    });
  } catch (e) {
    rmSync(scratch, { recursive: true, force: true });
    throw e;
  }
  return { dir: join(scratch, repo.prefix), commit, cleanup: () => rmSync(scratch, { recursive: true, force: true }) };
}
