// The Conceptualizer, issue 23 blind round: classes of error read off a company warehouse labelled blind
// (crowdcow-warehouse: the shop's own application database beside Stripe, Zendesk, Iterable, Google
// Analytics and hand-kept Google Sheets). Each project below is written to exercise one class and read
// by the real project reader, with the SQL parser loaded; each assertion fails without its fix.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { modelsYaml, writeProject, refs, names } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const notes = (p: DiagramProposal) => p.notes.join('\n');
const sql = (system: string, table: string, select: string) => `select ${select} from {{ source('${system}', '${table}') }}\n`;
const sources = (tables: Record<string, string[]>) => 'version: 2\nsources:\n' + Object.entries(tables)
  .map(([s, ts]) => `  - name: ${s}\n    tables:\n${ts.map((t) => `      - name: ${t}\n`).join('')}`).join('');
const run = (files: Record<string, string>) => conceptualize(loadProject(writeProject(files)));

describe('a base model read only by a model of another noun', () => {
  const files = {
    'models/staging/shop/base/base_shop__visits.sql': sql('shop', 'visits', 'id as visit_id, user_id, started_at, visit_ip'),
    // the only model built on the visits is a per-IP figure, not the visits again
    'models/staging/shop/stg_shop__suspicious_ips.sql': 'select visit_ip, count(*) as visit_count from {{ ref(\'base_shop__visits\') }} group by 1\n',
    'models/staging/shop/stg_shop__users.sql': sql('shop', 'users', 'id as user_id, email'),
    'models/staging/shop/stg_shop__orders.sql': sql('shop', 'orders', 'id as order_id, user_id, visit_id, total'),
    'models/staging/shop/_sources.yml': sources({ shop: ['visits', 'users', 'orders'] }),
  };

  it('is the staging model of its own table: an entity whose keys are read and that others point at', () => {
    const p = run(files);
    expect(names(p)).toContain('Visit');
    expect(refs(p)).toEqual(expect.arrayContaining(['User>Visit.user_id', 'Visit>Order.visit_id']));
    expect(notes(p)).not.toMatch(/base_shop__visits → SuspiciousIp/);
  });
});

describe('a version tag written apart from its number', () => {
  it('is dropped from the name with the number (product_master_v_2 → ProductMaster)', () => {
    const p = run({
      // (kept in a catalog system: a spreadsheet's table nothing points at is a hand-kept list, sixth-round.test.ts)
      'models/staging/catalog/stg_catalog__product_master_v_2.sql': sql('catalog', 'product_master_v_2', 'id as product_master_id, plu, case_weight'),
      'models/staging/catalog/_sources.yml': sources({ catalog: ['product_master_v_2'] }),
    });
    expect(names(p)).toEqual(['ProductMaster']);
  });
});

describe('figures per period with no identifier of their own', () => {
  const files = {
    'models/staging/ga4/stg_ga4__incoming_traffic.sql': sql('ga4', 'traffic', 'date, channel_grouping, landing_page_path, medium, source, new_users, users, active_users'),
    'models/staging/sheets/stg_sheets__marketing_spend.sql': sql('sheets', 'spend', 'channel, week, spend'),
    'models/staging/reference/stg_reference__date_spine.sql': sql('reference', 'dates', 'calendar_date, calendar_date_week, calendar_date_month, calendar_month_of_year, calendar_date_quarter, calendar_date_year, calendar_week_of_year, day_of_week, day_name, is_weekend'),
    'models/staging/reference/stg_reference__fiscal_calendar.sql': sql('reference', 'fiscal', 'calendar_date, calendar_week, fiscal_week, fiscal_quarter'),
    // dated rows with an identifier of their own are records, whatever figures they hold (from a finance system: a
    // spreadsheet's table nothing points at is a hand-kept list, sixth-round.test.ts)
    'models/staging/finance/stg_finance__refunds.sql': sql('finance', 'refunds', 'refund_id, refund_date, amount_usd, refund_count'),
    'models/staging/_sources.yml': sources({ ga4: ['traffic'], sheets: ['spend'], finance: ['refunds'], reference: ['dates', 'fiscal'] }),
  };

  it('are reports, and a calendar whose columns are prefixed parts of a date is technical; keyed rows stay entities', () => {
    const p = run(files);
    expect(names(p)).toEqual(['Refund']);
    expect(notes(p)).toMatch(/stg_ga4__incoming_traffic \(no key of its own: figures \(new_users, users, active_users\) per date\)/);
    expect(notes(p)).toMatch(/stg_sheets__marketing_spend \(no key of its own: figures \(spend\) per week\)/);
    expect(notes(p)).toMatch(/stg_reference__date_spine \(a calendar: 9 of its 10 columns are parts of a date\)/);
    expect(notes(p)).toMatch(/stg_reference__fiscal_calendar \(a calendar/);
  });
});

describe('a table named like a log that things point at by key', () => {
  const files = {
    'models/staging/shop/stg_shop__users.sql': sql('shop', 'users', 'id as user_id, email'),
    'models/staging/shop/stg_shop__user_mail_log_entries.sql': sql('shop', 'mails', 'id as user_mail_log_entry_id, to_user_id, email_subject, sent_at'),
    'models/staging/shop/stg_shop__bids.sql': sql('shop', 'bids', 'id as bid_id, user_id, from_user_mail_log_entry_id, quantity'),
    // a job's log that only another log points at stays a log
    'models/staging/shop/stg_shop__autofill_order_logs.sql': sql('shop', 'autofill_orders', 'id as autofill_order_log_id, reason'),
    'models/staging/shop/stg_shop__autofill_bid_logs.sql': sql('shop', 'autofill_bids', 'id as autofill_bid_log_id, autofill_order_log_id, bid_id'),
    'models/staging/shop/_sources.yml': sources({ shop: ['users', 'mails', 'bids', 'autofill_orders', 'autofill_bids'] }),
  };

  it('is a record: an entity with its references; a log only another log points at stays out', () => {
    const p = run(files);
    expect(names(p)).toEqual(['Bid', 'User', 'UserMailLogEntry']);
    expect(refs(p)).toEqual(expect.arrayContaining(['UserMailLogEntry>Bid.from_user_mail_log_entry_id', 'User>UserMailLogEntry.to_user_id']));
  });
});

describe('a summary with an identifier of its own', () => {
  it('is a record (one summary each), while an unkeyed one and a keyed per-day table stay reports', () => {
    const yaml = modelsYaml([
      ['stg_shop__customer_feedback_summaries', '- name: customer_feedback_summaries_id\n  data_tests: [unique]\n- name: order_id\n- name: overall_rating\n'],
      ['stg_shop__sales_daily', '- name: forecast_id\n  data_tests: [unique]\n- name: day\n- name: p50\n'],
    ]);
    const p = run({
      'models/staging/shop/stg_shop__orders.sql': sql('shop', 'orders', 'id as order_id, total'),
      'models/staging/shop/stg_shop__customer_feedback_summaries.sql': sql('shop', 'summaries', 'id as customer_feedback_summaries_id, order_id, overall_rating'),
      'models/staging/shop/stg_shop__order_summaries.sql': sql('shop', 'order_summaries', 'order_status, order_total'),
      'models/staging/shop/stg_shop__sales_daily.sql': sql('shop', 'sales_daily', 'forecast_id, day, p50'),
      'models/staging/shop/_models.yml': yaml,
      'models/staging/shop/_sources.yml': sources({ shop: ['orders', 'summaries', 'order_summaries', 'sales_daily'] }),
    });
    expect(names(p)).toEqual(['CustomerFeedbackSummary', 'Order']);
    expect(refs(p)).toContain('Order>CustomerFeedbackSummary.order_id');
  });
});

describe('a key whose qualifier differs from the one entity of its head noun', () => {
  it('does not point at that entity (stripe_card_id is no GiftCard, price_list_id no ProductSalesChannelList); a bare head noun still does', () => {
    const p = run({
      'models/staging/shop/stg_shop__gift_cards.sql': sql('shop', 'gift_cards', 'id as gift_card_id, amount_usd'),
      'models/staging/shop/stg_shop__product_sales_channel_lists.sql': sql('shop', 'channel_lists', 'id as product_sales_channel_list_id, is_website'),
      'models/staging/shop/stg_shop__product_variants.sql': sql('shop', 'variants', 'id as product_variant_id, price'),
      'models/staging/shop/stg_shop__orders.sql': sql('shop', 'orders', 'id as order_id, stripe_card_id, variant_id'),
      'models/staging/shop/stg_shop__farms.sql': sql('shop', 'farms', 'id as farm_id, price_list_id'),
      'models/staging/shop/_sources.yml': sources({ shop: ['gift_cards', 'channel_lists', 'variants', 'orders', 'farms'] }),
    });
    const drawn = refs(p);
    expect(drawn).not.toContain('GiftCard>Order.stripe_card_id');
    expect(drawn).not.toContain('ProductSalesChannelList>Farm.price_list_id');
    expect(drawn).toContain('ProductVariant>Order.variant_id');
  });
});

describe('a history table of a noun only another system has', () => {
  it('is its own system\'s entity, qualified by the system, not folded into the other system\'s', () => {
    const p = run({
      'models/staging/shop/stg_shop__users.sql': sql('shop', 'users', 'id as user_id, email'),
      'models/staging/shop/stg_shop__orders.sql': sql('shop', 'orders', 'id as order_id, user_id'),
      'models/staging/iterable/stg_iterable__user_history.sql': sql('iterable', 'user_history', 'email as user_email, first_name, updated_at'),
      'models/staging/iterable/stg_iterable__campaign_history.sql': sql('iterable', 'campaign_history', 'id as campaign_id, name, created_by_user_id'),
      'models/staging/_sources.yml': sources({ shop: ['users', 'orders'], iterable: ['user_history', 'campaign_history'] }),
    });
    expect(names(p)).toEqual(expect.arrayContaining(['IterableUser', 'ShopUser']));
    expect(p.entities.find((e) => e.name === 'ShopUser')!.sources).toEqual(['stg_shop__users']);
    expect(refs(p)).not.toContain('ShopUser>Campaign.created_by_user_id');
  });
});

describe('the row\'s own identifier named with its own qualifier', () => {
  it('is not a reference to the plain noun (custom_subscription_items\' custom_subscription_id is no Subscription)', () => {
    const p = run({
      'models/staging/shop/stg_shop__subscriptions.sql': sql('shop', 'subscriptions', 'id as subscription_id, user_id'),
      'models/staging/shop/stg_shop__custom_subscription_items.sql': sql('shop', 'custom_items', 'id as custom_subscription_id, subscription_id, quantity'),
      'models/staging/shop/_sources.yml': sources({ shop: ['subscriptions', 'custom_items'] }),
    });
    expect(refs(p)).toEqual(['Subscription>CustomSubscriptionItem.subscription_id']);
  });
});

describe('an entity keyed only by its SQL (`id as workflow_id`)', () => {
  it('is keyed by that column, so another table\'s workflow_id points at it', () => {
    const p = run({
      'models/staging/iterable/stg_iterable__journeys.sql': sql('iterable', 'journeys', 'id as workflow_id, workflow_name, is_enabled'),
      'models/staging/iterable/stg_iterable__campaigns.sql': sql('iterable', 'campaigns', 'id as campaign_id, name, workflow_id'),
      'models/staging/iterable/_sources.yml': sources({ iterable: ['journeys', 'campaigns'] }),
    });
    expect(refs(p)).toContain('Journey>Campaign.workflow_id');
  });
});
