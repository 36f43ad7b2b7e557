// The Conceptualizer, issue 23 fifth round: classes of error still left on the tuning projects,
// each fixed as a rule a data modeler reads a staging layer by, each shown on a small project
// read by the real project reader with the SQL parser loaded:
//   - a key column whose description names what it references, through a doc block used as a
//     phrase ("{{ doc('id') }} purchase record associated with …": QuickBooks expense_id);
//   - a transformation step over another staging model (Bink transformed_pll: from/to periods
//     built from status-change events) is not a thing of its own;
//   - a history named in the project's own language (SIRENE etablissement_historique) keyed by
//     the natural key of the entity it records;
//   - Salesforce-style junctions: a link named for both its ends that carries a few attributes of
//     the link (opportunity_contact_role), and a membership table (campaign_member).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { modelsYaml, writeProject, loadFiles as load, refs } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const notes = (p: DiagramProposal) => p.notes.join('\n');
const names = (p: DiagramProposal) => p.entities.map((e) => e.name);

describe('a key whose description names what it references through a doc block', () => {
  const sql = (table: string, select: string) => `select ${select} from {{ source('books', '${table}') }}\n`;
  const files = (description: string) => ({
    'models/staging/stg_books__purchases.sql': sql('purchase', 'id as purchase_id, total_amount, vendor_id'),
    'models/staging/stg_books__vendors.sql': sql('vendor', 'id as vendor_id, display_name'),
    'models/staging/stg_books__bills.sql': sql('bill', 'id as bill_id, total_amount, vendor_id'),
    'models/staging/stg_books__bill_payments.sql': sql('bill_payment', 'id as bill_payment_id, total_amount, vendor_id'),
    'models/staging/stg_books__bill_payment_lines.sql': sql('bill_payment_line', 'bill_payment_id, index, amount, bill_id, expense_id'),
    'models/docs.md': '{% docs id %}\nUnique identifier of the\n{% enddocs %}\n',
    'models/staging/_books.yml': modelsYaml([
      ['stg_books__purchases', '- name: purchase_id\n  data_tests: [unique]\n- name: total_amount\n- name: vendor_id\n'],
      ['stg_books__bill_payment_lines', `- name: bill_payment_id\n- name: index\n- name: amount\n- name: bill_id\n- name: expense_id\n  description: "${description}"\n`],
    ]) + "\nsources:\n  - name: books\n    tables:\n      - name: purchase\n      - name: vendor\n      - name: bill\n      - name: bill_payment\n      - name: bill_payment_line\n",
  });

  it('reads the sentence dbt renders (the doc block, then "purchase record associated with …") and draws the reference', () => {
    const p = conceptualize(load(files("{{ doc('id') }} purchase record associated with the bill payment.")));
    expect(refs(p)).toEqual(expect.arrayContaining(['Purchase>BillPaymentLine.expense_id', 'Bill>BillPaymentLine.bill_id', 'BillPayment>BillPaymentLine.bill_payment_id']));
    const r = p.relationships.find((x) => x.from === 'BillPaymentLine' && x.from_column === 'expense_id')!;
    expect(r.evidence).toMatchObject({ kind: 'inferred', rule: 'the column description names the entity' });
  });

  it('a description naming nothing the layer has draws nothing', () => {
    const p = conceptualize(load(files("{{ doc('id') }} expense report associated with the bill payment.")));
    expect(refs(p).filter((r) => r.endsWith('.expense_id'))).toEqual([]);
  });
});

describe('a transformation step over another staging model', () => {
  const files = {
    'models/staging/loyalty/stg_loyalty__events.sql': "select id as event_id, event_type, event_date_time, user_id, loyalty_card_id, to_state from {{ source('loyalty', 'events') }}\n",
    'models/staging/loyalty/stg_loyalty__users.sql': "select id as user_id, email from {{ source('loyalty', 'users') }}\n",
    'models/staging/loyalty/stg_loyalty__loyalty_cards.sql': "select id as loyalty_card_id, user_id, card_number from {{ source('loyalty', 'loyalty_cards') }}\n",
    // link periods built from the status-change events: its rows are the events' rows, reshaped
    'models/staging/transformation/transformed_pll.sql': `select event_id, event_date_time as from_date, user_id, loyalty_card_id,
  lead(event_date_time) over (partition by loyalty_card_id order by event_date_time) as to_date,
  to_state = 1 as active_link
from {{ ref('stg_loyalty__events') }}
where event_type = 'pll_link.statuschange'
`,
    'models/staging/loyalty/_sources.yml': 'version: 2\nsources:\n  - name: loyalty\n    tables:\n      - name: events\n      - name: users\n      - name: loyalty_cards\n',
  };

  it('is folded into the entity it reads, not drawn as an entity, and the notes count it under its reason', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(expect.arrayContaining(['Event', 'User', 'LoyaltyCard']));
    expect(names(p)).not.toContain('TransformedPll');
    expect(p.entities.find((e) => e.name === 'Event')!.sources).toContain('transformed_pll');
    expect(notes(p)).toMatch(/transformed_pll → Event \(a transformation step over stg_loyalty__events/);
    expect(notes(p)).toMatch(/Not entities, per reason: [^\n]*1 transformation step/);
  });

  it('a model that reads a source of its own is rows of that source, whatever its name', () => {
    const p = conceptualize(load({ ...files, 'models/staging/transformation/transformed_pll.sql': "select id as pll_id, loyalty_card_id, user_id from {{ source('loyalty', 'pll') }}\n",
      'models/staging/loyalty/_sources.yml': files['models/staging/loyalty/_sources.yml'] + '      - name: pll\n' }));
    expect(names(p)).toContain('TransformedPll');
  });
});

describe('a history named in the project\'s own language, keyed by the natural key of what it records', () => {
  const sirene = (table: string, select: string) => `select ${select} from {{ source('sirene', '${table}') }}\n`;
  const files = {
    'models/staging/sources/sirene/stg_sirene__stock_etablissement.sql': sirene('stock_etablissement', 'siret, siren, etat_administratif_etablissement, denomination_usuelle'),
    'models/staging/sources/sirene/stg_sirene__etablissement_historique.sql': sirene('etablissement_historique', 'siret, date_debut, etat_administratif_etablissement, changement_etat_administratif_etablissement'),
    // another system's établissements (a directory of public services): the same noun, another thing
    'models/staging/sources/annuaire/stg_annuaire__etablissements.sql': "select id, siret, nom, code_postal from {{ source('annuaire', 'etablissements') }}\n",
    'models/staging/sources/sirene/_sirene.yml': modelsYaml([['stg_sirene__stock_etablissement', '- name: siret\n  data_tests: [unique, not_null]\n- name: siren\n- name: etat_administratif_etablissement\n- name: denomination_usuelle\n']])
      + '\nsources:\n  - name: sirene\n    tables:\n      - name: stock_etablissement\n      - name: etablissement_historique\n  - name: annuaire\n    tables:\n      - name: etablissements\n',
  };

  it('is a history (historique) folded into the entity of its own system whose key it carries, not drawn as an entity', () => {
    const p = conceptualize(load(files));
    expect(names(p)).not.toContain('EtablissementHistorique');
    const stock = p.entities.find((e) => e.sources.includes('stg_sirene__stock_etablissement'))!;
    expect(stock.sources).toContain('stg_sirene__etablissement_historique');
    expect(notes(p)).toMatch(/stg_sirene__etablissement_historique → \w+ \(a historique table\)/);
  });
});

describe('Salesforce-style junctions', () => {
  const sf = (table: string, select: string) => `select ${select} from {{ source('salesforce', '${table}') }}\n`;
  const files = {
    'models/staging/salesforce/stg_salesforce__user.sql': sf('user', 'id as user_id, name, email'),
    'models/staging/salesforce/stg_salesforce__account.sql': sf('account', 'id as account_id, name, owner_id'),
    'models/staging/salesforce/stg_salesforce__contact.sql': sf('contact', 'id as contact_id, account_id, first_name, last_name, email, owner_id'),
    'models/staging/salesforce/stg_salesforce__lead.sql': sf('lead', 'id as lead_id, first_name, last_name, email, company, owner_id'),
    'models/staging/salesforce/stg_salesforce__campaign.sql': sf('campaign', 'id as campaign_id, name, status, budgeted_cost, owner_id'),
    'models/staging/salesforce/stg_salesforce__opportunity.sql': sf('opportunity', 'id as opportunity_id, account_id, campaign_id, amount, stage_name, owner_id'),
    // a contact's role on an opportunity: named for its two ends, with the role and one attribute of the link
    'models/staging/salesforce/stg_salesforce__opportunity_contact_role.sql': sf('opportunity_contact_role',
      'id as opportunity_contact_role_id, opportunity_id, contact_id, role, is_primary, customer_portal_access__c, created_by_id'),
    // a lead or contact in a campaign: the membership copies the member's details, and a key that is either of two things
    'models/staging/salesforce/stg_salesforce__campaign_member.sql': sf('campaign_member',
      'id as campaign_member_id, campaign_id, contact_id, lead_id, lead_or_contact_id, lead_or_contact_owner_id, status, has_responded, city, country, email, first_name, last_name, title, company_or_account, created_by_id'),
    'models/staging/salesforce/_sources.yml': 'version: 2\nsources:\n  - name: salesforce\n    tables:\n' + ['user', 'account', 'contact', 'lead', 'campaign', 'opportunity', 'opportunity_contact_role', 'campaign_member'].map((t) => `      - name: ${t}\n`).join(''),
  };

  it('a link named for both its ends, with an attribute of the link, is a many-to-many relationship, not an entity', () => {
    const p = conceptualize(load(files));
    expect(names(p)).not.toContain('OpportunityContactRole');
    expect(p.relationships.find((r) => r.through === 'OpportunityContactRole')).toMatchObject({ cardinality: 'many_to_many' });
    expect(refs(p)).toEqual(expect.arrayContaining(['Opportunity>OpportunityContactRole.opportunity_id', 'Contact>OpportunityContactRole.contact_id']));
    expect(notes(p)).toMatch(/stg_salesforce__opportunity_contact_role \([^)]*: it is named for the two things it links \([^)]*\); customer_portal_access__c is an attribute of the link\)/);
  });

  it('a membership table links the thing to each kind of member; the member details it copies and the either-or key are no ends', () => {
    const p = conceptualize(load(files));
    expect(names(p)).not.toContain('CampaignMember');
    const through = p.relationships.filter((r) => r.through === 'CampaignMember').map((r) => `${r.from}–${r.to} ${r.cardinality}`).sort();
    expect(through).toEqual(['Campaign–Contact many_to_many', 'Campaign–Lead many_to_many']);
    expect([...new Set(refs(p).filter((r) => r.includes('>CampaignMember.')))].sort()).toEqual(['Campaign>CampaignMember.campaign_id', 'Contact>CampaignMember.contact_id', 'Lead>CampaignMember.lead_id']);
    expect(notes(p)).toMatch(/a membership table: the members of Campaign \(campaign_id\) are Contact \(contact_id\), Lead \(lead_id\)/);
  });

  it('with many values of its own, a table named for two things it references stays an entity (a thing, not their link)', () => {
    const p = conceptualize(load({ ...files, 'models/staging/salesforce/stg_salesforce__opportunity_contact_role.sql': sf('opportunity_contact_role',
      'id as opportunity_contact_role_id, opportunity_id, contact_id, role, commission_amount, signed_contract_url, territory, quota') }));
    expect(names(p)).toContain('OpportunityContactRole');
  });
});

describe('the SQL the project read when it loaded', () => {
  it('is what conceptualize reads: the files are not read again (the same proposal after they are gone from disk)', () => {
    const dir = writeProject({
      'models/staging/stg_shop__customers.sql': "select id as customer_id, name from {{ source('shop', 'customers') }}\n",
      // the YAML documents the order's own key only; its SQL also returns the customer's key
      'models/staging/stg_shop__orders.sql': "select id as order_id, customer_id, amount from {{ source('shop', 'orders') }}\n",
      'models/staging/_shop.yml': modelsYaml([['stg_shop__orders', '- name: order_id\n  data_tests: [unique]\n- name: amount\n']])
        + '\nsources:\n  - name: shop\n    tables:\n      - name: customers\n      - name: orders\n',
    });
    const project = loadProject(dir);
    rmSync(join(dir, 'models', 'staging', 'stg_shop__orders.sql'));
    rmSync(join(dir, 'models', 'staging', 'stg_shop__customers.sql'));
    const p = conceptualize(project);
    expect(refs(p)).toEqual(['Customer>Order.customer_id']);
    expect(p.entities.find((e) => e.name === 'Order')!.sources).toEqual(['stg_shop__orders']);
  });
});
