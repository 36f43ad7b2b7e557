// Every way a dbt project declares a foreign key, read through the real project reader and
// turned into relationships by the Conceptualizer.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadProject } from '../../src/core/project/load.js';
import { modelsYaml, writeProject } from './helpers.js';

const simple = (names: string[]) => names.map((n): [string, string] => [`stg_app__${n}s`, `- name: ${n}_id\n  data_tests: [unique, not_null]\n`]);

const manifest = {
  metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json', project_name: 'fk_forms' },
  nodes: {
    'model.pkg.stg_pkg__shipments': {
      resource_type: 'model', name: 'stg_pkg__shipments', package_name: 'pkg', original_file_path: 'models/stg_pkg__shipments.sql',
      config: { materialized: 'table' }, depends_on: { nodes: [] },
      columns: { shipment_id: { name: 'shipment_id', constraints: [] }, order_id: { name: 'order_id', constraints: [] } },
    },
    'test.pkg.relationships_stg_pkg__shipments_order_id': {
      resource_type: 'test', name: 'relationships_stg_pkg__shipments_order_id', attached_node: 'model.pkg.stg_pkg__shipments', column_name: 'order_id',
      test_metadata: { name: 'relationships', namespace: null, kwargs: { to: "ref('stg_app__orders')", field: 'order_id', column_name: 'order_id' } },
    },
  },
  sources: {},
};

function project(): string {
  return writeProject({
    'models/staging/app/_app__sources.yml': 'version: 2\nsources:\n  - name: app\n    tables:\n      - name: customers\n',
    'models/staging/app/_lookups.yml': modelsYaml(simple(['user', 'store', 'coupon', 'warehouse', 'region', 'channel', 'promo'])),
    'models/staging/app/_app__models.yml': `version: 2
models:
  - name: stg_app__customers
    columns:
      - name: customer_id
        data_tests: [unique, not_null]
  - name: stg_app__orders
    columns:
      - name: order_id
        data_tests: [unique, not_null]
      - name: customer_id
        tests:
          - relationships:
              to: ref('stg_app__customers')
              field: customer_id
      - name: store_id
        data_tests:
          - relationships:
              arguments:
                to: ref('stg_app__stores')
                field: store_id
      - name: created_by_user_id
        foreign_key:
          model: stg_app__users
          column: user_id
      - name: coupon_id
        meta:
          references: ref('stg_app__coupons').coupon_id
      - name: warehouse_id
        constraints:
          - type: foreign_key
            to: ref('stg_app__warehouses')
            to_columns: [warehouse_id]
      - name: region_id
        constraints:
          - type: foreign_key
            expression: "analytics.stg_app__regions (region_id)"
      - name: channel_id
        foreign_key: true
      - name: promo_id
        data_tests:
          - relationships:
              arguments:
                to: ref('stg_app__promos')
                field: promo_id
              config:
                enabled: false
      - name: currency
        data_tests:
          - relationships:
              to: ref('iso_currencies')
              field: code
  - name: stg_app__order_notes
    data_tests:
      - relationships:
          column_name: order_id
          to: ref('stg_app__orders')
          field: order_id
    constraints:
      - type: foreign_key
        columns: [author_user_id]
        to: ref('stg_app__users')
        to_columns: [user_id]
    columns:
      - name: order_note_id
      - name: order_id
      - name: author_user_id
  - name: stg_app__refunds
    columns:
      - name: refund_id
      - name: order_id
        data_tests:
          - unique
          - dbt_utils.relationships_where:
              arguments:
                to: ref('stg_app__orders')
                field: order_id
                from_condition: "order_id is not null"
  - name: stg_app__customer_profiles
    columns:
      - name: customer_id
        constraints:
          - type: primary_key
        meta:
          foreign_key:
            to: source('app', 'customers')
            field: id
      - name: bio
`,
    'target/manifest.json': JSON.stringify(manifest),
  }, 'fk_forms');
}

describe('foreign-key declarations → relationships', () => {
  const dir = project();
  // declarations only: inference (below) would also read promo_id, whose test is disabled
  const p = conceptualize(loadProject(dir), { declaredOnly: true });
  const sentences = p.relationships.map((r) => `${r.from} ${r.verb} ${r.to} [${r.cardinality}] ${r.from_column}→${r.to_column} via ${r.declared_by.join('+')}`).sort();

  it('reads each declaration style once, with its origin', () => {
    expect(sentences).toEqual([
      'Customer includes CustomerProfile [one_to_one] id→customer_id via foreign_key in column meta', // source('app','customers').id; unique → 1:1
      'Customer places Order [one_to_many] customer_id→customer_id via relationships test in tests',
      'Order created by User [many_to_one] created_by_user_id→user_id via foreign_key in column',
      'Order is reversed by Refund [one_to_one] order_id→order_id via relationships test in data_tests', // relationships_where; unique → 1:1
      'Order references Channel [many_to_one] channel_id→channel_id via foreign_key in column', // foreign_key: true, target from the name
      'Order references Coupon [many_to_one] coupon_id→coupon_id via references in column meta',
      'Order references Region [many_to_one] region_id→region_id via foreign_key constraint', // expression form
      'OrderNote belongs to Order [many_to_one] order_id→order_id via relationships test in data_tests', // model-level test, column_name
      'OrderNote written by User [many_to_one] author_user_id→user_id via model-level foreign_key constraint',
      'Store fulfils Order [one_to_many] store_id→store_id via relationships test in data_tests', // arguments: form
      'Warehouse fulfils Order [one_to_many] warehouse_id→warehouse_id via foreign_key constraint', // to: + to_columns:
    ].sort());
  });

  it('ignores disabled tests and reports targets that are no entity', () => {
    expect(p.relationships.some((r) => r.from === 'Promo' || r.to === 'Promo')).toBe(false);
    // with inference, promo_id is read off its name: drawn, but as inferred, not as declared
    const withInference = conceptualize(loadProject(dir));
    expect(withInference.relationships.find((r) => r.to === 'Promo')).toMatchObject({ from: 'Order', from_column: 'promo_id', evidence: { kind: 'inferred', rule: 'column names the entity' } });
    expect(p.notes.join('\n')).toContain("stg_app__orders.currency: relationships test in data_tests points at ref('iso_currencies'), which is no staging model or entity; not drawn.");
  });

  it('lists every source model of a relationship and none twice', () => {
    for (const r of p.relationships) expect(new Set(r.sources).size).toBe(r.sources.length);
    expect(p.relationships.some((r) => r.from === 'Shipment')).toBe(false); // a package model (target/manifest.json) is context, not an entity
  });
});

describe('de-duplication and same-entity links', () => {
  it('one relationship when two sources declare the same key, listing both', () => {
    const dir = writeProject({
      'models/staging/_m.yml': modelsYaml([
        ['stg_shop__customers', '- name: customer_id\n  data_tests: [unique]\n'],
        ['stg_crm__customers', '- name: customer_id\n  data_tests:\n    - unique\n    - relationships:\n        to: ref(\'stg_shop__customers\')\n        field: customer_id\n'],
        ['stg_shop__orders', '- name: customer_id\n  data_tests:\n    - relationships:\n        to: ref(\'stg_shop__customers\')\n        field: customer_id\n  meta:\n    references: {model: stg_crm__customers}\n'],
        ['stg_pos__orders', '- name: customer_id\n  foreign_key: {entity: Customer, field: customer_id}\n'],
      ]),
    });
    const p = conceptualize(loadProject(dir));
    expect(p.entities.map((e) => [e.name, e.sources])).toEqual([
      ['Customer', ['stg_crm__customers', 'stg_shop__customers']],
      ['Order', ['stg_pos__orders', 'stg_shop__orders']],
    ]);
    expect(p.relationships).toHaveLength(1);
    expect(p.relationships[0]).toMatchObject({ from: 'Customer', to: 'Order', verb: 'places', cardinality: 'one_to_many', sources: ['stg_pos__orders', 'stg_shop__orders'] });
    expect(p.notes.some((n) => n.includes('stg_crm__customers.customer_id') && n.includes('same entity Customer'))).toBe(true);
  });

  it('two roles between the same entities stay two relationships', () => {
    const dir = writeProject({
      'models/staging/_m.yml': modelsYaml([
        ['stg_shop__addresses', '- name: address_id\n  data_tests: [unique]\n'],
        ['stg_shop__orders', ['billing', 'shipping'].map((r) => `- name: ${r}_address_id\n  data_tests:\n    - relationships:\n        to: ref('stg_shop__addresses')\n        field: address_id\n`).join('')],
      ]),
    });
    const p = conceptualize(loadProject(dir));
    expect(p.relationships.map((r) => `${r.from} ${r.verb} ${r.to} (${r.role})`).sort()).toEqual(['Order is billed to Address (billing)', 'Order ships to Address (shipping)']);
  });
});
