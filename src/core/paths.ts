// Where the package's own files live, whether running from src/ (tests) or dist/ (built).
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve, relative, isAbsolute, sep } from 'node:path';
import { realpathSync, existsSync, readFileSync } from 'node:fs';

export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCHEMAS_DIR = join(PACKAGE_ROOT, 'schemas');
export const EXAMPLE_PROJECT = join(PACKAGE_ROOT, 'examples', 'jaffle_shop');

/** The package's version (package.json), as every face and report states it. */
export function toolVersion(): string {
  return JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).version;
}

/** Project-relative path with forward slashes (stable across OSes, used in output). */
export function toPosixRel(root: string, abs: string): string {
  return relative(root, abs).split(sep).join('/');
}

/**
 * Resolve `p` inside `root`, following symlinks of the existing part; undefined when it escapes.
 * Every write the tool makes on behalf of a request goes through this.
 */
export function containedPath(root: string, p: string): string | undefined {
  const realRoot = realpathSync(root);
  const abs = resolve(realRoot, p);
  let probe = abs;
  while (!existsSync(probe) && dirname(probe) !== probe) probe = dirname(probe);
  const realProbe = existsSync(probe) ? realpathSync(probe) : probe;
  const full = join(realProbe, relative(probe, abs));
  const rel = relative(realRoot, full);
  if (rel === '' ) return full;
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return full;
}
