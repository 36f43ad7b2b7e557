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

describe('a table whose name reads as settings, a forecast or per-period figures, whose key other tables hold', () => {
  it("is a thing: a customer's preferences, the forecast's groups, a distribution centre and its type; a thing's preferences link it to them", () => {
    const p = conceptualizeLayer([
      ['stg_cms__billing_agreements', ['billing_agreement_id!', 'signup_source']],
      ['stg_cms__preferences', ['preference_id!', 'preference_name', 'is_allergen']],
      ['stg_cms__billing_agreement_consents', ['billing_agreement_consent_id!', 'billing_agreement_id', 'preference_id', 'consented_at']],
      ['stg_cms__allergies', ['allergy_id!', 'allergy_name']],
      ['stg_cms__allergy_preferences', ['allergy_id', 'preference_id']],
      ['stg_forecasting__forecast_groups', ['forecast_group_id!', 'forecast_group_name']],
      ['stg_forecasting__forecast_orders', ['forecast_orders_id!', 'forecast_group_id', 'menu_year', 'menu_week', 'order_quantity_forecast']],
      ['stg_operations__distribution_center_types', ['distribution_center_type_id!', 'distribution_center_type_name']],
      ['stg_operations__distribution_centers', ['distribution_center_id!', 'distribution_center_type_id', 'distribution_center_name']],
      ['stg_operations__zones', ['zone_id!', 'packing_distribution_center_id', 'zone_name']],
    ]);
    expect(names(p)).toEqual(['Allergy', 'BillingAgreement', 'BillingAgreementConsent', 'DistributionCenter', 'DistributionCenterType', 'ForecastGroup', 'Preference', 'Zone']);
    // (and a table of a thing's preferences beside them links the thing to them)
    expect(refs(p)).toEqual(expect.arrayContaining(['Allergy>AllergyPreference.allergy_id', 'Preference>AllergyPreference.preference_id', 'Preference>BillingAgreementConsent.preference_id', 'DistributionCenter>Zone.packing_distribution_center_id',
      'DistributionCenterType>DistributionCenter.distribution_center_type_id']));
  });

  it('stays settings or figures when nothing holds its key', () => {
    const p = conceptualizeLayer([
      ['stg_cms__billing_agreements', ['billing_agreement_id!', 'signup_source']],
      ['stg_cms__preferences', ['preference_id!', 'theme', 'enable_emails']],
      ['stg_forecasting__forecast_groups', ['forecast_group_id!', 'forecast_group_name']],
    ]);
    expect(names(p)).toEqual(['BillingAgreement']);
  });
});

describe('a table named for a period', () => {
  it('is things made each period when its identifier is named for them (weekly purchase orders and their lines)', () => {
    const p = conceptualizeLayer([
      ['stg_pim__ingredients', ['ingredient_id!', 'ingredient_brand']],
      ['stg_pim__weekly_purchase_orders', ['purchase_order_id!', 'menu_year', 'menu_week', 'purchase_order_date']],
      ['stg_pim__weekly_purchase_order_lines', ['purchase_order_line_id!', 'purchase_order_id', 'ingredient_id', 'ingredient_quantity']],
    ]);
    expect(names(p)).toEqual(['Ingredient', 'WeeklyPurchaseOrder', 'WeeklyPurchaseOrderLine']);
    expect(refs(p)).toEqual(['Ingredient>WeeklyPurchaseOrderLine.ingredient_id', 'WeeklyPurchaseOrder>WeeklyPurchaseOrderLine.purchase_order_id']);
  });

  it('is figures per period when its unique key is a surrogate of a thing and a date (a daily forecast)', () => {
    const p = conceptualizeLayer([
      ['stg_forecasting__items', ['item_id!', 'item_name']],
      ['stg_forecasting__cat_subcat_daily', ['forecast_id!', 'item_id', 'forecast_date', 'p50', 'p90']],
    ]);
    expect(names(p)).toEqual(['Item']);
  });
});

describe('a link with no key of its own named for the two things whose keys it holds (recipe_companies)', () => {
  it("is not the one company of its system that another table's company_id points at", () => {
    const p = conceptualizeLayer([
      ['stg_pim__recipes', ['recipe_id!', 'recipe_name']],
      ['stg_pim__recipe_companies', ['company_id', 'recipe_id']],
      ['stg_pim__weekly_menus', ['weekly_menu_id!', 'company_id', 'menu_week']],
    ]);
    expect(names(p)).toEqual(['Recipe', 'WeeklyMenu']);
    expect(refs(p).filter((r) => r.includes('company_id'))).toEqual([]);
  });
});
