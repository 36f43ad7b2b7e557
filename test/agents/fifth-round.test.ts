// The Conceptualizer, issue 23 fifth round: classes of error still left on the tuning projects,
// each fixed as a rule a data modeler reads a staging layer by, each shown on a small project
// read by the real project reader with the SQL parser loaded:
//   - a key column whose description names what it references, through a doc block used as a
//     phrase ("{{ doc('id') }} purchase record associated with …": QuickBooks expense_id);
//   - a transformation step over another staging model (Bink transformed_pll: from/to periods
//     built from status-change events) is not a thing of its own;
//   - a history named in the project's own language (SIRENE etablissement_historique) keyed by
//     the natural key of the entity it records;
//   - Salesforce-style junctions: a link named for both its ends that carries a few attributes of
//     the link (opportunity_contact_role), and a membership table (campaign_member).
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { drawnReferences } from '../../src/agents/evaluate.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { modelsYaml, writeProject } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const load = (files: Record<string, string>) => loadProject(writeProject(files));
const refs = (p: DiagramProposal) => drawnReferences(p).map((r) => `${r.parent}>${r.child}.${r.column}`).sort();
const notes = (p: DiagramProposal) => p.notes.join('\n');
const names = (p: DiagramProposal) => p.entities.map((e) => e.name);

describe('a key whose description names what it references through a doc block', () => {
  const sql = (table: string, select: string) => `select ${select} from {{ source('books', '${table}') }}\n`;
  const files = (description: string) => ({
    'models/staging/stg_books__purchases.sql': sql('purchase', 'id as purchase_id, total_amount, vendor_id'),
    'models/staging/stg_books__vendors.sql': sql('vendor', 'id as vendor_id, display_name'),
    'models/staging/stg_books__bills.sql': sql('bill', 'id as bill_id, total_amount, vendor_id'),
    'models/staging/stg_books__bill_payments.sql': sql('bill_payment', 'id as bill_payment_id, total_amount, vendor_id'),
    'models/staging/stg_books__bill_payment_lines.sql': sql('bill_payment_line', 'bill_payment_id, index, amount, bill_id, expense_id'),
    'models/docs.md': '{% docs id %}\nUnique identifier of the\n{% enddocs %}\n',
    'models/staging/_books.yml': modelsYaml([
      ['stg_books__purchases', '- name: purchase_id\n  data_tests: [unique]\n- name: total_amount\n- name: vendor_id\n'],
      ['stg_books__bill_payment_lines', `- name: bill_payment_id\n- name: index\n- name: amount\n- name: bill_id\n- name: expense_id\n  description: "${description}"\n`],
    ]) + "\nsources:\n  - name: books\n    tables:\n      - name: purchase\n      - name: vendor\n      - name: bill\n      - name: bill_payment\n      - name: bill_payment_line\n",
  });

  it('reads the sentence dbt renders (the doc block, then "purchase record associated with …") and draws the reference', () => {
    const p = conceptualize(load(files("{{ doc('id') }} purchase record associated with the bill payment.")));
    expect(refs(p)).toEqual(expect.arrayContaining(['Purchase>BillPaymentLine.expense_id', 'Bill>BillPaymentLine.bill_id', 'BillPayment>BillPaymentLine.bill_payment_id']));
    const r = p.relationships.find((x) => x.from === 'BillPaymentLine' && x.from_column === 'expense_id')!;
    expect(r.evidence).toMatchObject({ kind: 'inferred', rule: 'the column description names the entity' });
  });

  it('a description naming nothing the layer has draws nothing', () => {
    const p = conceptualize(load(files("{{ doc('id') }} expense report associated with the bill payment.")));
    expect(refs(p).filter((r) => r.endsWith('.expense_id'))).toEqual([]);
  });
});
