// The product version, as written into the manifests it produces.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';

let cached: string | undefined;
export function packageVersion(): string {
  cached ??= String(JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).version);
  return cached;
}
