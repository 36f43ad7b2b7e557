// Direct edges against edges labelled by hand from the SQL (test/fixtures/lineage/labels-*.json):
// the shipped example, and the fetched dbt-labs/jaffle-shop at its pinned commit (read for the
// dbt-duckdb target the benches build it with). Precision >= 0.95, recall >= 0.90, as the issue
// asks; bench/lineage-real.mjs prints the figures.
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE } from '../helpers/cli.js';
import { describeFetched, fetchedProject } from '../helpers/shared.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph } from '../../src/lineage/graph.js';
// @ts-expect-error a plain .mjs helper shared with the bench
import { graphEdges, readLabels, score } from '../../bench/lib/lineage-labels.mjs';

beforeAll(async () => { await initSqlColumns(); });

describe('the shipped example against its labelled edges', () => {
  it('finds every labelled edge and no other, with the labelled kinds', () => {
    const p = loadProject(EXAMPLE);
    const s = score(readLabels('labels-example-jaffle_shop.json').edges, graphEdges(lineageGraph(p), p.models.map((m) => m.name)));
    expect(s.extra).toEqual([]);
    expect(s.missed).toEqual([]);
    expect(s.kindDiffers).toEqual([]);
  });
});

describeFetched('fetched dbt-labs/jaffle-shop against its labelled edges', 'jaffle-shop', () => {
  it('precision >= 0.95 and recall >= 0.90; what is missed is what dbt\'s own adapter macros hide', () => {
    const { dir, project } = fetchedProject('jaffle-shop');
    const p = loadProject(dir, { vars: project.vars });
    const g = lineageGraph(p, { target: { name: 'dev', type: 'duckdb', schema: 'main' } });
    const s = score(readLabels('labels-jaffle-shop.json').edges, graphEdges(g, p.models.map((m) => m.name)));
    expect(s.precision).toBeGreaterThanOrEqual(0.95);
    expect(s.recall).toBeGreaterThanOrEqual(0.9);
    // each miss is a column built by a macro left unrendered, and says so
    for (const m of s.missed) {
      const [to] = m.split(' <- ');
      const node = to.slice(0, to.lastIndexOf('.')), column = to.slice(to.lastIndexOf('.') + 1);
      expect(g.unresolved(g.idOf(node)!, column).join(' '), m).toMatch(/macro that is not rendered/);
    }
  });
});
