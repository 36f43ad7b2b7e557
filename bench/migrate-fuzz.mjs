#!/usr/bin/env node
// The `migrate` property at scale: random pairs of models (test/sql/migrate-fuzz.ts) →
// generate(old) + migrate(old, new) and generate(new) on DuckDB, the live PostgreSQL and the live
// MariaDB → equal catalogs. Prints the pairs run and the failures found per engine; a failure is
// shrunk by fast-check to a smallest pair. Runs under vite-node (the generator is TypeScript):
//   node bench/migrate-fuzz.mjs [--runs 300] [--seed N] [--engines duckdb,postgres,mariadb]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (!process.env.VITE_NODE_BENCH) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const r = spawnSync(`${root}node_modules/.bin/vite-node`, [fileURLToPath(new URL('lib/migrate-fuzz-run.ts', import.meta.url)), '--', ...process.argv.slice(2)],
    { stdio: 'inherit', cwd: root, env: { ...process.env, VITE_NODE_BENCH: '1' } });
  process.exit(r.status ?? 1);
}
