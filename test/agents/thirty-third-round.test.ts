// The Conceptualizer, issue 23's thirty-third blind round: classes of error read off a company warehouse of several systems
// (a marketplace's application database beside a CRM, hand-kept sheets, an uploaded claims file, web analytics and two ad
// platforms loaded by Fivetran, every staging model named stg__<system>__<table>). Each project is written in that shape and
// read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (system: string, table: string, columns: string) => `select ${columns} from {{ source('${system}', '${table}') }}\n`;

// an ad platform's campaigns and ads beside its reports, loaded by Fivetran
const ads = (extra: Record<string, string> = {}, reports: string[] = []) => ({
  'models/staging/sources.yml': sourcesYaml(sources('ads', 'campaign', 'ad', ...reports)),
  'models/staging/stg__ads__campaign.sql': select('ads', 'campaign', 'id as campaign_id, name, status, start_date'),
  'models/staging/stg__ads__ad.sql': select('ads', 'ad', 'id as ad_id, campaign_id, name, status'),
  ...extra,
});

describe('rows the loader numbered itself (_fivetran_id), stamped with a day', () => {
  const report = (table: string, columns: string) => run(ads({ [`models/staging/stg__ads__${table}.sql`]: select('ads', table, columns) }, [table]));

  it('holding an ad platform\'s figures are a performance report, whatever key of an ad or of its own they hold', () => {
    expect(names(report('basic_ad', 'ad_id, date, _fivetran_id, account_id, impressions, inline_link_clicks, reach, cpc, cpm, ctr, spend, ad_name'))).not.toContain('BasicAd');
    // (Google Ads' ad_group_stats: its id is the ad group's, repeated each day)
    expect(names(report('ad_group_stats', 'id, date, _fivetran_id, campaign_id, impressions, clicks, cost_micros, conversions, device'))).not.toContain('AdGroupStat');
  });

  it('holding figures as type and value pairs, or only a thing\'s key and the day, are a report too', () => {
    expect(names(report('basic_ad_actions', 'ad_id, date, _fivetran_id, index, action_type, value, inline'))).not.toContain('BasicAdAction');
    expect(names(report('video_view_type', 'account_id, date, _fivetran_id'))).not.toContain('VideoViewType');
  });

  it('are things where the source has a key of its own (no loader\'s row id) or no day stamps them', () => {
    expect(names(report('ad_review', 'ad_review_id, ad_id, date, impressions, clicks, spend, reach, cpc'))).toContain('AdReview');
    expect(names(report('offer', '_fivetran_id, offer_code, name, impressions, clicks, spend, reach'))).toContain('Offer');
  });
});

describe('outcomes of a thing the layer keeps', () => {
  // an application's sessions, and a hand-kept sheet of each session's outcome that a downstream model joins to them
  const clinic = (sheet: string, columns: string) => run({
    'models/staging/sources.yml': sourcesYaml(sources('app', 'session', 'dependent') + sources('google_sheets', sheet)),
    'models/staging/stg__app__session.sql': select('app', 'session', 'session_id, dependent_id, start_date, status, total_cost'),
    'models/staging/stg__app__dependent.sql': select('app', 'dependent', 'dependent_id, dependent_name, dob'),
    [`models/staging/stg__google_sheets__${sheet}.sql`]: select('google_sheets', sheet, columns),
    'models/intermediate/int__recent_outcome.sql': `select o.session_id, s.dependent_id, o.recommendation from {{ ref('stg__google_sheets__${sheet}') }} o join {{ ref('stg__app__session') }} s on o.session_id = s.session_id\n`,
  });

  it('holding its key (a session\'s outcome notes: session_id) are records about it, drawn to it, not a pipeline\'s load outcomes', () => {
    const p = clinic('session_outcome', 'session_id, provider_specialty, date_of_service, goals_long_term_timeline, treatment_plan_recommendations, recommendation');
    expect(names(p)).toContain('SessionOutcome');
    expect(refs(p)).toContain('Session>SessionOutcome.session_id');
  });

  it('holding no key of a thing the layer keeps are still the pipeline\'s outcomes (a feed\'s download outcomes)', () => {
    expect(names(clinic('download_outcomes', 'feed_url, downloaded_at, success, exception'))).not.toContain('DownloadOutcome');
  });
});

describe('nothing but an e-mail address and a value or two', () => {
  // an application's parent insurances, and a seed-mapped list of each CRM parent's insurance by e-mail address
  const insurances = (columns: string) => run({
    'models/staging/sources.yml': sourcesYaml(sources('app', 'parent', 'parent_insurance', 'insurance', 'session') + sources('crm', 'contact')),
    'models/staging/stg__app__parent.sql': select('app', 'parent', 'parent_id, user_reference, required_services'),
    'models/staging/stg__app__insurance.sql': select('app', 'insurance', 'insurance_id, insurance_name'),
    'models/staging/stg__app__parent_insurance.sql': select('app', 'parent_insurance', 'parent_insurance_id, parent_id, insurance_id, member_id, group_number'),
    'models/staging/stg__seed__parent_insurance.sql': select('crm', 'contact', columns),
    'models/staging/stg__app__session.sql': select('app', 'session', 'session_id, parent_insurance_id, start_date, status'),
  });

  it('is values of the person with that address, not a thing — so the application\'s table keeps its plain name', () => {
    const p = insurances('property_email as parent_email, property_insurance as insurance_name');
    expect(names(p)).toContain('ParentInsurance');
    expect(names(p).filter((n) => n.endsWith('ParentInsurance') && n !== 'ParentInsurance')).toEqual([]);
    expect(refs(p)).toContain('ParentInsurance>Session.parent_insurance_id');
  });

  it('with an identifier of its own beside the address is a thing (a subscriber keyed by subscriber_id)', () => {
    const p = run({
      'models/staging/sources.yml': sourcesYaml(sources('crm', 'subscriber')),
      'models/staging/stg__crm__subscriber.sql': select('crm', 'subscriber', 'subscriber_id, email, list_name'),
    });
    expect(names(p)).toContain('Subscriber');
  });
});

describe('a thing\'s details joined by a downstream model to an own id', () => {
  const booking = (join: string) => run({
    'models/staging/sources.yml': sourcesYaml(sources('app', 'provider', 'session')),
    'models/staging/stg__app__provider.sql': select('app', 'provider', 'provider_id, first_last, hourly_rate, npi_number'),
    'models/staging/stg__app__session.sql': select('app', 'session', 'session_id, provider_details, start_date, status, total_cost'),
    'models/intermediate/int__provider.sql': "select provider_id as app_provider_id, first_last from {{ ref('stg__app__provider') }}\n",
    'models/intermediate/int__session.sql': `select s.session_id, p.first_last from {{ ref('stg__app__session') }} as s left join {{ ref('int__provider') }} as p on ${join}\n`,
  });

  it('are the key of the details record (an application\'s provider_details: the providers\' provider_id), not free text', () => {
    expect(refs(booking('s.provider_details = p.app_provider_id'))).toContain('Provider>Session.provider_details');
  });

  it('are free text where nothing joins them to an own id', () => {
    expect(refs(booking('s.session_id = p.first_last')).filter((r) => r.endsWith('.provider_details'))).toEqual([]);
  });
});

describe('a table named for clicks holding an ad platform\'s click identifier', () => {
  // select * of the loader's tables: their columns are those the downstream models read
  const clicks = (columns: string) => run({
    'models/staging/sources.yml': sourcesYaml(sources('ads', 'campaign_history', 'click_stats')),
    'models/staging/stg__ads__campaign_history.sql': "select * from {{ source('ads', 'campaign_history') }}\n",
    'models/staging/stg__ads__click_stats.sql': "select * from {{ source('ads', 'click_stats') }}\n",
    'models/intermediate/int__campaigns.sql': "select id as campaign_id, name, status from {{ ref('stg__ads__campaign_history') }}\n",
    'models/intermediate/int__clicks.sql': `select ${columns.split(', ').map((c) => `k.${c}`).join(', ')}, c.name from {{ ref('stg__ads__click_stats') }} as k left join {{ ref('stg__ads__campaign_history') }} as c on k.campaign_id = c.id\n`,
  });

  it('is the clicks, one per gclid, drawn to their campaign — not values of the campaign', () => {
    const p = clicks('gclid, campaign_id');
    expect(names(p).filter((n) => n.startsWith('Click'))).toHaveLength(1);
    expect(refs(p).filter((r) => r.includes('>Click') && r.endsWith('.campaign_id'))).toHaveLength(1);
  });
});

describe('a period word before a file\'s delivery word', () => {
  const claims = (table: string) => run({
    'models/staging/sources.yml': sourcesYaml(sources('claims', table)),
    [`models/staging/stg__claims__${table}.sql`]: select('claims', table, 'session_id, patient_id, payer_name, date_of_service, claim_status, charges, paid_amount, payer_claim_no as payer_claim_number'),
  });

  it('says how often the rows come, not that they are summed (monthly_claims_upload: one row per claim)', () => {
    expect(names(claims('monthly_claims_upload')).filter((n) => n.includes('Claim'))).toHaveLength(1);
  });

  it('alone still names a per-period summary (monthly_claims)', () => {
    expect(names(claims('monthly_claims')).filter((n) => n.includes('Claim'))).toEqual([]);
  });
});

describe('e-mails of a thing', () => {
  const crm = (columns: string) => run({
    'models/staging/sources.yml': sourcesYaml(sources('crm', 'engagement', 'engagement_email')),
    'models/staging/stg__crm__engagement.sql': select('crm', 'engagement', 'id, type, portal_id'),
    'models/staging/stg__crm__engagement_email.sql': select('crm', 'engagement_email', columns),
  });

  it('with a subject or a body are messages sent, a thing of their own (an engagement\'s e-mail), not its addresses', () => {
    const p = crm('engagement_id, property_hs_email_subject, property_hs_email_text, property_hs_email_status, property_hs_email_from_email, property_hs_email_to_email, property_hs_email_open_count');
    expect(names(p)).toContain('EngagementEmail');
    expect(refs(p)).toContain('Engagement>EngagementEmail.engagement_id');
  });

  it('with only addresses are values of the thing (its e-mail addresses by type)', () => {
    expect(names(crm('engagement_id, email_address, email_type'))).not.toContain('EngagementEmail');
  });
});
