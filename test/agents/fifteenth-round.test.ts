// The Conceptualizer, issue 23's fifteenth blind round: classes of error read off an online retailer's warehouse
// (Ammunition Depot: its Magento shop and its Fishbowl inventory ERP landed by Airbyte, in a medallion layout — bronze
// sources, silver cleaned per-source models named <system>_<table>, gold dimensions and facts). Each project is written
// in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, modelsYaml, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
const unique = (key: string) => `- name: ${key}\n  tests: [unique, not_null]\n`;

describe('a medallion layout whose silver layer is the staging layer', () => {
  const medallion = (extra: Record<string, string> = {}) => ({
    'models/bronze/erp/_sources.yml': sourcesYaml(sources('erp', 'vendor', 'po')),
    'models/silver/erp/erp_vendors.sql': select('erp', 'vendor', 'id as vendor_id, name as vendor_name'),
    'models/silver/erp/erp_po.sql': select('erp', 'po', 'id as purchase_order_id, vendorid as vendor_id, dateissued as issued_at'),
    'models/gold/d_vendor.sql': "select vendor_id, vendor_name from {{ ref('erp_vendors') }}\n",
    ...extra,
  });

  it('reads the models under silver/ as staging when no model is named stg_* and none lives under staging/', () => {
    const p = run(medallion());
    expect(names(p)).toEqual(['Po', 'Vendor']);
    expect(refs(p)).toEqual(['Vendor>Po.vendor_id']);
  });

  it('keeps a silver folder as what it is in a project that has staging models', () => {
    const p = run(medallion({
      'models/bronze/erp/stg_erp__vendors.sql': select('erp', 'vendor', 'id as vendor_id, name as vendor_name'),
    }));
    expect(names(p)).toEqual(['Vendor']);
  });
});

describe('a name that abbreviates the noun its key spells out', () => {
  const erp = {
    'models/staging/_sources.yml': sourcesYaml(sources('fishbowl', 'part', 'partcost', 'po', 'poitem', 'ship'), sources('magento', 'customer_entity')),
    'models/staging/fishbowl/fishbowl_part.sql': select('fishbowl', 'part', 'id as part_id, num as part_number'),
    'models/staging/fishbowl/fishbowl_partcost.sql': select('fishbowl', 'partcost', 'id as part_cost_id, partid as part_id, avgcost as average_cost'),
    'models/staging/fishbowl/fishbowl_po.sql': select('fishbowl', 'po', 'id as purchase_order_id, num as purchase_order_number'),
    'models/staging/fishbowl/fishbowl_poitem.sql': select('fishbowl', 'poitem', 'id as po_item_id, poid as purchase_order_id, partid as part_id, qty as quantity_ordered'),
    'models/staging/fishbowl/fishbowl_ship.sql': select('fishbowl', 'ship', 'id as shipment_id, poid as purchase_order_id, dateshipped as shipped_at'),
    'models/staging/magento/magento_customer_entity.sql': select('magento', 'customer_entity', 'entity_id as customer_id, email'),
    // each model's key tested unique, as the project's YAML does
    'models/staging/_models.yml': modelsYaml([['fishbowl_part', unique('part_id')], ['fishbowl_partcost', unique('part_cost_id')],
      ['fishbowl_po', unique('purchase_order_id')], ['fishbowl_poitem', unique('po_item_id')], ['fishbowl_ship', unique('shipment_id')],
      ['magento_customer_entity', unique('customer_id')]]),
  };

  it('names po PurchaseOrder, its line poitem PurchaseOrderItem, ship Shipment and customer_entity Customer; partcost is left to the word rules', () => {
    const p = run(erp);
    expect(names(p)).toEqual(['Customer', 'Part', 'Partcost', 'PurchaseOrder', 'PurchaseOrderItem', 'Shipment']);
    expect(refs(p)).toEqual(expect.arrayContaining(['Part>Partcost.part_id', 'PurchaseOrder>PurchaseOrderItem.purchase_order_id', 'PurchaseOrder>Shipment.purchase_order_id']));
  });

  it('keeps a short name whose key says something else (a table po keyed post_id)', () => {
    const p = run({ ...erp, 'models/staging/fishbowl/fishbowl_po.sql': select('fishbowl', 'po', 'id as post_id, amount'),
      'models/staging/_models.yml': modelsYaml([['fishbowl_po', unique('post_id')]]) });
    expect(names(p)).toContain('Po');
  });
});

describe('an entity–attribute–value store', () => {
  const shop = (valueColumns: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('magento', 'catalog_product_entity', 'catalog_product_entity_int', 'eav_attribute', 'eav_attribute_set', 'sales_order_item')),
    'models/staging/magento/magento_catalog_product_entity.sql': select('magento', 'catalog_product_entity', 'entity_id as product_id, sku, attribute_set_id'),
    'models/staging/magento/magento_catalog_product_entity_int.sql': select('magento', 'catalog_product_entity_int', valueColumns),
    'models/staging/magento/magento_eav_attribute.sql': select('magento', 'eav_attribute', 'attribute_id, attribute_code'),
    'models/staging/magento/magento_eav_attribute_set.sql': select('magento', 'eav_attribute_set', 'attribute_set_id, attribute_set_name'),
    'models/staging/magento/magento_sales_order_item.sql': select('magento', 'sales_order_item', 'item_id as order_item_id, product_id, qty_ordered'),
    'models/staging/_models.yml': modelsYaml([['magento_catalog_product_entity', unique('product_id')], ['magento_sales_order_item', unique('order_item_id')]]),
  });

  it('leaves out the attribute definitions and sets as the store\'s schema, and its value rows as attributes', () => {
    const p = run(shop('value_id, entity_id, attribute_id, store_id, value'));
    expect(names(p)).toEqual(['Product', 'SalesOrderItem']);
    const notes = p.notes.join('\n');
    expect(notes).toMatch(/magento_eav_attribute \(the definitions of an entity–attribute–value store/);
    expect(notes).toMatch(/magento_catalog_product_entity_int \(entity–attribute–value rows/);
  });

  it('keeps a table with an attribute and a value beside values of its own', () => {
    const p = run(shop('value_id, entity_id, attribute_id, store_id, value, price, qty'));
    expect(names(p)).toContain('CatalogProductEntityInt');
  });
});

describe("an inventory system's tag", () => {
  const stock = (tagColumns: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('erp', 'part', 'location', 'tag', 'receiptitem')),
    'models/staging/erp/stg_erp__part.sql': select('erp', 'part', 'id as part_id, num as part_number'),
    'models/staging/erp/stg_erp__location.sql': select('erp', 'location', 'id as location_id, name as location_name'),
    'models/staging/erp/stg_erp__tag.sql': select('erp', 'tag', tagColumns),
    'models/staging/erp/stg_erp__receipt_item.sql': select('erp', 'receiptitem', 'id as receipt_item_id, tagid as tag_id, partid as part_id, qty as quantity_received'),
    'models/staging/_models.yml': modelsYaml([['stg_erp__tag', unique('tag_id')], ['stg_erp__receipt_item', unique('receipt_item_id')]]),
  });

  it('is stock held under a tag number when it holds a quantity and the keys of a part and a location', () => {
    const p = run(stock('id as tag_id, num as tag_number, partid as part_id, locationid as location_id, qty as quantity_on_tag'));
    expect(names(p)).toContain('Tag');
    expect(refs(p)).toEqual(expect.arrayContaining(['Location>Tag.location_id', 'Part>Tag.part_id', 'Tag>ReceiptItem.tag_id']));
  });

  it('is a tag vocabulary without them (when no other table points at it)', () => {
    const { 'models/staging/erp/stg_erp__receipt_item.sql': _lines, ...files } = stock('id as tag_id, name as tag_name');
    const p = run(files);
    expect(names(p)).not.toContain('Tag');
  });
});

describe('a line described as linking two things', () => {
  const kits = (itemColumns: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('erp', 'product', 'kititem')),
    'models/staging/erp/stg_erp__product.sql': select('erp', 'product', 'id as product_id, num as product_number'),
    'models/staging/erp/stg_erp__kit_item.sql': select('erp', 'kititem', itemColumns),
    'models/staging/_models.yml': 'version: 2\nmodels:\n  - name: stg_erp__kit_item\n'
      + '    description: Links component products to parent kit assemblies with quantity and pricing configuration.\n'
      + '    columns:\n      - name: kit_item_id\n        tests: [unique]\n',
  });

  it('is a thing when it has an identity of its own and says how many it holds (a kit component)', () => {
    const p = run(kits('id as kit_item_id, kitproductid as kit_product_id, productid as component_product_id, defaultqty as default_quantity, sortorder as sort_order'));
    expect(names(p)).toEqual(['KitItem', 'Product']);
    expect(refs(p)).toEqual(['Product>KitItem.component_product_id', 'Product>KitItem.kit_product_id']);
  });

  it('stays a link without a count of its own', () => {
    const p = run(kits('id as kit_item_id, kitproductid as kit_product_id, productid as component_product_id'));
    expect(names(p)).toEqual(['Product']);
  });
});

describe('records of any table, each typed by a table column beside it', () => {
  const erp = (extra: Record<string, string>) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('erp', 'soitem', 'part', 'objecttoobject', 'plugininfo', 'inventorylog')),
    'models/staging/erp/stg_erp__so_item.sql': select('erp', 'soitem', 'id as so_item_id, qty as quantity_ordered'),
    'models/staging/erp/stg_erp__part.sql': select('erp', 'part', 'id as part_id, num as part_number'),
    ...extra,
  });

  it('leaves out generic links between records and an integration\'s data per record as the system\'s bookkeeping', () => {
    const p = run(erp({
      'models/staging/erp/stg_erp__object_to_object.sql': select('erp', 'objecttoobject',
        'id as object_relationship_id, typeid as relationship_type_id, tableid1 as object1_view_id, recordid1 as object1_record_id, tableid2 as object2_view_id, recordid2 as object2_record_id'),
      'models/staging/erp/stg_erp__plugin_info.sql': select('erp', 'plugininfo', 'id as plugin_info_id, recordid as record_id, groupid as group_id, channelid as channel_id, tablename as related_table_name, info as plugin_info_data'),
    }));
    expect(names(p)).toEqual(['Part', 'SoItem']);
    expect(p.notes.join('\n')).toMatch(/stg_erp__plugin_info \(its keys are records of any table/);
  });

  it('keeps an event that holds keys of things beside its related record (an inventory log line)', () => {
    const p = run(erp({
      'models/staging/erp/stg_erp__inventory_movement.sql': select('erp', 'inventorylog',
        'id as inventory_movement_id, partid as part_id, userid as user_id, tableid as related_table_id, recordid as related_record_id, beglocationid as beginning_location_id, endlocationid as ending_location_id, changeqty as quantity_changed'),
    }));
    expect(names(p)).toContain('InventoryMovement');
  });
});

describe('a record of rows sent to another system', () => {
  const erp = (postColumns: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('erp', 'po', 'postpo')),
    'models/staging/erp/stg_erp__purchase_order.sql': select('erp', 'po', 'id as purchase_order_id, num as purchase_order_number'),
    'models/staging/erp/stg_erp__post_po.sql': select('erp', 'postpo', postColumns),
  });

  it("is the integration's bookkeeping when it holds the other system's id and a hash of what was sent", () => {
    const p = run(erp('id as post_po_id, poid as purchase_order_id, exttxnid as external_transaction_id, exttxnhash as external_transaction_hash, dateposted as posted_at'));
    expect(names(p)).toEqual(['PurchaseOrder']);
    expect(p.notes.join('\n')).toMatch(/stg_erp__post_po \(a record of rows sent to another system/);
  });

  it('stays a thing without the hash', () => {
    const p = run(erp('id as post_po_id, poid as purchase_order_id, exttxnid as external_transaction_id, dateposted as posted_at'));
    expect(names(p)).toContain('PostPo');
  });
});
