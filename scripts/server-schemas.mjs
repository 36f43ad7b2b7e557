#!/usr/bin/env node
// Write schemas/server/<Shape>.schema.json from the HTTP contract (src/server/contract.ts).
// Run after changing the contract: npm run build && node scripts/server-schemas.mjs
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const { SHAPES, jsonSchemaOf } = await import(join(ROOT, 'dist', 'server', 'contract.js'));
const dir = join(ROOT, 'schemas', 'server');
mkdirSync(dir, { recursive: true });
const names = Object.keys(SHAPES);
for (const f of readdirSync(dir)) if (!names.includes(f.replace(/\.schema\.json$/, ''))) rmSync(join(dir, f));
for (const name of names) writeFileSync(join(dir, `${name}.schema.json`), JSON.stringify(jsonSchemaOf(name), null, 2) + '\n');
console.log(`wrote ${names.length} schemas to schemas/server/`);
