#!/usr/bin/env node
// Build step after tsc: write every schema's compiled validator as code into dist/schema-code/,
// so no command compiles a schema at run time (src/core/schema-code.ts says why).
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const { BUILT_SCHEMA_CODE } = await import(join(ROOT, 'dist', 'core', 'schema-code.js'));
const { writeSchemaCode } = await import(join(ROOT, 'dist', 'core', 'json-schema.js'));
rmSync(BUILT_SCHEMA_CODE, { recursive: true, force: true }); // code of older schema texts goes
const written = writeSchemaCode();
console.log(`wrote validator code for ${written.length} schemas into dist/schema-code`);
