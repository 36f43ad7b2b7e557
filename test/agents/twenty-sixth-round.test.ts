// The Conceptualizer, issue 23's twenty-sixth blind round: classes of error read off an applicant-tracking system (Fivetran's
// Lever package: opportunities, postings, applications, interviews, feedback forms and their field values, the pipeline's
// stages and each opportunity's stage history, the contacts' emails, phones and links). Each project is written in that
// shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
const unique = (...pairs: [string, string][]) => `version: 2\nmodels:\n${pairs.map(([m, c]) => `  - name: ${m}\n    columns:\n      - name: ${c}\n        data_tests: [unique, not_null]\n`).join('')}`;

describe('a thing\'s emails, phones and links where the layer has no table of that thing', () => {
  const ats = (email: string) => ({
    'models/staging/src_ats.yml': sourcesYaml(sources('ats', 'opportunity', 'contact_email', 'contact_phone', 'contact_link')),
    'models/staging/stg_ats__opportunity.sql': select('ats', 'opportunity', 'id as opportunity_id, contact as contact_id, name as contact_name, origin, created_at'),
    'models/staging/stg_ats__contact_email.sql': select('ats', 'contact_email', email),
    'models/staging/stg_ats__contact_phone.sql': select('ats', 'contact_phone', 'contact_id, index, type as phone_type, value as phone_number'),
    'models/staging/stg_ats__contact_link.sql': select('ats', 'contact_link', 'contact_id, link'),
    'models/staging/stg_ats.yml': unique(['stg_ats__opportunity', 'opportunity_id']).replace(/$/, `  - name: stg_ats__contact_email\n    columns:\n      - name: contact_id\n        description: Unique ID of the contact.\n        data_tests: [not_null]\n      - name: email\n`),
  });

  it('are values of that thing, left out with it (contact_email: contact_id and an email; contact_phone: its type and number; contact_link)', () => {
    expect(names(run(ats('contact_id, email')))).toEqual(['Opportunity']);
  });

  it('are left out with the helper views that prepare them (contact_email_tmp over the raw table, read by contact_email)', () => {
    const files = ats('contact_id, email');
    files['models/staging/tmp/stg_ats__contact_email_tmp.sql'] = select('ats', 'contact_email', '*');
    files['models/staging/stg_ats__contact_email.sql'] = "select contact_id, email from {{ ref('stg_ats__contact_email_tmp') }}\n";
    expect(names(run(files))).toEqual(['Opportunity']);
  });

  it('stay things where the rows are more than the detail (an email sent to the contact: its id, subject, body and times)', () => {
    expect(names(run(ats('id as contact_email_id, contact_id, email, subject, body, sent_at, opened_at')))).toContain('ContactEmail');
  });
});

describe('a thing\'s values field by field, each in the column of its type', () => {
  const ats = (field: string) => ({
    'models/staging/src_ats.yml': sourcesYaml(sources('ats', 'feedback_form', 'feedback_form_field')),
    'models/staging/stg_ats__feedback_form.sql': select('ats', 'feedback_form', 'id as feedback_form_id, text as form_title, score_system_value, completed_at'),
    'models/staging/stg_ats__feedback_form_field.sql': select('ats', 'feedback_form_field', field),
    'models/staging/stg_ats.yml': unique(['stg_ats__feedback_form', 'feedback_form_id']),
  });

  it('are values of that thing (feedback_form_field: the form\'s key, field and value indexes, value_text, value_number, value_date)', () => {
    expect(names(run(ats('feedback_form_id, field_index, value_index, code_language, currency, value_date, value_decimal, value_file_id, value_number, value_text')))).toEqual(['FeedbackForm']);
  });

  it('stay a thing where the rows have an identity of their own (a field keyed by its id, with its question and type)', () => {
    const files = ats('id as feedback_form_field_id, feedback_form_id, question, field_type, value_text, value_number, is_required');
    files['models/staging/stg_ats.yml'] = unique(['stg_ats__feedback_form', 'feedback_form_id'], ['stg_ats__feedback_form_field', 'feedback_form_field_id']);
    expect(names(run(files))).toContain('FeedbackFormField');
  });
});

describe('a key whose description names its own words as the table it references', () => {
  const ats = (description: string) => ({
    'models/staging/src_ats.yml': sourcesYaml(sources('ats', 'feedback_form', 'feedback_form_field', 'interview', 'opportunity')),
    'models/staging/stg_ats__opportunity.sql': select('ats', 'opportunity', 'id as opportunity_id, name as contact_name, origin, created_at'),
    'models/staging/stg_ats__interview.sql': select('ats', 'interview', 'id as interview_id, opportunity_id, subject, date as occurred_at, location, note'),
    'models/staging/stg_ats__feedback_form.sql': select('ats', 'feedback_form', 'id as feedback_form_id, interview_id, opportunity_id, template_id as template_field_id, text as form_title, instructions, score_system_value, completed_at'),
    'models/staging/stg_ats__feedback_form_field.sql': select('ats', 'feedback_form_field', 'feedback_form_id, field_index, value_index, code_language, currency, value_date, value_decimal, value_file_id, value_number, value_text'),
    'models/staging/stg_ats.yml': `version: 2\nmodels:\n  - name: stg_ats__opportunity\n    columns:\n      - name: opportunity_id\n        data_tests: [not_null]\n`
      + `  - name: stg_ats__interview\n    columns:\n      - name: interview_id\n        data_tests: [not_null]\n`
      + `  - name: stg_ats__feedback_form\n    columns:\n      - name: feedback_form_id\n        data_tests: [not_null]\n      - name: template_field_id\n        description: ${description}\n`
      + `  - name: stg_ats__feedback_form_field\n    columns:\n      - name: feedback_form_id\n        data_tests: [not_null]\n`,
  });

  it('is not completed from the model\'s name into another thing (template_field_id, "the TEMPLATE_FIELD this form used", is no field value of the form)', () => {
    const p = run(ats('Foreign key referencing the TEMPLATE_FIELD that this form used.'));
    expect(refs(p)).not.toContain('FeedbackFormField>FeedbackForm.template_field_id');
    expect(names(p)).toEqual(['FeedbackForm', 'Interview', 'Opportunity']);
  });
});

describe('a history named for two staged things whose keys it holds', () => {
  const ats = (history: string) => ({
    'models/staging/src_ats.yml': sourcesYaml(sources('ats', 'opportunity', 'stage', 'interview', 'opportunity_stage_history')),
    'models/staging/stg_ats__opportunity.sql': select('ats', 'opportunity', 'id as opportunity_id, stage_id, name as contact_name, origin, created_at'),
    'models/staging/stg_ats__stage.sql': select('ats', 'stage', 'id as stage_id, text as stage_name'),
    'models/staging/stg_ats__interview.sql': select('ats', 'interview', 'id as interview_id, opportunity_id, stage_id as opportunity_stage_id, subject, date as occurred_at'),
    'models/staging/stg_ats__opportunity_stage_history.sql': select('ats', 'opportunity_stage_history', history),
    'models/staging/stg_ats.yml': unique(['stg_ats__opportunity', 'opportunity_id'], ['stg_ats__stage', 'stage_id'], ['stg_ats__interview', 'interview_id']),
  });

  it('is the first thing\'s history of the second, even where another table holds a key named for both (an interview\'s opportunity_stage_id)', () => {
    const p = run(ats('opportunity_id, stage_id, to_stage_index, updated_at, updater_id'));
    expect(names(p)).toEqual(['Interview', 'Opportunity', 'Stage']);
    expect(refs(p)).toContain('Stage>Interview.opportunity_stage_id');
  });

  it('stays the thing it records where it holds that thing\'s own key (opportunity_stage_id: the only table of the opportunities\' stages)', () => {
    const p = run(ats('id as opportunity_stage_id, opportunity_id, stage_id, name, updated_at'));
    expect(names(p)).toContain('OpportunityStage');
  });
});

describe('a key whose description names the table it references in capitals', () => {
  const ats = (description: string) => ({
    'models/staging/src_ats.yml': sourcesYaml(sources('ats', 'archive_reason', 'application')),
    'models/staging/stg_ats__archive_reason.sql': select('ats', 'archive_reason', 'id as archive_reason_id, text as archive_reason_title'),
    'models/staging/stg_ats__application.sql': select('ats', 'application', 'id as application_id, archived_reason_id, archived_at, comments, company, type'),
    'models/staging/stg_ats.yml': `${unique(['stg_ats__archive_reason', 'archive_reason_id'], ['stg_ats__application', 'application_id'])}`
      + `      - name: archived_reason_id\n        description: ${description}\n`,
  });

  it('points at that table\'s thing, its words parted as the table\'s name parts them ("the id of the ARCHIVE_REASON for which the application was archived")', () => {
    expect(refs(run(ats('Foreign key referencing the id of the ARCHIVE_REASON for which the application was last archived.')))).toContain('ArchiveReason>Application.archived_reason_id');
  });

  it('is read no further than its words where the description names no table (archived_reason_id, "why it was archived")', () => {
    expect(refs(run(ats('Why the application was last archived.')))).not.toContain('ArchiveReason>Application.archived_reason_id');
  });
});
