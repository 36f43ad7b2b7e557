// The Conceptualizer, issue 23's twenty-second blind round: classes of error read off a school network's student
// information system (TEAMSchools/teamster's Focus SIS staging project: students, enrollments, sections, attendance,
// gradebook, test history, and the system's <a>_join_<b> link tables). Each project is written in that shape and read by
// the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
const unique = (...pairs: [string, string][]) => `version: 2\nmodels:\n${pairs.map(([m, c]) => `  - name: ${m}\n    columns:\n      - name: ${c}\n        data_tests: [unique, not_null]\n`).join('')}`;

describe('a module named with a history word (test_history_scores)', () => {
  const sis = {
    'models/staging/_sources.yml': sourcesYaml(sources('sis', 'students', 'test_history_tests', 'test_history_administrations', 'test_history_scores', 'student_history')),
    'models/staging/stg_sis__students.sql': select('sis', 'students', 'student_id, first_name, last_name'),
    'models/staging/stg_sis__test_history_tests.sql': select('sis', 'test_history_tests', 'id, title, test_code'),
    'models/staging/stg_sis__test_history_administrations.sql': select('sis', 'test_history_administrations', 'id, student_id, test_id, administration_date'),
    'models/staging/stg_sis__test_history_scores.sql': select('sis', 'test_history_scores', 'id, administration_id, student_id, test_id, score'),
    'models/staging/stg_sis__student_history.sql': select('sis', 'student_history', 'student_id, changed_at, grade_level'),
    'models/staging/_models.yml': unique(['stg_sis__students', 'student_id'], ['stg_sis__test_history_tests', 'id'],
      ['stg_sis__test_history_administrations', 'id'], ['stg_sis__test_history_scores', 'id']),
  };

  it('reads the plural noun after the history word as the things (scores, administrations, tests), not versions of a test', () => {
    expect(names(run(sis))).toEqual(['Student', 'TestHistoryAdministration', 'TestHistoryScore', 'TestHistoryTest']);
  });

  it('draws their keys', () => {
    expect(refs(run(sis))).toEqual(expect.arrayContaining(['TestHistoryAdministration>TestHistoryScore.administration_id',
      'Student>TestHistoryScore.student_id', 'Student>TestHistoryAdministration.student_id']));
  });
});

describe('link tables named <a>_join_<b> (students_join_people)', () => {
  const sis = {
    'models/staging/_sources.yml': sourcesYaml(sources('sis', 'students', 'people', 'address', 'users', 'students_join_people', 'students_join_address', 'students_join_users', 'people_join_contacts')),
    'models/staging/stg_sis__students.sql': select('sis', 'students', 'student_id, first_name, last_name'),
    'models/staging/stg_sis__people.sql': select('sis', 'people', 'person_id, first_name, last_name, email'),
    'models/staging/stg_sis__address.sql': select('sis', 'address', 'address_id, address, city, zipcode'),
    'models/staging/stg_sis__users.sql': select('sis', 'users', 'staff_id, username, first_name'),
    'models/staging/stg_sis__students_join_people.sql': select('sis', 'students_join_people', 'id, student_id, person_id, student_relation, sort_order, custody, emergency, pickup'),
    'models/staging/stg_sis__students_join_address.sql': select('sis', 'students_join_address', 'id, student_id, address_id, mailing, residence, bus_pickup, bus_dropoff'),
    'models/staging/stg_sis__students_join_users.sql': select('sis', 'students_join_users', 'id, student_id, staff_id, person_id, enabled, request_date'),
    'models/staging/stg_sis__people_join_contacts.sql': select('sis', 'people_join_contacts', 'id, person_id, title, value, sms, unlisted'),
    'models/staging/_models.yml': unique(['stg_sis__students', 'student_id'], ['stg_sis__people', 'person_id'], ['stg_sis__address', 'address_id'],
      ['stg_sis__users', 'staff_id'], ['stg_sis__students_join_people', 'id'], ['stg_sis__students_join_address', 'id'], ['stg_sis__students_join_users', 'id'],
      ['stg_sis__people_join_contacts', 'id']),
  };

  it('reads them as links between the two things the name joins, whatever flags they carry; a join to no staged thing holds values of the first', () => {
    expect(names(run(sis))).toEqual(['Address', 'Person', 'Student', 'User']);
  });

  it('draws each as a many-to-many between its two ends (not who else the row names)', () => {
    const m2m = run(sis).relationships.filter((r) => r.cardinality === 'many_to_many').map((r) => `${r.from}<>${r.to}.${r.from_column},${r.to_column}`).sort();
    expect(m2m).toEqual(['Student<>Address.student_id,address_id', 'Student<>Person.student_id,person_id', 'Student<>User.student_id,staff_id']);
  });
});

describe('the name of a <a>_join_<b> link', () => {
  it('is its two ends without the word join (StudentAddress), unless that names a thing of its own (students_join_groups beside student_groups)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('sis', 'students', 'address', 'student_groups', 'students_join_address', 'students_join_groups')),
      'models/staging/stg_sis__students.sql': select('sis', 'students', 'student_id, first_name'),
      'models/staging/stg_sis__address.sql': select('sis', 'address', 'address_id, city'),
      'models/staging/stg_sis__student_groups.sql': select('sis', 'student_groups', 'id, title, district_id'),
      'models/staging/stg_sis__students_join_address.sql': select('sis', 'students_join_address', 'id, student_id, address_id, mailing, residence'),
      'models/staging/stg_sis__students_join_groups.sql': select('sis', 'students_join_groups', 'id, group_id, student_id, syear'),
      'models/staging/_models.yml': unique(['stg_sis__students', 'student_id'], ['stg_sis__address', 'address_id'], ['stg_sis__student_groups', 'id']),
      'models/staging/_links.yml': `version: 2\nmodels:\n  - name: stg_sis__students_join_groups\n    columns:\n      - name: group_id\n        data_tests:\n          - relationships:\n              arguments: {to: ref('stg_sis__student_groups'), field: id}\n`,
    });
    const through = p.relationships.filter((r) => r.cardinality === 'many_to_many').map((r) => r.through).sort();
    expect(through).toEqual(['StudentAddress', 'StudentsJoinGroup']);
  });
});

const described = (model: string, cols: [string, string][]) =>
  `  - name: ${model}\n    columns:\n${cols.map(([c, d]) => `      - name: ${c}\n        description: "${d}"\n`).join('')}`;

describe('keys numbered as repeats (grad_subject_id2, co_teacher_id10)', () => {
  it('reads a key with a number after its id as the same key', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('sis', 'courses', 'grad_subjects')),
      'models/staging/stg_sis__courses.sql': select('sis', 'courses', 'course_id, title, grad_subject_id, grad_subject_id2, grad_subject_id3'),
      'models/staging/stg_sis__grad_subjects.sql': select('sis', 'grad_subjects', 'id, title, credits'),
      'models/staging/_models.yml': unique(['stg_sis__courses', 'course_id'], ['stg_sis__grad_subjects', 'id']),
    });
    expect(refs(p)).toEqual(['GradSubject>Course.grad_subject_id', 'GradSubject>Course.grad_subject_id2', 'GradSubject>Course.grad_subject_id3']);
  });
});

describe('what a key column’s description says it holds', () => {
  const sis = {
    'models/staging/_sources.yml': sourcesYaml(sources('sis', 'users', 'course_periods', 'co_teachers', 'school_periods', 'attendance_completed', 'school_gradelevels', 'gradebook_grades', 'student_enrollment', 'students')),
    'models/staging/stg_sis__users.sql': select('sis', 'users', 'staff_id, username, first_name'),
    'models/staging/stg_sis__students.sql': select('sis', 'students', 'student_id, first_name'),
    'models/staging/stg_sis__school_periods.sql': select('sis', 'school_periods', 'period_id, title, start_time'),
    'models/staging/stg_sis__course_periods.sql': select('sis', 'course_periods', 'course_period_id, title, period_id, teacher_id, co_teacher_id1, co_teacher_id2'),
    'models/staging/stg_sis__co_teachers.sql': select('sis', 'co_teachers', 'syear, course_period_id, staff_id, inclusion, permissions, start_date, end_date'),
    'models/staging/stg_sis__attendance_completed.sql': select('sis', 'attendance_completed', 'id, staff_id, period_id, course_period_id, school_date'),
    'models/staging/stg_sis__school_gradelevels.sql': select('sis', 'school_gradelevels', 'id, short_name, title'),
    'models/staging/stg_sis__gradebook_grades.sql': select('sis', 'gradebook_grades', 'id, student_id, points, letter_grade'),
    'models/staging/stg_sis__student_enrollment.sql': select('sis', 'student_enrollment', 'id, student_id, grade_id, start_date'),
    'models/staging/_models.yml': unique(['stg_sis__users', 'staff_id'], ['stg_sis__students', 'student_id'], ['stg_sis__school_periods', 'period_id'],
      ['stg_sis__course_periods', 'course_period_id'], ['stg_sis__attendance_completed', 'id'], ['stg_sis__school_gradelevels', 'id'],
      ['stg_sis__gradebook_grades', 'id'], ['stg_sis__student_enrollment', 'id']),
    'models/staging/_described.yml': 'version: 2\nmodels:\n'
      + described('stg_sis__course_periods', [['teacher_id', 'SIS staff id of the lead teacher (TEACHER_ID).'], ['co_teacher_id1', 'Co-teacher 1 staff id.'], ['co_teacher_id2', 'Co-teacher 2 staff id.']])
      + described('stg_sis__attendance_completed', [['period_id', 'Focus school period id.']])
      + described('stg_sis__student_enrollment', [['grade_id', 'Focus grade-level id (joins school_gradelevels.id).']]),
  };

  it('draws a key to the thing whose own key the description names (a staff id: the users keyed staff_id), not the noun its name completes to', () => {
    const r = refs(run(sis));
    expect(r).toEqual(expect.arrayContaining(['User>CoursePeriod.teacher_id', 'User>CoursePeriod.co_teacher_id1', 'User>CoursePeriod.co_teacher_id2']));
    expect(r.filter((x) => /teacher_id$/.test(x) && !x.startsWith('User>'))).toEqual([]);
  });

  it('draws a key to the model its description says it joins (grade_id joins school_gradelevels.id), not a grade', () => {
    const r = refs(run(sis));
    expect(r.filter((x) => x.endsWith('.grade_id'))).toEqual(['SchoolGradeLevel>StudentEnrollment.grade_id']);
  });
});

describe('a thing per period that other tables point at (attendance_day)', () => {
  it('keeps a per-day table with an identifier of its own that another table holds the key of as a thing; one nothing points at stays a report', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('sis', 'students', 'attendance_day', 'discipline_referrals', 'student_month')),
      'models/staging/stg_sis__students.sql': select('sis', 'students', 'student_id, first_name'),
      'models/staging/stg_sis__attendance_day.sql': select('sis', 'attendance_day', 'id, student_id, school_date, daily_code, minutes_present, comment'),
      'models/staging/stg_sis__discipline_referrals.sql': select('sis', 'discipline_referrals', 'referral_id, student_id, attendance_day_id, referral_date'),
      'models/staging/stg_sis__student_month.sql': select('sis', 'student_month', 'id, student_id, month, days_present, days_absent'),
      'models/staging/_models.yml': unique(['stg_sis__students', 'student_id'], ['stg_sis__attendance_day', 'id'], ['stg_sis__discipline_referrals', 'referral_id'], ['stg_sis__student_month', 'id']),
    });
    expect(names(p)).toEqual(['AttendanceDay', 'DisciplineReferral', 'Student']);
    expect(refs(p)).toEqual(expect.arrayContaining(['AttendanceDay>DisciplineReferral.attendance_day_id', 'Student>AttendanceDay.student_id']));
  });
});

describe('the custom-field catalog’s other tables (custom_field_categories, custom_field_select_options)', () => {
  it('reads a table named with a leading schema noun (custom field) as the system’s own schema', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('sis', 'students', 'custom_fields', 'custom_field_categories', 'custom_field_select_options', 'custom_fields_join_categories')),
      'models/staging/stg_sis__students.sql': select('sis', 'students', 'student_id, first_name'),
      'models/staging/stg_sis__custom_fields.sql': select('sis', 'custom_fields', 'id, source_class, type, title, column_name'),
      'models/staging/stg_sis__custom_field_categories.sql': select('sis', 'custom_field_categories', 'id, title, source_class, sort_order'),
      'models/staging/stg_sis__custom_field_select_options.sql': select('sis', 'custom_field_select_options', 'id, source_class, source_id, code, label'),
      'models/staging/stg_sis__custom_fields_join_categories.sql': select('sis', 'custom_fields_join_categories', 'id, field_id, category_id, sort_order'),
      'models/staging/_models.yml': unique(['stg_sis__students', 'student_id'], ['stg_sis__custom_fields', 'id'], ['stg_sis__custom_field_categories', 'id'], ['stg_sis__custom_field_select_options', 'id']),
    });
    expect(names(p)).toEqual(['Student']);
  });
});
