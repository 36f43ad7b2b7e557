#!/usr/bin/env node
// Figures for the warehouse apply path (run after `npm run build`): checksum normalisation,
// destructive analysis, and whole applies on DuckDB (in memory), the live PostgreSQL and MariaDB.
// Prints numbers; asserts nothing.
import { randomBytes } from 'node:crypto';
const dist = new URL('../dist/warehouse/', import.meta.url);
const { migrationChecksum } = await import(new URL('checksum.js', dist));
const { analyseStatement } = await import(new URL('destructive.js', dist));
const { applySql } = await import(new URL('apply.js', dist));

const ms = (t0) => (performance.now() - t0).toFixed(1);
const tables = (n, prefix) => Array.from({ length: n }, (_, i) =>
  `-- table ${i}\nCREATE TABLE ${prefix}${i} (\n  id INTEGER PRIMARY KEY,\n  name VARCHAR(40) NOT NULL, -- display\n  amount DECIMAL(12,2) DEFAULT 0\n)`);

const big = tables(2000, 't');
let t0 = performance.now();
const sum = migrationChecksum(big, 'postgres');
console.log(`checksum: 2000 statements (${(big.join(';\n').length / 1024).toFixed(0)} KiB) in ${ms(t0)} ms (${sum.slice(0, 12)}…)`);

for (const dialect of ['postgres', 'mysql', 'snowflake']) {
  await analyseStatement('CREATE TABLE warm (a INT)', dialect); // parser load
  t0 = performance.now();
  for (const s of big.slice(0, 500)) await analyseStatement(s, dialect);
  console.log(`destructive analysis (${dialect}): 500 statements in ${ms(t0)} ms`);
}

const script = (n, prefix) => tables(n, prefix).join(';\n') + ';\n' + Array.from({ length: n }, (_, i) => `INSERT INTO ${prefix}${i} (id, name) VALUES (1, 'x')`).join(';\n');
t0 = performance.now();
let r = await applySql({ connector: 'duckdb', sql: script(200, 'd') });
console.log(`duckdb (memory) apply 400 statements: ${ms(t0)} ms total, ${r.duration_ms} ms reported, status ${r.status}`);
t0 = performance.now();
r = await applySql({ connector: 'duckdb', sql: script(200, 'd'), dry_run: true });
console.log(`duckdb (memory) dry run 400 statements: ${ms(t0)} ms, status ${r.status}`);

const schema = `bench_${randomBytes(3).toString('hex')}`;
try {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database: 'test' });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  const base = { connector: 'postgres', host: '127.0.0.1', user: 'postgres', database: 'test', schema };
  t0 = performance.now();
  r = await applySql({ ...base, sql: script(200, 'p'), migration_name: 'bench' });
  console.log(`postgres apply 400 statements + ledger: ${ms(t0)} ms, status ${r.status}`);
  t0 = performance.now();
  r = await applySql({ ...base, sql: script(200, 'p'), migration_name: 'bench' });
  console.log(`postgres re-apply (no-op): ${ms(t0)} ms, status ${r.status}`);
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
} catch (e) { console.log(`postgres: skipped (${e.message})`); }

try {
  const mysql = (await import('mysql2/promise')).default;
  const c = await mysql.createConnection({ host: '127.0.0.1', user: 'root' });
  await c.query(`CREATE DATABASE ${schema}`);
  t0 = performance.now();
  r = await applySql({ connector: 'mysql', host: '127.0.0.1', user: 'root', database: schema, sql: script(100, 'm'), migration_name: 'bench' });
  console.log(`mariadb apply 200 statements + ledger: ${ms(t0)} ms, status ${r.status}`);
  await c.query(`DROP DATABASE ${schema}`);
  await c.end();
} catch (e) { console.log(`mariadb: skipped (${e.message})`); }
