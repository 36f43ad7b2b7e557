// The Conceptualizer, issue 23's twelfth blind round: classes of error read off an invoicing application's warehouse
// (Okke) whose ad platforms arrive as reports that carry row ids (Google Ads' campaign performance report and Meta's
// insights, figures between date_start and date_stop) beside a click report that is one row per click, and whose
// application keeps two databases (provisioning, app) side by side in one staging folder, joined on tenant_id. Each
// project is written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe("an ad platform's reports", () => {
  const ads = (performance: string, clicks: string) => ({
    'models/staging/ads/_sources.yml': sourcesYaml(sources('google_ads', 'campaigns', 'campaign_performance_reports', 'click_performance_reports')),
    'models/staging/ads/stg_google_ads__campaigns.sql': select('google_ads', 'campaigns', 'id, name, status, start_date, end_date, received_at'),
    'models/staging/ads/stg_google_ads__campaign_performance.sql': select('google_ads', 'campaign_performance_reports', performance),
    'models/staging/ads/stg_google_ads__click_performance_reports.sql': select('google_ads', 'click_performance_reports', clicks),
  });
  const clickColumns = 'id, received_at, date_start, date_stop, gcl_id, page, slot, device, click_type, campaign_id, ad_group_id';

  it('reads figures over a reporting window (date_start … date_stop) as a performance report, whatever row id its loader adds', () => {
    const p = run(ads('id, received_at, date_start, date_stop, campaign_id, budget_id, impressions, clicks, cost, conversions, conversion_value, campaign_status', clickColumns));
    expect(names(p)).not.toContain('CampaignPerformance');
    expect(refs(p)).not.toContain('Campaign>CampaignPerformance.campaign_id');
    expect(p.notes.join('\n')).toMatch(/stg_google_ads__campaign_performance \([^)]*reporting window \(date_start … date_stop\)/);
  });

  it('keeps a table of figures without a reporting window (campaign totals keyed by campaign) for the other rules', () => {
    const p = run(ads('id, received_at, campaign_id, budget_id, impressions, clicks, cost, conversions, conversion_value, campaign_status', clickColumns));
    expect(names(p)).toContain('CampaignPerformance');
  });

  it('reads a *_report whose columns hold no figure as rows of a thing (one row per click) and draws its campaign', () => {
    const p = run(ads('id, date_start, date_stop, campaign_id, impressions, clicks, cost, conversions', clickColumns));
    expect(names(p)).toEqual(['Campaign', 'ClickPerformanceReport']);
    expect(refs(p)).toEqual(['Campaign>ClickPerformanceReport.campaign_id']);
  });

  it('still leaves out a *_report that holds figures', () => {
    const p = run(ads('id, date_start, date_stop, campaign_id, impressions, clicks, cost, conversions', `${clickColumns}, clicks`));
    expect(names(p)).toEqual(['Campaign']);
  });
});

describe("one application's two databases in one staging folder", () => {
  const app = (folder: (db: string) => string) => ({
    'models/staging/app/_sources.yml': sourcesYaml(sources('prod', 'tenant', 'users'), sources('web', 'document', 'receipt')),
    [`models/staging/${folder('prod')}/stg_prod__tenants.sql`]: select('prod', 'tenant', 'TenantId as tenant_id, created_at'),
    [`models/staging/${folder('prod')}/stg_prod__users.sql`]: select('prod', 'users', 'UserId as user_id, name'),
    [`models/staging/${folder('web')}/stg_web__document.sql`]: select('web', 'document', 'DocumentId as document_id, TenantId as tenant_id, created_at'),
    [`models/staging/${folder('web')}/stg_web__receipt.sql`]: select('web', 'receipt', 'ReceiptId as receipt_id, TenantId as tenant_id, created_by_tenant_id'),
  });

  it("draws a key named exactly as the other database's entity's own key (tenant_id) across them", () => {
    const p = run(app(() => 'app'));
    expect(names(p)).toEqual(['Document', 'Receipt', 'Tenant', 'User']);
    expect(refs(p)).toEqual(['Tenant>Document.tenant_id', 'Tenant>Receipt.tenant_id']);
  });

  it('leaves the same key undrawn when the two databases are kept in folders of their own', () => {
    const p = run(app((db) => db));
    expect(refs(p)).toEqual([]);
    expect(p.notes.join('\n')).toMatch(/only another source system has.*stg_web__document\.tenant_id → Tenant/);
  });
});

describe('a link named for the two keys it holds, one of whose ends the layer has no table for', () => {
  const app = (extra: string, staged: string[] = []) => ({
    'models/staging/app/_sources.yml': sourcesYaml(sources('prod', 'users', 'subscription_user', ...staged)),
    'models/staging/app/stg_prod__users.sql': select('prod', 'users', 'UserId as user_id, name'),
    'models/staging/app/stg_prod__subscription_user.sql': select('prod', 'subscription_user',
      `SubscriptionUserId as subscription_user_id, SubscriptionId as subscription_id, UserId as user_id, ${extra}, Name as name, created_at`),
    ...Object.fromEntries(staged.map((t) => [`models/staging/app/stg_prod__${t}.sql`, select('prod', t, `${t}_id, name`)])),
  });

  it("is a link whatever key of a kind the layer has no table for it holds (the association's type)", () => {
    const p = run(app('SubscriptionUserAssociationId as association_id'));
    expect(names(p)).toEqual(['User']);
    expect(p.notes.join('\n')).toMatch(/stg_prod__subscription_user \(it is named for the two keys it holds/);
  });

  it('stays a thing when that key names a staged thing', () => {
    const p = run(app('PlanId as plan_id', ['plan']));
    expect(names(p)).toEqual(['Plan', 'SubscriptionUser', 'User']);
  });
});
