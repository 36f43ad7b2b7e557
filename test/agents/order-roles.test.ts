// The Conceptualizer on keys whose role words are abbreviated or name another system: a shop's orders point at the
// customer's previous order (prev_order_id) and at the order they refer to (ref_order_id: a return's, an exchange's);
// an ERP's sales orders hold the shop order's id and the one it refers to (haravan_order_id, haravan_ref_order_id), as
// the tenth blind round's warehouse has them. Read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const files = {
  'models/sources.yml': sourcesYaml(sources('shop', 'orders', 'customers'), sources('erp', 'sales_orders')),
  'models/staging/shop/stg_shop__customers.sql': "select id as customer_id, email from {{ source('shop', 'customers') }}\n",
  'models/staging/shop/stg_shop__orders.sql': "select id as order_id, customer_id, total_price, prev_order_id, prev_order_date, ref_order_id, ref_order_number from {{ source('shop', 'orders') }}\n",
  'models/staging/erp/stg_erp__sales_orders.sql': "select name as sales_order_id, grand_total, shop_order_id, shop_ref_order_id from {{ source('erp', 'sales_orders') }}\n",
};

describe('abbreviated roles and roles naming a system', () => {
  it("read prev_ and ref_ as roles between rows of one entity (an order's previous order, the order it refers to)", () => {
    expect(refs(conceptualize(loadFiles(files)))).toEqual(expect.arrayContaining(['Order>Order.prev_order_id', 'Order>Order.ref_order_id']));
  });

  it("read a system's name among the role words as that system's key, not a reference to the row's own entity", () => {
    const drawn = refs(conceptualize(loadFiles(files)));
    expect(drawn.filter((r) => r.startsWith('SalesOrder>SalesOrder.'))).toEqual([]);
    expect(drawn).toEqual(expect.arrayContaining(['Order>SalesOrder.shop_order_id', 'Order>SalesOrder.shop_ref_order_id']));
  });
});

describe("a system named before a key whose noun that system names more fully (haravan_variant_id: the shop's product variant)", () => {
  const layer = {
    'models/sources.yml': sourcesYaml(sources('shop', 'products', 'product_variants'), sources('catalog', 'variants', 'stones')),
    'models/staging/shop/stg_shop__products.sql': "select id as product_id, title from {{ source('shop', 'products') }}\n",
    'models/staging/shop/stg_shop__product_variants.sql': "select id as variant_id, product_id, sku, price from {{ source('shop', 'product_variants') }}\n",
    // the catalogue has variants of its own, and a stone sold as one of the shop's variants
    'models/staging/catalog/stg_catalog__variants.sql': "select id as variant_id, shop_variant_id, design_code, price from {{ source('catalog', 'variants') }}\n",
    'models/staging/catalog/stg_catalog__stones.sql': "select id as stone_id, shop_variant_id, carat, color from {{ source('catalog', 'stones') }}\n",
  };

  it("is that system's thing, not the key's own system's thing of the short noun", () => {
    const drawn = refs(conceptualize(loadFiles(layer)));
    expect(drawn).toContain('ProductVariant>Stone.shop_variant_id');
    expect(drawn.filter((r) => r.startsWith('Variant>Stone.'))).toEqual([]);
  });
});
