// The Conceptualizer's rules of issue 23's second round, each on a small project shaped like the
// real one it came from (Tuva's input/core/mart copies, Mattermost's per-product telemetry), read
// by the real project reader with the models' SQL columns (src/core/columns).
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { conceptualizeLayer, writeProject, refs, names } from './helpers.js';

await initSqlColumns();
const layer = conceptualizeLayer;
const notes = (p: DiagramProposal) => p.notes.join('\n');
const run = (files: Record<string, string>) => conceptualize(loadProject(writeProject(files)));
const src = (source: string, table: string, select: string) => `select ${select} from {{ source('${source}', '${table}') }}\n`;

describe('columns and their types come from the SQL', () => {
  it('a cast to a date, a number or a flag makes a key-shaped column a value; a cast to text is still a key', () => {
    const p = run({
      'models/staging/stg_shop__customers.sql': src('shop', 'customers', 'id as customer_id, name'),
      'models/staging/stg_shop__coupons.sql': src('shop', 'coupons', 'id as coupon_id'),
      'models/staging/stg_shop__stores.sql': src('shop', 'stores', 'id as store_id'),
      'models/staging/stg_shop__orders.sql': src('shop', 'orders',
        "id as order_id, cast(customer as varchar) as customer_id, cast(coupon as date) as coupon_id, cast(store as boolean) as store_id"),
    });
    expect(refs(p)).toEqual(['Customer>Order.customer_id']);
    expect(notes(p)).toContain('stg_shop__orders.coupon_id (a date/time)');
    expect(notes(p)).toContain('stg_shop__orders.store_id (a flag)');
  });

  it('a model whose YAML documents its columns but whose SQL names another key is read for it, a star expanded from the model it selects from', () => {
    const p = run({
      'models/staging/stg_app__users.sql': src('app', 'users', 'id as user_id'),
      'models/staging/stg_app__posts.sql': src('app', 'posts', 'id as post_id, author as user_id, body'),
      'models/staging/_app.yml': 'version: 2\nmodels:\n  - name: stg_app__posts\n    columns:\n      - name: post_id\n      - name: body\n',
      // the comments' columns are the base model's: `select *` names none of them
      'models/staging/base_app__comments.sql': src('app', 'comments', 'id as comment_id, post as post_id, text'),
      'models/staging/stg_app__comments.sql': "with c as (select * from {{ ref('base_app__comments') }})\nselect * from c\n",
    });
    expect(refs(p)).toEqual(['Post>Comment.post_id', 'User>Post.user_id']);
  });
});

describe('keys of the parent', () => {
  it("a column named like another entity's own key points at it: the key a neighbouring mart declares unique", () => {
    const p = run({
      'models/staging/stg_ehr__patients.sql': src('ehr', 'patients', 'person_id, birth_date'),
      'models/staging/stg_ehr__visits.sql': src('ehr', 'visits', 'visit_id, person_id, visit_date'),
      'models/core/core__patient.sql': "select * from {{ ref('stg_ehr__patients') }}\n",
      'models/core/core.yml': 'version: 2\nmodels:\n  - name: core__patient\n    columns:\n      - name: person_id\n        data_tests: [unique, not_null]\n',
    });
    expect(refs(p)).toEqual(['Patient>Visit.person_id']);
    const r = p.relationships.find((x) => x.from_column === 'person_id' || x.to_column === 'person_id')!;
    expect(r.evidence).toMatchObject({ kind: 'inferred', confidence: 0.8 });
    expect(r.evidence.rule).toMatch(/the column is the parent's own key/);
  });

  it("semantic models' primary entities name a model's key; the key of several entities goes to the one most of whose models say so", () => {
    const p = run({
      'models/staging/stg_ehr__patients.sql': src('ehr', 'patients', 'person_id, birth_date'),
      'models/staging/stg_ehr__labs.sql': src('ehr', 'labs', 'lab_id, person_id, value_text'),
      'models/marts/patients.yml': "version: 2\nsemantic_models:\n  - name: patients\n    model: ref('stg_ehr__patients')\n    entities:\n      - {name: patient, type: primary, expr: person_id}\n",
    });
    expect(refs(p)).toEqual(['Patient>Lab.person_id']);
  });

  it('a description naming the row itself gives the key; one naming another thing ("a unique identifier for a person" in eligible_benes) does not', () => {
    const yaml = 'version: 2\nmodels:\n'
      + '  - name: stg_crm__members\n    columns:\n      - name: member_ref_id\n        description: Unique identifier for each member.\n'
      + '  - name: stg_crm__eligible_benes\n    columns:\n      - name: person_id\n        description: A unique identifier for a person.\n'
      + '  - name: stg_crm__claims\n    columns:\n      - name: claim_id\n      - name: member_ref_id\n      - name: person_id\n';
    const p = run({ 'models/staging/_crm.yml': yaml });
    expect(refs(p)).toEqual(['Member>Claim.member_ref_id']);
  });

  it('a key naming a kind of thing several entities are (claim_id: medical or pharmacy claim) points at the one the model is built from', () => {
    const p = run({
      'models/staging/stg_ehr__medical_claims.sql': src('ehr', 'medical_claims', 'id as medical_claim_id, claim_id, paid_amount'),
      'models/staging/stg_ehr__pharmacy_claims.sql': src('ehr', 'pharmacy_claims', 'id as pharmacy_claim_id, claim_id, ndc_code'),
      'models/staging/stg_ehr__conditions.sql': "select id as condition_id, claim_id, diagnosis_code from {{ ref('stg_ehr__medical_claims') }}\n",
      'models/staging/stg_ehr__refills.sql': src('ehr', 'refills', 'id as refill_id, claim_id'),
    });
    expect(refs(p)).toEqual(['MedicalClaim>Condition.claim_id']);
  });
});

describe("a data modeler's reading of copies", () => {
  it('a system word before some nouns is one before every noun of the layer (claims_location, clinical_immunization)', () => {
    const p = layer([
      ['core__stg_claims_condition', ['condition_id']], ['core__stg_clinical_condition', ['condition_id']],
      ['core__stg_claims_encounter', ['encounter_id']], ['core__stg_clinical_encounter', ['encounter_id']],
      ['core__stg_claims_location', ['location_id']], ['core__stg_clinical_location', ['location_id']],
      ['core__stg_clinical_immunization', ['immunization_id', 'location_id']],
      ['core__stg_condition', ['condition_id!']], ['core__stg_encounter', ['encounter_id!']],
    ]);
    expect(names(p)).toEqual(['Condition', 'Encounter', 'Immunization', 'Location']);
    expect(refs(p)).toContain('Location>Immunization.location_id');
  });

  it('filtered subsets of another model fold into it, through chains and from a model outside the layer', () => {
    const p = run({
      'models/staging/sc__stg_medical_claim.sql': "select claim_id, claim_line_number, claim_type, paid_amount, data_source from {{ ref('input_medical_claim') }}\n",
      'models/input_medical_claim.sql': 'select 1 as claim_id, 1 as claim_line_number, 1 as claim_type, 1 as paid_amount, 1 as data_source\n',
      'models/staging/sc__stg_professional.sql': "select claim_id, claim_line_number, data_source, 'professional' as service_type from {{ ref('sc__stg_medical_claim') }} where claim_type = 'professional'\n",
      'models/staging/enc__stg_professional.sql': "select * from {{ ref('sc__stg_professional') }}\n",
      'models/core/core__encounter.sql': 'select 1 as encounter_id, 1 as person_id, 1 as encounter_type, 1 as start_date, 1 as end_date\n',
      'models/staging/core__stg_encounter.sql': "select * from {{ ref('core__encounter') }}\n",
      'models/staging/pqi__stg_inpatient_encounter.sql': "select encounter_id, person_id from {{ ref('core__encounter') }} where encounter_type = 'inpatient'\n",
    });
    expect(names(p)).toEqual(['Encounter', 'MedicalClaim']);
    expect(p.entities.find((e) => e.name === 'MedicalClaim')!.sources).toEqual(['sc__stg_medical_claim', 'enc__stg_professional', 'sc__stg_professional']);
    expect(notes(p)).toContain('sc__stg_professional → MedicalClaim (a filtered subset of sc__stg_medical_claim');
    expect(notes(p)).toContain('pqi__stg_inpatient_encounter → Encounter (a filtered subset of core__encounter');
  });

  it('a model declaring a key of its own is a thing of its own, whatever it selects from', () => {
    const p = layer([['stg_a__widgets', ['id!', 'amount']], ['stg_a__gadgets', ['id!', 'amount']]],
      { 'models/staging/stg_a__gadgets.sql': "select * from {{ ref('stg_a__widgets') }}\n", 'models/staging/stg_a__widgets.sql': 'select 1 as id, 2 as amount\n' });
    expect(names(p)).toEqual(['Gadget', 'Widget']);
  });

  it('per-period grains, id maps, lookups and metrics tables are not entities; preparation words are not the noun', () => {
    const counts = ['count_posts', 'count_teams', 'count_channels', 'count_webhooks', 'count_bots', 'daily_active_users', 'monthly_active_users', 'count_guests'];
    const p = layer([
      ['stg_app__members', ['member_id!']], ['stg_app__member_months', ['member_id', 'year_month', 'payer']],
      ['stg_app__patient_data_source_id', ['member_id', 'data_source', 'patient_data_source_key']],
      ['stg_geo__ipv4_to_country', ['network', 'geoname_id']],
      ['stg_tel__activity', ['event_id', 'server_id', ...counts]], ['stg_tel__servers', ['server_id!']],
      ['base_tel__events_merged', ['event_id', 'event_name']], ['stg_tel__events', ['event_id!', 'event_name']],
    ], { 'models/staging/stg_tel__events.sql': "select * from {{ ref('base_tel__events_merged') }}\n" });
    expect(names(p)).toEqual(['Event', 'Member', 'Server']);
    expect(notes(p)).toContain('stg_app__member_months (one row per member per month (a per-period grain))');
    expect(notes(p)).toContain('stg_app__patient_data_source_id (a table named after a key: an id map)');
    expect(notes(p)).toContain('stg_geo__ipv4_to_country (a lookup from ipv4 to country)');
    expect(notes(p)).toContain('stg_tel__activity (8 of its 10 columns are counts or totals (a metrics report))');
    expect(p.entities.find((e) => e.name === 'Event')!.sources).toContain('base_tel__events_merged');
  });

  it('the same table in sibling pipelines is the same kind: a report or configuration in one is one in the others', () => {
    const settings = ['enable_a', 'enable_b', 'enable_c', 'enable_d', 'enable_e', 'isdefault_f'];
    const p = layer([
      ['stg_mm2__plugin', ['server_id', ...settings]], ['stg_mmprod__plugin', ['server_id', 'version', 'plugin_name', 'allow_x']],
      ['stg_mm2__server', ['server_id!']], ['stg_mmprod__server', ['server_id!']],
      ['stg_mm2__tracks', ['track_id!', 'server_id']], ['stg_mmprod__tracks', ['track_id!', 'server_id']],
      ['stg_cws__license', ['license_id!']], ['stg_mm2__license', ['server_id', ...settings]],
    ]);
    expect(names(p).filter((n) => /Plugin/.test(n))).toEqual([]);
    expect(notes(p)).toMatch(/stg_mmprod__plugin \(the same table as stg_mm2__plugin in a sibling pipeline/);
    // the licensing system shares one noun only: its license stays an entity
    expect(names(p)).toContain('License');
  });
});
