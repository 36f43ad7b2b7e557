// A source() whose source and table come from a list the model sets and loops over
// (`{% for src in sources %}{{ source(src.source, src.table) }}`, a union of two QuickBooks
// worksheets) is a dependency dbt draws: modeler finds it by rendering the model, as dbt parse does.
import { expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { renderedRefs } from '../../src/core/columns/rendered-refs.js';
import { dbtOn, tinyProject } from '../helpers/tiny-dbt.js';

it('a source() named from a set list in a loop is read as the sources dbt depends on', () => {
  const dir = tinyProject({
    'models/sources.yml': 'version: 2\nsources:\n  - name: raw_data\n    tables:\n      - name: xlsx_invoice\n      - name: xlsx_sales_receipt\n',
    'models/base_order_items.sql': [
      "{% set sources = [{'source': 'raw_data', 'table': 'xlsx_invoice'}, {'source': 'raw_data', 'table': 'xlsx_sales_receipt'}] %}",
      '{% for src in sources %}',
      "select 1 as line_id from {{ source(src.source, src.table) }}",
      '{% if not loop.last %}union all{% endif %}',
      '{% endfor %}',
    ].join('\n'),
  });
  const dbt = dbtOn(dir);
  expect(dbt.code, dbt.output).toBe(0);
  const theirs = dbt.manifest.nodes['model.tiny.base_order_items'].depends_on.nodes.sort();
  const p = loadProject(dir, { profilesDir: dir });
  const ours = (renderedRefs(p).get('model.tiny.base_order_items') ?? []).sort();
  expect(ours).toEqual(theirs);
  expect(ours).toEqual(['source.tiny.raw_data.xlsx_invoice', 'source.tiny.raw_data.xlsx_sales_receipt']);
}, 120_000);
