// Diagram edits on the real dbt projects in ../shared/fixtures/real-dbt/: for every model, each
// canvas action (describe its first column, set its type, add a column, relate its first *_id
// column to the table keyed by it, rename the model, delete it) is proposed and validated on a
// copy, nothing applied. Prints how many were proposed valid, refused with why (EDIT_REFUSED),
// or blocked by validation, and the median and worst time of propose + validate.
// Usage: npm run build:core && node bench/canvas-edits.mjs
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProject, validateProposal } from '../dist/api.js';
import { proposeEdit } from '../dist/proposals/canvas-edit.js';
import { REAL_DBT, realProjects } from './lib/real-dbt.mjs';

const pct = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0; };
const names = realProjects();
if (!names.length) { console.log(`no real dbt projects under ${REAL_DBT}`); process.exit(0); }
for (const name of names) {
  const dir = join(mkdtempSync(join(tmpdir(), 'modeler-edits-')), name);
  cpSync(join(REAL_DBT, name), dir, { recursive: true });
  const p = loadProject(dir);
  const ctx = { root: p.root, docFile: (n) => { const d = p.docs.get(n); return d && { file: d.file, line: d.line }; } };
  const counts = {};
  const ms = [];
  const blocked = [];
  for (const m of p.models) {
    const c = m.columns[0]?.name;
    const fk = m.columns.find((x) => /_id$/.test(x.name) && !x.name.startsWith(m.name.replace(/^stg_\w+?__/, '')));
    const parent = fk && p.models.find((t) => t !== m && t.columns[0]?.name === fk.name);
    const edits = [
      ...(c ? [{ action: 'describe', table: m.name, column: c, description: 'Described on the canvas.' }, { action: 'set_type', table: m.name, column: c, data_type: 'varchar' }] : []),
      { action: 'add_column', table: m.name, column: 'added_on_canvas', data_type: 'integer' },
      ...(parent ? [{ action: 'relate', table: m.name, column: fk.name, to_table: parent.name, to_column: fk.name }] : []),
      { action: 'rename', table: m.name, to: `${m.name}_renamed` },
      { action: 'delete', table: m.name },
    ];
    for (const e of edits) {
      const t0 = performance.now();
      let outcome;
      try {
        const r = proposeEdit(p, e);
        const v = validateProposal(ctx, r.changes);
        outcome = v.valid ? 'valid' : 'blocked';
        if (!v.valid) blocked.push(`${e.action} ${m.name}: ${v.results.find((x) => !x.valid).code} ${v.results.find((x) => !x.valid).message.slice(0, 160)}`);
      } catch (err) { outcome = err.code === 'EDIT_REFUSED' ? 'refused' : `crash ${err.message}`; }
      ms.push(performance.now() - t0);
      const k = `${e.action} ${outcome}`;
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
  console.log(`${name}: ${p.models.length} models, ${ms.length} edits; propose+validate median ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
  for (const [k, n] of Object.entries(counts).sort()) console.log(`  ${k}: ${n}`);
  for (const b of blocked.slice(0, 5)) console.log(`  blocked: ${b}`);
  rmSync(dir, { recursive: true, force: true });
}
