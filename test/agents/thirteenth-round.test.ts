// The Conceptualizer, issue 23's thirteenth blind round: classes of error read off a manufacturer's warehouse (Asphalt
// Anchors) over QuickBooks exports, Shopify and trade-show leads: two staging models over one source table that keep
// the same column of it as their own identifier (orders and their attribution, customers and a cleaned copy), a
// helper's rows staged again with a flag added under a longer name, and the id QuickBooks gives every exported row
// (quick_books_internal_id) read as a reference to the one table keyed by it. Each project is written in that shape
// and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string, where = '') => `select ${columns} from {{ source('${source}', '${table}') }}${where}\n`;

describe('two staging models over one source table that keep the same column of it as their own identifier', () => {
  const shop = (attribution: string) => ({
    'models/staging/shopify/_sources.yml': sourcesYaml(sources('shopify', 'orders', 'customers')),
    'models/staging/shopify/stg_shopify__customers.sql': select('shopify', 'customers', 'id as customer_id, email, created_at'),
    'models/staging/shopify/stg_shopify__orders.sql': select('shopify', 'orders', 'id as order_id, order_number, customer__id as customer_id, total_price, created_at', ' where not test'),
    'models/staging/shopify/stg_shopify__order_attribution.sql': select('shopify', 'orders', attribution, " where not test and landing_site not like '%/checkout%'"),
  });

  it("reads the one whose name adds words to the other's noun as the same rows (id as order_id in both), not a thing", () => {
    const p = run(shop('id as order_id, order_number, source_name, landing_site, referring_site, utm_source, utm_campaign, created_at'));
    expect(names(p)).toEqual(['Customer', 'Order']);
    expect(refs(p)).toEqual(['Customer>Order.customer_id']);
    expect(p.notes.join('\n')).toMatch(/stg_shopify__order_attribution[^;]*orders's rows again: it keeps the table's id as its own identifier, as stg_shopify__orders does/);
  });

  it('reads the same source column renamed to a key named for the thing (quick_books_internal_id as customer_id) as the same rows', () => {
    const p = run({
      'models/staging/quickbooks/_sources.yml': sourcesYaml(sources('quickbooks', 'xlsx_customer')),
      'models/staging/quickbooks/stg_quickbooks__customers.sql': select('quickbooks', 'xlsx_customer', 'quick_books_internal_id, customer_name, company_name, main_email, current_balance'),
      'models/staging/quickbooks/stg_quickbooks__customer_contacts_clean.sql': select('quickbooks', 'xlsx_customer', 'quick_books_internal_id as customer_id, customer_name, main_email, cc_email, main_phone', ' where quick_books_internal_id is not null'),
      'models/staging/quickbooks/_models.yml': 'version: 2\nmodels:\n  - name: stg_quickbooks__customers\n    columns:\n      - name: quick_books_internal_id\n        tests: [unique, not_null]\n  - name: stg_quickbooks__customer_contacts_clean\n    columns:\n      - name: customer_id\n        tests: [unique, not_null]\n',
    });
    expect(names(p)).toEqual(['Customer']);
    expect(refs(p)).toEqual([]);
  });

  it("keeps a part flattened out of the table's rows (an array's elements), and rows keyed by an id of their own", () => {
    const parts = run({
      'models/staging/shopify/_sources.yml': sourcesYaml(sources('shopify', 'orders')),
      'models/staging/shopify/stg_shopify__orders.sql': select('shopify', 'orders', 'id as order_id, order_number, total_price'),
      'models/staging/shopify/stg_shopify__order_tags.sql': "select o.id as order_id, t as tag from {{ source('shopify', 'orders') }} as o, unnest(o.tags) as t\n",
      'models/staging/shopify/stg_shopify__order_lines.sql': "select o.id as order_id, (li->>'id')::bigint as order_line_id, li->>'sku' as sku from {{ source('shopify', 'orders') }} as o, jsonb_array_elements(o.line_items) as li\n",
    });
    expect(parts.notes.join('\n')).not.toMatch(/rows again: it keeps the table's id/);
    expect(refs(parts)).toContain('Order>OrderLine.order_id');
    const keyed = run({
      'models/staging/shopify/_sources.yml': sourcesYaml(sources('shopify', 'orders')),
      'models/staging/shopify/stg_shopify__orders.sql': select('shopify', 'orders', 'id as order_id, order_number, total_price'),
      'models/staging/shopify/stg_shopify__order_shipments.sql': select('shopify', 'orders', 'id as order_id, shipment_id, carrier, shipped_at'),
      'models/staging/shopify/_models.yml': 'version: 2\nmodels:\n  - name: stg_shopify__order_shipments\n    columns:\n      - name: shipment_id\n        tests: [unique]\n',
    });
    expect(refs(keyed)).toContain('Order>OrderShipment.order_id');
  });
});

describe("a helper's rows staged again with a column added, under a longer name", () => {
  const layer = (extra: string) => ({
    'models/staging/quickbooks/_sources.yml': sourcesYaml(sources('quickbooks', 'xlsx_invoice')),
    'models/staging/quickbooks/base/base_quickbooks__order_items.sql': select('quickbooks', 'xlsx_invoice', 'invoice_no as order_number, customer, product_service, product_service_quantity, product_service_amount, customer_sales_tax_code, _dlt_id'),
    'models/staging/quickbooks/stg_quickbooks__order_items_tax_status.sql': `select order_number, customer, product_service, product_service_quantity, product_service_amount, customer_sales_tax_code, _dlt_id${extra}\nfrom {{ ref('base_quickbooks__order_items') }}\n`,
  });

  it("names the thing for the helper's noun (OrderItem), not for what the step adds (a tax status)", () => {
    const p = run(layer(",\n  customer_sales_tax_code ilike '%non%' as is_tax_exempt"));
    expect(names(p)).toEqual(['OrderItem']);
    expect(p.notes.join('\n')).toMatch(/base_quickbooks__order_items → OrderItem/);
  });

  it('keeps the longer name when the step returns only some of the helper\'s columns', () => {
    const p = run({ ...layer(''), 'models/staging/quickbooks/stg_quickbooks__order_items_tax_status.sql': "select order_number, customer_sales_tax_code ilike '%non%' as is_tax_exempt\nfrom {{ ref('base_quickbooks__order_items') }}\n" });
    expect(names(p)).toEqual(['OrderItemsTaxStatus']);
  });
});

describe('a key named for its own system', () => {
  const qb = (itemKey: string) => ({
    'models/staging/quickbooks/_sources.yml': sourcesYaml(sources('quickbooks', 'xlsx_customer', 'xlsx_item')),
    'models/staging/quickbooks/stg_quickbooks__customers.sql': select('quickbooks', 'xlsx_customer', 'quick_books_internal_id, customer_name, main_email'),
    'models/staging/quickbooks/stg_quickbooks__items.sql': select('quickbooks', 'xlsx_item', `${itemKey}, item_name, sales_price, snapshot_date`),
    'models/staging/quickbooks/_models.yml': 'version: 2\nmodels:\n  - name: stg_quickbooks__customers\n    columns:\n      - name: quick_books_internal_id\n        tests: [unique, not_null]\n',
  });

  it("reads quick_books_internal_id on another table of the system as that row's own id, not a reference to the one table keyed by it", () => {
    const p = run(qb('quick_books_internal_id'));
    expect(names(p)).toEqual(['Customer', 'Item']);
    expect(refs(p)).toEqual([]);
  });

  it('still draws a key that names a thing after the system (quickbooks_customer_id)', () => {
    const p = run({ ...qb('quick_books_internal_id'), 'models/staging/quickbooks/stg_quickbooks__invoices.sql': "select invoice_id, quickbooks_customer_id from {{ source('quickbooks', 'xlsx_item') }}\n",
      'models/staging/quickbooks/stg_quickbooks__customers.sql': select('quickbooks', 'xlsx_customer', 'quick_books_internal_id as quickbooks_customer_id, customer_name') });
    expect(refs(p)).toContain('Customer>Invoice.quickbooks_customer_id');
  });
});
