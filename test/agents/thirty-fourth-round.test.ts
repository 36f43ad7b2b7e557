// The Conceptualizer, issue 23's thirty-fourth blind round: classes of error read off an influencer-marketing company's
// warehouse (its application's Postgres beside a CRM, app events and accounting, one staging folder per system, models
// named <system>_stg__<table> or <system>_stg_<table>, every dbt source but one named `staging`). Each project is written in
// that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

// the application's tables under postgres/ read from a source named `staging`, the CRM's under hubspot/
const platform = (extra: Record<string, string> = {}) => ({
  'models/staging/postgres/sources.yml': sourcesYaml(sources('staging', 'campaigns', 'companies', 'influencers')),
  'models/staging/postgres/postgres_stg__campaigns.sql': select('staging', 'campaigns', 'id as campaign_id, company_id, influencer_id, name, budget'),
  'models/staging/postgres/postgres_stg__companies.sql': select('staging', 'companies', 'id as company_id, name, company_size'),
  'models/staging/postgres/postgres_stg__influencers.sql': select('staging', 'influencers', 'id as influencer_id, first_name, country'),
  'models/staging/hubspot/sources.yml': sourcesYaml(sources('hubspot_staging', 'companies', 'deals')),
  'models/staging/hubspot/hubspot_stg_companies.sql': select('hubspot_staging', 'companies', 'id, name, domain, industry'),
  'models/staging/hubspot/hubspot_stg_deals.sql': select('hubspot_staging', 'deals', 'id, dealname, amount, dealstage'),
  ...extra,
});

describe("the layer's word after the system's", () => {
  it('is no word of the noun (hubspot_stg_deals is Deal, postgres_stg__campaigns Campaign)', () => {
    const n = names(run(platform()));
    expect(n).toEqual(expect.arrayContaining(['Campaign', 'Deal', 'Influencer']));
    expect(n.filter((x) => /Stg|Staging/.test(x))).toEqual([]);
  });

  it("nor a system's: a noun of two systems is qualified by the other system, the application's database keeping it plain", () => {
    const p = run(platform());
    expect(names(p)).toEqual(expect.arrayContaining(['Company', 'HubspotCompany']));
    expect(p.relationships.some((r) => r.from === 'Campaign' && r.to === 'Company')).toBe(true);
  });

  it("is a word of the noun where no system's name stands before it (order_staging_area is OrderStagingArea)", () => {
    const n = names(run(platform({
      'models/staging/postgres/sources.yml': sourcesYaml(sources('staging', 'campaigns', 'companies', 'influencers', 'areas')),
      'models/staging/postgres/order_staging_area.sql': select('staging', 'areas', 'id as order_staging_area_id, label, capacity'),
    })));
    expect(n).toContain('OrderStagingArea');
  });
});

describe('a role before a key that glues its entity\'s words', () => {
  // back officers keyed backofficer_id (the noun's two words glued), named by role in the campaigns
  const staff = platform({
    'models/staging/postgres/sources.yml': sourcesYaml(sources('staging', 'campaigns', 'companies', 'influencers', 'backofficers')),
    'models/staging/postgres/postgres_stg__back_officers.sql': select('staging', 'backofficers', 'id as backofficer_id, email, role'),
    'models/staging/postgres/postgres_stg__campaigns.sql': select('staging', 'campaigns',
      'id as campaign_id, company_id, influencer_id, canceled_by_backofficer_id, pre_live_check_backofficer_id, name, budget'),
  });

  it('points at that entity (canceled_by_backofficer_id and pre_live_check_backofficer_id are back officers)', () => {
    const p = run(staff);
    const drawn = p.relationships.filter((r) => r.from === 'Campaign' && r.to === 'BackOfficer').map((r) => r.from_column).sort();
    expect(drawn).toEqual(['canceled_by_backofficer_id', 'pre_live_check_backofficer_id']);
  });
});

describe('a summary built on other rows, one row per the key of a thing it does not read', () => {
  // each influencer's first campaign drawn from the jobs, tested unique on influencer_id (the influencers' own key)
  const firsts = platform({
    'models/staging/postgres/sources.yml': sourcesYaml(sources('staging', 'campaigns', 'companies', 'influencers', 'jobs')),
    'models/staging/postgres/postgres_stg__jobs.sql': select('staging', 'jobs', 'id as job_id, campaign_id, influencer_id, creation_time, status'),
    'models/staging/postgres/int_influencer_first_campaign.sql': `select influencer_id, campaign_date as first_campaign_date
from (select influencer_id, date(creation_time) as campaign_date,
        row_number() over (partition by influencer_id order by creation_time) as rn
      from {{ ref('postgres_stg__jobs') }})
where rn = 1\n`,
    // (each tested unique on its key, as the project's models are)
    'models/staging/postgres/models.yml': `version: 2\nmodels:\n${['int_influencer_first_campaign', 'postgres_stg__influencers'].map((m) =>
      `  - name: ${m}\n    columns:\n      - name: influencer_id\n        data_tests: [unique, not_null]\n`).join('')}`,
  });

  it('is values of that thing, not a thing of its own (int_influencer_first_campaign beside the influencers)', () => {
    const n = names(run(firsts));
    expect(n).toEqual(expect.arrayContaining(['Influencer', 'Job']));
    expect(n).not.toContain('InfluencerFirstCampaign');
  });
});

describe("a thing's hashtags", () => {
  it('are tags of it, whatever row id they have (campaign_task_hashtags: id, value, the task and its campaign)', () => {
    const tagged = platform({
      'models/staging/postgres/sources.yml': sourcesYaml(sources('staging', 'campaigns', 'companies', 'influencers', 'campaign_tasks', 'campaign_task_hashtags')),
      'models/staging/postgres/postgres_stg__campaign_tasks.sql': select('staging', 'campaign_tasks', 'id as campaign_task_id, campaign_id, channel, description'),
      'models/staging/postgres/postgres_stg__campaign_task_hashtags.sql': select('staging', 'campaign_task_hashtags', 'id, value, campaign_id, campaign_task_id'),
    });
    const n = names(run(tagged));
    expect(n).toContain('CampaignTask');
    expect(n).not.toContain('CampaignTaskHashtag');
  });
});
