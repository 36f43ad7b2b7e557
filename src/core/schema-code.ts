// Compiled schema validators shipped as code: compiling model.schema.json with ajv costs
// ~100–300 ms, loading the code ajv generates for it ~10 ms, and every command that reads a
// project validates its Modeler/ files. The build (scripts/schema-code.mjs) writes each schema's
// code into the package's own dist/schema-code/<name>-<hash>.cjs; the hash covers the schema
// text, ajv's version and the options, so a changed schema or ajv is compiled at run time instead.
// Nothing is written at run time and no code is read from outside the package.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { writeFileAtomic } from './fs-atomic.js';
import { PACKAGE_ROOT } from './paths.js';

const require = createRequire(import.meta.url);
const AJV_VERSION: string = require('ajv/package.json').version;

/** Where the build keeps validator code. */
export const BUILT_SCHEMA_CODE = join(PACKAGE_ROOT, 'dist', 'schema-code');

/** The code file for a schema's text compiled with these options. */
function codeFile(dir: string, name: string, text: string, options: object): string {
  const hash = createHash('sha256').update(AJV_VERSION).update('\0').update(JSON.stringify(options)).update('\0').update(text).digest('base64url').slice(0, 24);
  return join(dir, `${name.replace(/\.json$/, '')}-${hash}.cjs`);
}

/** The validator from the code built for exactly this text and these options, or undefined. */
export function builtValidator(name: string, text: string, options: object, dir = BUILT_SCHEMA_CODE): ValidateFunction | undefined {
  const file = codeFile(dir, name, text, options);
  if (!existsSync(file)) return undefined;
  try {
    const exported = require(file);
    const v = exported?.default ?? exported;
    return typeof v === 'function' ? v : undefined;
  } catch { return undefined; }
}

/** Write a compiled validator's code (`ajv` made with code.source); false when ajv cannot write it as code. */
export function writeValidatorCode(name: string, text: string, options: object, ajv: unknown, validate: ValidateFunction, dir = BUILT_SCHEMA_CODE): boolean {
  let code: string;
  try { code = require('ajv/dist/standalone').default(ajv, validate); } catch { return false; }
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(codeFile(dir, name, text, options), code);
  return true;
}
