#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/ (built from src/cli by `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('modeler: the package is not built; run `npm run build` in ' + fileURLToPath(new URL('..', import.meta.url)) + '\n');
  process.exit(70);
}
// A closed pipe (`modeler … | head`) is not an error: stop quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); throw e; });
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
