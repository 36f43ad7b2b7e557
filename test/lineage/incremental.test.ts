// The lineage graph kept up to date from one state of a project to the next (a server re-reads
// the changed files and asks again): after each edit — a column renamed, a model added, a model
// removed, a source's YAML columns changed, a macro changed — every answer of the updated graph
// and every node's columns equal those of a graph built from scratch on a fresh read of the
// files; and a model the edit does not reach keeps its reading (it was not read again).
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import type { Project } from '../../src/core/project/types.js';
import { projectColumns } from '../../src/core/columns/project-columns.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph, type LineageGraph } from '../../src/lineage/graph.js';
import { columnLineage } from '../../src/lineage/query.js';
// @ts-expect-error a plain .mjs helper shared with the benches
import { generateProject } from '../../bench/lib/synthetic-project.mjs';

const dir = mkdtempSync(join(tmpdir(), 'modeler-lineage-incr-'));
beforeAll(async () => {
  await initSqlColumns();
  generateProject(dir, { models: 150 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything the graph answers, in an order that does not depend on how it was built. */
function answers(p: Project, g: LineageGraph): unknown {
  const out: Record<string, unknown> = { stats: { models: g.stats.models, edges: g.stats.edges, unresolved: g.stats.unresolved } };
  const cols = projectColumns(p);
  for (const name of [...g.names()].sort()) {
    const id = g.idOf(name)!;
    out[`${name} columns`] = JSON.parse(JSON.stringify(cols.of(id)));
    for (const c of [...g.columnsOf(id)].sort()) {
      const a = columnLineage(g, { id, column: c }, 2);
      const s = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();
      out[`${name}.${c}`] = { up: s(a.upstream), down: s(a.downstream), unresolved: s(a.unresolved), influence: s(a.influence) };
    }
  }
  return out;
}

const sqlFiles = (sub: string) => readdirSync(join(dir, 'models', sub), { recursive: true }).map(String).filter((f) => f.endsWith('.sql')).sort().map((f) => `models/${sub}/${f}`);

describe('the lineage graph updated per changed file equals one built from scratch', () => {
  let p: Project;
  const same = () => {
    const updated = answers(p, lineageGraph(p));
    const fresh = loadProject(dir);
    expect(updated).toEqual(answers(fresh, lineageGraph(fresh)));
  };
  const edit = (rel: string, f: (s: string) => string) => {
    const before = readFileSync(join(dir, rel), 'utf8');
    const after = f(before);
    expect(after).not.toBe(before);
    writeFileSync(join(dir, rel), after);
    p.reloadFiles([rel]);
  };

  it('after a column is renamed (its select * readers change; a model it does not reach keeps its reading)', () => {
    p = loadProject(dir);
    lineageGraph(p);
    const staging = sqlFiles('staging');
    const untouched = p.models.find((m) => m.sqlPath === staging[staging.length - 1])!;
    const kept = projectColumns(p).sql(untouched);
    const target = staging[0];
    edit(target, (s) => s.replace(/lower\(attr_3\) as attr_3/, 'lower(attr_3) as attr_3_renamed'));
    same();
    expect(projectColumns(p).sql(untouched)).toBe(kept);
  });

  it('after a model is added', () => {
    const up = p.models.find((m) => m.sqlPath?.startsWith('models/intermediate/'))!;
    writeFileSync(join(dir, 'models/marts/added_model.sql'), `select account_id, attr_2 as renamed_2, upper(attr_3) as loud from {{ ref('${up.name}') }}\n`);
    p.reloadFiles(['models/marts/added_model.sql']);
    same();
  });

  it('after a model that others read is removed', () => {
    const graph = lineageGraph(p);
    const read = p.models.find((m) => m.sqlPath?.startsWith('models/staging/') && graph.columnsOf(m.uniqueId).some((c) => graph.down(m.uniqueId, c).length))!;
    unlinkSync(join(dir, read.sqlPath!));
    p.reloadFiles([read.sqlPath!]);
    same();
  });

  it('after a source\'s YAML columns change, and after a comment only', () => {
    const yml = readdirSync(join(dir, 'models/staging'), { recursive: true }).map(String).find((f) => f.endsWith('__sources.yml'))!;
    edit(`models/staging/${yml}`, (s) => s.replace('          - name: attr_7\n', ''));
    same();
    const mart = sqlFiles('marts')[0];
    appendFileSync(join(dir, mart), '\n-- changed\n');
    p.reloadFiles([mart]);
    same();
  });

  it('after a macro changes (every model is read again)', () => {
    edit('macros/cents_to_dollars.sql', (s) => s.replace('::numeric(16, 2)', '::numeric(18, 4)'));
    same();
  });
});
