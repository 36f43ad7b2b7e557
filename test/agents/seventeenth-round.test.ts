// The Conceptualizer, issue 23's seventeenth blind round: classes of error read off a meal-kit company's data platform
// on Databricks (Cheffelo's sous-chef: a medallion layout whose silver layer holds one <system>__<table> model per
// source table of its application databases — subscriptions, baskets, orders, logistics, recipes and menus with their
// translations — beside forecasting and ML outputs). Each project is written in that shape and read by the real project
// reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { conceptualizeLayer, loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe('a dbt_project.yml that dbt (PyYAML) reads and a strict YAML 1.2 parser refuses', () => {
  it("reads a var list whose closing bracket sits left of its key, and the settings after it (a folder's +enabled: false)", () => {
    const p = run({
      'dbt_project.yml': [
        'name: agents_test', 'version: "1.0.0"', 'config-version: 2', 'model-paths: ["models"]', 'vars:',
        ' product_type_ids: [', `          "'E146'", #Add-on-product`, `          "'ADB2'" #Standalone`, ']',
        " basket_type_id: '550C'", 'models:', '  agents_test:', '    staging:', '      legacy:', '        +enabled: false', '',
      ].join('\n'),
      'models/staging/_sources.yml': sourcesYaml(sources('shop', 'orders', 'old_orders')),
      'models/staging/stg_shop__orders.sql': select('shop', 'orders', 'id as order_id, amount'),
      'models/staging/legacy/stg_shop__old_orders.sql': select('shop', 'old_orders', 'id as old_order_id, amount'),
    });
    expect(names(p)).toEqual(['Order']);
    expect(p.notes.join('\n')).not.toMatch(/problem\(s\) reading project files/);
  });
});

describe("a thing's translations where the layer has no table of the thing itself", () => {
  const layer = (extra: [string, string[]][] = []) => conceptualizeLayer([
    ['stg_pim__ingredients', ['ingredient_id!', 'ingredient_brand']],
    ['stg_pim__ingredient_translations', ['ingredient_id', 'language_id', 'ingredient_name']],
    ['stg_pim__ingredient_allergies', ['ingredient_id', 'allergy_id', 'has_trace_of']],
    ['stg_pim__allergy_translations', ['allergy_id', 'language_id', 'allergy_name']],
    ...extra,
  ]);

  it("is the thing's only table: named for it, the key others hold drawn to it (allergies known only by their names per language)", () => {
    const p = layer();
    expect(names(p)).toEqual(['Allergy', 'Ingredient']);
    expect(refs(p)).toEqual(['Allergy>IngredientAllergy.allergy_id', 'Ingredient>IngredientAllergy.ingredient_id']);
  });

  it('stays texts of the thing when the thing has a table of its own', () => {
    const p = layer([['stg_pim__allergies', ['allergy_id!', 'allergy_status_code']]]);
    expect(names(p)).toEqual(['Allergy', 'Ingredient']);
    expect(p.notes.join('\n')).toMatch(/stg_pim__allergy_translations → Allergy/);
  });
});
