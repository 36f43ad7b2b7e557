// The Conceptualizer, issue 23's twenty-eighth blind round: classes of error read off a B2B SaaS company's warehouse
// (ShopPad's Mesa, a Shopify app: the application's MongoDB, Segment tracking, Customer.io and GA4, each system in its
// own models/<system>/staging folder, every one naming the merchant's shop by shop_subdomain). Each project is written
// in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
// the model's key, tested, and its other columns, documented
const unique = (model: string, column: string, ...others: string[]) => `  - name: ${model}\n    columns:\n      - name: ${column}\n        data_tests: [unique, not_null]\n${others.map((o) => `      - name: ${o}\n`).join('')}`;

// the application's shops and workflows, its tracked events in Segment, and an e-mail tool's sends
const saas = (extra: Record<string, string> = {}) => ({
  'models/app/sources.yml': sourcesYaml(sources('mongo', 'shops', 'workflow_steps', 'shop_infos')),
  'models/app/staging/stg_shops.sql': select('mongo', 'shops', 'uuid as shop_subdomain, status, plan_name, created_at'),
  'models/app/staging/stg_workflow_steps.sql': select('mongo', 'workflow_steps', '_id as workflow_step_id, uuid as shop_subdomain, trigger_type, weight'),
  'models/app/staging/stg_shop_infos.sql': select('mongo', 'shop_infos', 'uuid as shop_subdomain, shop_name, category, platform_rank'),
  'models/tracking/sources.yml': sourcesYaml(sources('segment', 'app_uninstalls')),
  'models/tracking/staging/stg_uninstalls.sql': select('segment', 'app_uninstalls', 'id as uninstall_event_id, user_id as shop_subdomain, reason, timestamp as uninstalled_at'),
  'models/email/sources.yml': sourcesYaml(sources('customer_io', 'email_sends')),
  'models/email/staging/stg_email_sends.sql': select('customer_io', 'email_sends', 'delivery_id, customer_id as shop_subdomain, subject, recipient'),
  'models/app/staging/_stg.yml': `version: 2\nmodels:\n${unique('stg_shops', 'shop_subdomain')}${unique('stg_workflow_steps', 'workflow_step_id', 'shop_subdomain', 'trigger_type', 'weight')}${unique('stg_shop_infos', 'shop_subdomain')}`
    + `${unique('stg_uninstalls', 'uninstall_event_id', 'shop_subdomain', 'reason', 'uninstalled_at')}${unique('stg_email_sends', 'delivery_id', 'shop_subdomain', 'subject', 'recipient')}`,
  ...extra,
});

describe('a column named exactly as the key of the thing whose noun that key begins with', () => {
  it('holds that thing\'s key, in its own system and in the others (shop_subdomain, the Shop\'s natural key)', () => {
    const r = refs(run(saas()));
    expect(r).toContain('Shop>WorkflowStep.shop_subdomain');
    expect(r).toContain('Shop>Uninstall.shop_subdomain');
    expect(r).toContain('Shop>EmailSend.shop_subdomain');
  });

  it('is no key of another thing keyed by it too (the shop infos, one row per shop), nor a name of its thing (shop_name where shops are keyed by it)', () => {
    expect(refs(run(saas())).filter((r) => r.startsWith('ShopInfo>'))).toEqual([]);
    const named = run(saas({
      'models/app/staging/stg_shops.sql': select('mongo', 'shops', 'uuid as shop_name, status, plan_name'),
      'models/app/staging/_stg.yml': `version: 2\nmodels:\n${unique('stg_shops', 'shop_name', 'status', 'plan_name')}${unique('stg_workflow_steps', 'workflow_step_id', 'shop_name', 'trigger_type')}`,
    }));
    expect(refs(named).filter((r) => r.endsWith('.shop_name'))).toEqual([]);
  });
});

describe('a model whose rows a date-spine macro generates', () => {
  it('is a calendar, not a thing, whatever it is called and whatever one column it is given (calendar_dates: date_day)', () => {
    const spine = "{{- dbt_utils.date_spine(datepart='day', start_date=\"to_date('2018-01-01')\", end_date='current_date') }}\n";
    const p = run(saas({ 'models/app/staging/calendar_dates.sql': spine, 'models/app/staging/_calendar.yml': `version: 2\nmodels:\n${unique('calendar_dates', 'date_day')}` }));
    expect(names(p)).not.toContain('CalendarDate');
    expect(names(p)).toContain('Shop');
  });
});

describe('a staging model built only on another, one row per row of it', () => {
  // the shops' billing JSON flattened, one row per shop; the shops' first visits, deduplicated to one per shop
  const billing = "select shop_subdomain, billing:plan:id::string as plan_id, billing:plan_price::numeric as plan_price, billing:method:name::string as billing_method_name\nfrom {{ ref('stg_shops') }}\n";
  const visits = "select shop_subdomain, first_page_url, utm_source\nfrom {{ ref('stg_shops') }} left join {{ ref('stg_sessions') }} using (shop_subdomain)\nqualify row_number() over (partition by shop_subdomain order by started_at) = 1\n";
  const files = saas({
    'models/app/staging/stg_billing_accounts.sql': billing,
    'models/app/staging/stg_first_visits.sql': visits,
    'models/app/staging/stg_sessions.sql': select('mongo', 'shops', 'session_id, shop_subdomain, first_page_url, utm_source, started_at'),
    'models/app/staging/_billing.yml': `version: 2\nmodels:\n${unique('stg_billing_accounts', 'shop_subdomain', 'plan_id', 'plan_price', 'billing_method_name')}${unique('stg_sessions', 'session_id', 'shop_subdomain', 'first_page_url', 'utm_source', 'started_at')}`,
  });

  it('holds values of that thing (keyed by its key, or deduplicated on it), not a thing of its own', () => {
    const n = names(run(files));
    expect(n).not.toContain('BillingAccount');
    expect(n).not.toContain('FirstVisit');
    expect(n).toContain('Session');
  });

  it('is a thing where the key both share is a bare id, each one\'s own rows (services built on structures, both keyed id)', () => {
    const p = run({
      'models/staging/src.yml': sourcesYaml(sources('dora', 'structures')),
      'models/staging/stg_dora__structures.sql': select('dora', 'structures', 'id, name, siret'),
      'models/staging/stg_dora__services.sql': "select s.id, s.name, s.structure_id from {{ ref('stg_dora__structures') }} as st, lateral flatten(st.services) as s\n",
      'models/staging/_stg.yml': `version: 2\nmodels:\n${unique('stg_dora__structures', 'id', 'name', 'siret')}${unique('stg_dora__services', 'id', 'name', 'structure_id')}`,
    });
    expect(names(p)).toEqual(['Service', 'Structure']);
  });

  it('is a thing where it reads a source table of its own beside it', () => {
    const p = run({ ...files, 'models/app/staging/stg_billing_accounts.sql': billing.replace("from {{ ref('stg_shops') }}", "from {{ ref('stg_shops') }} join {{ source('mongo', 'shop_infos') }} using (shop_subdomain)") });
    expect(names(p)).toContain('BillingAccount');
  });
});

describe('a table of changes holding a value beside its old value', () => {
  const changes = (columns: string) => saas({
    'models/tracking/sources.yml': sourcesYaml(sources('segment', 'app_uninstalls', 'plan_changes')),
    'models/tracking/staging/stg_plan_changes.sql': select('segment', 'plan_changes', `id as plan_change_id, user_id as shop_subdomain, ${columns}, timestamp as changed_at`),
  });

  it('is the history of the thing whose key it holds, whatever identifier each change is given (plan beside oldplan)', () => {
    expect(names(run(changes('plan, oldplan, price')))).not.toContain('PlanChange');
  });

  it('is a thing of its own without the old value (a plan change with its plan alone)', () => {
    expect(names(run(changes('plan, price')))).toContain('PlanChange');
  });
});

describe('a table named for active users per day, week or month', () => {
  it('is a product metric, not a thing (legacy_daus: the shop and the day)', () => {
    const p = run(saas({
      'models/app/sources.yml': sourcesYaml(sources('mongo', 'shops', 'workflow_steps', 'shop_infos', 'legacy_daus')),
      'models/app/staging/stg_legacy_daus.sql': select('mongo', 'legacy_daus', 'uuid as shop_subdomain, dt'),
    }));
    expect(names(p).filter((n) => /dau/i.test(n))).toEqual([]);
  });
});

describe('a key column beside the id of the same thing', () => {
  it('is that thing\'s code-friendly name, not a second reference (workflow_step_key beside workflow_step_id)', () => {
    const p = run(saas({
      'models/app/sources.yml': sourcesYaml(sources('mongo', 'shops', 'workflow_steps', 'shop_infos', 'tasks')),
      'models/app/staging/stg_step_runs.sql': select('mongo', 'tasks', '_id as step_run_id, trigger_id as workflow_step_id, trigger_key as workflow_step_key, status'),
      'models/app/staging/_runs.yml': `version: 2\nmodels:\n${unique('stg_step_runs', 'step_run_id', 'workflow_step_id', 'workflow_step_key', 'status')}`,
    }));
    expect(refs(p).filter((r) => r.startsWith('WorkflowStep>StepRun'))).toEqual(['WorkflowStep>StepRun.workflow_step_id']);
  });
});

describe('a table of a thing\'s details keyed by that thing\'s own key', () => {
  it('holds values of the thing, not a thing of its own (shop_infos keyed by shop_subdomain)', () => {
    expect(names(run(saas()))).not.toContain('ShopInfo');
  });

  it('is a thing where its key is its own (shop_infos keyed by shop_info_id)', () => {
    const p = run(saas({
      'models/app/staging/stg_shop_infos.sql': select('mongo', 'shop_infos', '_id as shop_info_id, uuid as shop_subdomain, category, platform_rank'),
      'models/app/staging/_infos.yml': `version: 2\nmodels:\n${unique('stg_shop_infos', 'shop_info_id', 'shop_subdomain', 'category', 'platform_rank')}`,
    }));
    expect(names(p)).toContain('ShopInfo');
  });
});

describe('a star over an undocumented source joined to a model using a key', () => {
  it('returns that key: the join lists it once, and no relation before it does (email opens using (campaign_id))', () => {
    const p = run(saas({
      'models/email/sources.yml': sourcesYaml(sources('customer_io', 'email_sends', 'email_opens', 'campaigns')),
      'models/email/staging/stg_campaigns.sql': select('customer_io', 'campaigns', 'id as campaign_id, name, type'),
      'models/email/staging/stg_email_opens.sql': "with opens as (select * from {{ source('customer_io', 'email_opens') }}),\ncampaigns as (select campaign_id, name as campaign_name from {{ ref('stg_campaigns') }})\nselect * from opens left join campaigns using (campaign_id)\n",
      'models/email/staging/_email.yml': `version: 2\nmodels:\n${unique('stg_campaigns', 'campaign_id', 'name', 'type')}  - name: stg_email_opens\n    columns:\n      - name: delivery_id\n        data_tests: [not_null]\n`,
    }));
    expect(refs(p)).toContain('Campaign>EmailOpen.campaign_id');
  });
});

describe('changes of a value read from another record, with no key of their own', () => {
  it('are the history of the thing whose key they hold, not a thing named for the value (plan_changes_from_usage)', () => {
    const usage = "with periods as (select uuid as shop_subdomain, plan_type, label, started_at from {{ source('mongo', 'usage') }})\n"
      + "select *, lead(started_at) over (partition by shop_subdomain order by started_at) as ended_at from periods\n";
    const p = run(saas({ 'models/app/staging/stg_plan_changes_from_usage.sql': usage, 'models/app/sources.yml': sourcesYaml(sources('mongo', 'shops', 'workflow_steps', 'shop_infos', 'usage')) }));
    expect(names(p).filter((n) => /plan/i.test(n))).toEqual([]);
    expect(names(p)).toContain('Shop');
  });
});

describe('a table named for events holding a thing\'s key and when each happened', () => {
  const installs = (columns: string) => saas({
    'models/tracking/sources.yml': sourcesYaml(sources('segment', 'app_uninstalls', 'install_events')),
    'models/tracking/staging/stg_install_events.sql': select('segment', 'install_events', columns),
  });

  it('is those events, not values of the thing (install_events: the shop and a timestamp in Pacific time)', () => {
    const p = run(installs('user_id as shop_subdomain, timestamp as event_timestamp_pt'));
    expect(names(p)).toContain('InstallEvent');
    expect(refs(p)).toContain('Shop>InstallEvent.shop_subdomain');
  });

  it('is values of the thing without a time (the shop and a label)', () => {
    expect(names(run(installs('user_id as shop_subdomain, label')))).not.toContain('InstallEvent');
  });
});
