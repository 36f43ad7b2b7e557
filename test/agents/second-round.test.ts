// The Conceptualizer's second round (issue 23), one rule class at a time, on small projects read
// by the real project reader: attribute columns are never keys, references stay in their source
// system, a row's own identifier is no reference, reports/configuration/logs are not entities,
// per-period copies merge, names drop plumbing words, columns come from SQL and semantic models.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { conceptualizeLayer, writeProject, refs, names } from './helpers.js';


await initSqlColumns(); // columns come from the models' SQL too (src/core/columns)
const layer = conceptualizeLayer;
const notes = (p: DiagramProposal) => p.notes.join('\n');
/** A staging SQL file reading a dbt source, so the model belongs to that source system. */
const sql = (source: string, table: string, select: string) => `select ${select} from {{ source('${source}', '${table}') }}\n`;

describe('attribute columns are never keys', () => {
  it('a date, a count, a flag or a value-shaped Salesforce field is not drawn, whatever its name says; the note counts them', () => {
    const p = layer([
      ['stg_salesforce__account', ['account_id!', 'date_of_issue__c', 'named_account__c', 'named_account_tier__c', 'number_of_end_users__c', 'is_partner_account', 'owner_id']],
      ['stg_salesforce__issue', ['issue_id!']], ['stg_salesforce__user', ['user_id!']], ['stg_salesforce__end_user', ['end_user_id!']],
      ['stg_salesforce__contact', ['contact_id!', 'account__c', 'user_id:timestamp', 'issue_id:boolean']],
    ]);
    expect(refs(p)).toEqual(['Account>Contact.account__c', 'User>Account.owner_id']);
    expect(notes(p)).toMatch(/5 key-shaped column\(s\) are values \(a date\/time, number\/count\/amount, flag or free text\), not keys; not drawn: .*date_of_issue__c \(a date\/time\)/);
    expect(notes(p)).toContain('stg_salesforce__account.named_account__c (a flag)');
    expect(notes(p)).toContain('stg_salesforce__contact.user_id (a date/time)');
  });
});

describe('one source system at a time', () => {
  const files = {
    'models/staging/gtfs/stg_gtfs__trips.sql': sql('gtfs', 'trips', 'trip_id, service_id, route_id'),
    'models/staging/gtfs/stg_gtfs__routes.sql': sql('gtfs', 'routes', 'route_id'),
    'models/staging/gtfs/stg_gtfs__calendar.sql': sql('gtfs', 'calendar', 'service_id, monday'),
    'models/staging/airtable/stg_airtable__services.sql': sql('airtable', 'services', 'service_id, name'),
    'models/staging/elavon/stg_elavon__transactions.sql': sql('elavon', 'transactions', 'transaction_id, amount'),
    'models/staging/enghouse/stg_enghouse__transactions.sql': sql('enghouse', 'transactions', 'transaction_id, fare'),
    'models/staging/enghouse/stg_enghouse__taps.sql': sql('enghouse', 'taps', 'tap_id, transaction_id, route_id, airtable_service_id'),
  };

  it('a key resolves in its own system; another system only when the column names it; the same noun in two systems is two entities', () => {
    const p = conceptualize(loadProject(writeProject(files)));
    expect(names(p)).toEqual(['Calendar', 'ElavonTransaction', 'EnghouseTransaction', 'Route', 'Service', 'Tap', 'Trip']);
    // GTFS trips.service_id is not the Airtable Service (it is the key of the GTFS calendar, the one key that table
    // holds); Enghouse's route_id is not the GTFS route
    expect(refs(p)).toEqual(['Calendar>Trip.service_id', 'EnghouseTransaction>Tap.transaction_id', 'Route>Trip.route_id', 'Service>Tap.airtable_service_id']);
    expect(notes(p)).toContain('transaction (elavon, enghouse)');
    expect(notes(p)).toMatch(/name an entity only another source system has.*stg_enghouse__taps\.route_id → Route \(gtfs; the column is in enghouse\)/);
    expect(p.relationships.find((r) => r.from_column === 'airtable_service_id' || r.to_column === 'airtable_service_id')!.evidence).toMatchObject({ kind: 'inferred', confidence: 0.7 });
  });

  it('the project saying two systems hold one thing keeps one entity: a key naming the other system, or a description saying so', () => {
    const p = conceptualize(loadProject(writeProject({
      'models/staging/shop/stg_shop__customers.sql': sql('shop', 'customers', 'customer_id, email'),
      'models/staging/recharge/stg_recharge__customers.sql': sql('recharge', 'customers', 'customer_id, shop_customer_id'),
      'models/staging/shop/stg_shop__vendors.sql': sql('shop', 'vendors', 'vendor_id'),
      'models/staging/stripe/stg_stripe__vendors.sql': sql('stripe', 'vendors', 'vendor_id'),
      'models/staging/stripe/_stripe.yml': 'version: 2\nmodels:\n  - name: stg_stripe__vendors\n    columns:\n      - name: vendor_id\n        description: The shop vendor id, identifying the vendor across systems.\n',
      'models/staging/quickbooks/stg_quickbooks__vendors.sql': sql('quickbooks', 'vendors', 'vendor_id'),
    })));
    expect(names(p)).toEqual(['Customer', 'QuickbooksVendor', 'ShopVendor']);
    expect(p.entities.find((e) => e.name === 'ShopVendor')!.sources).toEqual(['stg_shop__vendors', 'stg_stripe__vendors']);
    expect(notes(p)).toContain('are one entity because the project says so: ');
    expect(notes(p)).toContain('customer (recharge, shop: stg_recharge__customers.shop_customer_id holds the shop customer key)');
    expect(notes(p)).toContain('vendor (shop, stripe: stg_stripe__vendors.vendor_id is described as the shop key');
  });
});

describe("a row's own identifier is not a reference", () => {
  it('id renamed as event_id in a telemetry table does not point at Event; portal_customer_id on Customer is not a self-reference', () => {
    const p = layer([
      ['stg_app__events', ['event_id!', 'event_name']], ['stg_app__servers', ['server_id!']],
      ['stg_app__tracks', ['event_id', 'server_id', 'event_name']],
      ['stg_app__customers', ['customer_id!', 'portal_customer_id']],
      ['stg_app__email_events', ['email_event_id!']], ['stg_app__email_event_bounces', ['email_event_id!', 'reason']],
    ], { 'models/staging/stg_app__tracks.sql': 'select id as event_id, server_id, event as event_name from {{ source(\'app\', \'tracks\') }}\n' });
    expect(refs(p)).toEqual(['EmailEvent>EmailEventBounce.email_event_id', 'Server>Track.server_id']);
    expect(notes(p)).toContain("1 key-shaped column(s) are the row's own identifier");
    expect(notes(p)).toContain('stg_app__tracks.event_id is the row\'s own identifier, not a reference to Event');
  });
});

describe('tables that are not entities', () => {
  it('reports (breakdowns, time series, a grain of key + period, aggregating SQL), configuration and logs are left out, counted per reason', () => {
    const p = layer([
      ['stg_ntd__agencies', ['ntd_id!']],
      ['stg_ntd__service_by_mode', ['ntd_id', 'mode', 'trips']],
      ['stg_ntd__capital_expenditures_time_series', ['ntd_id', 'total']],
      ['stg_ntd__fuel_and_energy', ['ntd_id', 'report_year', 'diesel_gal']],
      ['stg_app__daily_sales', ['day', 'revenue']],
      ['stg_app__ldap', ['server_id', 'enable_sync']],
      ['stg_app__plugin_settings_snapshot', ['server_id']],
      ['stg_app__servers', ['server_id!']],
      ['stg_proxy__logs_eu', ['request_id', 'status_code']],
      ['stg_app__download_outcomes', ['url', 'success']],
      ['stg_app__order_totals', ['customer_id', 'total']], ['stg_app__customers', ['customer_id!']],
    ], {
      'models/staging/stg_ntd__fuel_and_energy.sql': "select {{ dbt_utils.generate_surrogate_key(['ntd_id', 'report_year']) }} as key, ntd_id, report_year, diesel_gal from {{ source('ntd', 'fuel') }}\n",
      'models/staging/stg_app__order_totals.sql': "with o as (select * from {{ source('app', 'orders') }})\nselect customer_id, sum(amount) as total from o group by customer_id\n",
    });
    expect(names(p)).toEqual(['Agency', 'Customer', 'Server']);
    expect(notes(p)).toMatch(/Not entities, per reason: 5 report\/aggregate, 2 configuration, 1 log, 1 technical\./);
    expect(notes(p)).toContain('stg_ntd__fuel_and_energy (its grain is ntd_id + report_year: figures per period, no identifier of its own)');
    expect(notes(p)).toContain('stg_app__order_totals (its SQL aggregates (GROUP BY with sum/count))');
    expect(notes(p)).toContain('stg_app__ldap (configuration settings, not business things)');
    expect(notes(p)).toContain('stg_app__plugin_settings_snapshot (a snapshot table; configuration settings, not business things)');
  });

  it('per-period copies are one entity; a filtered copy with the same columns folds into its model; values of one thing fold into it', () => {
    const p = layer([
      ['stg_ntd__2022_agency_information', ['ntd_id', 'agency_name']], ['stg_ntd__2023_agency_information', ['ntd_id', 'agency_name']],
      ['stg_elavon__transactions', ['transaction_id!', 'amount', 'type', 'merchant']],
      ['int_elavon__refund_transactions', ['transaction_id', 'amount', 'type', 'merchant']],
      ['stg_shop__orders', ['order_id!']], ['stg_shop__order_note_attributes', ['order_id', 'name', 'value']],
    ]);
    expect(names(p)).toEqual(['AgencyInformation', 'Order', 'Transaction']);
    expect(p.entities.find((e) => e.name === 'AgencyInformation')!.sources).toEqual(['stg_ntd__2022_agency_information', 'stg_ntd__2023_agency_information']);
    expect(p.entities.find((e) => e.name === 'Transaction')!.sources).toContain('int_elavon__refund_transactions');
    expect(p.entities.find((e) => e.name === 'Order')!.sources).toContain('stg_shop__order_note_attributes');
  });
});

describe('names drop plumbing words', () => {
  it('storage words, layer markers and mart prefixes are not part of the noun (no Stg…, no AppPostgres…)', () => {
    const p = layer([
      ['stg__mitxonline__app__postgres__auth_user', ['user_id!']],
      ['stg__mitxonline__openedx__mysql__bulk_email_optout', ['email_optout_id!']],
      ['cms_hcc__stg_core__condition', ['condition_id', 'person_id']], ['quality__stg_core__condition', ['condition_id', 'person_id']],
      ['core__stg_claims_condition', ['condition_id']], ['core__stg_clinical_condition', ['condition_id']],
      ['hcc__stg_core__patient', ['person_id!']],
    ]);
    expect(names(p)).toEqual(['BulkEmailOptout', 'Condition', 'Patient', 'User']);
    expect(p.entities.find((e) => e.name === 'Condition')!.sources).toHaveLength(4);
    expect(names(p).some((n) => /^Stg|Postgres|Mysql|App/.test(n))).toBe(false);
  });
});

describe('columns from SQL and semantic models feed the keys', () => {
  it('SQL renames (customer as customer_id, store_id as location_id) and semantic models\' foreign entities yield relationships YAML does not list', () => {
    const p = conceptualize(loadProject(writeProject({
      'models/staging/stg_customers.sql': sql('ecom', 'raw_customers', 'id as customer_id, name as customer_name'),
      'models/staging/stg_locations.sql': sql('ecom', 'raw_stores', 'id as location_id, name as location_name'),
      'models/staging/stg_orders.sql': sql('ecom', 'raw_orders', 'id as order_id, store_id as location_id, customer as customer_id, cast(subtotal as numeric(12, 2)) as subtotal, ordered_at'),
      'models/staging/stg_order_items.sql': sql('ecom', 'raw_items', 'id as order_item_id, order_id, sku as item_sku'),
      'models/marts/order_items.sql': "select * from {{ ref('stg_order_items') }}\n",
      'models/marts/order_items.yml': 'version: 2\nsemantic_models:\n  - name: order_items\n    model: ref(\'order_items\')\n    entities:\n      - {name: order_item, type: primary, expr: order_item_id}\n      - {name: order, type: foreign, expr: order_id}\n',
    })));
    expect(refs(p)).toEqual(['Customer>Order.customer_id', 'Location>Order.location_id', 'Order>OrderItem.order_id']);
    expect(p.relationships.find((r) => r.from === 'OrderItem' || r.to === 'OrderItem')!.evidence).toEqual({ kind: 'inferred', rule: 'semantic model foreign entity', confidence: 0.85 });
  });
});
