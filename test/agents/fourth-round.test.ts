// The Conceptualizer, issue 23 fourth round, two classes of error read off the held-out projects:
// a key documented in YAML that the model's SQL no longer returns (Fivetran Salesforce's
// user_role.forecast_user_id), and a link table whose keys name three or more entities and that
// holds nothing of its own (QuickBooks invoice_linked_txn). Each project is written to exercise one
// class and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { modelsYaml, loadFiles as load, refs } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const notes = (p: DiagramProposal) => p.notes.join('\n');
const src = (source: string, table: string, select: string) => `select ${select} from {{ source('crm', '${table}') }}\n`;
const cols = (...names: string[]) => names.map((n) => `- name: ${n}\n`).join('');

describe('a documented key the SQL no longer returns', () => {
  const files = {
    'models/staging/crm/stg_crm__users.sql': src('crm', 'user', 'id as user_id, name, manager_id'),
    'models/staging/crm/stg_crm__contacts.sql': src('crm', 'contact', 'id as contact_id, name, owner_id'),
    // the YAML still lists forecast_user_id and jigsaw_contact_id; the SQL stopped returning them
    'models/staging/crm/stg_crm__user_roles.sql': src('crm', 'user_role', 'id as user_role_id, name, parent_role_id'),
    'models/staging/crm/stg_crm__leads.sql': src('crm', 'lead', 'id as lead_id, name, owner_id, converted_contact_id'),
    // every column of the source is unknown (no columns declared): what `*` returns is not known
    'models/staging/crm/stg_crm__tasks.sql': "select * from {{ source('crm', 'task') }}\n",
    'models/staging/crm/_crm.yml': modelsYaml([
      ['stg_crm__users', cols('user_id', 'name', 'manager_id')],
      ['stg_crm__contacts', cols('contact_id', 'name', 'owner_id')],
      ['stg_crm__user_roles', cols('user_role_id', 'name', 'parent_role_id', 'forecast_user_id')],
      ['stg_crm__leads', `${cols('lead_id', 'name', 'owner_id', 'converted_contact_id')}- name: jigsaw_contact_id\n  data_tests:\n    - relationships:\n        to: ref('stg_crm__contacts')\n        field: contact_id\n`],
      ['stg_crm__tasks', cols('task_id', 'subject', 'who_contact_id', 'owner_id')],
    ]) + "\nsources:\n  - name: crm\n    tables:\n      - name: user\n      - name: contact\n      - name: user_role\n      - name: lead\n      - name: task\n",
  };

  it('is no key: no relationship, declared or inferred, and the notes say why; a model whose `*` is not known keeps its documented keys', () => {
    const p = conceptualize(load(files));
    const drawn = refs(p);
    expect(drawn).not.toContain('User>UserRole.forecast_user_id');
    expect(drawn).not.toContain('Contact>Lead.jigsaw_contact_id');
    // the columns the SQL does return are still read as keys
    expect(drawn).toEqual(expect.arrayContaining(['Contact>Lead.converted_contact_id', 'User>Lead.owner_id', 'UserRole>UserRole.parent_role_id']));
    // stg_crm__tasks selects * from a source whose columns are not declared: its YAML is all there is
    expect(drawn).toEqual(expect.arrayContaining(['Contact>Task.who_contact_id', 'User>Task.owner_id']));
    expect(notes(p)).toMatch(/2 key-shaped column\(s\) are documented in YAML but the model's SQL, read completely, no longer returns them; not drawn: stg_crm__leads\.jigsaw_contact_id; stg_crm__user_roles\.forecast_user_id\./);
    expect(notes(p)).toMatch(/stg_crm__leads\.jigsaw_contact_id: relationships test in data_tests is declared on a column the model's SQL no longer returns; not drawn/);
    // the entity does not list the dropped column among its attributes either
    const role = p.entities.find((e) => e.name === 'UserRole')!;
    expect(JSON.stringify(role)).not.toMatch(/forecast_user_id/);
  });

  it('once the SQL returns the column again, it is a key again', () => {
    const p = conceptualize(load({ ...files, 'models/staging/crm/stg_crm__user_roles.sql': src('crm', 'user_role', 'id as user_role_id, name, parent_role_id, forecast_user_id') }));
    expect(refs(p)).toContain('User>UserRole.forecast_user_id');
  });
});

describe('a link table of three or more ends', () => {
  const acct = (table: string, select: string) => `select ${select} from {{ source('books', '${table}') }}\n`;
  const files = {
    'models/staging/books/stg_books__invoices.sql': acct('invoice', 'id as invoice_id, doc_number, total_amount, customer_id'),
    'models/staging/books/stg_books__customers.sql': acct('customer', 'id as customer_id, display_name'),
    'models/staging/books/stg_books__payments.sql': acct('payment', 'id as payment_id, total_amount, customer_id'),
    'models/staging/books/stg_books__estimates.sql': acct('estimate', 'id as estimate_id, total_amount, customer_id'),
    'models/staging/books/stg_books__charges.sql': acct('charge', 'id as charge_id, amount'),
    // an invoice's linked transactions: each row links the invoice to one payment, estimate or charge; index is its place in the list
    'models/staging/books/stg_books__invoice_linked_txn.sql': acct('invoice_linked_txn', 'invoice_id, payment_id, estimate_id, charge_id, index, _fivetran_synced'),
    // a school's enrolments: one fact about a student, a course and a term together, named for none of them
    'models/staging/school/stg_school__students.sql': "select id as student_id, name from {{ source('school', 'student') }}\n",
    'models/staging/school/stg_school__courses.sql': "select id as course_id, title from {{ source('school', 'course') }}\n",
    'models/staging/school/stg_school__terms.sql': "select id as term_id, starts_on, ends_on from {{ source('school', 'term') }}\n",
    'models/staging/school/stg_school__enrollments.sql': "select student_id, course_id, term_id from {{ source('school', 'enrollment') }}\n",
  };

  it('named for one end and holding nothing of its own, it is that end\'s links to each other end: no entity, many-to-many through it', () => {
    const p = conceptualize(load(files));
    const names = p.entities.map((e) => e.name);
    expect(names).not.toContain('InvoiceLinkedTxn');
    const through = p.relationships.filter((r) => r.through === 'InvoiceLinkedTxn').map((r) => `${r.from}–${r.to} ${r.cardinality}`).sort();
    expect(through).toEqual(['Invoice–Charge many_to_many', 'Invoice–Estimate many_to_many', 'Invoice–Payment many_to_many']);
    expect(refs(p)).toEqual(expect.arrayContaining(['Invoice>InvoiceLinkedTxn.invoice_id', 'Payment>InvoiceLinkedTxn.payment_id', 'Estimate>InvoiceLinkedTxn.estimate_id']));
    expect(notes(p)).toMatch(/stg_books__invoice_linked_txn \(Invoice–Payment–Estimate–Charge: it lists the links of Invoice \(invoice_id\) to Payment \(payment_id\), Estimate \(estimate_id\), Charge \(charge_id\)/);
    // named for none of its three ends: one fact about all three, kept as an associative entity with its three references
    expect(names).toContain('Enrollment');
    expect(refs(p)).toEqual(expect.arrayContaining(['Student>Enrollment.student_id', 'Course>Enrollment.course_id', 'Term>Enrollment.term_id']));
  });

  it('with a value of its own (the amount applied), it is a thing of its own and stays an entity', () => {
    const p = conceptualize(load({ ...files, 'models/staging/books/stg_books__invoice_linked_txn.sql': acct('invoice_linked_txn', 'invoice_id, payment_id, estimate_id, charge_id, index, applied_amount') }));
    expect(p.entities.map((e) => e.name)).toContain('InvoiceLinkedTxn');
    expect(p.relationships.filter((r) => r.cardinality === 'many_to_many')).toEqual([]);
  });
});
