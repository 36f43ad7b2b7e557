// Compiled schema validators kept as code, by the schema's content: compiling model.schema.json
// with ajv costs ~100–300 ms, loading the code ajv generated for it ~10 ms, and every command that
// reads a project validates its Modeler/ files. The code sits in the user's data directory
// (cache/schemas/<name>-<hash>.cjs); the hash covers the schema text, ajv's version and the
// options, so a changed schema or ajv is compiled afresh. A missing, damaged or unwritable cache
// only costs the compile.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { writeFileAtomic } from './fs-atomic.js';
import { userDataDir } from './user-data.js';

const require = createRequire(import.meta.url);
const AJV_VERSION: string = require('ajv/package.json').version;

/** The cache file for a schema's text compiled with these options. */
function codeFile(name: string, text: string, options: object): string {
  const hash = createHash('sha256').update(AJV_VERSION).update('\0').update(JSON.stringify(options)).update('\0').update(text).digest('base64url').slice(0, 24);
  return join(userDataDir(), 'cache', 'schemas', `${name.replace(/\.json$/, '')}-${hash}.cjs`);
}

/** The validator from its cached code, or undefined (no cache yet, or it does not load). */
export function cachedValidator(name: string, text: string, options: object): ValidateFunction | undefined {
  const file = codeFile(name, text, options);
  if (!existsSync(file)) return undefined;
  try {
    const module = { exports: {} as any };
    // the code requires ajv's runtime helpers, resolved from this package as when compiled
    new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(require, module, module.exports);
    const v = module.exports.default ?? module.exports;
    return typeof v === 'function' ? v : undefined;
  } catch { return undefined; }
}

/** Keep a compiled validator's code for the next process (`ajv` must have been made with code.source). */
export function keepValidator(name: string, text: string, options: object, ajv: unknown, validate: ValidateFunction): void {
  try {
    const standaloneCode = require('ajv/dist/standalone').default;
    const code: string = standaloneCode(ajv, validate);
    const file = codeFile(name, text, options);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileAtomic(file, code);
  } catch { /* a schema ajv cannot write as code (e.g. with formats) or a read-only home: compile next time */ }
}
