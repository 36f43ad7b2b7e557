// "Which tables hold customer email addresses?": a thing described in words, not a column's name.
// mattermost-analytics answered with the card of `stg_stripe__invoices.customer_address` (two words
// of the question in its name) and data-inclusion's "phone number of a structure" with a table
// holding no phone at all; the answer lists the columns whose names speak of it, best first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('which tables hold a thing described in words (Local)', () => {
  const dir = copyProject(EXAMPLE);
  // a column with two of the question's words in its name, and one the SQL alone returns
  writeFileSync(join(dir, 'models', 'marts', 'customer_contacts.sql'),
    "select\n  customer_id,\n  'x' as customer_address,\n  '555' as telephone\nfrom {{ ref('stg_stripe__customers') }}\n");
  // described in YAML, its columns not listed there
  writeFileSync(join(dir, 'models', 'marts', '_contacts.yml'), 'version: 2\nmodels:\n  - name: customer_contacts\n    description: How to reach a customer.\n');
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('an email address is an email column, not an address', async () => {
    const r = await ask(s, { message: 'which tables hold customer email addresses?' });
    const [lead, ...rest] = r.answer.split('\n');
    expect(lead).toBe('2 columns in 2 tables best match “customer email addresses” by name: `stg_shop__customers.email` and `stg_stripe__customers.email`.');
    expect(rest).toContain('- stg_stripe__customers.email — E-mail address Stripe has on file. (models/staging/stripe/_stripe__models.yml:30)');
    // a description that is a doc() call reads as its block
    expect(rest.find((l) => l.startsWith('- customers.customer_id'))).toMatch(/^- customers\.customer_id — [^{]+ \(models\/marts\/_marts\.yml:25\)$/);
    expect(lead).not.toContain('customer_address');
  });

  it('a phone number is found in a telephone column only the SQL returns', async () => {
    const r = await ask(s, { message: 'where is the phone number of a customer stored?' });
    expect(r.answer.split('\n')[0]).toBe('1 column in 1 table best matches “the phone number of a customer” by name: `customer_contacts.telephone`.');
    // where the SQL returns it, not the model's YAML entry (dagster-open-platform's dim_users.email was cited at dim_users.sql:1,
    // attributed_conversions.email at its model's entry in _marketing.yml)
    expect(r.answer.split('\n')).toContain('- customer_contacts.telephone (models/marts/customer_contacts.sql:4)');
  });

  it('a long description is cut at a word, with an ellipsis', async () => {
    const d = copyProject(EXAMPLE);
    const yml = join(d, 'models', 'staging', 'stripe', '_stripe__models.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace('E-mail address Stripe has on file.', 'The customers email. Until the invoice is finalized, this field will equal customer.email. Once the invoice is finalized, it is not updated.'));
    const r = await ask(AssistantSession.open(d), { message: 'which tables hold customer email addresses?' });
    expect(r.answer.split('\n')).toContain('- stg_stripe__customers.email — The customers email. Until the invoice is finalized, this field will equal customer.email. Once the… (models/staging/stripe/_stripe__models.yml:30)');
  });

  it('a column named with underscores is still answered by where that name appears', async () => {
    const r = await ask(s, { message: 'which tables have a customer_id column?' });
    expect(r.answer.split('\n')[0]).toMatch(/^\d+ tables have a column `customer_id`: /);
  });
});
