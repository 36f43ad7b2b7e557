// The Conceptualizer, issue 23's fifteenth blind round: classes of error read off an online retailer's warehouse
// (Ammunition Depot: its Magento shop and its Fishbowl inventory ERP landed by Airbyte, in a medallion layout — bronze
// sources, silver cleaned per-source models named <system>_<table>, gold dimensions and facts). Each project is written
// in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

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
