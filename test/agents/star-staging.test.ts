// The Conceptualizer, issue 23's ninth blind round (a vehicle rental company's warehouse: HubSpot beside an Odoo ERP
// whose staging models are `select *` over sources that declare no columns). A modeler reads such a model's columns off
// the models built on it (dim_vehicles' `a.model_id`), the key its name qualifies (vehicle_id in
// fleet_vehicle_insurance_claims) as the vehicle's, and a join to a dimension built on a staging model
// (`a.start_station_id = c.station_id`, dim_stations selecting `id as station_id`) as a join to that model's id. Each
// project is read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const load = (files: Record<string, string>) => conceptualize(loadFiles(files));
// Odoo's staging as the project writes it: every column of an undocumented source table
const star = (table: string, model = `${table}s`) => ({
  [`models/staging/odoo/stg_odoo__${model}.sql`]: `{{ config(materialized='table') }}\nwith\nsource as (\n    select\n        *\n    from {{ source('odoo', '${table}') }}\n),\ntransformation as (\n    select\n        *\n    from source\n)\nselect * from transformation\n`,
});

const odoo = {
  'models/sources.yml': sourcesYaml(sources('odoo', 'fleet_vehicle', 'fleet_vehicle_model', 'fleet_vehicle_station', 'rental_contract', 'fleet_vehicle_insurance_claim', 'res_partner')),
  ...star('fleet_vehicle'), ...star('fleet_vehicle_model'), ...star('fleet_vehicle_station'), ...star('rental_contract'),
  ...star('fleet_vehicle_insurance_claim'), ...star('res_partner'),
  'models/reporting/dim_vehicle_models.sql': `select a.id as vehicle_model_id, a.name as vehicle_model from {{ ref('stg_odoo__fleet_vehicle_models') }} a\n`,
  'models/reporting/dim_vehicles.sql': `select\n    a.id as vehicle_id,\n    a.license_plate,\n    c.vehicle_model\nfrom {{ ref('stg_odoo__fleet_vehicles') }} a\nleft join {{ ref('dim_vehicle_models') }} c on a.model_id = c.vehicle_model_id\n`,
  'models/reporting/dim_contacts.sql': `select a.id as contact_id, a.name as contact_name from {{ ref('stg_odoo__res_partners') }} a\n`,
  'models/reporting/fct_vehicle_insurance_claims.sql': `select a.*, b.license_plate from {{ ref('stg_odoo__fleet_vehicle_insurance_claims') }} a\nleft join {{ ref('dim_vehicles') }} b on a.vehicle_id = b.vehicle_id\n`,
};

describe('a `select *` staging model over a source that lists no columns', () => {
  it('returns the columns the models built on it read from it, keys included', () => {
    const p = load({
      ...odoo,
      'models/reporting/fct_rental_contracts.sql': `select a.id as rental_contract_id, a.vehicle_id, a.partner_id, a.start_date\nfrom {{ ref('stg_odoo__rental_contracts') }} a\n`,
    });
    expect(refs(p)).toEqual(expect.arrayContaining(['FleetVehicle>RentalContract.vehicle_id', 'FleetVehicleModel>FleetVehicle.model_id', 'ResPartner>RentalContract.partner_id']));
  });

  it('is still a thing where its readers read no key of it: they need not read every column', () => {
    const p = load({
      'models/sources.yml': sourcesYaml(sources('hubspot', 'companies', 'deals')),
      'models/staging/stg_hubspot_companies.sql': `select * from {{ source('hubspot', 'companies') }}\n`,
      'models/staging/stg_hubspot_deals.sql': `select id as deal_id, property_dealname as deal_name, company_id from {{ source('hubspot', 'deals') }}\n`,
      'models/marts/points_relais.sql': `select distinct property_name as pr_name, property_address as pr_address, property_zip as zip\nfrom {{ ref('stg_hubspot_companies') }}\n`,
    });
    expect(names(p)).toContain('Company');
  });
});

describe('a key named for the words that qualify the model\'s own noun', () => {
  it('is the qualifying table\'s key, not the row\'s own, though it is the only key its readers read', () => {
    const p = load({
      ...odoo,
      'models/reporting/fct_rental_contracts.sql': `select a.id as rental_contract_id, a.vehicle_id from {{ ref('stg_odoo__rental_contracts') }} a\n`,
    });
    const drawn = refs(p);
    expect(drawn).toEqual(expect.arrayContaining(['FleetVehicle>FleetVehicleInsuranceClaim.vehicle_id', 'FleetVehicle>RentalContract.vehicle_id']));
    expect(drawn.filter((r) => r.startsWith('FleetVehicleInsuranceClaim>'))).toEqual([]);
  });
});

describe('a join to a dimension built on a staging model', () => {
  it('is a join to that staging model\'s own id: the role key points at its entity', () => {
    const p = load({
      ...odoo,
      'models/reporting/dim_stations.sql': `select id as station_id, name as station_name from {{ ref('stg_odoo__fleet_vehicle_stations') }}\n`,
      'models/reporting/fct_rental_contracts.sql': `select\n    a.id as rental_contract_id,\n    a.vehicle_id,\n    c.station_name as start_station,\n    d.station_name as end_station,\n    e.contact_name as driver_name\nfrom {{ ref('stg_odoo__rental_contracts') }} a\nleft join {{ ref('dim_stations') }} c on a.start_station_id = c.station_id\nleft join {{ ref('dim_stations') }} d on a.end_station_id = d.station_id\nleft join {{ ref('dim_contacts') }} e on a.driver_id = e.contact_id\n`,
    });
    expect(refs(p)).toEqual(expect.arrayContaining(['FleetVehicleStation>RentalContract.end_station_id', 'FleetVehicleStation>RentalContract.start_station_id',
      'ResPartner>RentalContract.driver_id']));
  });
});

describe('a role key whose name reads one thing and whose consumer joins it to a more specific one', () => {
  const accounts = {
    ...odoo,
    'models/sources.yml': sourcesYaml(sources('odoo', 'fleet_vehicle', 'fleet_vehicle_model', 'fleet_vehicle_station', 'rental_contract', 'fleet_vehicle_insurance_claim',
      'res_partner', 'account_account', 'account_analytic_account')),
    ...star('account_account', 'accounts'), ...star('account_analytic_account', 'analytic_accounts'),
    'models/reporting/dim_accounting_accounts.sql': `select a.id as account_id, a.code as account_code, a.name as account_name from {{ ref('stg_odoo__accounts') }} a\n`,
    'models/reporting/dim_accounting_analytic_accounts.sql': `select a.id as analytic_account_id, a.name as analytic_account_name from {{ ref('stg_odoo__analytic_accounts') }} a\n`,
  };
  const rentals = (on: string) => `select\n    a.id as rental_contract_id,\n    a.vehicle_id,\n    a.billing_account_id,\n    f.analytic_account_name\nfrom {{ ref('stg_odoo__rental_contracts') }} a\nleft join ${on}\n`;

  it('points at the thing the join names (a billing account that is an analytic account)', () => {
    const p = load({ ...accounts, 'models/reporting/fct_rental_contracts.sql': rentals(`{{ ref('dim_accounting_analytic_accounts') }} f on a.billing_account_id = f.analytic_account_id`) });
    const drawn = refs(p).filter((r) => r.endsWith('.billing_account_id'));
    expect(drawn).toEqual(['AnalyticAccount>RentalContract.billing_account_id']);
  });

  it('keeps the name\'s reading where no consumer joins it', () => {
    const p = load({ ...accounts, 'models/reporting/fct_rental_contracts.sql': rentals(`{{ ref('dim_vehicles') }} f on a.vehicle_id = f.vehicle_id`) });
    expect(refs(p).filter((r) => r.endsWith('.billing_account_id'))).toEqual(['Account>RentalContract.billing_account_id']);
  });
});
