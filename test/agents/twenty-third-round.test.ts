// The Conceptualizer, issue 23's twenty-third blind round: classes of error read off a human-resources system (Fivetran's
// Workday HCM package: workers, positions, organizations and their roles, job profiles and families, their link tables,
// leaves, and a person's personal information, names and emails). Each project is written in that shape and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
// a model described by a doc block, its columns documented (a trailing ! marks a not_null key)
const documented = (model: string, doc: string, ...columns: string[]) => `  - name: ${model}\n    description: '{{ doc("${doc}") }}'\n    columns:\n${columns.map((c) => `      - name: ${c.replace('!', '')}\n${c.endsWith('!') ? '        data_tests: [not_null]\n' : ''}`).join('')}`;

const hcm = {
  'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'position', 'job_profile', 'position_job_profile')),
  'models/staging/stg_hr__position.sql': select('hr', 'position', 'id as position_id, job_posting_title, availability_date'),
  'models/staging/stg_hr__job_profile.sql': select('hr', 'job_profile', 'id as job_profile_id, job_title, management_level'),
  'models/staging/stg_hr__position_job_profile.sql': select('hr', 'position_job_profile', 'position_id, job_profile_id, name as position_job_profile_name, management_level_code, job_category_code, difficulty_to_fill_code, is_critical_job'),
  'models/docs.md': '{% docs position_job_profile %}Captures the associations between specific positions and the job profiles they are linked to.{% enddocs %}\n'
    + '{% docs position %}Each record is a position.{% enddocs %}\n{% docs job_profile %}Each record is a job profile.{% enddocs %}\n',
  'models/staging/stg_hr.yml': `version: 2\nmodels:\n${documented('stg_hr__position', 'position', 'position_id!')}${documented('stg_hr__job_profile', 'job_profile', 'job_profile_id!')}`
    + documented('stg_hr__position_job_profile', 'position_job_profile', 'position_id!', 'job_profile_id!', 'position_job_profile_name', 'management_level_code', 'job_category_code', 'difficulty_to_fill_code', 'is_critical_job'),
};

describe('a model described by a doc block', () => {
  it('is read by what the block says: "the associations between positions and job profiles" is a link, whatever values of the pair it carries', () => {
    const p = run(hcm);
    expect(names(p)).toEqual(['JobProfile', 'Position']);
    const m2m = p.relationships.filter((r) => r.cardinality === 'many_to_many').map((r) => `${r.from}<>${r.to}`);
    expect(m2m).toEqual(['Position<>JobProfile']);
  });
});

describe('a table described as the links between three things', () => {
  const org = {
    'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'worker', 'position', 'organization', 'job_family', 'job_family_group', 'organization_job_family', 'worker_position_organization')),
    'models/staging/stg_hr__worker.sql': select('hr', 'worker', 'id as worker_id, hire_date, is_active'),
    'models/staging/stg_hr__position.sql': select('hr', 'position', 'id as position_id, job_posting_title'),
    'models/staging/stg_hr__organization.sql': select('hr', 'organization', 'id as organization_id, organization_name, organization_type'),
    'models/staging/stg_hr__job_family.sql': select('hr', 'job_family', 'id as job_family_id, job_family_code'),
    'models/staging/stg_hr__job_family_group.sql': select('hr', 'job_family_group', 'id as job_family_group_id, job_family_group_code'),
    'models/staging/stg_hr__organization_job_family.sql': select('hr', 'organization_job_family', 'organization_id, job_family_id, job_family_group_id'),
    'models/staging/stg_hr__worker_position_organization.sql': select('hr', 'worker_position_organization', 'worker_id, position_id, organization_id, index, date_of_pay_group_assignment, primary_business_site'),
    'models/docs.md': '{% docs organization_job_family %}Captures the associations between different organizational entities and the job families they are linked to.{% enddocs %}\n'
      + '{% docs worker_position_organization %}Ties together workers to the positions and organizations they hold.{% enddocs %}\n{% docs thing %}A thing.{% enddocs %}\n',
    'models/staging/stg_hr.yml': `version: 2\nmodels:\n${documented('stg_hr__worker', 'thing', 'worker_id!')}${documented('stg_hr__position', 'thing', 'position_id!')}`
      + `${documented('stg_hr__organization', 'thing', 'organization_id!')}${documented('stg_hr__job_family', 'thing', 'job_family_id!')}${documented('stg_hr__job_family_group', 'thing', 'job_family_group_id!')}`
      + documented('stg_hr__organization_job_family', 'organization_job_family', 'organization_id!', 'job_family_id!', 'job_family_group_id')
      + documented('stg_hr__worker_position_organization', 'worker_position_organization', 'worker_id!', 'position_id!', 'organization_id!', 'index', 'date_of_pay_group_assignment', 'primary_business_site'),
  };

  it('is a link among them, not a thing ("associations between", "ties together"), with a value or two of the link', () => {
    expect(names(run(org))).toEqual(['JobFamily', 'JobFamilyGroup', 'Organization', 'Position', 'Worker']);
  });

  it('draws every key it holds, from the thing its name starts with', () => {
    expect(refs(run(org))).toEqual(expect.arrayContaining(['Organization>OrganizationJobFamily.organization_id', 'JobFamily>OrganizationJobFamily.job_family_id',
      'JobFamilyGroup>OrganizationJobFamily.job_family_group_id', 'Worker>WorkerPositionOrganization.worker_id', 'Position>WorkerPositionOrganization.position_id',
      'Organization>WorkerPositionOrganization.organization_id']));
  });
});

describe("a person's names, emails and codes in tables of their own", () => {
  const person = {
    'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'worker', 'person_name', 'person_contact_email_address', 'personal_information_ethnicity')),
    'models/staging/stg_hr__worker.sql': select('hr', 'worker', 'id as worker_id, hire_date, is_active'),
    'models/staging/stg_hr__person_name.sql': select('hr', 'person_name', 'personal_info_system_id as worker_id, type as person_name_type, index, first_name, middle_name, last_name, local_first_name, local_last_name, secondary_last_name, academic_suffix, prefix_title, country'),
    'models/staging/stg_hr__person_contact_email_address.sql': select('hr', 'person_contact_email_address', 'id as person_contact_email_address_id, personal_info_system_id as worker_id, email_address, email_code, email_comment'),
    'models/staging/stg_hr__personal_information_ethnicity.sql': select('hr', 'personal_information_ethnicity', 'id as ethnicity_id, country_personal_information_id as worker_id, ethnicity_code'),
    'models/docs.md': '{% docs thing %}A thing.{% enddocs %}\n',
    'models/staging/stg_hr.yml': `version: 2\nmodels:\n${documented('stg_hr__worker', 'thing', 'worker_id!', 'hire_date', 'is_active')}`
      + documented('stg_hr__person_name', 'thing', 'worker_id!', 'person_name_type!', 'index', 'first_name', 'middle_name', 'last_name', 'local_first_name', 'local_last_name', 'secondary_last_name', 'academic_suffix', 'prefix_title', 'country')
      + documented('stg_hr__person_contact_email_address', 'thing', 'person_contact_email_address_id!', 'worker_id!', 'email_address', 'email_code', 'email_comment')
      + documented('stg_hr__personal_information_ethnicity', 'thing', 'ethnicity_id!', 'worker_id!', 'ethnicity_code'),
  };

  it('reads them as values of the person whose key they hold (names by type, emails with their row id, ethnicity codes), not things', () => {
    expect(names(run(person))).toEqual(['Worker']);
  });
});

describe('a base view in a folder of base views', () => {
  it('is a helper even where the model it feeds is disabled (personal_information_base beside a disabled personal_information_history)', () => {
    const p = run({
      'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'worker_history', 'personal_information_history')),
      'models/staging/base/stg_hr__worker_base.sql': select('hr', 'worker_history', '*'),
      'models/staging/base/stg_hr__personal_information_base.sql': select('hr', 'personal_information_history', '*'),
      'models/staging/stg_hr__worker.sql': "select id as worker_id, hire_date from {{ ref('stg_hr__worker_base') }}\n",
      'models/staging/history/stg_hr__personal_information_history.sql': "{{ config(enabled=false) }}\nselect id as personal_information_id, date_of_birth from {{ ref('stg_hr__personal_information_base') }}\n",
    });
    expect(names(p)).toEqual(['Worker']);
  });
});

describe('the top of a hierarchy', () => {
  it('is a row of the same thing, as its superior is (top_level_organization_id beside superior_organization_id)', () => {
    const p = run({
      'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'organization')),
      'models/staging/stg_hr__organization.sql': select('hr', 'organization', 'id as organization_id, organization_name, superior_organization_id, top_level_organization_id'),
    });
    expect(refs(p)).toEqual(['Organization>Organization.superior_organization_id', 'Organization>Organization.top_level_organization_id']);
  });
});

describe('a key qualified by what it is for', () => {
  it('names the thing before "for", not the one after (worker_for_filled_position_id on a position is a worker)', () => {
    const p = run({
      'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'worker', 'position')),
      'models/staging/stg_hr__worker.sql': select('hr', 'worker', 'id as worker_id, hire_date'),
      'models/staging/stg_hr__position.sql': select('hr', 'position', 'id as position_id, job_posting_title, worker_for_filled_position_id'),
    });
    expect(refs(p)).toEqual(['Worker>Position.worker_for_filled_position_id']);
  });
});

describe('a key its SQL renames into a code of the same noun', () => {
  it('is read by the name its source gives it (associated_worker_id as organization_worker_code is a worker)', () => {
    const p = run({
      'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'worker', 'assignment')),
      'models/staging/stg_hr__worker.sql': select('hr', 'worker', 'id as worker_id, worker_code, hire_date'),
      'models/staging/stg_hr__assignment.sql': select('hr', 'assignment', 'id as assignment_id, associated_worker_id as assignment_worker_code, started_on'),
    });
    expect(refs(p)).toEqual(['Worker>Assignment.assignment_worker_code']);
  });
});
