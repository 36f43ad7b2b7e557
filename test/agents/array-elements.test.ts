// The Conceptualizer on staging models whose rows are the elements of an array column of their source (a shop's orders
// with their line items, fulfilments and transactions as JSON arrays, an ERP's sales orders with their items): the tenth
// blind round's warehouse (Haravan and ERPNext over PostgreSQL) unnested them with jsonb_array_elements. Each project is
// written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { sqlShape } from '../../src/agents/sql-shape.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const orders = "select id::bigint as order_id, name as order_name, total_price, (customer->>'id')::bigint as customer_id, created_at from {{ source('shop', 'orders') }}\n";
const customers = "select id::bigint as customer_id, email, first_name from {{ source('shop', 'customers') }}\n";
const products = "select id::bigint as product_id, title, vendor from {{ source('shop', 'products') }}\n";
// an order's lines, stamped with the order's own creation time (order_created_at), each with the id the shop gave it
const orderLines = `with unnested as (
    select id::bigint as order_id, created_at as order_created_at, jsonb_array_elements(line_items) as line_item
    from {{ source('shop', 'orders') }}
)
select order_id, order_created_at, (line_item->>'id')::bigint as line_item_id, (line_item->>'product_id')::bigint as product_id,
    (line_item->>'quantity')::int as quantity, (line_item->>'price')::numeric as price
from unnested
`;
const shop = {
  'models/sources.yml': sourcesYaml(sources('shop', 'orders', 'customers', 'products')),
  'models/staging/shop/stg_shop__orders.sql': orders,
  'models/staging/shop/stg_shop__customers.sql': customers,
  'models/staging/shop/stg_shop__products.sql': products,
};

describe("an array's elements with an id of their own", () => {
  it("are read as the row's own identifier, and the source row's id beside them as the parent's key", () => {
    const p = loadFiles({ ...shop, 'models/staging/shop/stg_shop__order_lines.sql': orderLines });
    const s = sqlShape(p, p.modelByName.get('stg_shop__order_lines')!);
    expect([...s.elementIds]).toEqual(['line_item_id']);
    expect([...s.ownIdAliases]).toEqual(['line_item_id']);
  });

  it("make an order's lines a thing of their own, though stamped with the order's creation time", () => {
    const p = conceptualize(loadFiles({ ...shop, 'models/staging/shop/stg_shop__order_lines.sql': orderLines }));
    expect(names(p)).toContain('OrderLine');
    expect(refs(p)).toEqual(expect.arrayContaining(['Order>OrderLine.order_id', 'Product>OrderLine.product_id']));
  });

  it("while rows stamped so with no id of their own are still the order's rows again", () => {
    const again = "select id::bigint as order_id, created_at as order_created_at, note, tags from {{ source('shop', 'orders') }}\n";
    const p = conceptualize(loadFiles({ ...shop, 'models/staging/shop/stg_shop__order_notes.sql': again }));
    expect(names(p)).not.toContain('OrderNote');
  });

  it('make the items of an ERP document a thing, though they read the same tables as the document (and its deletion log) again', () => {
    const notDeleted = (doctype: string, key = 'name') => `where not exists (select 1 from {{ source('erp', 'deleted_documents') }} dd where dd.deleted_doctype = '${doctype}' and dd.deleted_name = ${key})`;
    const p = conceptualize(loadFiles({
      'models/sources.yml': sourcesYaml(sources('erp', 'sales_orders', 'customers', 'deleted_documents')),
      'models/staging/erp/stg_erp__customers.sql': `select name as customer_id, customer_name from {{ source('erp', 'customers') }} ${notDeleted('Customer')}\n`,
      'models/staging/erp/stg_erp__sales_orders.sql': `select name as sales_order_id, customer as customer_id, grand_total from {{ source('erp', 'sales_orders') }} ${notDeleted('Sales Order')}\n`,
      'models/staging/erp/stg_erp__sales_order_items.sql': `with unnested_items as (
    select name as parent_sales_order_id, jsonb_array_elements(sales_order_items::jsonb) as item
    from {{ source('erp', 'sales_orders') }} ${notDeleted('Sales Order')}
)
select item ->> 'name' as sales_order_item_id, parent_sales_order_id as sales_order_id, item ->> 'sku' as sku, (item ->> 'qty')::numeric as qty
from unnested_items
`,
    }));
    expect(names(p)).toContain('SalesOrderItem');
    expect(refs(p)).toContain('SalesOrder>SalesOrderItem.sales_order_id');
  });

  it("leave a product's option names (an option id, a name, a position) values of the product", () => {
    const options = `with unnested as (select id::bigint as product_id, jsonb_array_elements(options) as opt from {{ source('shop', 'products') }})
select (opt->>'id')::bigint as option_id, product_id, opt->>'name' as name, (opt->>'position')::int as position from unnested
`;
    const p = conceptualize(loadFiles({ ...shop, 'models/staging/shop/stg_shop__product_options.sql': options }));
    expect(names(p)).not.toContain('ProductOption');
    expect(names(p)).toContain('Product');
  });
});
