// The Conceptualizer on staging models keyed by a hash they write out of other columns (md5(concat(ad_id, '_', date_start))):
// the tenth blind round's Facebook Ads insights, one row of figures per ad and day, read as an ad-insight entity. The
// hash's inputs are the model's grain, as generate_surrogate_key's are. Read by the real project reader, with the SQL
// parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { sqlShape } from '../../src/agents/sql-shape.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const files = {
  'models/sources.yml': sourcesYaml(sources('facebook', 'ads', 'campaigns', 'ads_insights')),
  'models/staging/facebook/stg_facebook__campaigns.sql': "select id as campaign_id, name as campaign_name, objective from {{ source('facebook', 'campaigns') }}\n",
  'models/staging/facebook/stg_facebook__ads.sql': "select id as ad_id, campaign_id, name as ad_name, status from {{ source('facebook', 'ads') }}\n",
  'models/staging/facebook/stg_facebook__ads_insights.sql': `with deduped as (
    select *, row_number() over (partition by ad_id, date_start order by _extracted_at desc) as row_num
    from {{ source('facebook', 'ads_insights') }}
)
select md5(concat(d.ad_id, '_', d.date_start)) as fact_fb_ads_key, d.ad_id, d.campaign_id, d.date_start as report_date,
    d.spend, d.clicks, d.impressions, d.reach, d.quality_ranking
from deduped d
where d.row_num = 1
`,
};

describe('a key hashed out of other columns', () => {
  it('gives the model its grain, as generate_surrogate_key does', () => {
    const p = loadFiles(files);
    expect(sqlShape(p, p.modelByName.get('stg_facebook__ads_insights')!).grain).toEqual(['ad_id', 'date_start']);
    expect(sqlShape(p, p.modelByName.get('stg_facebook__ads')!).grain).toEqual([]);
  });

  it("of another thing's key and a day makes the rows figures per period, no thing of their own", () => {
    const p = conceptualize(loadFiles(files));
    expect(names(p)).toEqual(['Ad', 'Campaign']);
    expect(refs(p)).toEqual(['Campaign>Ad.campaign_id']);
  });

  it("of two things' keys (an order's product) leaves the rows a thing", () => {
    const p = conceptualize(loadFiles({ ...files,
      'models/staging/facebook/stg_facebook__ads_insights.sql': "select md5(concat(ad_id, '_', campaign_id)) as ad_campaign_key, ad_id, campaign_id, placement, bid_strategy, status from {{ source('facebook', 'ads_insights') }}\n" }));
    expect(names(p)).toContain('AdsInsight');
  });
});
