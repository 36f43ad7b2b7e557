// Real repositories for the git tests: a bare "origin" and clones of it in a temp dir, set up
// with the system git directly (the code under test is never used to build its own fixture).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../helpers/cli.js';

// keep the user's global git config (hooks, signing, templates) out of the fixtures
const ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: ENV, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function write(dir: string, rel: string, text: string): void {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), text);
}
export const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');

function configure(dir: string, name: string): void {
  git(dir, 'config', 'user.name', name);
  git(dir, 'config', 'user.email', `${name.toLowerCase()}@example.com`);
  git(dir, 'config', 'commit.gpgsign', 'false');
}

export interface Fixture { root: string; origin: string; clone: (name: string) => string }

/** A bare origin on `main` with one commit (README.md), and a way to make configured clones. */
export function originWithCommit(): Fixture {
  const root = tempDir('modeler-git-');
  const origin = join(root, 'origin.git');
  git(root, 'init', '--bare', '--initial-branch=main', origin);
  const seed = join(root, 'seed');
  git(root, 'clone', '--quiet', origin, seed);
  configure(seed, 'Seed');
  git(seed, 'checkout', '--quiet', '-b', 'main');
  write(seed, 'README.md', 'hello\n');
  write(seed, 'models/orders.yml', 'version: 2\nmodels:\n  - name: orders\n');
  git(seed, 'add', '.');
  git(seed, 'commit', '--quiet', '-m', 'first');
  git(seed, 'push', '--quiet', 'origin', 'main');
  const clone = (name: string) => {
    const dir = join(root, name);
    git(root, 'clone', '--quiet', origin, dir);
    configure(dir, name);
    return dir;
  };
  return { root, origin, clone };
}

export const head = (dir: string, rev = 'HEAD') => git(dir, 'rev-parse', rev);
export const porcelain = (dir: string) => git(dir, 'status', '--porcelain');
