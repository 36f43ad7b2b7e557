// The Conceptualizer, issue 23's thirty-second blind round: classes of error read off a subscription-billing source
// package (accounts, subscriptions, invoices, payments, refunds; one source system, every staging model named
// stg_<system>__<table>, every table's id renamed <table>_id). Each project is written in that shape and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (table: string, columns: string) => `select ${columns} from {{ source('billing', '${table}') }}\n`;
const audit = 'created_by_id, created_date, updated_by_id, updated_date';

// invoices, payments applied to them (an application with its own amounts in two currencies: a thing), refunds of payments
const billing = (extra: Record<string, string> = {}) => ({
  'models/staging/sources.yml': sourcesYaml(sources('billing', 'invoice', 'payment', 'invoice_payment', 'refund', 'refund_invoice_payment', 'product_category')),
  'models/staging/stg_billing__invoice.sql': select('invoice', `id as invoice_id, invoice_number, amount, balance, due_date, ${audit}`),
  'models/staging/stg_billing__payment.sql': select('payment', `id as payment_id, payment_number, amount, effective_date, status, ${audit}`),
  'models/staging/stg_billing__invoice_payment.sql': select('invoice_payment', `id as invoice_payment_id, invoice_id, payment_id, amount, amount_home_currency, exchange_rate, home_currency, transaction_currency, refund_amount, ${audit}`),
  'models/staging/stg_billing__refund.sql': select('refund', `id as refund_id, refund_number, amount, refund_date, status, ${audit}`),
  ...extra,
});

describe('a table named for two things of its system that holds neither\'s key', () => {
  it('holding only its id, bookkeeping and an amount, is the application of one to the other, a link with no ends to draw: left out', () => {
    const p = run(billing({ 'models/staging/stg_billing__refund_invoice_payment.sql': select('refund_invoice_payment', `id as refund_invoice_payment_id, refund_amount, ${audit}, row_number() over (partition by id order by updated_date desc) = 1 as is_most_recent_record`) }));
    expect(names(p)).toEqual(expect.arrayContaining(['Invoice', 'Payment', 'InvoicePayment', 'Refund']));
    expect(names(p)).not.toContain('RefundInvoicePayment');
  });

  it('holding a name of its own is a thing (a list of product categories named for the products and categories)', () => {
    const p = run(billing({
      'models/staging/stg_billing__product.sql': select('invoice', `id as product_id, name, ${audit}`),
      'models/staging/stg_billing__category.sql': select('invoice', `id as category_id, name, ${audit}`),
      'models/staging/stg_billing__product_category.sql': select('product_category', `id as product_category_id, name, ${audit}`),
    }));
    expect(names(p)).toContain('ProductCategory');
  });
});
