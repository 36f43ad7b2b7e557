// The Conceptualizer on link columns an ERP does not name as keys (Frappe/ERPNext links documents by name: a lead's
// budget_lead, region; a sales person's parent_sales_person, sales_region), which the tenth blind round's warehouse
// joins to the linked documents' ids only in its marts, through intermediate models. Read by the real project reader,
// with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const erp = (table: string, columns: string) => `select ${columns} from {{ source('erp', '${table}') }}\n`;
const files: Record<string, string> = {
  'models/sources.yml': sourcesYaml(sources('erp', 'leads', 'lead_budgets', 'regions', 'sales_persons'), sources('geo', 'communes')),
  'models/staging/erp/stg_erp__leads.sql': erp('leads', 'name as lead_id, lead_name, budget_lead, region, lead_received_date, commune_of_residence'),
  'models/staging/erp/stg_erp__lead_budgets.sql': erp('lead_budgets', 'name as lead_budget_id, budget_label, budget_from, budget_to'),
  'models/staging/erp/stg_erp__regions.sql': erp('regions', 'name as region_id, region_name'),
  'models/staging/erp/stg_erp__sales_persons.sql': erp('sales_persons', 'name as sales_person_id, sales_person_name, parent_sales_person, sales_region'),
  'models/staging/geo/stg_geo__communes.sql': "select code as commune_id, nom from {{ source('geo', 'communes') }}\n",
  // intermediate models that pass the staging columns on, and a mart that joins them
  'models/intermediate/int_leads.sql': "with leads as (select * from {{ ref('stg_erp__leads') }})\nselect lead_id, lead_name, budget_lead, region, lead_received_date, commune_of_residence from leads\n",
  'models/intermediate/int_lead_budgets.sql': "select lead_budget_id, budget_label from {{ ref('stg_erp__lead_budgets') }}\n",
  'models/intermediate/int_sales_persons.sql': `with staff as (select * from {{ ref('stg_erp__sales_persons') }})
select emp.sales_person_id, emp.sales_person_name, par.sales_person_name as parent_name, r.region_name
from staff emp
left join staff par on emp.parent_sales_person = par.sales_person_id
left join {{ ref('stg_erp__regions') }} r on emp.sales_region = r.region_id
`,
  'models/marts/fct_leads.sql': `with leads as (select * from {{ ref('int_leads') }}),
budgets as (select lead_budget_id, budget_label from {{ ref('int_lead_budgets') }}),
regions as (select region_id, region_name from {{ ref('stg_erp__regions') }}),
communes as (select commune_id, nom from {{ ref('stg_geo__communes') }}),
days as (select lead_id as day_lead, lead_received_date as day from {{ ref('stg_erp__leads') }})
select l.lead_id, b.budget_label, r.region_name, c.nom
from leads l
left join budgets b on l.budget_lead = b.lead_budget_id
left join regions r on l.region = r.region_id
left join communes c on l.commune_of_residence = c.commune_id
left join days d on l.lead_received_date = d.day_lead
`,
};

describe('a link column not named as a key, which a consumer joins to an entity\'s own id', () => {
  it('is a reference to that entity, followed through intermediate models that pass the columns on', () => {
    expect(refs(conceptualize(loadFiles(files)))).toEqual(expect.arrayContaining([
      'LeadBudget>Lead.budget_lead', 'Region>Lead.region', 'Region>SalesPerson.sales_region',
    ]));
  });

  it("joined to its own model's id (a sales person's parent) is a reference to its own entity", () => {
    expect(refs(conceptualize(loadFiles(files)))).toContain('SalesPerson>SalesPerson.parent_sales_person');
  });

  it('is not drawn to another system, nor when its name says a value (a date)', () => {
    const drawn = refs(conceptualize(loadFiles(files)));
    expect(drawn.filter((r) => r.endsWith('.commune_of_residence') || r.endsWith('.lead_received_date'))).toEqual([]);
  });

  it("is not read off a field of a column's JSON (tbl.meta_data:hubspotid = c.id)", () => {
    const json = { ...files, 'models/marts/fct_leads.sql': "select l.lead_id from {{ ref('stg_erp__leads') }} l left join {{ ref('stg_erp__regions') }} r on r.region_id = l.region:code::string\n" };
    expect(refs(conceptualize(loadFiles(json)))).not.toContain('Region>Lead.region');
  });
});
