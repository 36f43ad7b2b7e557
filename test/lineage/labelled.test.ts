// Direct edges against edges labelled by hand from the SQL (test/fixtures/lineage/labels-*.json,
// rules in RULES.md): the shipped example, the fetched dbt-labs/jaffle-shop at its pinned commit
// (read for the dbt-duckdb target the benches build it with), and the held-out set labelled blind
// (dagster-open-platform, mattermost-analytics, bink-warehouse and meltano-squared read for Snowflake, zendesk-source
// and quickbooks-source for dbt-duckdb, data-inclusion for PostgreSQL, cal-itp-warehouse for BigQuery; only their labelled
// models are scored). Precision >= 0.95, recall >= 0.90, as the
// issue asks; bench/lineage-real.mjs prints the figures.
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

const DUCKDB = { name: 'dev', type: 'duckdb', schema: 'main' };
const SNOWFLAKE = { name: 'prod', type: 'snowflake', schema: 'analytics', database: 'analytics' };

/** A fetched project's graph for its target, and the score of its labelled models. */
function scored(name: string, target: typeof DUCKDB) {
  const { dir, project } = fetchedProject(name);
  const p = loadProject(dir, { vars: project.vars });
  const g = lineageGraph(p, { target });
  const labels = readLabels(`labels-${name}.json`);
  return { g, s: score(labels.edges, graphEdges(g, labels.models ?? p.models.map((m) => m.name))) };
}

describeFetched('fetched dbt-labs/jaffle-shop against its labelled edges', 'jaffle-shop', () => {
  it('precision >= 0.95 and recall >= 0.90 (dbt\'s own date_trunc and hash, rendered, are traced)', () => {
    const { s } = scored('jaffle-shop', DUCKDB);
    expect(s.precision).toBeGreaterThanOrEqual(0.95);
    expect(s.recall).toBeGreaterThanOrEqual(0.9);
    expect(s.missed).toEqual([]);
  });
});

describe.each([['dagster-open-platform', SNOWFLAKE], ['mattermost-analytics', SNOWFLAKE]] as const)('held out: %s against the edges labelled blind', (name, target) => {
  describeFetched(name, name, () => {
    it('precision >= 0.95, recall >= 0.90, the labelled kinds', () => {
      const { s } = scored(name, target);
      expect(s.precision).toBeGreaterThanOrEqual(0.95);
      expect(s.recall).toBeGreaterThanOrEqual(0.9);
      expect(s.kindDiffers).toEqual([]);
    });
  });
});

// the second blind batch: 15 models of each, labelled before the tool ran on them (blind: bink-warehouse
// 1.000 / 0.598, data-inclusion 1.000 / 0.883), then 7 and 11 more after the fixes (blind: 1.000 / 1.000);
// pinned at what they reach now: every labelled edge and no other
const POSTGRES = { name: 'dev', type: 'postgres', schema: 'public' };
// and 6 models of cal-itp-warehouse (BigQuery: UNNEST, STRUCT fields; blind 1.000 / 0.395), 7 of
// meltano-squared (Snowflake; blind 1.000 / 1.000)
const BIGQUERY = { name: 'prod', type: 'bigquery', schema: 'analytics', database: 'cal-itp-data-infra' };
describe.each([['bink-warehouse', SNOWFLAKE], ['data-inclusion', POSTGRES], ['cal-itp-warehouse', BIGQUERY], ['meltano-squared', SNOWFLAKE]] as const)('held out: %s against the edges labelled blind', (name, target) => {
  describeFetched(name, name, () => {
    it('finds every labelled edge and no other, with the labelled kinds (PIVOT, json:path, lateral set functions, scalar subqueries, UNNEST, STRUCT fields)', () => {
      const { s } = scored(name, target);
      expect(s.extra).toEqual([]);
      expect(s.missed).toEqual([]);
      expect(s.kindDiffers).toEqual([]);
    });
  });
});

describe.each([['zendesk-source'], ['quickbooks-source']] as const)('held out: %s (Fivetran staging package) against the edges labelled blind', (name) => {
  describeFetched(name, name, () => {
    it('precision >= 0.95, recall >= 0.90: the columns fill_staging_columns declares are traced through the _tmp model to the source', () => {
      const { s } = scored(name, DUCKDB);
      expect(s.precision).toBeGreaterThanOrEqual(0.95);
      expect(s.recall).toBeGreaterThanOrEqual(0.9);
      expect(s.kindDiffers).toEqual([]);
    });
  });
});

// 9 models of crowdcow-warehouse (BigQuery: SAFE_DIVIDE, IFNULL, LEAD over, the project's
// clean_strings/cents_to_usd macros), labelled blind last (blind: 1.000 / 1.000, kinds agree)
describeFetched('held out: crowdcow-warehouse against the edges labelled blind', 'crowdcow-warehouse', () => {
  it('finds every labelled edge and no other, with the labelled kinds', () => {
    const { s } = scored('crowdcow-warehouse', { name: 'prod', type: 'bigquery', schema: 'analytics', database: 'crowdcow' } as typeof DUCKDB);
    expect(s.extra).toEqual([]);
    expect(s.missed).toEqual([]);
    expect(s.kindDiffers).toEqual([]);
  });
});

// the third round: 11 models of poiscaille-warehouse (BigQuery; blind 1.000 / 1.000) and 12 of tuva
// (dbt-duckdb; blind 0.891 / 0.891: dbt_utils.pivot's column names, made with modules.re), then
// 4 and 5 more after the fix (blind 1.000 / 1.000)
describe.each([
  ['poiscaille-warehouse', { name: 'prod', type: 'bigquery', schema: 'analytics', database: 'poiscaille-358510' }],
  ['tuva', DUCKDB],
] as const)('held out: %s against the edges labelled blind', (name, target) => {
  describeFetched(name, name, () => {
    it('finds every labelled edge and no other, with the labelled kinds (STRUCT paths, UNNEST aliases, Jinja-looped unions, dbt_utils.pivot)', () => {
      const { s } = scored(name, target as typeof DUCKDB);
      expect(s.extra).toEqual([]);
      expect(s.missed).toEqual([]);
      expect(s.kindDiffers).toEqual([]);
    });
  });
});
