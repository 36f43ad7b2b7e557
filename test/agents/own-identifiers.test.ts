// The Conceptualizer on a row's own identifier named otherwise than `id as <table>_id`, as the tenth blind round's warehouse
// names them: an ERP whose documents are keyed by their name (Frappe/ERPNext: `name` is the primary key, links between
// documents hold it), one table of which, copied from another, kept that other's key name for its own rows; and a
// catalogue whose temporary products are keyed temp_product_id. Read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { sqlShape } from '../../src/agents/sql-shape.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const files = {
  'models/sources.yml': sourcesYaml(sources('erp', 'leads', 'lead_demands', 'lead_products')),
  'models/staging/erp/stg_erp__leads.sql': "select name as lead_id, lead_name, purpose_lead, status, creation::timestamp as created_at from {{ source('erp', 'leads') }}\n",
  'models/staging/erp/stg_erp__lead_demands.sql': "select name as lead_demand_id, demand_label, idx::int as idx, owner from {{ source('erp', 'lead_demands') }}\n",
  // the alias copied from the lead_demands model: still this table's own name, its rows' identity
  'models/staging/erp/stg_erp__lead_products.sql': "select name as lead_demand_id, product_type, idx::int as idx, owner from {{ source('erp', 'lead_products') }}\n",
};

describe("a document's name given a key's name (name as lead_demand_id)", () => {
  it("is the row's own identifier, while a name given a label's name is not", () => {
    const p = loadFiles(files);
    expect([...sqlShape(p, p.modelByName.get('stg_erp__lead_products')!).ownIdAliases]).toEqual(['lead_demand_id']);
    const labelled = loadFiles({ ...files, 'models/staging/erp/stg_erp__leads.sql': "select lead_id, name as lead_name from {{ source('erp', 'leads') }}\n" });
    expect([...sqlShape(labelled, labelled.modelByName.get('stg_erp__leads')!).ownIdAliases]).toEqual([]);
  });

  it('is not read as a reference to the thing the key name names', () => {
    const p = conceptualize(loadFiles(files));
    expect(names(p)).toEqual(expect.arrayContaining(['Lead', 'LeadDemand', 'LeadProduct']));
    expect(refs(p).filter((r) => r.includes('>LeadProduct.'))).toEqual([]);
  });
});

describe("a row's own key named with the table's words shortened (temp_product_id of temporary_products)", () => {
  const shop = {
    'models/sources.yml': sourcesYaml(sources('catalog', 'products', 'temporary_products')),
    'models/staging/catalog/stg_catalog__products.sql': "select id::bigint as product_id, title, price from {{ source('catalog', 'products') }}\n",
    'models/staging/catalog/stg_catalog__temporary_products.sql': "select id::bigint as temp_product_id, product_id, customer_name, price, request_code from {{ source('catalog', 'temporary_products') }}\n",
  };

  it('is its own identifier, not a reference to the thing its last word names', () => {
    const drawn = refs(conceptualize(loadFiles(shop)));
    expect(drawn).not.toContain('Product>TemporaryProduct.temp_product_id');
    expect(drawn).toContain('Product>TemporaryProduct.product_id');
  });
});
