// The Conceptualizer, issue 23's sixth blind round: classes of error read off a non-profit's warehouse whose staging
// layer (models/bronze/<system>/) reads a programme app, a CRM, attendance exports and a volunteering platform whose
// models are named stg_pc_<table> after its source pc_raw, with link tables keyed by ids of their own, array bridges
// and tables of translated names. Each project is written in that shape and read by the real project reader, with the
// SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { parseModelName } from '../../src/agents/naming.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe("a source named with its loader's word (pc_raw) prefixing its models without it (stg_pc_user)", () => {
  it('parses the word as the system and leaves it out of the noun', () => {
    expect(parseModelName('stg_pc_user', ['pc_raw'])).toMatchObject({ source: 'pc', tokens: ['user'] });
    expect(parseModelName('stg_pc_person_addresses', ['bubble_raw', 'pc_raw'])).toMatchObject({ source: 'pc', tokens: ['person', 'address'] });
    // a name no source prefixes keeps its words
    expect(parseModelName('stg_pcs_user', ['pc_raw'])).toMatchObject({ tokens: ['pcs', 'user'] });
  });

  it("names the system's things by their nouns, qualified only where another system has the noun", () => {
    const p = run({
      'models/sources.yml': sourcesYaml(sources('pc_raw', 'user', 'address'), sources('bubble_raw', 'user')),
      'models/bronze/platform_commons/stg_pc_user.sql': select('pc_raw', 'user', 'id::bigint as user_id, login, "firstName" as first_name'),
      'models/bronze/platform_commons/stg_pc_address.sql': select('pc_raw', 'address', 'id::bigint as address_id, "addressLine1" as address_line_1, "pinCode" as pincode'),
      'models/bronze/bubble/stg_bubble__user.sql': select('bubble_raw', 'user', '"_id" as user_id, user_login, user_role'),
    });
    expect(names(p)).toEqual(['Address', 'BubbleUser', 'PcUser']);
  });
});

describe('a thing named like a period (academic_year) with an id of its own', () => {
  it('is a thing others point at, not figures per period', () => {
    const p = run({
      'models/staging/app/stg_app__academic_year.sql': select('app', 'academic_year', 'academic_year_id, label, is_active'),
      'models/staging/app/stg_app__school_academic_year.sql': select('app', 'school_academic_year', 'school_academic_year_id, school_id, academic_year_id, is_active'),
      'models/staging/app/stg_app__school.sql': select('app', 'school', 'school_id, school_name'),
      // (a school's year others point at is a thing of its own, not only a link of a school and a year)
      'models/staging/app/stg_app__slot.sql': select('app', 'slot', 'slot_id, day_of_week, school_academic_year_id'),
    });
    expect(names(p)).toEqual(['AcademicYear', 'School', 'SchoolAcademicYear', 'Slot']);
    expect(refs(p)).toEqual(['AcademicYear>SchoolAcademicYear.academic_year_id', 'School>SchoolAcademicYear.school_id', 'SchoolAcademicYear>Slot.school_academic_year_id']);
  });
});

describe('a plural the word rules leave alone (mous)', () => {
  it("is singular as the table's own key says (mou_id)", () => {
    const p = run({ 'models/staging/crm/stg_crm__mous.sql': select('crm', 'mous', 'id as mou_id, mou_status, mou_start_date') });
    expect(names(p)).toEqual(['Mou']);
  });
});

describe('link tables keyed by an id of their own', () => {
  const app = {
    'models/staging/app/stg_app__children.sql': select('app', 'child', 'child_id, first_name, dob'),
    'models/staging/app/stg_app__school_class.sql': select('app', 'school_class', 'school_class_id, class_name, is_active'),
    // a child's class for a year: its own id, both ends (one named by its head noun, class), a year and flags
    'models/staging/app/stg_app__child_class.sql': select('app', 'child_class', 'child_class_id, child_id, school_class_id, academic_year, is_active, is_removed, created_date'),
  };

  it('are links (many-to-many), also when an end is named by its head noun', () => {
    const p = run(app);
    expect(names(p)).not.toContain('ChildClass');
    expect(p.relationships.some((r) => r.cardinality === 'many_to_many' && [r.from, r.to].sort().join() === 'Child,SchoolClass')).toBe(true);
  });

  it("are not the thing their last word names where the layer has no table of it: school_id is no chapter_school's", () => {
    // the schools live in another system; chapter_school carries more than its two ends (an organiser, a year, a region)
    const p = run({
      'models/staging/app/stg_app__chapter.sql': select('app', 'chapter', 'chapter_id, chapter_name, school_id'),
      'models/staging/app/stg_app__chapter_school.sql': select('app', 'chapter_school', 'chapter_school_id, chapter_id, school_id, co_id, academic_year, region, is_removed'),
      'models/staging/app/stg_app__school_holiday.sql': select('app', 'school_holiday', 'school_holiday_id, school_id, holiday_reason, start_date, end_date'),
    });
    expect(names(p)).toContain('ChapterSchool');
    expect(refs(p)).toEqual(['Chapter>ChapterSchool.chapter_id']);
  });
});

describe('tables a platform flattens out of its documents', () => {
  const files = {
    'models/staging/pc/stg_pc__course.sql': select('pc', 'course', 'id as course_id, "courseCode" as course_code, "isActive" as is_active'),
    // the course's name in each language, and the array that lists them
    'models/staging/pc/stg_pc__course_name.sql': select('pc', 'courseName', 'id as course_name_id, text as course_name, "languageCode" as language_code, "isActive" as is_active, "createdDateTime" as created_datetime'),
    'models/staging/pc/stg_pc__course_course_name_bridge.sql': select('pc', 'course_courseName_bridge', 'generated_id, "courseId" as course_id, "courseNameId" as course_name_id'),
    'models/staging/pc/stg_pc__reasons.sql': select('pc', 'reasons', 'generated_id as reason_id, value as reason_value'),
    'models/staging/pc/stg_pc__retention_form_response.sql': select('pc', 'retentionFormResponse', 'id as retention_form_response_id, "preferredRole" as preferred_role'),
    // an array of reasons in a response, with the id the loader generated for each element
    'models/staging/pc/stg_pc__retention_form_response_reasons_bridge.sql': select('pc', 'rfr_reasons_bridge', 'generated_id as bridge_id, "reasonsId" as reason_id, "retentionFormResponseId" as retention_form_response_id'),
  };

  it("read a thing's translated names as an attribute of it, not a thing", () => {
    const p = run(files);
    expect(names(p)).toEqual(['Course', 'Reason', 'RetentionFormResponse']);
    expect(refs(p).filter((r) => r.includes('CourseName'))).toEqual([]);
  });

  it('read a table its name calls a bridge as a link, whatever id its loader generated', () => {
    const p = run(files);
    expect(p.relationships.some((r) => r.cardinality === 'many_to_many' && [r.from, r.to].sort().join() === 'Reason,RetentionFormResponse')).toBe(true);
  });
});

describe("a key named for the last words of a table's noun (donor_payment_id of opportunity_donor_payment)", () => {
  it('is its own identifier: a payment with a billing period is a thing, not figures per period', () => {
    const p = run({
      'models/staging/pc/stg_pc__opportunity_donor.sql': select('pc', 'donor', 'id as opportunity_donor_id, name as donor_name'),
      'models/staging/pc/stg_pc__opportunity_donor_payment.sql': select('pc', 'payment', 'id as donor_payment_id, "donorId" as donor_id, "paymentStatus" as payment_status, period, "periodInterval" as period_interval'),
    });
    expect(names(p)).toEqual(['OpportunityDonor', 'OpportunityDonorPayment']);
    expect(refs(p)).toEqual(['OpportunityDonor>OpportunityDonorPayment.donor_id']);
  });
});

describe('a key whose noun follows a preposition (for_slot_shift_id)', () => {
  it("is the noun's key: the preposition is no role that asks for a bare noun", () => {
    const p = run({
      'models/staging/pc/stg_pc__worknode_slot_shift.sql': select('pc', 'shift', 'id as worknode_slot_shift_id, "supervisorId" as supervisor_id'),
      'models/staging/pc/stg_pc__user.sql': select('pc', 'user', 'id as user_id, login'),
      'models/staging/pc/stg_pc__substitute.sql': select('pc', 'substitute', 'id as substitute_id, "forSlotShift" as for_slot_shift_id, "byUser" as by_user_id, "requestStatus" as request_status'),
    });
    // (a supervisor is a person acting on the row, as a manager is)
    expect(refs(p)).toEqual(['User>Substitute.by_user_id', 'User>WorknodeSlotShift.supervisor_id', 'WorknodeSlotShift>Substitute.for_slot_shift_id']);
  });
});

describe('keys a downstream model joins to another staging model\'s own id', () => {
  const layer = {
    'models/staging/app/stg_app__partner.sql': select('app', 'partner', '"_id" as partner_id, partner_name'),
    'models/staging/app/stg_app__user.sql': select('app', 'user', '"_id" as user_id, user_login'),
    // the volunteers a school has: school_id holds a partner's id, volunteer_id a user's — the names say neither
    'models/staging/app/stg_app__school_volunteer.sql': select('app', 'school_volunteer', 'school_volunteer_id, school_id, volunteer_id, academic_year, is_active'),
    'models/staging/app/stg_app__school_holiday.sql': select('app', 'school_holiday', 'school_holiday_id, school_id, holiday_reason, start_date'),
  };
  const joins = {
    'models/intermediate/int_school_volunteer.sql': `with partner_map as (
    select partner_id as uuid, partner_name from {{ ref('stg_app__partner') }}
),
user_map as (
    select user_id as uuid, user_login from {{ ref('stg_app__user') }}
)
select raw.school_volunteer_id, partner_map.partner_name, user_map.user_login
from {{ ref('stg_app__school_volunteer') }} raw
left join partner_map on raw.school_id = partner_map.uuid
left join user_map on raw.volunteer_id = user_map.uuid
`,
    'models/intermediate/int_school_holiday.sql': `select h.school_holiday_id, p.partner_name
from {{ ref('stg_app__school_holiday') }} as h
join {{ ref('stg_app__partner') }} as p on h.school_id = p.partner_id
`,
  };

  it('are references to that entity, with the join as evidence; a table named for the keys it holds is then a link', () => {
    expect(refs(run(layer))).toEqual([]);
    const p = run({ ...layer, ...joins });
    expect(refs(p)).toEqual(['Partner>SchoolHoliday.school_id', 'Partner>SchoolVolunteer.school_id', 'User>SchoolVolunteer.volunteer_id']);
    expect(names(p)).toEqual(['Partner', 'SchoolHoliday', 'User']);
    const holiday = p.relationships.find((r) => r.from_column === 'school_id' && r.cardinality !== 'many_to_many')!;
    expect(holiday.evidence).toMatchObject({ kind: 'inferred', rule: expect.stringMatching(/downstream model joins/) });
  });

  it('say nothing of a key with its kind beside it (zone_id + zone_type)', () => {
    const p = run({
      'models/staging/geo/stg_geo__regions.sql': select('geo', 'regions', 'code as region_id, name'),
      'models/staging/geo/stg_geo__services.sql': select('geo', 'services', 'service_id, zone_id, zone_type'),
      'models/marts/services_zones.sql': `select s.service_id, r.name from {{ ref('stg_geo__services') }} s join {{ ref('stg_geo__regions') }} r on s.zone_id = r.region_id and s.zone_type = 'region'\n`,
    });
    expect(refs(p)).toEqual([]);
  });
});

describe('a table named for the two keys it holds, one of whose ends has no table (manager_co: manager_id, co_id)', () => {
  it('is a link, not a thing', () => {
    const p = run({
      'models/staging/crm/stg_crm__partners.sql': select('crm', 'partners', 'id as partner_id, partner_name'),
      'models/staging/crm/stg_crm__manager_co.sql': select('crm', 'manager_co', 'id as manager_co_id, manager_id, co_id, "createdAt" as created_at'),
      'models/staging/crm/stg_crm__partner_cos.sql': select('crm', 'partner_cos', 'id as partner_co_id, partner_id, co_id, "updatedAt" as updated_at'),
    });
    expect(names(p)).toEqual(['Partner']);
  });
});

describe('values kept in tables of their own', () => {
  it('a measured value and its unit (final_amount: currency, value) is a value of what holds it, not a thing', () => {
    const p = run({
      'models/staging/pc/stg_pc__donor_payment.sql': select('pc', 'payment', 'id as donor_payment_id, "finalAmountId" as final_amount_id, "paymentStatus" as payment_status'),
      'models/staging/pc/stg_pc__final_amount.sql': select('pc', 'finalAmount', 'id as final_amount_id, currency, value::numeric(10,2) as amount_value'),
      'models/staging/pc/stg_pc__total_work_experience.sql': select('pc', 'experience', 'id as total_work_experience_id, value::float as experience_value, "uomCode" as uom_code, "isActive" as is_active'),
    });
    expect(names(p)).toEqual(['DonorPayment']);
    expect(refs(p)).toEqual([]);
  });

  it("a thing's metadata (opportunity_applicant_meta) is an attribute of it; metadata of a thing with no table of its own is that thing", () => {
    const p = run({
      'models/staging/pc/stg_pc__opportunity_applicant.sql': select('pc', 'applicant', 'id as opportunity_applicant_id, "applicationStatus" as application_status'),
      'models/staging/pc/stg_pc__opportunity_applicant_meta.sql': select('pc', 'applicantMeta', 'id as meta_id, "opportunityApplicantId" as opportunity_applicant_id, "areaOfResidence" as area_of_residence, "policyAccepted" as policy_accepted'),
      'models/staging/cloud/stg_cloud__workload_metadata.sql': select('cloud', 'workloads', 'workload_id, tenant_name, deployment_type'),
    });
    expect(names(p)).toEqual(['OpportunityApplicant', 'WorkloadMetadata']);
  });
});

describe('a closure table (worknode_hierarchy: parent_worknode_id, worknode_id, depth)', () => {
  it('links a thing to its ancestors: not a thing', () => {
    const p = run({
      'models/staging/pc/stg_pc__worknode.sql': select('pc', 'worknode', 'id as worknode_id, name as worknode_name, type as worknode_type'),
      'models/staging/pc/stg_pc__worknode_hierarchy.sql': select('pc', 'hierarchy', 'id as worknode_hierarchy_id, "parentWorknodeId" as parent_worknode_id, "worknodeId" as worknode_id, depth, "isActive" as is_active'),
    });
    expect(names(p)).toEqual(['Worknode']);
  });
});

describe('a table named after a key (sc_level_id)', () => {
  const files = {
    'models/staging/pc/stg_pc__level.sql': select('pc', 'level', 'id as level_id, "levelCode" as level_code'),
    'models/staging/pc/stg_pc__school_course.sql': select('pc', 'schoolCourse', 'id as school_course_id, "courseCode" as course_code'),
    'models/staging/pc/stg_pc__sc_level_id.sql': select('pc', 'scLevelId', 'id as sc_level_id_table_id, "levelId" as level_id, "schoolCourseId" as school_course_id, "isActive" as is_active'),
  };

  it('is an id map while nothing holds that key', () => {
    expect(names(run(files))).toEqual(['Level', 'SchoolCourse']);
  });

  it('is the thing the key identifies where other tables hold it (sc_level_batch.sc_level_id)', () => {
    const p = run({ ...files, 'models/staging/pc/stg_pc__sc_level_batch.sql': select('pc', 'scLevelBatch', 'id as sc_level_batch_id, "scLevelId" as sc_level_id, "academicYear" as academic_year') });
    expect(names(p)).toEqual(['Level', 'ScLevel', 'ScLevelBatch', 'SchoolCourse']);
    expect(refs(p)).toEqual(['Level>ScLevel.level_id', 'ScLevel>ScLevelBatch.sc_level_id', 'SchoolCourse>ScLevel.school_course_id']);
  });
});
