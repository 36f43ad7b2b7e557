// Business domain of an entity: what the model itself declares, else a built-in dictionary of
// nouns matched on whole words of the entity name (so "leaderboard" is not a "lead").
import type { DbtNode } from '../core/project/types.js';

/**
 * The dictionary (documented in docs/agents.md). Multi-word keys are snake_case phrases
 * and win over single words; otherwise the first word of the name that is listed decides, since
 * in compound names the leading noun is usually the owner (`order_item` → sales,
 * `payment_method` → finance, `employee_address` → hr).
 */
export const DOMAIN_DICTIONARY: Record<string, readonly string[]> = {
  sales: ['order', 'sale', 'deal', 'opportunity', 'quote', 'cart', 'checkout', 'pipeline', 'return', 'reservation', 'booking',
    'purchase', 'line_item', 'order_line', 'sales_order', 'territory', 'forecast', 'quota'],
  crm: ['customer', 'contact', 'company', 'account', 'lead', 'client', 'buyer', 'shopper', 'person', 'people', 'household',
    'engagement', 'call', 'meeting', 'note', 'task', 'activity', 'owner', 'partner', 'loyalty', 'membership_card'],
  marketing: ['campaign', 'ad', 'ads', 'ad_group', 'ad_set', 'adset', 'creative', 'keyword', 'criterion', 'impression', 'click', 'email',
    'newsletter', 'list', 'subscriber', 'audience', 'segment', 'utm', 'promotion', 'form', 'landing_page', 'referral', 'attribution',
    'touchpoint', 'channel', 'unsubscribe', 'bounce', 'flow', 'sms'],
  finance: ['payment', 'invoice', 'refund', 'charge', 'transaction', 'ledger', 'journal', 'journal_entry', 'bill', 'payout', 'dispute',
    'balance', 'balance_transaction', 'currency', 'exchange_rate', 'fx_rate', 'tax', 'credit_note', 'chargeback', 'expense', 'budget',
    'subscription', 'plan', 'price', 'coupon', 'discount', 'fee', 'transfer', 'payment_intent', 'payment_method', 'gl_account',
    'general_ledger', 'revenue', 'cost', 'receivable', 'payable', 'vendor_credit', 'bank_account', 'card', 'mandate'],
  catalog: ['product', 'sku', 'variant', 'product_variant', 'category', 'brand', 'collection', 'catalog', 'item', 'menu', 'bundle', 'listing'],
  operations: ['store', 'location', 'site', 'supply', 'inventory', 'stock', 'warehouse', 'bin', 'asset', 'facility', 'equipment',
    'supplier', 'vendor', 'purchase_order', 'procurement', 'requisition', 'production', 'work_order', 'batch', 'lot'],
  logistics: ['shipment', 'shipping', 'carrier', 'parcel', 'package', 'delivery', 'route', 'stop', 'vehicle', 'driver', 'tracking',
    'tracking_event', 'fulfillment', 'fulfilment', 'waybill', 'freight', 'dock', 'lane', 'consignment', 'manifest', 'pallet', 'box',
    'container', 'trip', 'hub', 'depot', 'address'],
  hr: ['employee', 'employment', 'employer', 'department', 'job', 'position', 'salary', 'compensation', 'payroll', 'time_off', 'leave', 'absence', 'applicant',
    'candidate', 'application', 'interview', 'offer', 'hire', 'worker', 'benefit', 'performance_review', 'review_cycle', 'timesheet',
    'shift', 'headcount', 'recruiter', 'requisition_opening', 'onboarding', 'termination', 'job_posting', 'scorecard'],
  support: ['ticket', 'conversation', 'case', 'sla', 'satisfaction', 'csat', 'survey', 'feedback', 'incident', 'escalation', 'macro',
    'comment', 'chat'],
  usage: ['event', 'session', 'pageview', 'page_view', 'screen', 'screen_view', 'feature', 'usage', 'track', 'identify', 'page',
    'device', 'install', 'experiment', 'feature_flag', 'notification'],
  identity: ['user', 'role', 'permission', 'organization', 'organisation', 'org', 'workspace', 'team', 'membership', 'member', 'login',
    'tenant', 'invitation', 'invite', 'group', 'api_key', 'project'],
};

const WORD_TO_DOMAIN = new Map<string, string>();
let longestPhrase = 1;
for (const [domain, words] of Object.entries(DOMAIN_DICTIONARY)) {
  for (const w of words) {
    if (WORD_TO_DOMAIN.has(w)) throw new Error(`domain dictionary lists '${w}' twice`);
    WORD_TO_DOMAIN.set(w, domain);
    longestPhrase = Math.max(longestPhrase, w.split('_').length);
  }
}

/** The dictionary's domain for a noun phrase (lower snake tokens), or undefined. */
export function dictionaryDomain(tokens: readonly string[]): string | undefined {
  for (let len = Math.min(longestPhrase, tokens.length); len >= 2; len--) {
    for (let i = 0; i + len <= tokens.length; i++) {
      const d = WORD_TO_DOMAIN.get(tokens.slice(i, i + len).join('_'));
      if (d) return d;
    }
  }
  for (const t of tokens) {
    const d = WORD_TO_DOMAIN.get(t);
    if (d) return d;
  }
  return undefined;
}

/**
 * A domain the project declares for the model: `meta.domain` (also set by folder-level `+meta` in
 * dbt_project.yml, which the reader merges in), `meta.modeler.domain`, its Interface's domain, or
 * the dbt `group` it belongs to.
 */
export function declaredDomain(node: DbtNode): string | undefined {
  const candidates = [node.meta?.domain, node.meta?.modeler?.domain, node.interface?.domain, node.config?.meta?.domain, node.config?.group];
  const d = candidates.find((c) => typeof c === 'string' && c.trim());
  return d ? String(d).trim() : undefined;
}

/** Entities no rule places in a domain. */
export const FALLBACK_DOMAIN = 'general';
