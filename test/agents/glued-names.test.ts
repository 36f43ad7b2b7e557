// The Conceptualizer, issue 23's seventh blind round (an OpenDental practice warehouse): table names glued without
// underscores (taskhist, histappointment, userodpref) and keys named as another table's key rather
// than for its noun (fee_schedule_id of feesched, insurance_plan_1_id, code_group_id beside codegroup_id). Each
// project is written to exercise one class and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const load = (files: Record<string, string>) => conceptualize(loadFiles(files));
const stg = (table: string, select: string) => ({ [`models/staging/clinic/stg_clinic__${table}.sql`]: `select ${select} from {{ source('clinic', '${table}') }}\n` });
const yaml = (model: string, cols: string) => ({ [`models/staging/clinic/_stg_clinic__${model}.yml`]: `version: 2\nmodels:\n  - name: stg_clinic__${model}\n    columns:\n${cols}` });
const unique = (col: string) => `      - name: ${col}\n        data_tests: [unique, not_null]\n`;
const tested = (col: string, to: string, field: string) => `      - name: ${col}\n        data_tests:\n          - relationships:\n              to: ref('stg_clinic__${to}')\n              field: ${field}\n`;

describe('a name glued from another table\'s name of its system and a word', () => {
  const files = {
    'models/_sources.yml': sourcesYaml(sources('clinic', 'task', 'taskhist', 'appointment', 'histappointment', 'appointmenttype', 'userod', 'userodpref', 'tasks', 'procedurelog')),
    ...stg('task', '"TaskNum" as task_id, "Descript" as description, "UserNum" as user_id'),
    ...stg('taskhist', '"TaskHistNum" as task_hist_id, "TaskNum" as task_id, "Descript" as description, "DateTStamp" as changed_at'),
    ...stg('appointment', '"AptNum" as appointment_id, "AppointmentTypeNum" as appointment_type_id, "AptDateTime" as starts_at'),
    ...stg('histappointment', '"HistApptNum" as hist_appointment_id, "AptNum" as appointment_id, "AptDateTime" as starts_at'),
    ...stg('appointmenttype', '"AppointmentTypeNum" as appointment_type_id, "AppointmentTypeName" as name'),
    ...stg('userod', '"UserNum" as user_id, "UserName" as user_name'),
    ...stg('userodpref', '"UserOdPrefNum" as user_od_pref_id, "UserNum" as user_id, "FkeyType" as fkey_type, "ValueString" as value'),
    // a plural beside its singular is no glued word; procedurelog names no table of its system before its log
    ...stg('procedurelog', '"ProcNum" as procedure_id, "AptNum" as appointment_id, "ProcFee" as fee'),
    ...yaml('taskhist', unique('task_hist_id')),
    ...yaml('histappointment', unique('hist_appointment_id')),
    ...yaml('userodpref', unique('user_od_pref_id')),
    ...yaml('appointmenttype', unique('appointment_type_id')),
    ...yaml('procedurelog', unique('procedure_id')),
  };

  it('reads the word as it would after an underscore: a history, a preference', () => {
    const p = load(files);
    // taskhist and histappointment are versions of tasks and appointments, userodpref a user's settings
    expect(names(p)).toEqual(['Appointment', 'Appointmenttype', 'Procedurelog', 'Task', 'Userod']);
    expect(refs(p)).toContain('Appointmenttype>Appointment.appointment_type_id');
    expect(refs(p)).toContain('Appointment>Procedurelog.appointment_id');
  });
});

describe('a key named as another table\'s key, not for its noun', () => {
  const files = {
    'models/_sources.yml': sourcesYaml(sources('clinic', 'feesched', 'schedule', 'patient', 'insplan', 'appointment', 'inssub', 'claimproc', 'claim', 'codegroup', 'benefit', 'payplan')),
    ...stg('feesched', '"FeeSchedNum" as fee_schedule_id, "Description" as description'),
    ...stg('schedule', '"ScheduleNum" as schedule_id, "SchedDate" as schedule_date'),
    ...stg('patient', '"PatNum" as patient_id, "FeeSched" as fee_schedule_id, "LName" as last_name'),
    ...stg('insplan', '"PlanNum" as insurance_plan_id, "GroupName" as group_name'),
    ...stg('appointment', '"AptNum" as appointment_id, "PatNum" as patient_id, "InsPlan1" as insurance_plan_1_id, "InsPlan2" as insurance_plan_2_id'),
    ...stg('inssub', '"InsSubNum" as inssub_id, "PlanNum" as insurance_plan_id'),
    ...stg('claimproc', '"ClaimProcNum" as claim_procedure_id, "ClaimNum" as claim_id, "InsSubNum" as insurance_subscriber_id, "PayPlanNum" as payment_plan_id'),
    ...stg('claim', '"ClaimNum" as claim_id, "InsSubNum" as insurance_subscriber_id, "InsSubNum2" as secondary_insurance_subscriber_id'),
    ...stg('codegroup', '"CodeGroupNum" as codegroup_id, "GroupName" as group_name'),
    ...stg('benefit', '"BenefitNum" as benefit_id, "CodeGroupNum" as code_group_id, "PlanNum" as insurance_plan_id'),
    ...yaml('feesched', unique('fee_schedule_id')),
    ...yaml('insplan', unique('insurance_plan_id')),
    ...yaml('codegroup', unique('codegroup_id')),
    ...yaml('inssub', unique('inssub_id')),
    // the claim procedures' test says which table insurance_subscriber_id is the key of
    ...yaml('claimproc', unique('claim_procedure_id') + tested('insurance_subscriber_id', 'inssub', 'inssub_id') + tested('claim_id', 'claim', 'claim_id')),
  };

  it('is that table\'s key — its own key name, a name its system\'s tests tie to it, numbered, after a role, or glued', () => {
    const r = refs(load(files));
    expect(r).toContain('Feesched>Patient.fee_schedule_id');
    expect(r).not.toContain('Schedule>Patient.fee_schedule_id');
    expect(r).toContain('Insplan>Appointment.insurance_plan_1_id');
    expect(r).toContain('Insplan>Appointment.insurance_plan_2_id');
    expect(r).toContain('Inssub>Claim.insurance_subscriber_id');
    expect(r).toContain('Inssub>Claim.secondary_insurance_subscriber_id');
    expect(r).toContain('CodeGroup>Benefit.code_group_id'); // codegroup keyed codegroup_id reads as the words code_group_id spells
    // a one-word key after a role is a compound of its own: a payment plan is no insurance plan
    expect(r.filter((x) => x.endsWith('.payment_plan_id'))).toEqual([]);
  });

  it('is not drawn from a key name of another system', () => {
    const other = { ...files, 'models/_sources.yml': sourcesYaml(sources('clinic', 'feesched', 'schedule', 'insplan', 'appointment', 'inssub', 'claimproc', 'claim', 'codegroup', 'benefit'), sources('crm', 'patient')) };
    delete (other as Record<string, string>)['models/staging/clinic/stg_clinic__patient.sql'];
    (other as Record<string, string>)['models/staging/crm/stg_crm__patient.sql'] = "select id as patient_id, fee_schedule_id, last_name from {{ source('crm', 'patient') }}\n";
    expect(refs(load(other)).filter((x) => x.endsWith('.fee_schedule_id'))).toEqual([]);
  });
});

describe('a table its description calls an audit trail', () => {
  const described = (model: string, text: string) => ({ [`models/staging/clinic/_stg_clinic__${model}.yml`]: `version: 2\nmodels:\n  - name: stg_clinic__${model}\n    description: >\n      ${text}\n` });
  it('is a log, not a thing; a thing whose later sentences mention an audit trail stays one', () => {
    const p = load({
      'models/_sources.yml': sourcesYaml(sources('clinic', 'userod', 'entrylog', 'claim')),
      ...stg('userod', '"UserNum" as user_id, "UserName" as user_name'),
      ...stg('entrylog', '"EntryLogNum" as entry_log_id, "UserNum" as user_id, "LogSource" as log_source, "EntryDateTime" as entered_at'),
      ...stg('claim', '"ClaimNum" as claim_id, "UserNum" as user_id, "ClaimFee" as claim_fee'),
      ...described('entrylog', 'Staging model for system entry logs. Contains audit trail information about user actions, tracking who did what and when.'),
      ...described('claim', 'Insurance claims sent to carriers. One row per claim. Edits are kept in the audit trail of the source system.'),
    });
    expect(names(p)).toEqual(['Claim', 'Userod']);
    expect(p.notes.join('\n')).toMatch(/stg_clinic__entrylog \(its description calls it an audit trail\)/);
  });
});

describe('a table its description says connects one thing to others', () => {
  const described = (model: string, text: string) => ({ [`models/staging/clinic/_stg_clinic__${model}.yml`]: `version: 2\nmodels:\n  - name: stg_clinic__${model}\n    description: >\n      ${text}\n    columns:\n      - name: ${model}_id\n        data_tests: [unique]\n` });
  it('is a link of the two things it holds the keys of, though it has an id and a value of its own', () => {
    const files = {
      'models/_sources.yml': sourcesYaml(sources('clinic', 'treatplan', 'procedure', 'treatplanattach')),
      ...stg('treatplan', '"TreatPlanNum" as treatplan_id, "Heading" as heading'),
      ...stg('procedure', '"ProcNum" as procedure_id, "ProcFee" as fee'),
      ...stg('treatplanattach', '"TreatPlanAttachNum" as treatplanattach_id, "TreatPlanNum" as treatplan_id, "ProcNum" as procedure_id, "Priority" as priority'),
    };
    const linked = load({ ...files, ...described('treatplanattach', 'Treatment plan attachments, which connect procedures to treatment plans. Each has a priority.') });
    expect(names(linked)).toEqual(['Procedure', 'Treatplan']);
    // without the description it is a thing holding two references
    expect(names(load(files))).toEqual(['Procedure', 'Treatplan', 'Treatplanattach']);
  });
});

describe('a glued name its descriptions write apart', () => {
  const app = (table: string, select: string) => ({ [`models/staging/shop/stg_shop__${table}.sql`]: `select ${select} from {{ source('shop', '${table}') }}\n` });
  const described = (model: string, description: string, cols: string) => ({ [`models/staging/shop/_stg_shop__${model}.yml`]: `version: 2\nmodels:\n  - name: stg_shop__${model}\n    description: ${description}\n    columns:\n${cols}` });
  const files = (workshop: string) => ({
    'models/_sources.yml': sourcesYaml(sources('shop', 'orders', 'wiretransferreceipt', 'percolatequery', 'studentmodule', 'workshop')),
    ...app('orders', 'id as order_id, total'),
    ...app('wiretransferreceipt', 'id as wiretransferreceipt_id, order_id, amount'),
    ...app('percolatequery', 'id as percolatequery_id, query_text'),
    ...app('studentmodule', 'id as studentmodule_id, order_id, state'),
    ...app('workshop', 'id as workshop_id, order_id, label'),
    ...described('orders', 'An order', unique('order_id')),
    ...described('wiretransferreceipt', 'Data about a wire transfer receipt for an order', unique('wiretransferreceipt_id')),
    ...described('percolatequery', 'Saved searches, the percolate queries users subscribe to', unique('percolatequery_id')),
    // written whole as a word, and its parts also in a row
    ...described('studentmodule', 'The studentmodule of a learner; a student module holds its state', unique('studentmodule_id')),
    ...described('workshop', workshop, unique('workshop_id')),
  });

  it('names the thing in those words and draws its references under that name', () => {
    const p = load(files('A workshop an order is made in, by the work of its shop'));
    expect(names(p)).toEqual(['Order', 'PercolateQuery', 'StudentModule', 'WireTransferReceipt', 'Workshop']);
    expect(refs(p)).toContain('Order>WireTransferReceipt.order_id');
  });

  it('keeps a word the descriptions write whole and never in a row apart', () => {
    expect(names(load(files('A workshop an order is made in, a work shop')))).toContain('WorkShop');
    expect(names(load(files('A workshop an order is made in, by the work of its shop')))).toContain('Workshop');
  });
});

describe('a glued name its sources’ descriptions write apart', () => {
  it('is split as where the models’ descriptions do', () => {
    const p = load({
      'models/_sources.yml': 'version: 2\nsources:\n  - name: shop\n    tables:\n      - name: giftcardbatch\n        description: A gift card batch, the cards issued together\n',
      'models/staging/shop/stg_shop__giftcardbatch.sql': "select id as giftcardbatch_id, issued_at, card_count from {{ source('shop', 'giftcardbatch') }}\n",
      'models/staging/shop/_stg_shop__giftcardbatch.yml': `version: 2\nmodels:\n  - name: stg_shop__giftcardbatch\n    columns:\n${unique('giftcardbatch_id')}`,
    });
    expect(names(p)).toEqual(['GiftCardBatch']);
  });
});

describe('a glued name the marts’ descriptions write apart', () => {
  it('is split as where the staging models’ descriptions do (a dimension’s column: "the user’s legal address")', () => {
    const p = load({
      'models/_sources.yml': sourcesYaml(sources('shop', 'legaladdress')),
      'models/staging/shop/stg_shop__legaladdress.sql': "select id as legaladdress_id, user_id, country, postal_code from {{ source('shop', 'legaladdress') }}\n",
      'models/staging/shop/_stg_shop__legaladdress.yml': `version: 2\nmodels:\n  - name: stg_shop__legaladdress\n    columns:\n${unique('legaladdress_id')}`,
      'models/marts/dim_user.sql': "select user_id, country from {{ ref('stg_shop__legaladdress') }}\n",
      'models/marts/_dim_user.yml': 'version: 2\nmodels:\n  - name: dim_user\n    columns:\n      - name: country\n        description: Country code from the user\'s legal address\n',
    });
    expect(names(p)).toEqual(['LegalAddress']);
  });
});

describe('descriptions that are not text', () => {
  it('are no prose: a number, a list or a mapping as a description does not stop the proposal', () => {
    const files = {
      'models/_sources.yml': 'version: 2\nsources:\n  - name: shop\n    tables:\n      - name: widgetpart\n        description: 12345\n        columns:\n          - name: id\n            description: [a, list]\n',
      'models/staging/shop/stg_shop__widgetpart.sql': "select id as widgetpart_id, name from {{ source('shop', 'widgetpart') }}\n",
      'models/staging/shop/_stg_shop__widgetpart.yml': 'version: 2\nmodels:\n  - name: stg_shop__widgetpart\n    description: true\n    columns:\n      - name: widgetpart_id\n        description: {a: 1}\n',
    };
    // the reader gives descriptions as text: a number's or a boolean's text, nothing for a list or a mapping
    const project = loadFiles(files);
    expect([...project.models, ...project.sources].map((n) => n.description)).toEqual(['true', '12345']);
    expect([...project.models, ...project.sources].flatMap((n) => n.columns.map((c) => c.description))).toEqual([undefined, undefined]);
    expect(names(conceptualize(project))).toEqual(['Widgetpart']);
  });
});
