// dbt's remaining reading rules, each on a tiny project written here and read by a real
// `dbt parse` and by `modeler summary`: the same answer from both.
import { describe, expect, it } from 'vitest';
import { countsFromManifest, countsFromSummary, moreCountsFromManifest, moreCountsFromSummary } from '../../bench/lib/real-dbt.mjs';
import { dbtOn, modelerOn, TINY, tinyProject } from '../helpers/tiny-dbt.js';

const T = 240_000;
const ids = (m: any, type: string, where: 'nodes' | 'disabled') =>
  (where === 'nodes' ? Object.values<any>(m.nodes) : Object.values<any>(m.disabled ?? {}).flat()).filter((n) => n.resource_type === type).map((n) => n.unique_id).sort();

describe('dbt reading rules the reader follows, against a real dbt parse', () => {
  it('config() inside each {% snapshot %} block is that snapshot\'s own (enabled, tags)', () => {
    const snap = (name: string, extra: string) => `{% snapshot ${name} %}\n{{ config(target_schema='snapshots', unique_key='id', strategy='check', check_cols='all'${extra}) }}\nselect 1 as id\n{% endsnapshot %}\n`;
    const dir = tinyProject({
      'models/orders.sql': 'select 1 as id\n',
      'snapshots/snaps.sql': snap('snap_kept', ", tags=['kept']") + '\n' + snap('snap_off', ', enabled=false') + '\n' + `{% snapshot snap_dict %}\n{{ config({'target_schema': 'snapshots', 'unique_key': 'id', 'strategy': 'check', 'check_cols': 'all', 'enabled': false}) }}\nselect 1 as id\n{% endsnapshot %}\n`,
    });
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    const ours = modelerOn(dir);
    expect(ours.json.snapshots).toBe(ids(dbt.manifest, 'snapshot', 'nodes').length);
    expect(ids(dbt.manifest, 'snapshot', 'nodes')).toEqual([`snapshot.${TINY}.snap_kept`]);
    expect(ours.json.disabled.filter((d: any) => d.resourceType === 'snapshot').map((d: any) => `snapshot.${TINY}.${d.name}`).sort())
      .toEqual(ids(dbt.manifest, 'snapshot', 'disabled'));
    expect(dbt.manifest.nodes[`snapshot.${TINY}.snap_kept`].config.tags).toEqual(['kept']);
  }, T);

  it('the disabled line says which kinds it lists when more than models are disabled, as many as dbt disables', () => {
    // tuva's models line said 707 disabled and its disabled line listed 717 names (6 seeds, 4 snapshots too)
    const dir = tinyProject({
      'models/orders.sql': 'select 1 as id\n',
      'models/old_orders.sql': '{{ config(enabled=false) }}\nselect 1 as id\n',
      'models/older_orders.sql': '{{ config(enabled=false) }}\nselect 1 as id\n',
      'seeds/codes.csv': 'code\nNZ\n',
    }, 'seeds:\n  tiny:\n    codes:\n      +enabled: false\n');
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    const ours = modelerOn(dir);
    expect(ids(dbt.manifest, 'model', 'disabled')).toHaveLength(2);
    expect(ids(dbt.manifest, 'seed', 'disabled')).toHaveLength(1);
    expect(ours.text).toMatch(/\n {2}models: {8}1 enabled \(.*2 disabled\)\n/);
    expect(ours.text).toMatch(/\n {2}disabled: {6}[a-z_, ]+ \(2 models, 1 seed: not built by dbt; not counted\)\n/);
  }, T);

  it('tests declared on a YAML entry no file defines are test nodes all the same (with the warning), as dbt keeps them', () => {
    const dir = tinyProject({
      'models/orders.sql': 'select 1 as id\n',
      'models/schema.yml': 'version: 2\nmodels:\n  - name: orders\n    columns:\n      - name: id\n        data_tests: [unique]\n  - name: ghost\n    columns:\n      - name: id\n        data_tests: [unique, not_null]\n',
    });
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    expect(dbt.output).toContain("Did not find matching node for patch with name 'ghost'");
    const ours = modelerOn(dir);
    expect(ours.text).toMatch(/models\/schema\.yml:7:1: warning\[YAML_WITHOUT_NODE\]: model 'ghost'/);
    expect(ours.json.tests.total).toBe(3);
    expect(countsFromSummary(ours.json)).toEqual(countsFromManifest(dbt.manifest, TINY));
  }, T);

  it('a test dbt keeps although enabled: false (on a disabled model, on a missing node) is counted; one its own config disables is not', () => {
    const dir = tinyProject({
      'models/orders.sql': 'select 1 as id\n',
      'models/old_orders.sql': '{{ config(enabled=false) }}\nselect 1 as id\n',
      'models/schema.yml': [
        'version: 2', 'models:',
        '  - name: orders', '    columns:', '      - name: id', '        data_tests:', '          - unique', '          - not_null:', '              config: {enabled: false}',
        '  - name: old_orders', '    columns:', '      - name: id', '        data_tests: [unique]',
        '  - name: ghost', '    data_tests:', '      - dbt_utils_like_test_never_defined', '    columns:', '      - name: id', '        data_tests:', '          - not_null:', '              config: {enabled: false}', '',
      ].join('\n'),
    });
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    const kept = Object.values<any>(dbt.manifest.nodes).filter((n) => n.resource_type === 'test');
    expect(kept.some((n) => n.config.enabled === false)).toBe(true); // dbt lists disabled tests among its nodes
    const ours = modelerOn(dir);
    expect(ours.json.tests.total).toBe(kept.length);
    expect(ours.json.tests.disabled).toBe(ids(dbt.manifest, 'test', 'disabled').length);
  }, T);

  it('a measure with create_metric: true makes its metric', () => {
    const dir = tinyProject({
      'models/orders.sql': 'select 1 as id, 2 as amount, current_date as ordered_at\n',
      'models/time_spine.sql': 'select current_date as date_day\n',
      'models/schema.yml': [
        'version: 2', 'models:', '  - name: time_spine', '    time_spine: {standard_granularity_column: date_day}', '    columns: [{name: date_day, granularity: day}]',
        'semantic_models:', '  - name: orders_sm', "    model: ref('orders')", '    defaults: {agg_time_dimension: ordered_at}', '    entities: [{name: id, type: primary}]',
        '    dimensions: [{name: ordered_at, type: time, type_params: {time_granularity: day}}]', '    measures:',
        '      - {name: revenue, agg: sum, expr: amount, create_metric: true}', '      - {name: order_count, agg: count, expr: id}',
        'metrics:', '  - {name: orders_counted, label: Orders, type: simple, type_params: {measure: order_count}}', '',
      ].join('\n'),
    });
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    expect(Object.keys(dbt.manifest.metrics).sort()).toEqual([`metric.${TINY}.orders_counted`, `metric.${TINY}.revenue`]);
    expect(modelerOn(dir).json.metrics).toBe(2);
  }, T);

  it('summary counts saved queries, groups, unit tests, macros and package nodes (text and JSON)', () => {
    const dir = tinyProject({
      'models/orders.sql': 'select 1 as id, 2 as amount, current_date as ordered_at\n',
      'models/retired.sql': '{{ config(enabled=false) }}\nselect 1 as id\n',
      'models/time_spine.sql': 'select current_date as date_day\n',
      'macros/util.sql': '{% macro cents(x) %}{{ x }} * 100{% endmacro %}\n{# {% macro commented() %}{% endmacro %} #}\n{% macro dollars(x) %}{{ x }} / 100{% endmacro %}\n',
      'tests/generic/positive.sql': '{% test positive(model, column_name) %}select * from {{ model }} where {{ column_name }} < 0{% endtest %}\n',
      'models/schema.yml': [
        'version: 2', 'groups:', '  - {name: finance, owner: {name: Finance}}', '  - {name: ops, owner: {name: Ops}}',
        'models:', '  - name: time_spine', '    time_spine: {standard_granularity_column: date_day}', '    columns: [{name: date_day, granularity: day}]',
        'semantic_models:', '  - name: orders_sm', "    model: ref('orders')", '    defaults: {agg_time_dimension: ordered_at}', '    entities: [{name: id, type: primary}]',
        '    dimensions: [{name: ordered_at, type: time, type_params: {time_granularity: day}}]', '    measures: [{name: revenue, agg: sum, expr: amount, create_metric: true}]',
        'saved_queries:', '  - {name: revenue_daily, query_params: {metrics: [revenue], group_by: ["TimeDimension(\'orders_sm__ordered_at\', \'day\')"]}}',
        'unit_tests:', '  - {name: one_order, model: orders, given: [], expect: {rows: [{id: 1}]}}', '  - {name: of_disabled, model: retired, given: [], expect: {rows: [{id: 1}]}}', '',
      ].join('\n'),
    });
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    const ours = modelerOn(dir);
    const want = moreCountsFromManifest(dbt.manifest, TINY);
    expect(want).toMatchObject({ saved_queries: 1, groups: 2, unit_tests: 1, macros: 3 });
    expect(moreCountsFromSummary(ours.json)).toEqual(want);
    expect(ours.json.packageNodes).toBe(0);
    expect(ours.text).toContain(`  semantic:      1 semantic model, 1 metric, 1 saved query\n  groups:        2, unit tests: 1, macros: 3\n  packages:      0 nodes of other packages`);
  }, T);
});
