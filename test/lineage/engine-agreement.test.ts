// Agreement with an independent engine: the example project's models, rendered as dbt compiles
// them, run on DuckDB over generated source rows (every source column its own range of values,
// so a wrong edge cannot hold by chance), each model materialised in upstream order. For every
// `passthrough` and `rename` edge, each non-null value of the column is a value of its parent
// column; the check runs on every model that DuckDB runs, and fails if one does not.
import { DuckDBInstance } from '@duckdb/node-api';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { modelSql } from '../../src/core/columns/model-sql.js';
import { readMacroLibrary } from '../../src/core/sql-render/macros.js';
import { lineageGraph } from '../../src/lineage/graph.js';
import type { DbtNode } from '../../src/core/project/types.js';

beforeAll(async () => { await initSqlColumns(); });

const table = (id: string) => `"t_${id.replace(/[^A-Za-z0-9_]/g, '_')}"`;

describe('passthrough and rename edges hold on data (DuckDB)', () => {
  it('every passthrough/rename edge of the example\'s models: the column\'s values are its parent\'s', async () => {
    // render here (no compiled_code): relations come out as tokens the renderer maps back to nodes
    const dir = join(tempDir('modeler-lineage-engine-'), 'jaffle_shop');
    cpSync(EXAMPLE, dir, { recursive: true, filter: (s) => !s.includes('/.modeler') });
    rmSync(join(dir, 'target'), { recursive: true, force: true });
    const p = loadProject(dir);
    const g = lineageGraph(p);
    const con = await (await DuckDBInstance.create(':memory:')).connect();
    // sources: every column read from them, integers, each column in its own range
    for (const s of p.sources) {
      const cols = g.columnsOf(s.uniqueId);
      if (!cols.length) continue;
      const exprs = cols.map((c, i) => `(${(i + 1) * 1_000_000} + (r * 7919) % 50) as "${c}"`);
      await con.run(`create table ${table(s.uniqueId)} as select ${exprs.join(', ')} from range(200) t(r)`);
    }
    const inputs = { project: p, lib: readMacroLibrary(p.root, p.name, p.macroPaths, p.packagesInstallPath), target: p.dbtTarget, columnsOf: () => undefined, compiledRelations: () => new Map<string, string>() };
    // models in upstream order
    const done = new Set<string>();
    const order: DbtNode[] = [];
    const visit = (m: DbtNode) => {
      if (done.has(m.uniqueId)) return;
      done.add(m.uniqueId);
      for (const r of m.refs) { const up = p.modelByName.get(r.name); if (up) visit(up); }
      order.push(m);
    };
    p.models.forEach(visit);
    const ran: string[] = [];
    for (const m of order) {
      const ms = modelSql(m, inputs)!;
      expect(ms.placeholders, m.name).toEqual([]);
      const sql = ms.sql.replace(/(__rel_\d+)\.("?)(\w+)\2/g, (all, tok, _q, ident) => { const id = ms.relationOf([tok, ident]); return id ? table(id) : all; });
      await con.run(`create table ${table(m.uniqueId)} as ${sql}`);
      ran.push(m.name);
    }
    expect(ran.length).toBe(p.models.length);
    let checked = 0;
    for (const m of order) {
      for (const c of g.columnsOf(m.uniqueId)) {
        for (const e of g.up(m.uniqueId, c)) {
          if (e.kind !== 'passthrough' && e.kind !== 'rename') continue;
          const bad = (await con.runAndReadAll(`select count(*) as n from ${table(m.uniqueId)} where "${c}" is not null and "${c}" not in (select "${e.from.column}" from ${table(e.from.id)} where "${e.from.column}" is not null)`)).getRowObjectsJson()[0].n;
          const rows = (await con.runAndReadAll(`select count("${c}") as n from ${table(m.uniqueId)}`)).getRowObjectsJson()[0].n;
          expect(Number(rows), `${m.name}.${c} has values`).toBeGreaterThan(0);
          expect(Number(bad), `${m.name}.${c} <- ${g.nameOf(e.from.id)}.${e.from.column} (${e.kind})`).toBe(0);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});
