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
