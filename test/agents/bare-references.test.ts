// The Conceptualizer, issue 23 (conceptrel): keys an API names by the bare noun (Stripe's charge.invoice) where the
// YAML documents some columns and the SQL the rest, columns the SQL only names in a comment, and logs whose rows are
// the messages a business sent. Each project is written to exercise one class and read by the real project reader,
// with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const load = (files: Record<string, string>) => conceptualize(loadFiles(files));

const shop = {
  'models/staging/shop/stg_shop__users.sql': "select id as user_id, email, created_at from {{ source('shop', 'users') }}\n",
  'models/staging/shop/stg_shop__orders.sql': "select id as order_id, user_id, total_cents from {{ source('shop', 'orders') }}\n",
  'models/staging/shop/stg_shop__bids.sql': "select id as bid_id, order_id, quantity from {{ source('shop', 'bids') }}\n",
};

describe('a log of the messages a business sent', () => {
  it('is a record of each email or text (from and to whom), while a job\'s log and a status log stay logs', () => {
    const p = load({
      ...shop,
      'models/staging/shop/stg_shop__user_mail_log_entries.sql': `select id as user_mail_log_id, to_user_id, from_user_id, from_str as from_email, to_str as to_email,
  order_id, subject as email_subject, actually_sent_at from {{ source('shop', 'user_mail_log_entries') }}\n`,
      'models/staging/shop/stg_shop__sms_log_entries.sql': "select id as sms_log_id, from_number, to_number, to_user_id, order_id, message from {{ source('shop', 'sms_log_entries') }}\n",
      // what the autofill job added to an order, and an order's status changes: bookkeeping of a job and of a field
      'models/staging/shop/stg_shop__autofill_bid_logs.sql': "select id as autofill_bid_log_id, bid_id, quantity, reason from {{ source('shop', 'autofill_bid_logs') }}\n",
      'models/staging/shop/stg_shop__order_status_logs.sql': "select id as order_status_log_id, order_id, from_status, to_status, changed_at from {{ source('shop', 'order_status_logs') }}\n",
    });
    expect(names(p)).toEqual(['Bid', 'Order', 'SmsLogEntry', 'User', 'UserMailLogEntry']);
    expect(refs(p)).toEqual(expect.arrayContaining(['User>UserMailLogEntry.to_user_id', 'User>UserMailLogEntry.from_user_id', 'Order>UserMailLogEntry.order_id',
      'User>SmsLogEntry.to_user_id', 'Order>SmsLogEntry.order_id']));
  });
});

describe('a column the SQL names only in a comment', () => {
  it('is no column: the YAML entry of a key the select comments out draws nothing', () => {
    const p = load({
      ...shop,
      'models/staging/shop/stg_shop__credits.sql': `select
    id as credit_id
    ,order_id
    --,bid_id
    ,user_id /* ,promotion_id */
from {{ source('shop', 'credits') }}\n`,
      'models/staging/shop/_shop.yml': `version: 2
models:
  - name: stg_shop__credits
    columns:
      - name: credit_id
        data_tests: [unique]
      - name: order_id
      - name: bid_id
        description: the bid the credit applies to
      - name: user_id
      - name: promotion_id
`,
    });
    expect(refs(p).filter((r) => r.includes('>Credit.'))).toEqual(['Order>Credit.order_id', 'User>Credit.user_id']);
    expect(p.notes.join('\n')).toMatch(/bid_id/);
  });
});

describe("an API's bare reference in a model whose YAML documents some columns", () => {
  const stripe = (chargesYaml: string) => ({
    'models/staging/stripe/stg_stripe__customers.sql': "select id, email from {{ source('stripe', 'customers') }}\n",
    'models/staging/stripe/stg_stripe__invoices.sql': "select id, customer, total from {{ source('stripe', 'invoices') }}\n",
    'models/staging/stripe/stg_stripe__refunds.sql': "select id, charge, amount from {{ source('stripe', 'refunds') }}\n",
    // the charge lists its refunds (each names its charge back) and names its invoice by the bare noun
    'models/staging/stripe/stg_stripe__charges.sql': "select id, amount, customer, invoice, refunds, status from {{ source('stripe', 'charges') }}\n",
    // an application fee lists its refunds too, rows that list nothing themselves
    'models/staging/stripe/stg_stripe__accounts.sql': "select id, business_name from {{ source('stripe', 'accounts') }}\n",
    'models/staging/stripe/stg_stripe__application_fees.sql': "select id, account, charge, amount, refunds from {{ source('stripe', 'application_fees') }}\n",
    'models/staging/stripe/_stripe.yml': `version: 2
models:
  - name: stg_stripe__charges
    columns:
${chargesYaml}`,
  });

  it('is read from the SQL: charge.invoice is the invoice, beside a list of refunds (rows embedded, not links)', () => {
    const p = load(stripe('      - name: id\n        data_tests: [unique]\n      - name: amount\n      - name: customer\n        description: ID of the customer charged\n'));
    expect(refs(p)).toEqual(['Account>ApplicationFee.account', 'Charge>ApplicationFee.charge', 'Charge>Refund.charge', 'Customer>Charge.customer',
      'Customer>Invoice.customer', 'Invoice>Charge.invoice']);
  });

  it('is not read beside lists of links both ways (Airtable linked records: a bare noun there may hold a list too)', () => {
    const p = load({
      'models/staging/airtable/stg_airtable__organizations.sql': "select id, name, services from {{ source('airtable', 'organizations') }}\n",
      'models/staging/airtable/stg_airtable__services.sql': "select id, name, organizations from {{ source('airtable', 'services') }}\n",
      'models/staging/airtable/stg_airtable__funding_programs.sql': "select id, program, organization, services from {{ source('airtable', 'funding_programs') }}\n",
    });
    expect(refs(p).filter((r) => r.includes('FundingProgram.'))).toEqual([]);
  });
});

describe('a name <a>_to_<b>', () => {
  it('is one thing when the table has its own id and no column names either side (path_to_victory); else a lookup or a record of what was sent', () => {
    const p = load({
      ...shop,
      'models/staging/shop/stg_shop__path_to_victory.sql': "select id, data, user_id, created_at from {{ source('shop', 'path_to_victory') }}\n",
      'models/staging/shop/stg_shop__position_to_place.sql': "select id, places, created_at from {{ source('shop', 'position_to_place') }}\n",
      'models/staging/shop/stg_shop__ipv4_to_country.sql': "select network, geoname_id from {{ source('shop', 'ipv4_to_country') }}\n",
      'models/staging/shop/stg_shop__records_sent_to_crm.sql': "select id, user_id, sent_at from {{ source('shop', 'records_sent_to_crm') }}\n",
    });
    expect(names(p)).toEqual(['Bid', 'Order', 'PathToVictory', 'User']);
    expect(refs(p)).toContain('User>PathToVictory.user_id');
  });
});

describe("a table stamped with the created time of a thing it holds the key of", () => {
  it("is that thing's rows again (an export of upcoming races: race_id, race_created_at), not a thing of its own", () => {
    const p = load({
      'models/staging/elections/_sources.yml': sourcesYaml(sources('elections', 'races', 'positions', 'recruitment', 'candidacies')),
      'models/staging/elections/stg_elections__races.sql': "select id as race_id, name, election_day, created_at from {{ source('elections', 'races') }}\n",
      'models/staging/elections/stg_elections__positions.sql': "select id as position_id, name, level from {{ source('elections', 'positions') }}\n",
      'models/staging/elections/stg_elections__recruitment.sql': `select id, race_id, position_id, position_name, election_day, race_created_at, race_updated_at, salary
from {{ source('elections', 'recruitment') }}\n`,
      // a candidacy stamped with its own times and pointing at its race stays a thing
      'models/staging/elections/stg_elections__candidacies.sql': "select id as candidacy_id, race_id, candidate_name, created_at from {{ source('elections', 'candidacies') }}\n",
    });
    expect(names(p)).toEqual(['Candidacy', 'Position', 'Race']);
    expect(refs(p)).toEqual(['Race>Candidacy.race_id']);
    expect(p.notes.join('\n')).toContain("stg_elections__recruitment → Race (Race's rows again (race_id, race_created_at");
  });
});

describe('things the layer already has, joined again', () => {
  it('are those things\' rows again when every relation is staged by another model and the join has no key of its own', () => {
    const p = load({
      'models/_sources.yml': sourcesYaml(sources('app', 'candidates', 'applications', 'employers', 'interviews')),
      'models/staging/stg_candidates.sql': "select id, age, region from {{ source('app', 'candidates') }}\n",
      'models/staging/stg_applications.sql': "select id, candidate_id, employer_id, applied_at from {{ source('app', 'applications') }}\n",
      'models/staging/stg_employers.sql': "select id, name from {{ source('app', 'employers') }}\n",
      // a mart named for the candidates, and two staging copies joining it to the applications again
      'models/marts/candidates.sql': "select * from {{ ref('stg_candidates') }}\n",
      'models/staging/stg_candidates_applications.sql': `select c.id, c.age, a.applied_at as hired_at
from {{ ref('candidates') }} as c left join {{ source('app', 'applications') }} as a on c.id = a.candidate_id\n`,
      'models/staging/stg_applications_self_prescribed.sql': `select a.id as application_id, c.id as candidate_id, a.employer_id, 'self' as route
from {{ source('app', 'applications') }} as a left join {{ ref('candidates') }} as c on a.candidate_id = c.id\n`,
      // a staging model over a table nothing else stages, joining a staged one, is a thing of its own
      'models/staging/stg_interviews.sql': `select i.id as interview_id, i.application_id, e.name as employer_name
from {{ source('app', 'interviews') }} as i left join {{ ref('stg_employers') }} as e on e.id = i.employer_id\n`,
    });
    expect(names(p)).toEqual(['Application', 'Candidate', 'Employer', 'Interview']);
    const notes = p.notes.join('\n');
    expect(notes).toContain('stg_candidates_applications → Candidate (stg_applications and stg_candidates joined again');
    expect(notes).toContain('stg_applications_self_prescribed → Application (');
  });
});

describe('a key named for a role only', () => {
  it('points at the thing the SQL joins it to by id (on o.id = c.id_author_prescriber)', () => {
    const p = load({
      'models/_sources.yml': sourcesYaml(sources('app', 'candidates', 'organisations', 'structures')),
      'models/staging/stg_organisations.sql': "select id, name from {{ source('app', 'organisations') }}\n",
      'models/staging/stg_structures.sql': "select id, siret, city from {{ source('app', 'structures') }}\n",
      'models/staging/stg_candidates.sql': `select c.id, c.id_author_prescriber, c.id_author_employer, c.id_reviewer_office, o.name as prescriber_name
from {{ source('app', 'candidates') }} as c
left join {{ ref('stg_organisations') }} as o on o.id = c.id_author_prescriber
left join {{ source('app', 'structures') }} as s on c.id_author_employer = s.id\n`,
    });
    // (id_reviewer_office is joined to nothing: no key is guessed for it)
    expect(refs(p)).toEqual(['Organisation>Candidate.id_author_prescriber', 'Structure>Candidate.id_author_employer']);
    expect(p.relationships.every((r) => r.evidence.kind === 'inferred' && /joins the column/.test(r.evidence.rule ?? ''))).toBe(true);
  });
});

describe('a name ending in a word that begins other names', () => {
  it('ends in a subject: the noun is the plural before it, singular (batches_otr beside otr_logistics, otr_production)', () => {
    const otr = (part: string) => `select order_uuid, '${part}' as otr_source, 'x' as a, 'y' as b, 'z' as c, promised_at from {{ ref('stg_orders') }}\n`;
    const p = load({
      'models/_sources.yml': sourcesYaml(sources('supply', 'orders', 'batches')),
      'models/staging/stg_orders.sql': "select uuid as order_uuid, created_at from {{ source('supply', 'orders') }}\n",
      'models/staging/stg_batches_otr.sql': "select uuid as batch_uuid, order_uuid, batch_number, promised_at from {{ source('supply', 'batches') }}\n",
      'models/staging/_batches.yml': 'version: 2\nmodels:\n  - name: stg_batches_otr\n    columns:\n      - name: batch_uuid\n        data_tests: [unique]\n',
      'models/staging/stg_otr_logistics.sql': otr('logistics'),
      'models/staging/stg_otr_production.sql': otr('production'),
    });
    expect(names(p)).toContain('BatchOtr');
    expect(refs(p)).toContain('Order>BatchOtr.order_uuid');
  });
});
