import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaryDomain, DOMAIN_DICTIONARY } from '../../src/agents/domains.js';
import { singularWord } from '../../src/agents/inflection.js';
import { labelOf, parseModelName, pascalName } from '../../src/agents/naming.js';
import { keyStem, roleOf } from '../../src/agents/columns.js';
import { relationshipVerb, PAIR_VERBS, ROLE_VERBS } from '../../src/agents/verbs.js';

const entity = (name: string, sources: string[] = [], folder?: string) => pascalName(parseModelName(name, sources, { folder }).tokens);

describe('entity names from staging model names', () => {
  it.each([
    ['stg_shop__customers', 'Customer'],
    ['stg_shop__order_items', 'OrderItem'],
    ['stg_stripe__balance_transactions', 'BalanceTransaction'],
    ['stg_hubspot__company', 'Company'], // Fivetran: already singular
    ['stg_quickbooks__journal_entry_line', 'JournalEntryLine'],
    ['stg_google_ads__ad_group_criteria', 'AdGroupCriterion'], // irregular plural
    ['stg_hr__people', 'Person'],
    ['staging_tms__addresses', 'Address'], // staging_ prefix, -es plural
    ['src_wms__boxes', 'Box'],
    ['raw_telematics__vehicle_pings', 'VehiclePing'],
    ['stg_app__statuses', 'Status'],
    ['stg_app__analytics', 'Analytics'], // uncountable
    ['stg_app__news', 'News'],
    ['stg_app__metadata', 'Metadata'], // not "metadatum"
    ['stg_app__skus', 'Sku'], // pluralize alone leaves "skus"
    ['stg_bamboohr__leaves', 'Leave'], // leave of absence, not a tree leaf
    ['stg_salesforce__product_2', 'Product'], // version suffix is not the noun
    ['stg_app__events_v2', 'Event'],
    ['STG_Shop__Customers', 'Customer'],
    ['stg_app__data', 'Data'],
    ['stg_x__analyses', 'Analysis'],
    ['stg_salesforce__opportunity_line_items', 'OpportunityLineItem'],
    ['stg_design__canvases', 'Canvas'], // pluralize gives "canvase"
    ['stg_optics__lenses', 'Lens'], // pluralize gives "lense"
    ['stg_cdn__caches', 'Cache'], // pluralize gives "cach"
    ['stg_shop__cafés', 'Café'], // letters beyond ASCII are letters, not separators (was "CafS")
  ])('%s → %s', (model, want) => expect(entity(model)).toBe(want));

  it('strips base_ and _tmp helper markers and flags helpers', () => {
    expect(parseModelName('base_shopify__orders')).toMatchObject({ helper: true, source: 'shopify', tokens: ['order'] });
    expect(parseModelName('stg_hubspot__company_tmp')).toMatchObject({ helper: true, source: 'hubspot', tokens: ['company'] });
    expect(parseModelName('stg_shop__base_orders')).toMatchObject({ helper: true, tokens: ['order'] });
    expect(parseModelName('stg_shop__orders').helper).toBe(false);
  });

  it('strips a single-underscore source only when the project knows that source (or folder)', () => {
    expect(entity('stg_shopify_orders')).toBe('ShopifyOrder');
    expect(entity('stg_shopify_orders', ['shopify'])).toBe('Order');
    expect(entity('greenhouse_applications', [], 'greenhouse')).toBe('Application');
    expect(entity('stg_google_ads_campaigns', ['google', 'google_ads'])).toBe('Campaign'); // longest source wins
    expect(entity('stg_stores', ['inventory'])).toBe('Store');
  });

  it('labels put spaces between words', () => {
    expect(labelOf(parseModelName('stg_shop__order_items').tokens)).toBe('Order Item');
  });

  it('singularWord keeps singular words and handles irregulars', () => {
    expect(['company', 'status', 'address', 'series', 'criteria', 'children', 'data'].map(singularWord))
      .toEqual(['company', 'status', 'address', 'series', 'criterion', 'child', 'data']);
  });
});

describe('domain dictionary', () => {
  it('matches whole words only, never substrings', () => {
    expect(dictionaryDomain(['leaderboard'])).toBeUndefined(); // not "lead"
    expect(dictionaryDomain(['orderly'])).toBeUndefined();
    expect(dictionaryDomain(['lead'])).toBe('crm');
  });
  it('prefers phrases, then the first listed word', () => {
    expect(dictionaryDomain(['purchase', 'order'])).toBe('operations'); // phrase, not "order" → sales
    expect(dictionaryDomain(['time', 'off', 'request'])).toBe('hr');
    expect(dictionaryDomain(['order', 'item'])).toBe('sales');
    expect(dictionaryDomain(['payment', 'method'])).toBe('finance');
  });
  it('is documented word for word in docs/agents.md (a generated region)', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'agents.md'), 'utf8');
    for (const [domain, words] of Object.entries(DOMAIN_DICTIONARY)) expect(doc).toContain(`| ${domain} | ${words.join(', ')} |`);
  });
  it('lists every word once', () => {
    const words = Object.values(DOMAIN_DICTIONARY).flat();
    expect(new Set(words).size).toBe(words.length);
  });
});

describe('business verbs', () => {
  const t = (s: string) => s.split('_');
  it('uses the pair dictionary in both readings', () => {
    expect(relationshipVerb(t('customer'), t('order'), [])).toMatchObject({ parentFirst: 'places', primary: 'parent' });
    expect(relationshipVerb(t('order'), t('payment'), [])).toMatchObject({ childFirst: 'settles', primary: 'child' });
    expect(relationshipVerb(t('store'), t('order'), [])).toMatchObject({ parentFirst: 'fulfils' });
    expect(relationshipVerb(t('product'), t('order_item'), [])).toMatchObject({ parentFirst: 'appears on' });
  });
  it('derives verbs from the role in the column name', () => {
    expect(relationshipVerb(t('user'), t('order'), roleOf('created_by_user_id', t('user')))).toMatchObject({ childFirst: 'created by', origin: 'column role' });
    expect(relationshipVerb(t('user'), t('ticket'), roleOf('assigned_to_id', t('user')))).toMatchObject({ childFirst: 'assigned to' });
    expect(relationshipVerb(t('user'), t('deal'), roleOf('approved_by_user_id', t('user')))).toMatchObject({ childFirst: 'approved by' });
    expect(relationshipVerb(t('user'), t('account'), roleOf('owner_id', t('user')))).toMatchObject({ childFirst: 'owned by' });
    expect(relationshipVerb(t('owner'), t('deal'), roleOf('owner_id', t('owner')))).toMatchObject({ childFirst: 'owned by' });
    expect(relationshipVerb(t('employee'), t('employee'), roleOf('manager_id', t('employee')))).toMatchObject({ childFirst: 'reports to' });
    expect(relationshipVerb(t('employee'), t('department'), roleOf('manager_id', t('employee')))).toMatchObject({ childFirst: 'managed by' });
  });
  it('reads compositions and falls back to a neutral verb', () => {
    expect(relationshipVerb(t('journal'), t('journal_line'), [])).toMatchObject({ parentFirst: 'contains', origin: 'composition' });
    expect(relationshipVerb(t('opportunity'), t('opportunity_history'), [])).toMatchObject({ childFirst: 'records the history of' });
    expect(relationshipVerb(t('widget'), t('gadget'), [])).toMatchObject({ childFirst: 'references', parentFirst: 'relates to', origin: 'fallback' });
  });
  it('no verb in the dictionaries is tautological', () => {
    const verbs = [...ROLE_VERBS.flatMap((r) => [r.childFirst, r.parentFirst]), ...PAIR_VERBS.flatMap((p) => [p.childFirst, p.parentFirst])];
    for (const v of verbs) {
      expect(v).not.toMatch(/^(has|have)$/i);
      expect(v.trim()).toBe(v);
      expect(v.length).toBeGreaterThan(1);
    }
  });
  it('roles: what remains of the key once the parent noun is removed', () => {
    expect(roleOf('customer_id', ['customer'])).toEqual([]);
    expect(roleOf('billing_address_id', ['address'])).toEqual(['billing']);
    expect(roleOf('deal_pipeline_stage_id', ['deal', 'pipeline', 'stage'])).toEqual([]);
    expect(roleOf('stage_id', ['deal', 'pipeline', 'stage'])).toEqual([]);
    expect(roleOf('quote_currency_code', ['currency'])).toEqual(['quote']);
    expect(keyStem('product_2_id')).toEqual(['product']);
  });
});
