// The rules a data modeler uses to read a staging layer that declares nothing (issue 12), one
// at a time, on small projects read by the real project reader.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadModelText } from '../../src/core/model/load.js';
import { loadProject } from '../../src/core/project/load.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { conceptualizeLayer, modelsYaml, writeProject, refs } from './helpers.js';


const layer = conceptualizeLayer;
const rel = (p: DiagramProposal, column: string) => p.relationships.find((r) => r.from_column === column || r.to_column === column);

describe('keys read off column names', () => {
  it('<noun>_id, <noun>_key, <noun>_fk and <noun>id point at the entity the noun names', () => {
    const p = layer([
      ['stg_shop__customers', ['customer_id!']], ['stg_shop__stores', ['store_id!']], ['stg_shop__regions', ['region_id!']], ['stg_shop__channels', ['channel_id!']],
      ['stg_shop__orders', ['order_id!', 'customer_id', 'store_key', 'region_fk', 'channelid', 'amount']],
    ]);
    expect(refs(p)).toEqual(['Channel>Order.channelid', 'Customer>Order.customer_id', 'Region>Order.region_fk', 'Store>Order.store_key']);
    expect(rel(p, 'customer_id')!.evidence).toEqual({ kind: 'inferred', rule: 'column names the entity', confidence: 0.9 });
  });

  it('role keys resolve to their entity and keep the role; a model\'s own key is never a key to itself', () => {
    const p = layer([
      ['stg_crm__contacts', ['contact_id!']], ['stg_crm__users', ['user_id!']], ['stg_crm__addresses', ['address_id!']],
      ['stg_crm__leads', ['lead_id!', 'converted_contact_id', 'created_by_user_id', 'default_address_id', 'parent_lead_id']],
    ]);
    expect(refs(p)).toEqual(['Address>Lead.default_address_id', 'Contact>Lead.converted_contact_id', 'Lead>Lead.parent_lead_id', 'User>Lead.created_by_user_id']);
    expect(rel(p, 'converted_contact_id')).toMatchObject({ role: 'converted', verb: 'converted into' });
    expect(rel(p, 'created_by_user_id')).toMatchObject({ role: 'created by', verb: 'created by' });
    expect(rel(p, 'parent_lead_id')).toMatchObject({ from: 'Lead', to: 'Lead', role: 'parent' });
    expect(p.relationships.some((r) => r.from_column === 'lead_id' && r.to_column === 'lead_id')).toBe(false);
  });

  it('a noun completed from the model\'s own name, a self-reference, and a subtype keyed by its parent', () => {
    const p = layer([
      ['stg_hub__deal_pipelines', ['deal_pipeline_id!']], ['stg_hub__ticket_pipelines', ['ticket_pipeline_id!']],
      ['stg_hub__deal_pipeline_stages', ['deal_pipeline_stage_id!', 'pipeline_id']],
      ['stg_hub__email_events', ['event_id!', 'caused_by_event_id']],
      ['stg_hub__email_event_bounces', ['event_id!', 'bounce_category']],
    ]);
    expect(refs(p)).toEqual(['DealPipeline>DealPipelineStage.pipeline_id', 'EmailEvent>EmailEvent.caused_by_event_id', 'EmailEvent>EmailEventBounce.event_id']);
    expect(rel(p, 'pipeline_id')!.evidence.rule).toBe('entity noun completed from the model name');
    expect(p.relationships.find((r) => r.to === 'EmailEventBounce')).toMatchObject({ cardinality: 'one_to_one' }); // the subtype's key is unique
  });

  it('people roles with no entity of their own point at User; parent_id at the own entity', () => {
    const p = layer([
      ['stg_sf__users', ['user_id!']], ['stg_sf__accounts', ['account_id!', 'owner_id', 'created_by_id', 'parent_id']],
    ]);
    expect(refs(p)).toEqual(['Account>Account.parent_id', 'User>Account.created_by_id', 'User>Account.owner_id']);
    expect(rel(p, 'owner_id')!.evidence).toMatchObject({ rule: 'person role points at the people entity', confidence: 0.6 });
  });

  it('an ambiguous noun is resolved by source system: the same stg_<source>__ prefix first', () => {
    const p = layer([
      ['stg_jira__comments', ['comment_id!']], ['stg_zendesk__ticket_comments', ['ticket_comment_id!']],
      ['stg_zendesk__attachments', ['attachment_id!', 'comment_id']], ['stg_jira__attachments_links', ['link_id!', 'comment_id', 'url']],
    ]);
    expect(refs(p)).toEqual(['Comment>AttachmentsLink.comment_id', 'TicketComment>Attachment.comment_id']);
  });

  it('a head noun shared by two entities that the model name does not decide is not guessed', () => {
    const p = layer([['stg_a__deal_stages', ['deal_stage_id!']], ['stg_a__ticket_stages', ['ticket_stage_id!']], ['stg_a__notes', ['note_id!', 'stage_id']]]);
    expect(p.relationships).toEqual([]);
  });

  it('compound nouns and foreign-system qualifiers are not roles', () => {
    const p = layer([
      ['stg_pay__accounts', ['account_id!']], ['stg_pay__invoices', ['invoice_id!']], ['stg_pay__invoice_line_items', ['invoice_line_item_id!', 'invoice_id', 'invoice_item_id', 'unique_invoice_line_item_id']],
      ['stg_pay__customers', ['customer_id!', 'bank_account_id', 'external_account_id']],
    ]);
    // bank_account is a bank account, not an Account; invoice_item is not a line item of itself; external/unique ids are no references
    expect(refs(p)).toEqual(['Invoice>InvoiceLineItem.invoice_id']);
  });

  it('the column type must fit the key; a mismatch is noted, not drawn', () => {
    const p = layer([['stg_app__users', ['user_id!:integer']], ['stg_app__events', ['event_id!:varchar', 'user_id:varchar', 'session_id:varchar']], ['stg_app__sessions', ['session_id!:varchar']]]);
    expect(refs(p)).toEqual(['Session>Event.session_id']);
    expect(p.notes.some((n) => n.includes('stg_app__events.user_id (varchar) does not fit User.user_id (integer)'))).toBe(true);
  });

  it('a <noun>_code is a key only when the entity is keyed by that code', () => {
    const p = layer([['stg_app__coupons', ['coupon_code!']], ['stg_app__countries', ['country_id!']], ['stg_app__orders', ['order_id!', 'coupon_code', 'country_code']]]);
    expect(refs(p)).toEqual(['Coupon>Order.coupon_code']);
  });

  it('the column\'s own description may name the entity', () => {
    const yaml = modelsYaml([['stg_pay__charges', '- name: charge_id\n  data_tests: [unique]\n'],
      ['stg_pay__transfers', '- name: transfer_id\n  data_tests: [unique]\n- name: source_transaction_id\n  description: ID of the charge or payment that was used to fund the transfer.\n']]);
    const p = conceptualize(loadProject(writeProject({ 'models/staging/_m.yml': yaml })));
    expect(rel(p, 'source_transaction_id')).toMatchObject({ from: 'Transfer', to: 'Charge', evidence: { kind: 'inferred', rule: 'the column description names the entity' } });
  });

  it('declared relationships win over inferred ones, with file and line', () => {
    const p = layer([['stg_app__customers', ['customer_id!']]], {
      'models/staging/_orders.yml': "version: 2\nmodels:\n  - name: stg_app__orders\n    columns:\n      - name: order_id\n        data_tests: [unique]\n      - name: customer_id\n        data_tests:\n          - relationships:\n              to: ref('stg_app__customers')\n              field: customer_id\n",
    });
    expect(p.relationships).toHaveLength(1);
    expect(p.relationships[0]).toMatchObject({ evidence: { kind: 'declared', file: 'models/staging/_orders.yml', line: 10 } }); // the test's line
  });
});

describe('entities a modeler draws', () => {
  it('an association table (two keys and little else) is a many-to-many relationship, not an entity', () => {
    const p = layer([
      ['stg_hub__deals', ['deal_id!']], ['stg_hub__companies', ['company_id!']],
      ['stg_hub__deal_companies', ['deal_id', 'company_id', 'type_id', 'category', '_fivetran_synced']],
    ]);
    expect(p.entities.map((e) => e.name)).toEqual(['Company', 'Deal']);
    expect(p.relationships).toEqual([expect.objectContaining({ from: 'Deal', to: 'Company', cardinality: 'many_to_many', through: 'DealCompany', from_column: 'deal_id', to_column: 'company_id' })]);
    expect(p.notes.some((n) => n.includes('stg_hub__deal_companies (Deal–Company: it holds two references'))).toBe(true);
    const diagram = loadModelText(p.changes[0].content!, p.changes[0].path);
    expect(diagram.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(diagram.model!.relationships[0]).toMatchObject({ cardinality: 'many_to_many', inferred: true, meta: { through: 'DealCompany' } });
  });

  it('two references with an identity or attributes of their own stay an entity', () => {
    const p = layer([
      ['stg_hr__employees', ['employee_id!']], ['stg_hr__applications', ['application_id!']], ['stg_hr__users', ['user_id!']],
      ['stg_hr__interviews', ['interview_id!', 'application_id', 'interviewer_user_id', 'scheduled_at']], // own id, name not made of its ends
      ['stg_hr__time_off_requests', ['employee_id', 'approved_by_employee_id', 'starts_on']], // two roles of one person: attributes, not a link
      ['stg_hr__stock_levels', ['employee_id', 'application_id', 'quantity']], // a measure of its own
    ]);
    expect(p.entities.map((e) => e.name)).toEqual(['Application', 'Employee', 'Interview', 'StockLevel', 'TimeOffRequest', 'User']);
    expect(p.relationships.some((r) => r.cardinality === 'many_to_many')).toBe(false);
  });

  it('history, snapshot, tag, log and report tables fold into the entity they serve or are left out, each with a reason', () => {
    const p = layer([
      ['stg_app__orders', ['order_id!']], ['stg_app__order_status_history', ['order_id', 'status', 'changed_at']],
      ['stg_app__users', ['user_id!']], ['stg_app__users_snapshot', ['user_id', 'dbt_valid_from', 'dbt_valid_to']],
      ['stg_app__order_tags', ['order_id', 'tag']], ['stg_app__audit_log', ['audit_log_id!', 'user_id']],
      ['stg_app__monthly_sales_report', ['month', 'total']], ['stg_app__deal_stages', ['order_id', '_fivetran_start', '_fivetran_end', 'stage']],
    ]);
    expect(p.entities.map((e) => [e.name, e.sources])).toEqual([
      ['Order', ['stg_app__orders', 'stg_app__deal_stages', 'stg_app__order_status_history', 'stg_app__order_tags']],
      ['User', ['stg_app__users', 'stg_app__users_snapshot']],
    ]);
    const notes = p.notes.join('\n');
    expect(notes).toContain('stg_app__order_status_history → Order (a history table)');
    expect(notes).toContain('stg_app__deal_stages → Order (its rows are versions over time');
    expect(notes).toContain('stg_app__audit_log (a log)');
    expect(notes).toContain('stg_app__monthly_sales_report (a report table');
    expect(p.relationships).toEqual([]); // a folded table's references are not the served entity's
  });

  it('a keyed *_report is a thing (a spam report), a field-definition table is technical, a real-estate property is not', () => {
    const p = layer([
      ['stg_mail__email_events', ['event_id!']], ['stg_mail__email_event_spam_reports', ['event_id!', 'ip_address']],
      ['stg_hub__properties', ['_fivetran_id!', 'property_name', 'property_label', 'field_type', 'group_name']], ['stg_hub__property_options', ['property_id', 'label']],
      ['stg_yardi__buildings', ['building_id!', 'property_id']],
    ]);
    expect(p.entities.map((e) => e.name)).toEqual(['Building', 'EmailEvent', 'EmailEventSpamReport']);
    const yardi = layer([['stg_yardi__properties', ['property_id!', 'property_name', 'city']], ['stg_yardi__units', ['unit_id!', 'property_id']]]);
    expect(yardi.entities.map((e) => e.name)).toEqual(['Property', 'Unit']);
  });

  it('names: no leading digits, product2 and product_2 are Product, __c and deduped_/int_/merged_ markers are stripped', () => {
    const p = layer([
      ['stg_irs__1099_forms', ['form_1099_id!']], ['stg_sf__product2', ['product2_id!']], ['stg_sf__invoice__c', ['id!', 'account__c', 'amount__c']],
      ['stg_sf__accounts', ['account_id!']], ['int_orders', ['order_id!']], ['stg_app__deduped_orders', ['order_id']],
    ]);
    expect(p.entities.map((e) => e.name)).toEqual(['Account', 'Form1099', 'Invoice', 'Order', 'Product']);
    expect(p.entities.find((e) => e.name === 'Order')!.sources).toEqual(['int_orders', 'stg_app__deduped_orders']);
    expect(refs(p)).toEqual(['Account>Invoice.account__c']);
  });

  it('domains come from the project\'s own metadata first: model or folder meta, the dbt group, the source\'s meta; then the dictionary', () => {
    const dir = writeProject({
      'dbt_project.yml': 'name: dom\nversion: "1.0.0"\nconfig-version: 2\nmodel-paths: ["models"]\nmodels:\n  dom:\n    staging:\n      fin:\n        +meta:\n          domain: payments\n',
      'models/staging/fin/stg_fin__accounts.sql': 'select 1 as account_id\n',
      'models/staging/crm/stg_crm__contacts.sql': "select * from {{ source('crm', 'contacts') }}\n",
      'models/staging/crm/_crm.yml': 'version: 2\nsources:\n  - name: crm\n    meta: {domain: customer_relations}\n    tables: [{name: contacts}]\nmodels:\n  - name: stg_crm__leads\n    config: {group: growth}\n',
      'models/staging/crm/stg_crm__leads.sql': 'select 1 as lead_id\n',
      'models/staging/web/stg_web__orders.sql': 'select 1 as order_id\n',
    });
    const p = conceptualize(loadProject(dir));
    expect(p.entities.map((e) => [e.name, e.domain])).toEqual([['Account', 'payments'], ['Contact', 'customer_relations'], ['Lead', 'growth'], ['Order', 'sales']]);
  });
});
