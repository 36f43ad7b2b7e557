// The Conceptualizer, issue 23's nineteenth blind round: classes of error read off a university's online-learning data
// platform (mitodl/ol-data-platform: the Django applications of several learning products, each beside its Open edX
// instance, one staging folder per system, models named stg__<system>__app__postgres__<app label>_<model>). Each project is
// written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
/** A Django application's table staged as stg__<system>__app__postgres__<table>. */
const django = (system: string, table: string, columns: string) => ({
  [`models/staging/${system}/stg__${system}__app__postgres__${table}.sql`]: select(`${system}_raw`, table, columns),
});

describe("a Django application's module word before its tables' nouns", () => {
  const shop = {
    'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_workshop', 'billing_invoice', 'billing_refund')),
    ...django('academy', 'catalog_lesson', 'id as lesson_id, title, created_on'),
    ...django('academy', 'catalog_workshop', 'id as workshop_id, lesson_id, starts_on'),
    ...django('academy', 'billing_invoice', 'id as invoice_id, member_id, workshop_id, total'),
    ...django('academy', 'billing_refund', 'id as refund_id, invoice_id, amount'),
  };
  it('drops the module word where each of its tables is keyed by the noun after it (catalog_workshop keyed workshop_id)', () => {
    const p = run(shop);
    expect(names(p)).toEqual(['Invoice', 'Lesson', 'Refund', 'Workshop']);
    expect(refs(p)).toEqual(expect.arrayContaining(['Lesson>Workshop.lesson_id', 'Workshop>Invoice.workshop_id', 'Invoice>Refund.invoice_id']));
  });
  it('drops the module word of an application of one table in a system so named (exams_examrun keyed examrun_id)', () => {
    const p = run({
      ...shop,
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_workshop', 'billing_invoice', 'billing_refund', 'exams_examrun', 'portal_page')),
      ...django('academy', 'exams_examrun', 'id as examrun_id, lesson_id, passing_score'),
      // (keyed by something else, the first word stays part of the noun)
      ...django('academy', 'portal_page', 'id as portal_page_id, title'),
    });
    expect(names(p)).toEqual(['Examrun', 'Invoice', 'Lesson', 'PortalPage', 'Refund', 'Workshop']);
    expect(refs(p)).toContain('Lesson>Examrun.lesson_id');
  });
  it('keeps a first word whose tables are keyed by longer nouns, as a shop database’s sales_order beside sales_order_item', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('store', 'sales_order', 'sales_order_item', 'sales_order_address')),
      'models/staging/store/stg_store__sales_order.sql': select('store', 'sales_order', 'entity_id as order_id, grand_total'),
      'models/staging/store/stg_store__sales_order_item.sql': select('store', 'sales_order_item', 'item_id as order_item_id, order_id, sku'),
      'models/staging/store/stg_store__sales_order_address.sql': select('store', 'sales_order_address', 'entity_id as order_address_id, order_id, city'),
    });
    expect(names(p)).toContain('SalesOrder');
    expect(names(p)).not.toContain('Order');
  });
  it('keeps a first word before another table’s noun (standings of drivers, keyed by the driver)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('racing', 'drivers', 'teams', 'driver_standings', 'team_standings')),
      'models/staging/racing/stg_racing__drivers.sql': select('racing', 'drivers', 'driver_id, surname'),
      'models/staging/racing/stg_racing__teams.sql': select('racing', 'teams', 'team_id, name'),
      'models/staging/racing/stg_racing__standings__drivers.sql': select('racing', 'driver_standings', 'driver_id, points, wins'),
      'models/staging/racing/stg_racing__standings__teams.sql': select('racing', 'team_standings', 'team_id, points, wins'),
      'models/staging/racing/_models.yml': 'version: 2\nmodels:\n  - name: stg_racing__standings__drivers\n    columns:\n      - name: driver_id\n        data_tests: [unique]\n  - name: stg_racing__standings__teams\n    columns:\n      - name: team_id\n        data_tests: [unique]\n',
    });
    expect(names(p)).not.toContain('Driver2');
    expect(names(p).filter((n) => n === 'Driver')).toHaveLength(1);
    expect(names(p).filter((n) => n === 'Team')).toHaveLength(1);
  });
});

describe('a name glued from another name of its system and a word the layer writes alone', () => {
  const layer = (extra: Record<string, string> = {}) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_lessonrun', 'catalog_lessonrunenrollment', 'catalog_lessonpage')),
    ...django('academy', 'catalog_lesson', 'id as lesson_id, title, run_count'),
    ...django('academy', 'catalog_lessonrun', 'id as lessonrun_id, lesson_id, starts_on'),
    ...django('academy', 'catalog_lessonrunenrollment', 'id as lessonrunenrollment_id, lessonrun_id, enrollment_mode'),
    ...extra,
  });
  it('splits it at that name, the name itself too (lessonrunenrollment: LessonRunEnrollment)', () => {
    const p = run(layer());
    expect(names(p)).toEqual(['Lesson', 'LessonRun', 'LessonRunEnrollment']);
    expect(refs(p)).toEqual(['Lesson>LessonRun.lesson_id', 'LessonRun>LessonRunEnrollment.lessonrun_id']);
  });
  it('draws the glued key from any table of the system, whatever its name (an installment’s lessonrun_id)', () => {
    const p = run(layer({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_lessonrun', 'catalog_lessonrunenrollment', 'billing_installment', 'billing_invoice'), sources('pro_raw', 'catalog_lesson', 'catalog_lessonrun')),
      ...django('academy', 'billing_installment', 'id as installment_id, lessonrun_id, amount, due_on'),
      ...django('academy', 'billing_invoice', 'id as invoice_id, lessonrun_id, total'),
      // (another product's application keeps lesson runs too)
      ...django('pro', 'catalog_lesson', 'id as lesson_id, title, run_count'),
      ...django('pro', 'catalog_lessonrun', 'id as lessonrun_id, lesson_id, starts_on, price'),
    }));
    expect(refs(p)).toEqual(expect.arrayContaining(['AcademyLessonRun>Installment.lessonrun_id', 'AcademyLessonRun>Invoice.lessonrun_id']));
  });
  it('reads the row’s own key with parent after it as the row’s parent (lessontopic_parent_id of topics keyed lessontopic_id)', () => {
    const p = run(layer({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_lessonrun', 'catalog_lessonrunenrollment', 'catalog_lessontopic')),
      ...django('academy', 'catalog_lessontopic', 'id as lessontopic_id, lessontopic_parent_id, topic_name'),
    }));
    expect(refs(p)).toContain('LessonTopic>LessonTopic.lessontopic_parent_id');
  });
  it('leaves a remainder the layer never writes alone (lessonpage, where page is no word of any column)', () => {
    const p = run(layer(django('academy', 'catalog_lessonpage', 'id as lessonpage_id, lesson_id, body')));
    expect(names(p)).toContain('Lessonpage');
  });
});

describe('a one-word name its own key repeats glued, of words the layer writes alone', () => {
  const layer = (extra: Record<string, string> = {}) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('shop_raw', 'billing_taxrate', 'billing_invoice', 'billing_workgroup', 'billing_workgroup_member')),
    ...django('shop', 'billing_taxrate', 'id as taxrate_id, country_code, tax_percent, rate_name'),
    ...django('shop', 'billing_invoice', 'id as invoice_id, taxrate_id, total'),
    ...extra,
  });
  it('reads it as those words (taxrate keyed taxrate_id: TaxRate)', () => {
    const p = run(layer());
    expect(names(p)).toEqual(['Invoice', 'TaxRate']);
    expect(refs(p)).toEqual(['TaxRate>Invoice.taxrate_id']);
  });
  it('keeps a word other tables’ names carry as one (workgroup beside workgroup_member)', () => {
    const p = run(layer({
      ...django('shop', 'billing_workgroup', 'id as workgroup_id, work_title, group_name'),
      ...django('shop', 'billing_workgroup_member', 'id as workgroup_member_id, workgroup_id, member_email'),
    }));
    expect(names(p)).not.toContain('WorkGroup');
  });
});

describe("a web framework's own tables and a thing's versions", () => {
  const app = {
    'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_lessonversion', 'catalog_lessonpage', 'django_contenttype', 'wagtailcore_page', 'wagtailimages_image', 'reversion_version', 'billing_invoice', 'billing_invoiceline')),
    ...django('academy', 'catalog_lesson', 'id as lesson_id, title'),
    ...django('academy', 'catalog_lessonversion', 'id as lessonversion_id, lesson_id, price, created_on'),
    ...django('academy', 'catalog_lessonpage', 'id as lessonpage_id, lesson_id, wagtail_page_id, description'),
    ...django('academy', 'django_contenttype', 'id as contenttype_id, app_label, model'),
    ...django('academy', 'wagtailcore_page', 'id as wagtail_page_id, path, depth, title, contenttype_id'),
    ...django('academy', 'wagtailimages_image', 'id as image_id, title, file, uploaded_by_user_id'),
    ...django('academy', 'reversion_version', 'id as version_id, object_id, contenttype_id, serialized_data'),
    ...django('academy', 'billing_invoice', 'id as invoice_id, total'),
    ...django('academy', 'billing_invoiceline', 'id as invoiceline_id, invoice_id, lessonversion_id, amount'),
  };

  it('leaves out Django’s content types, Wagtail’s pages and images and django-reversion’s versions as the framework’s machinery', () => {
    const p = run(app);
    expect(names(p)).not.toEqual(expect.arrayContaining(['ContentType']));
    for (const n of names(p)) expect(n).not.toMatch(/Django|Wagtail|Image|^Version$/);
    expect(p.notes.join('\n')).toMatch(/a table of Django's own machinery/);
    expect(p.notes.join('\n')).toMatch(/wagtailcore_page \(a table of Wagtail's own machinery/);
  });

  it('reads a thing’s versions (lessonversion holding lesson_id) as its history, which lines point at as they were', () => {
    const p = run(app);
    expect(names(p)).not.toContain('LessonVersion');
    expect(refs(p)).toContain('Invoice>Invoiceline.invoice_id');
    expect(names(p)).toContain('Lesson');
  });
});

describe('a page of the site about a thing', () => {
  it('is part of the thing whose key it holds (cms_lessonpage with lesson_id), though keyed by its own page id', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'catalog_workshop', 'cms_lessonpage', 'billing_invoice')),
      ...django('academy', 'catalog_lesson', 'id as lesson_id, title'),
      ...django('academy', 'catalog_workshop', 'id as workshop_id, lesson_id, starts_on'),
      ...django('academy', 'cms_lessonpage', 'wagtail_page_id, lesson_id, description, video_url'),
      ...django('academy', 'billing_invoice', 'id as invoice_id, lesson_id, total'),
      'models/staging/academy/_models.yml': 'version: 2\nmodels:\n  - name: stg__academy__app__postgres__cms_lessonpage\n    columns:\n      - name: wagtail_page_id\n        data_tests: [unique, not_null]\n',
    });
    expect(names(p).filter((n) => /Page/.test(n))).toEqual([]);
    expect(p.notes.join('\n')).toMatch(/the lesson's page/);
  });

  // (the tuning pass after the twenty-second round: Wagtail page types of instructors, signatories and contracts)
  const site = (extra: Record<string, string> = {}) => run({
    'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'cms_lessonpage', 'cms_tutorpage', 'cms_signatorypage', 'b2b_contractpage', 'catalog_workshop', 'site_landing_pages')),
    ...django('academy', 'catalog_lesson', 'id as lesson_id, title'),
    ...django('academy', 'cms_lessonpage', 'wagtail_page_id, lesson_id, description'),
    ...django('academy', 'cms_tutorpage', 'wagtail_page_id, tutor_name, tutor_title, tutor_bio'),
    ...django('academy', 'cms_signatorypage', 'signatory_name, signatory_title, wagtail_page_id'),
    ...django('academy', 'b2b_contractpage', 'id as b2b_contract_id, contract_name, start_date, end_date, max_learners'),
    ...django('academy', 'catalog_workshop', 'id as workshop_id, lesson_id, b2b_contract_id, starts_on'),
    ...django('academy', 'site_landing_pages', 'landing_page_path, views, sessions'),
    'models/staging/academy/_models.yml': 'version: 2\nmodels:\n  - name: stg__academy__app__postgres__b2b_contractpage\n    columns:\n      - name: b2b_contract_id\n        data_tests: [unique, not_null]\n',
    ...extra,
  });
  it('is the subject its system keeps no other table of (cms_tutorpage: Tutor), the application word of its page types no part of it', () => {
    const p = site();
    expect(names(p)).toEqual(expect.arrayContaining(['Tutor', 'Signatory', 'B2bContract']));
    expect(names(p).filter((n) => /Page$/.test(n) && !/Landing/.test(n))).toEqual([]);
    expect(refs(p)).toContain('B2bContract>Workshop.b2b_contract_id');
  });
  it('stays a page beside a table of its subject, and a page with no page id is no subject’s table', () => {
    const p = site({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'cms_lessonpage', 'cms_tutorpage', 'cms_signatorypage', 'b2b_contractpage', 'catalog_workshop', 'site_landing_pages', 'staff_tutor')),
      ...django('academy', 'staff_tutor', 'id as tutor_id, email'),
    });
    expect(names(p).filter((n) => /Tutor/.test(n))).toHaveLength(2);
    expect(names(p)).not.toContain('SiteLanding');
  });
});

describe('an application label for every table it begins', () => {
  it('goes from each table of an application named in the plural of its main model (users_user beside users_address)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'users_user', 'users_address', 'users_userprofile')),
      ...django('academy', 'users_user', 'id as user_id, email'),
      ...django('academy', 'users_address', 'id as user_address_id, user_id, city, country'),
      ...django('academy', 'users_userprofile', 'id as user_profile_id, user_id, bio, birth_year'),
      'models/staging/academy/_models.yml': 'version: 2\nmodels:\n  - name: stg__academy__app__postgres__users_userprofile\n    columns:\n      - name: user_profile_id\n        data_tests: [unique, not_null]\n',
    });
    for (const n of names(p)) expect(n).not.toMatch(/^Users/);
  });
  it('goes from a table keyed otherwise where most tables it begins are keyed by their model (grades_finalgrade keyed grade_id)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'catalog_lesson', 'grades_lessongrade', 'grades_examgrade', 'grades_finalgrade')),
      ...django('academy', 'catalog_lesson', 'id as lesson_id, title'),
      ...django('academy', 'grades_lessongrade', 'id as lessongrade_id, lesson_id, grade'),
      ...django('academy', 'grades_examgrade', 'id as examgrade_id, lesson_id, grade'),
      ...django('academy', 'grades_finalgrade', 'id as grade_id, lesson_id, grade'),
    });
    for (const n of names(p)) expect(n).not.toMatch(/^Grades/);
  });

  it('goes from the one other table of an application named in the plural of its main model (profiles_address beside profiles_profile)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'profiles_profile', 'profiles_address', 'auth_user')),
      ...django('academy', 'auth_user', 'id as user_id, email'),
      ...django('academy', 'profiles_profile', 'id as user_profile_id, user_id, bio'),
      ...django('academy', 'profiles_address', 'id as user_address_id, user_id, city, country'),
    });
    for (const n of names(p)) expect(n).not.toMatch(/^Profiles/);
  });

  it('draws a unique key of another thing beside the id the SQL names as a one-to-one reference (a legal address’s user_id)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'users_user', 'users_legaladdress')),
      ...django('academy', 'users_user', 'id as user_id, email'),
      ...django('academy', 'users_legaladdress', 'id as user_address_id, user_id, country, postal_code'),
      'models/staging/academy/_models.yml': 'version: 2\nmodels:\n  - name: stg__academy__app__postgres__users_legaladdress\n    columns:\n'
        + '      - name: user_address_id\n        data_tests: [unique, not_null]\n      - name: user_id\n        data_tests: [unique, not_null]\n',
    });
    expect(refs(p)).toContain('User>Legaladdress.user_id');
  });
  it('goes from the tables of Django’s own auth application beside its auth_user, whatever their keys (auth_userprofile)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('academy_raw', 'auth_user', 'auth_userprofile', 'auth_usersocialauth', 'catalog_lesson')),
      ...django('academy', 'auth_user', 'id as user_id, username, email'),
      ...django('academy', 'auth_userprofile', 'id as user_profile_id, user_id, bio'),
      ...django('academy', 'auth_usersocialauth', 'id as user_auth_id, user_id, provider'),
      ...django('academy', 'catalog_lesson', 'id as lesson_id, title, author_user_id'),
    });
    expect(names(p)).toContain('User');
    for (const n of names(p)) expect(n).not.toMatch(/^Auth/);
  });

  // (the tuning pass after the twenty-second round: Learn AI's chatbots application)
  const tutor = (withUsers: boolean) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('tutor_raw', ...(withUsers ? ['users_user'] : []), 'chatbots_userchatsession', 'chatbots_djangocheckpoint', 'chatbots_tutorbotoutput', 'chatbots_chatresponserating')),
    ...(withUsers ? django('tutor', 'users_user', 'id as user_id, email, full_name') : {}),
    ...django('tutor', 'chatbots_userchatsession', 'id as chatsession_id, thread_id as chatsession_thread_id, user_id, title, django_session_key, created_on'),
    ...django('tutor', 'chatbots_djangocheckpoint', 'id as djangocheckpoint_id, chatsession_id, checkpoint_type, human_message, agent_message'),
    ...django('tutor', 'chatbots_tutorbotoutput', 'id as tutorbotoutput_id, chatsession_thread_id, output_json'),
    ...django('tutor', 'chatbots_chatresponserating', 'djangocheckpoint_id, rating, rating_reason'),
  });
  it('goes where half the tables it begins are keyed by their model, in a system that names its tables the Django way (users_user)', () => {
    const p = run(tutor(true));
    for (const n of names(p)) expect(n).not.toMatch(/^Chatbots/);
    expect(refs(p)).toContain('User>UserChatsession.user_id');
  });
  it('stays where nothing else says the system names tables so', () => {
    expect(names(run(tutor(false))).filter((n) => /^Chatbots/.test(n)).length).toBeGreaterThan(0);
  });
  it('keeps an application’s own model whose glued name begins with the framework’s word (djangocheckpoint) as a thing', () => {
    const p = run(tutor(true));
    expect(names(p).filter((n) => /checkpoint/i.test(n))).toHaveLength(1);
    expect(p.notes.join('\n')).not.toMatch(/djangocheckpoint \(a table of Django's own machinery/);
  });
});
