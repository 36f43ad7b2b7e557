// dbt's selection syntax means what dbt means by it: for a table of selectors, the models
// `modeler summary --select … --output json` selects equal the models a real
// `dbt ls --select … --resource-type model` lists (dbt-duckdb, offline), on the example project
// and on fetched real projects.
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCliAsync } from '../helpers/cli.js';
import { describeFetched, describeFetchedDbt, fetchedProject } from '../helpers/shared.js';
import { parseableCopy } from '../../bench/lib/real-dbt.mjs';
import { dbtLsModels, duckdbProfiles, selectableCopy } from '../../bench/lib/dbt-select.mjs';

/** The project's own models modeler selects for a row (`sel` or `sel --exclude exc`). */
async function modelerModels(dir: string, row: string, pkg: string): Promise<string[]> {
  const [sel, exc] = row.split(' --exclude ');
  const r = await runCliAsync(['summary', '--project-dir', dir, '--select', sel, ...(exc ? ['--exclude', exc] : []), '--output', 'json']);
  expect([0, 1], `modeler summary --select ${row}: exit ${r.code}: ${r.stderr}`).toContain(r.code);
  return (JSON.parse(r.stdout).selection.nodes as string[]).filter((id) => id.startsWith(`model.${pkg}.`)).sort();
}

/**
 * Every row selects what dbt selects, among the project's own models (modeler reads installed
 * packages' models only from target/manifest.json); and the table is not vacuous: most rows pick
 * a proper, non-empty subset.
 */
async function agree(dir: string, pkg: string, dbt: Record<string, string[] | { error: string }>, selectors: string[], all: number) {
  let proper = 0;
  for (const s of selectors) {
    const raw = dbt[s];
    expect(Array.isArray(raw), `dbt ls --select ${s}: ${JSON.stringify(raw)}`).toBe(true);
    const want = (raw as string[]).filter((id) => id.startsWith(`model.${pkg}.`));
    const got = await modelerModels(dir, s, pkg);
    expect(got, `--select ${s}`).toEqual(want);
    if (got.length > 0 && got.length < all) proper++;
  }
  expect(proper).toBeGreaterThanOrEqual(Math.floor(selectors.length * 0.6));
}

const EXAMPLE_SELECTORS = [
  'customers', '+customers', '1+customers', 'stg_shop__orders+', 'stg_shop__orders+1', '@stg_shop__orders',
  'path:models/staging', 'models/marts', 'path:models/staging/*', 'customers.sql', 'config.materialized:table', 'config.materialized:view',
  'resource_type:model', 'source:shop+', 'source:shop.orders+', 'source:stripe.*+', 'package:jaffle_shop', 'stg_*', 'stg_shop__?rders', 'staging.*', 'jaffle_shop.marts.*',
  '+orders customers', 'stg_*,+orders', 'tag:nightly', 'resource_type:seed+', '+customers --exclude stg_shop__*', 'path:models/staging --exclude source:stripe+',
];

describe('dbt selection on the example project equals dbt ls', () => {
  it('selects the models dbt ls lists, selector by selector', async () => {
    const copy = parseableCopy(EXAMPLE);
    const dbt = await dbtLsModels(copy, EXAMPLE_SELECTORS, { profiles: copy, profile: 'jaffle_shop' });
    await agree(EXAMPLE, 'jaffle_shop', dbt, EXAMPLE_SELECTORS, 11);
  }, 300_000);
});

const JAFFLE_SELECTORS = [
  'customers', '+customers', 'stg_orders+', '@stg_orders', '@stg_customers', '2+order_items', 'path:models/staging', 'models/marts/orders.sql',
  'config.materialized:table', 'config.materialized:view', 'source:ecom+', 'source:ecom.raw_orders+', 'stg_*', 'marts.*', 'package:this',
  '+metric:order_total', '+semantic_model:orders', 'stg_*,1+orders', 'stg_products stg_supplies+',
];

describeFetched('dbt selection on dbt Labs\' jaffle-shop equals dbt ls', 'jaffle-shop', () => {
  it('selects the models dbt ls lists, selector by selector', async () => {
    const copy = selectableCopy('jaffle-shop');
    const dbt = await dbtLsModels(copy, JAFFLE_SELECTORS, duckdbProfiles(copy));
    await agree(fetchedProject('jaffle-shop').dir, 'jaffle_shop', dbt, JAFFLE_SELECTORS, 13);
  }, 300_000);
});

// a 250-model warehouse whose dbt_project.yml tags every folder: tags, their wildcards and the graph around them
const MATTERMOST_SELECTORS = [
  'tag:nightly', 'tag:night*', 'tag:hourly,tag:hightouch', '+tag:marts', 'tag:staging+', '@tag:hightouch', '2+tag:sales', 'source:stripe+',
  'path:models/staging', 'marts.*', 'int_*', 'package:mattermost_analytics', 'tag:nightly --exclude tag:product',
];

describeFetchedDbt('dbt selection on mattermost-analytics equals dbt ls', 'mattermost-analytics', () => {
  it('selects the models dbt ls lists, selector by selector', async () => {
    const copy = selectableCopy('mattermost-analytics');
    const dbt = await dbtLsModels(copy, MATTERMOST_SELECTORS, duckdbProfiles(copy));
    await agree(fetchedProject('mattermost-analytics').dir, 'mattermost_analytics', dbt, MATTERMOST_SELECTORS, 254);
  }, 900_000);
});
