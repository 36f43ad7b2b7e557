// Business verbs for relationships. Each verb comes as two readings, because a diagram reads
// from → to and the direction depends on the cardinality:
//   parentFirst: "Customer places Order"          (one_to_many / one_to_one: from = parent)
//   childFirst:  "Order is created by User"       (many_to_one: from = child)
// Lookup order: the role in the foreign-key column name (created_by_user_id → "created by"),
// then a dictionary of common entity pairs, then composition (Order → OrderItem), then a
// neutral fallback. Never "has", never the entity names themselves.

export interface VerbPhrase {
  parentFirst: string;
  childFirst: string;
  /** Which reading is the natural one for a one-to-many relationship. */
  primary: 'parent' | 'child';
  /** Where the verb came from (for the review summary). */
  origin: 'column role' | 'pair dictionary' | 'composition' | 'fallback';
}

interface RoleVerb { role: string; childFirst: string; parentFirst: string; agent?: boolean; selfChildFirst?: string; selfParentFirst?: string }

/**
 * Roles named in a foreign-key column (`<role>_<entity>_id` or `<role>_id`). `agent: true`
 * entries also apply when the role is the parent entity itself (owner_id → Owner: "owned by").
 */
export const ROLE_VERBS: readonly RoleVerb[] = [
  { role: 'created_by', childFirst: 'created by', parentFirst: 'created' },
  { role: 'creator', childFirst: 'created by', parentFirst: 'created', agent: true },
  { role: 'last_modified_by', childFirst: 'last modified by', parentFirst: 'last modified' },
  { role: 'modified_by', childFirst: 'last modified by', parentFirst: 'last modified' },
  { role: 'updated_by', childFirst: 'last updated by', parentFirst: 'last updated' },
  { role: 'approved_by', childFirst: 'approved by', parentFirst: 'approved' },
  { role: 'approver', childFirst: 'approved by', parentFirst: 'approves', agent: true },
  { role: 'assigned_to', childFirst: 'assigned to', parentFirst: 'is assigned' },
  { role: 'assignee', childFirst: 'assigned to', parentFirst: 'is assigned', agent: true },
  { role: 'owned_by', childFirst: 'owned by', parentFirst: 'owns' },
  { role: 'owner', childFirst: 'owned by', parentFirst: 'owns', agent: true },
  { role: 'reports_to', childFirst: 'reports to', parentFirst: 'manages' },
  { role: 'hiring_manager', childFirst: 'is led by', parentFirst: 'leads hiring for' },
  { role: 'invited_by', childFirst: 'invited by', parentFirst: 'invited' },
  { role: 'inviter', childFirst: 'invited by', parentFirst: 'invited', agent: true },
  { role: 'manager', childFirst: 'managed by', parentFirst: 'manages', agent: true, selfChildFirst: 'reports to' },
  { role: 'managed_by', childFirst: 'managed by', parentFirst: 'manages' },
  { role: 'supervisor', childFirst: 'supervised by', parentFirst: 'supervises', agent: true },
  { role: 'parent', childFirst: 'is a child of', parentFirst: 'is the parent of' },
  { role: 'billing', childFirst: 'is billed to', parentFirst: 'receives the bill for' },
  { role: 'bill_to', childFirst: 'is billed to', parentFirst: 'receives the bill for' },
  { role: 'shipping', childFirst: 'ships to', parentFirst: 'receives' },
  { role: 'ship_to', childFirst: 'ships to', parentFirst: 'receives' },
  { role: 'sender', childFirst: 'sent by', parentFirst: 'sends', agent: true },
  { role: 'recipient', childFirst: 'sent to', parentFirst: 'receives', agent: true },
  { role: 'requester', childFirst: 'requested by', parentFirst: 'requests', agent: true },
  { role: 'requested_by', childFirst: 'requested by', parentFirst: 'requests' },
  { role: 'submitted_by', childFirst: 'submitted by', parentFirst: 'submits' },
  { role: 'reporter', childFirst: 'reported by', parentFirst: 'reports', agent: true },
  { role: 'author', childFirst: 'written by', parentFirst: 'writes', agent: true },
  { role: 'referred_by', childFirst: 'referred by', parentFirst: 'refers' },
  { role: 'referrer', childFirst: 'referred by', parentFirst: 'refers', agent: true },
  { role: 'reviewer', childFirst: 'reviewed by', parentFirst: 'reviews', agent: true },
  { role: 'reviewed_by', childFirst: 'reviewed by', parentFirst: 'reviews' },
  { role: 'interviewer', childFirst: 'conducted by', parentFirst: 'conducts', agent: true },
  { role: 'recruiter', childFirst: 'recruited by', parentFirst: 'recruits', agent: true },
  { role: 'closed_by', childFirst: 'closed by', parentFirst: 'closed' },
  { role: 'converted', childFirst: 'converted into', parentFirst: 'was converted from' },
  { role: 'origin', childFirst: 'departs from', parentFirst: 'is the origin of' },
  { role: 'pickup', childFirst: 'is picked up at', parentFirst: 'is the pickup point of' },
  { role: 'destination', childFirst: 'arrives at', parentFirst: 'is the destination of' },
  { role: 'dropoff', childFirst: 'is dropped off at', parentFirst: 'is the drop-off point of' },
  { role: 'home', childFirst: 'is based at', parentFirst: 'is home to' },
  { role: 'driver', childFirst: 'driven by', parentFirst: 'drives', agent: true },
];

const ROLE_TOKENS = ROLE_VERBS.map((r) => r.role.split('_'));

interface PairVerb { parents: readonly string[]; children: readonly string[]; parentFirst: string; childFirst: string; primary: 'parent' | 'child' }

// Whole compounds only: a bare "line" or "item" head would make any PaymentLine part of an Invoice.
const LINE_WORDS = ['order_item', 'order_line', 'line_item', 'cart_item', 'invoice_line', 'invoice_line_item',
  'opportunity_line_item', 'quote_line_item', 'bill_line', 'purchase_order_line', 'order_line_item', 'sales_order_line'];
const PEOPLE = ['customer', 'user', 'buyer', 'shopper', 'client', 'member', 'contact', 'person', 'guest', 'account', 'visitor'];

/** Common entity pairs, matched on the full noun or its head word. Earlier entries win. */
export const PAIR_VERBS: readonly PairVerb[] = [
  { parents: ['subscription'], children: ['invoice', 'charge'], parentFirst: 'generates', childFirst: 'is generated by', primary: 'parent' },
  { parents: ['order', 'invoice', 'bill', 'quote', 'cart', 'journal_entry', 'purchase_order', 'opportunity', 'sales_order', 'receipt', 'credit_note'],
    children: LINE_WORDS, parentFirst: 'contains', childFirst: 'is part of', primary: 'parent' },
  { parents: ['product', 'variant', 'product_variant', 'sku', 'item', 'price', 'service', 'menu_item'], children: LINE_WORDS,
    parentFirst: 'appears on', childFirst: 'is for', primary: 'parent' },
  { parents: PEOPLE, children: ['order', 'sales_order', 'purchase', 'cart', 'checkout', 'reservation', 'booking'],
    parentFirst: 'places', childFirst: 'is placed by', primary: 'parent' },
  { parents: ['balance_transaction'], children: ['charge', 'refund', 'payment', 'payout', 'transfer', 'dispute', 'fee'],
    parentFirst: 'records', childFirst: 'is recorded in', primary: 'child' },
  { parents: ['payment', 'charge', 'transaction'], children: ['dispute', 'chargeback'], parentFirst: 'is contested by', childFirst: 'contests', primary: 'child' },
  { parents: ['payment', 'charge', 'order', 'transaction', 'invoice', 'sales_order'], children: ['refund', 'return', 'credit_note'],
    parentFirst: 'is reversed by', childFirst: 'reverses', primary: 'child' },
  { parents: ['payment_method', 'card', 'bank_account'], children: ['payment', 'charge', 'payment_intent', 'transaction'],
    parentFirst: 'funds', childFirst: 'is paid with', primary: 'child' },
  { parents: ['order', 'invoice', 'bill', 'charge', 'booking', 'sales_order', 'purchase_order', 'payment_intent'],
    children: ['payment', 'transaction', 'charge', 'payment_intent', 'receipt', 'payment_line', 'payment_application'], parentFirst: 'is settled by', childFirst: 'settles', primary: 'child' },
  { parents: ['store', 'warehouse', 'location', 'site', 'fulfillment_center', 'facility', 'depot', 'hub'],
    children: ['order', 'sales_order', 'shipment', 'fulfillment', 'fulfilment', 'delivery'], parentFirst: 'fulfils', childFirst: 'is fulfilled by', primary: 'parent' },
  { parents: ['customer', 'user', 'account', 'contact', 'client', 'buyer', 'member'], children: ['payment_method', 'card', 'bank_account', 'mandate'],
    parentFirst: 'owns', childFirst: 'belongs to', primary: 'parent' },
  { parents: ['customer', 'user', 'account', 'contact', 'client', 'buyer', 'payer', 'member'], children: ['payment', 'charge', 'transaction', 'payment_intent'],
    parentFirst: 'makes', childFirst: 'is made by', primary: 'parent' },
  { parents: ['customer', 'account', 'contact', 'client', 'company', 'organization'], children: ['invoice'],
    parentFirst: 'receives', childFirst: 'is issued to', primary: 'parent' },
  { parents: ['customer', 'account', 'user', 'organization', 'company', 'contact', 'member', 'workspace'], children: ['subscription', 'membership', 'contract', 'license'],
    parentFirst: 'holds', childFirst: 'is held by', primary: 'parent' },
  { parents: ['plan', 'price', 'tier'], children: ['subscription', 'subscription_item'], parentFirst: 'is subscribed through', childFirst: 'subscribes to', primary: 'child' },
  { parents: ['company', 'account', 'organization'], children: ['contact', 'person'], parentFirst: 'employs', childFirst: 'works at', primary: 'child' },
  { parents: ['organization', 'account', 'workspace', 'tenant', 'team', 'company'], children: ['user', 'member', 'membership', 'seat'],
    parentFirst: 'includes', childFirst: 'belongs to', primary: 'child' },
  { parents: ['account', 'company', 'customer', 'contact'], children: ['opportunity', 'deal', 'quote'], parentFirst: 'is targeted by', childFirst: 'targets', primary: 'child' },
  { parents: ['pipeline', 'deal_pipeline', 'opportunity_pipeline'], children: ['deal', 'opportunity'], parentFirst: 'tracks', childFirst: 'moves through', primary: 'child' },
  { parents: ['stage', 'deal_stage', 'pipeline_stage', 'deal_pipeline_stage', 'opportunity_stage'], children: ['deal', 'opportunity'],
    parentFirst: 'holds', childFirst: 'is at', primary: 'child' },
  { parents: ['campaign'], children: ['ad_group', 'ad_set', 'adset', 'ad', 'creative', 'keyword', 'flow'], parentFirst: 'contains', childFirst: 'is part of', primary: 'parent' },
  { parents: ['ad_group', 'ad_set', 'adset'], children: ['ad', 'keyword', 'criterion', 'ad_group_criterion', 'creative'], parentFirst: 'contains', childFirst: 'is part of', primary: 'parent' },
  { parents: ['campaign', 'flow'], children: ['event', 'email', 'send', 'email_send', 'message', 'email_event', 'sms', 'touchpoint', 'conversion', 'click', 'impression'],
    parentFirst: 'generates', childFirst: 'is generated by', primary: 'parent' },
  { parents: ['ad', 'creative', 'keyword'], children: ['click', 'impression', 'conversion'], parentFirst: 'generates', childFirst: 'is generated by', primary: 'parent' },
  { parents: ['contact', 'subscriber', 'customer', 'person', 'lead', 'member', 'user', 'recipient', 'profile'],
    children: ['email', 'send', 'email_send', 'message', 'email_event', 'sms', 'notification'], parentFirst: 'receives', childFirst: 'is received by', primary: 'parent' },
  { parents: ['list', 'audience', 'segment'], children: ['list_member', 'member', 'subscriber', 'audience_member', 'segment_member'],
    parentFirst: 'contains', childFirst: 'is part of', primary: 'parent' },
  { parents: ['contact', 'person', 'customer', 'subscriber', 'user'], children: ['list_member', 'audience_member', 'segment_member'],
    parentFirst: 'joins', childFirst: 'enrolls', primary: 'parent' },
  { parents: ['department', 'team', 'business_unit', 'division'], children: ['employee', 'worker'], parentFirst: 'employs', childFirst: 'works in', primary: 'child' },
  { parents: ['department', 'team', 'business_unit', 'division'], children: ['job', 'position', 'opening', 'requisition', 'job_posting'],
    parentFirst: 'includes', childFirst: 'sits in', primary: 'child' },
  { parents: ['job', 'position', 'role', 'job_posting', 'opening'], children: ['employee', 'worker'], parentFirst: 'is held by', childFirst: 'holds', primary: 'child' },
  { parents: ['job', 'position', 'job_posting', 'opening', 'requisition'], children: ['application', 'job_application'], parentFirst: 'receives', childFirst: 'applies to', primary: 'child' },
  { parents: ['application', 'job_application'], children: ['interview', 'offer', 'scorecard'], parentFirst: 'leads to', childFirst: 'follows', primary: 'parent' },
  { parents: ['candidate', 'applicant', 'person'], children: ['application', 'job_application'], parentFirst: 'submits', childFirst: 'is submitted by', primary: 'parent' },
  { parents: ['employee', 'worker'], children: ['compensation', 'salary', 'payroll', 'paycheck', 'payslip', 'benefit', 'bonus', 'pay_stub'],
    parentFirst: 'earns', childFirst: 'is earned by', primary: 'parent' },
  { parents: ['employee', 'worker'], children: ['time_off', 'time_off_request', 'leave', 'leave_request', 'absence'], parentFirst: 'requests', childFirst: 'is requested by', primary: 'parent' },
  { parents: ['employee', 'worker'], children: ['timesheet', 'expense', 'expense_report'], parentFirst: 'submits', childFirst: 'is submitted by', primary: 'parent' },
  { parents: ['employee', 'worker'], children: ['performance_review', 'review'], parentFirst: 'receives', childFirst: 'evaluates', primary: 'parent' },
  { parents: ['order', 'sales_order', 'purchase_order'], children: ['shipment', 'fulfillment', 'fulfilment', 'delivery', 'parcel', 'package'],
    parentFirst: 'is delivered by', childFirst: 'delivers', primary: 'child' },
  { parents: ['shipment', 'parcel', 'package', 'consignment', 'delivery'], children: ['tracking_event', 'shipment_event', 'event', 'scan', 'status_update', 'tracking'],
    parentFirst: 'is tracked by', childFirst: 'tracks', primary: 'child' },
  { parents: ['shipment', 'consignment'], children: ['parcel', 'package', 'box', 'pallet', 'container'], parentFirst: 'contains', childFirst: 'is part of', primary: 'parent' },
  { parents: ['carrier'], children: ['shipment', 'parcel', 'package', 'consignment', 'delivery', 'load'], parentFirst: 'carries', childFirst: 'is carried by', primary: 'child' },
  { parents: ['carrier', 'fleet'], children: ['vehicle', 'driver', 'truck'], parentFirst: 'operates', childFirst: 'is operated by', primary: 'parent' },
  { parents: ['route', 'trip'], children: ['stop', 'leg', 'delivery', 'shipment'], parentFirst: 'contains', childFirst: 'is part of', primary: 'parent' },
  { parents: ['vehicle'], children: ['route', 'trip', 'delivery', 'shipment'], parentFirst: 'serves', childFirst: 'is served by', primary: 'parent' },
  { parents: ['hub', 'depot', 'warehouse'], children: ['route', 'vehicle', 'driver', 'trip'], parentFirst: 'is the base of', childFirst: 'operates from', primary: 'child' },
  { parents: ['warehouse', 'location', 'store', 'site', 'bin'], children: ['inventory', 'inventory_level', 'inventory_item', 'stock', 'stock_level', 'bin', 'pallet'],
    parentFirst: 'holds', childFirst: 'is held at', primary: 'parent' },
  { parents: ['product', 'variant', 'product_variant', 'sku', 'item'], children: ['inventory', 'inventory_level', 'inventory_item', 'stock', 'stock_level'],
    parentFirst: 'is stocked as', childFirst: 'tracks stock of', primary: 'child' },
  { parents: ['vendor', 'supplier', 'manufacturer'], children: ['product', 'supply', 'item', 'material', 'part', 'component'], parentFirst: 'supplies', childFirst: 'is supplied by', primary: 'parent' },
  { parents: ['vendor', 'supplier'], children: ['purchase_order'], parentFirst: 'receives', childFirst: 'is placed with', primary: 'child' },
  { parents: ['vendor', 'supplier'], children: ['bill', 'vendor_credit'], parentFirst: 'issues', childFirst: 'is issued by', primary: 'parent' },
  { parents: ['category', 'product_category', 'collection', 'brand', 'product_type', 'product_line'], children: ['product', 'item', 'variant', 'product_variant', 'sku'],
    parentFirst: 'groups', childFirst: 'is grouped in', primary: 'parent' },
  { parents: ['product'], children: ['variant', 'product_variant', 'sku', 'product_image', 'image', 'option'], parentFirst: 'is offered as', childFirst: 'is a variant of', primary: 'parent' },
  { parents: ['product', 'menu_item', 'recipe'], children: ['supply', 'ingredient', 'material', 'component'], parentFirst: 'consumes', childFirst: 'is used in', primary: 'child' },
  { parents: ['account', 'ledger', 'gl_account', 'ledger_account'], children: ['journal_entry_line', 'journal_line', 'ledger_entry', 'posting', 'entry', 'transaction'],
    parentFirst: 'receives postings from', childFirst: 'posts to', primary: 'child' },
  { parents: ['currency'], children: ['payment', 'price', 'invoice', 'transaction', 'order', 'exchange_rate', 'fx_rate', 'account', 'charge', 'bill', 'journal_entry'],
    parentFirst: 'denominates', childFirst: 'is denominated in', primary: 'child' },
  { parents: ['payout'], children: ['balance_transaction', 'transfer', 'transaction'], parentFirst: 'pays out', childFirst: 'is paid out in', primary: 'child' },
  { parents: ['user', 'customer', 'contact', 'requester', 'person', 'member', 'account', 'organization', 'company', 'end_user'],
    children: ['ticket', 'case', 'conversation', 'request', 'incident', 'complaint'], parentFirst: 'raises', childFirst: 'is raised by', primary: 'parent' },
  { parents: ['ticket', 'case', 'conversation', 'incident'], children: ['comment', 'reply', 'message', 'ticket_comment', 'note', 'satisfaction_rating', 'csat', 'ticket_event'],
    parentFirst: 'receives', childFirst: 'is posted on', primary: 'parent' },
  { parents: ['user', 'visitor', 'customer', 'device', 'anonymous_user', 'person', 'member'], children: ['session'], parentFirst: 'starts', childFirst: 'is started by', primary: 'parent' },
  { parents: ['user', 'visitor', 'customer', 'device', 'anonymous_user', 'person', 'member', 'account'],
    children: ['event', 'pageview', 'page_view', 'screen_view', 'track', 'identify', 'page', 'click', 'login', 'install'], parentFirst: 'triggers', childFirst: 'is triggered by', primary: 'parent' },
  { parents: ['session'], children: ['event', 'pageview', 'page_view', 'screen_view', 'track', 'page', 'click'], parentFirst: 'contains', childFirst: 'occurs in', primary: 'parent' },
  { parents: ['workspace', 'project', 'organization', 'account', 'team', 'board'], children: ['project', 'document', 'board', 'dashboard', 'report', 'file', 'task', 'issue', 'milestone'],
    parentFirst: 'contains', childFirst: 'belongs to', primary: 'parent' },
  { parents: ['address', 'location'], children: ['customer', 'contact', 'person', 'employee', 'store', 'warehouse', 'site', 'company', 'account', 'user', 'facility', 'hub', 'depot'],
    parentFirst: 'is the address of', childFirst: 'is located at', primary: 'child' },
  { parents: ['customer', 'contact', 'user', 'person', 'company', 'account', 'employee'], children: ['address'], parentFirst: 'is located at', childFirst: 'is the address of', primary: 'parent' },
  { parents: ['customer', 'user', 'contact', 'buyer', 'reviewer'], children: ['review', 'rating', 'feedback', 'survey_response', 'nps_response'],
    parentFirst: 'writes', childFirst: 'is written by', primary: 'parent' },
  { parents: ['product', 'item'], children: ['review', 'rating'], parentFirst: 'receives', childFirst: 'is about', primary: 'parent' },
];

/** Second words that make a compound a part of its first word: Order → OrderItem, Invoice → InvoiceLine. */
const PART_WORDS = new Set(['item', 'line', 'detail', 'entry', 'stage', 'step', 'stop', 'leg', 'member', 'component', 'allocation', 'tier', 'option', 'split', 'lines', 'items']);
const HISTORY_WORDS = new Set(['history', 'snapshot', 'version', 'change', 'revision', 'log', 'audit']);

function matches(list: readonly string[], full: string, head: string): boolean {
  return list.includes(full) || list.includes(head);
}

/** Is `needle` a contiguous run inside `hay`? */
function containsRun(hay: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The verb for parent ← child, where the child holds the foreign key.
 * @param role the column's role tokens (billing_address_id → ['billing']); empty when the column names just the parent
 */
export function relationshipVerb(parent: readonly string[], child: readonly string[], role: readonly string[]): VerbPhrase {
  const roleVerb = findRole(role, false) ?? (role.length === 0 ? findRole(parent, true) : undefined);
  if (roleVerb) {
    // Employee.manager_id → Employee reads "reports to"; Department.manager_id → Employee "managed by"
    const self = parent.length === child.length && parent.every((t, i) => child[i] === t);
    return { parentFirst: (self && roleVerb.selfParentFirst) || roleVerb.parentFirst, childFirst: (self && roleVerb.selfChildFirst) || roleVerb.childFirst,
      primary: 'child', origin: 'column role' };
  }
  const parentFull = parent.join('_'), parentHead = parent[parent.length - 1];
  const childFull = child.join('_'), childHead = child[child.length - 1];
  for (const p of PAIR_VERBS) {
    if (matches(p.parents, parentFull, parentHead) && matches(p.children, childFull, childHead)) return { parentFirst: p.parentFirst, childFirst: p.childFirst, primary: p.primary, origin: 'pair dictionary' };
  }
  if (child.length > parent.length && parent.every((t, i) => child[i] === t)) {
    const extra = child.slice(parent.length);
    const head = extra[extra.length - 1];
    if (PART_WORDS.has(head)) return { parentFirst: 'contains', childFirst: 'is part of', primary: 'parent', origin: 'composition' };
    if (HISTORY_WORDS.has(head)) return { parentFirst: 'is tracked by', childFirst: 'records the history of', primary: 'child', origin: 'composition' };
    return { parentFirst: 'includes', childFirst: 'belongs to', primary: 'child', origin: 'composition' };
  }
  return { parentFirst: 'relates to', childFirst: 'references', primary: 'child', origin: 'fallback' };
}

function findRole(tokens: readonly string[], agentOnly: boolean): RoleVerb | undefined {
  if (!tokens.length) return undefined;
  let best: RoleVerb | undefined;
  let bestLen = 0;
  for (let i = 0; i < ROLE_VERBS.length; i++) {
    const r = ROLE_VERBS[i];
    if (agentOnly && !r.agent) continue;
    const rt = ROLE_TOKENS[i];
    if (rt.length > bestLen && containsRun(tokens, rt)) { best = r; bestLen = rt.length; }
  }
  return best;
}
