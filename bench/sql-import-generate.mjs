#!/usr/bin/env node
// Speed of `import sql` and `generate sql` on a 2,000-table schema (target: under 2 s each).
// A synthetic DDL file is generated (tables of 6–14 columns, a foreign key to an earlier table,
// a unique index every fifth table, COMMENT ON every tenth), then imported with the PostgreSQL
// reader and with the MySQL reader, and the model regenerated for every dialect.
// Runs the built package: `npm run build` first. `node bench/sql-import-generate.mjs 5000` for more.
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const dist = (p) => import(join(ROOT, 'dist', p));
const { importSql } = await dist('sql/import/index.js');
const { generateSql } = await dist('sql/generate.js');
const { generateMigration } = await dist('sql/migrate.js');
const { DIALECTS } = await dist('sql/dialects/index.js');

const N = Number(process.argv[2] ?? 2000);
const TYPES = ['integer', 'bigint', 'varchar(120)', 'decimal(12,2)', 'timestamp', 'boolean', 'text', 'date'];

function ddl(dialect) {
  const q = dialect === 'mysql' ? '`' : '"';
  const out = [];
  for (let t = 0; t < N; t++) {
    const cols = [`  id bigint NOT NULL`];
    const n = 6 + (t % 9);
    for (let c = 1; c < n; c++) {
      const type = TYPES[(t + c) % TYPES.length];
      const dflt = type === 'timestamp' ? ' DEFAULT CURRENT_TIMESTAMP' : type === 'boolean' ? ' DEFAULT FALSE' : type === 'decimal(12,2)' ? ' DEFAULT 0' : '';
      cols.push(`  col_${c} ${type}${c % 3 === 0 ? ' NOT NULL' : ''}${dflt}`);
    }
    if (t > 0) cols.push(`  parent_id bigint`);
    cols.push(`  PRIMARY KEY (id)`);
    if (t > 0) cols.push(`  CONSTRAINT fk_t${t}_parent FOREIGN KEY (parent_id) REFERENCES ${q}table_${Math.floor(t / 2)}${q} (id)`);
    out.push(`CREATE TABLE ${q}table_${t}${q} (\n${cols.join(',\n')}\n);`);
    if (t % 5 === 0) out.push(`CREATE UNIQUE INDEX ux_table_${t}_col_1 ON ${q}table_${t}${q} (col_1);`);
    if (t % 10 === 0 && dialect !== 'mysql') out.push(`COMMENT ON TABLE table_${t} IS 'Table number ${t}';`);
  }
  return out.join('\n');
}

const time = async (fn) => { const t0 = performance.now(); const r = await fn(); return [r, performance.now() - t0]; };
const ms = (x) => `${x.toFixed(0).padStart(6)} ms`;

console.log(`sql import/generate on ${N} tables (node ${process.version})`);
let model;
for (const dialect of ['postgres', 'mysql']) {
  const sql = ddl(dialect);
  await importSql('CREATE TABLE warm (id int);', 'warm.sql', { dialect }); // load the parser once
  const [r, t] = await time(() => importSql(sql, 'bench.sql', { dialect }));
  if (r.diagnostics.length) throw new Error(JSON.stringify(r.diagnostics[0]));
  const cols = r.model.entities.reduce((n, e) => n + e.columns.length, 0);
  console.log(`import sql  ${dialect.padEnd(10)} ${ms(t)}  (${(sql.length / 1e6).toFixed(1)} MB, ${r.model.entities.length} tables, ${cols} columns, ${r.model.relationships.length} relationships, ${r.model.indexes.length} indexes)`);
  model ??= r.model;
}
for (const d of DIALECTS) {
  const [sql, t] = await time(() => generateSql(model, d));
  console.log(`generate sql ${d.padEnd(10)} ${ms(t)}  (${(sql.length / 1e6).toFixed(1)} MB)`);
}
const changed = { ...model, model: { ...model.model, version: '1.1.0' }, entities: model.entities.map((e, i) => (i % 7 ? e : { ...e, columns: [...e.columns, { name: 'added_col', data_type: 'text' }] })) };
const [mig, tm] = await time(() => generateMigration(model, changed, 'postgres'));
console.log(`migrate      postgres   ${ms(tm)}  (${mig.statements.length} statements)`);

// The commands end to end (process start, file I/O, model validation included).
const { spawnSync } = await import('node:child_process');
const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const dir = mkdtempSync(join(tmpdir(), 'modeler-bench-'));
writeFileSync(join(dir, 'schema.sql'), ddl('postgres'));
const cli = (args) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'modeler.js'), ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return performance.now() - t0;
};
console.log(`cli  import sql           ${ms(cli(['import', 'sql', join(dir, 'schema.sql'), '--out', join(dir, 'm.yaml')]))}`);
console.log(`cli  generate sql postgres ${ms(cli(['generate', 'sql', join(dir, 'm.yaml'), '--dialect', 'postgres', '--out', join(dir, 'out.sql')]))}  (includes loading and validating the 2,000-entity model file)`);
rmSync(dir, { recursive: true, force: true });
