// A small dbt project whose intermediate model builds its ref() names while rendering — a loop over
// a var of loaders, as rittmananalytics/ra_data_warehouse does — for the tests that follow such refs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './cli.js';

export const DYN_PROFILE = 'dyn:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ":memory:"\n';

/** The project (no profiles.yml); `guarded`: the loop sits under {% if target.type == 'duckdb' %}. */
export function dynamicRefsProject(guarded: boolean): string {
  const dir = join(tempDir('modeler-dynref-'), 'dyn');
  mkdirSync(join(dir, 'models', 'staging'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), "name: dyn\nversion: '1.0.0'\nconfig-version: 2\nprofile: dyn\nvars:\n  feeds: ['shop', 'pos']\n");
  writeFileSync(join(dir, 'models/staging/stg_shop_orders.sql'), 'select 1 as order_id, 2 as amount\n');
  writeFileSync(join(dir, 'models/staging/stg_pos_orders.sql'), 'select 3 as order_id, 4 as amount\n');
  writeFileSync(join(dir, 'models/staging/stg_web_orders.sql'), 'select 5 as order_id, 6 as amount\n');
  const union = "{% for feed in var('feeds') %}\n{% set staged = 'stg_' ~ feed ~ '_orders' %}\nselect order_id, amount from {{ ref(staged) }}\n{% if not loop.last %}union all{% endif %}\n{% endfor %}\n";
  writeFileSync(join(dir, 'models/int_orders.sql'), guarded ? `{% if target.type == 'duckdb' %}\n${union}{% endif %}\n` : union);
  writeFileSync(join(dir, 'models/fct_orders.sql'), "select * from {{ ref('int_orders') }}\n");
  return dir;
}
