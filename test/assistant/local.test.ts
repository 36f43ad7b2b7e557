// The Local provider answers from facts: it explains objects with their columns, tests,
// lineage, owner, Interface state and findings; it proposes concrete changes by rule, which
// pass validation and, once applied to a copy, are read back by the project reader and by a
// real `dbt parse`; a doc-bound description is improved in its .md file only; and it says so
// when it cannot answer.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns, loadProject } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { applyProposal } from '../../src/api.js';
import { validateContextOf } from '../../src/assistant/change-check.js';
import { AssistantSession } from '../../src/assistant/session.js';
import type { CheckedChange } from '../../src/assistant/types.js';
import { projectFindings } from '../../src/governance/readiness/findings.js';
import { dbtParse } from '../helpers/dbt.js';
import { copyProject, EXAMPLE, SAAS } from './helpers.js';

/** Apply proposed changes to a copy as an approval does (the proposals' own apply: validate again, then all files or none). */
function applyToCopy(dir: string, changes: CheckedChange[]): string[] {
  for (const c of changes) expect(c.valid, JSON.stringify(c.blocked)).toBe(true);
  return applyProposal(validateContextOf(loadProject(dir)), changes).written;
}

describe('Local explanations', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('explains a model: columns and types, tests, relationships, lineage, owner, Interface, findings, with sources', async () => {
    const r = await ask(s, { message: 'explain the orders model' });
    expect(r.answer).toMatch(/^`orders` is a model \(mart\), materialized as table, defined at models\/marts\/_marts\.yml:46\./);
    expect(r.answer).toContain('| order_id |  | unique; not_null | The unique identifier of an order placed in the shop. (doc `order_id`) |');
    expect(r.answer).toContain('| customer_id |  | relationships → customers.customer_id |');
    expect(r.answer).toContain('Lineage: upstream stg_shop__orders, stg_stripe__payments; downstream rpt_daily_revenue.');
    expect(r.answer).toContain('Owner: growth-analytics@jaffle.shop · Domain: sales');
    expect(r.answer).toContain('Interface: shared, active, v2, contract not enforced');
    expect(r.answer).toMatch(/READINESS_INTERFACE_NOT_CONTRACTED: model 'orders' does not enforce its contract \(models\/marts\/_marts\.yml:46\) — fix:/);
    expect(r.sources[0]).toMatchObject({ id: 'model:orders', path: 'models/marts/_marts.yml', line: 46 });
    expect(r.proposed_changes).toEqual([]);
    expect(r.requires_user_approval).toBe(false);
  });

  it('"explain orders" (the table named as it is, no kind said) explains the model, not a doc block or glossary word spelt alike', async () => {
    for (const message of ['explain orders', 'tell me about customers', 'what is stg_shop__orders']) {
      const r = await ask(s, { message });
      const name = message.split(' ').pop()!;
      expect(r.answer, message).toMatch(new RegExp(`^\`${name}\` is a model `));
      expect(r.sources[0].id, message).toBe(`model:${name}`);
    }
  });

  it('explains a column bound to a doc block with the block\'s text and where it lives', async () => {
    const r = await ask(s, { message: 'what is this?', context: { kind: 'column', name: 'customers.customer_id' } });
    expect(r.answer).toContain('Description (doc block `customer_id`, models/docs/_docs.md:3): The unique identifier of a shop customer.');
    expect(r.answer).toContain('Type: integer');
    expect(r.answer).toContain('Tests: unique; not_null');
    expect(r.answer).toContain('Glossary term: customer');
  });

  it('explains a validation row with its fix, and proposes the fix when a rule covers it', async () => {
    const r = await ask(s, { message: 'explain this finding', context: { kind: 'issue', code: 'READINESS_SENSITIVE_UNCLASSIFIED', path: 'models/staging/stripe/_stripe__models.yml' } });
    expect(r.answer).toContain("column 'stg_stripe__customers.email' looks sensitive but has no classification");
    expect(r.answer).toContain('How to fix: set meta.sensitivity');
    expect(r.proposed_changes).toMatchObject([{ op: 'patch_yaml', path: 'models/staging/stripe/_stripe__models.yml', valid: true, patch: [{ op: 'add', path: '/models/1/columns/1/meta', value: { sensitivity: 'confidential' } }] }]);
  });

  it('answers a repo-wide question by checking every model', async () => {
    const r = await ask(s, { message: 'which models lack owners?' });
    expect(r.answer).toMatch(/^9 of 11 models have no owner:/);
    expect(r.answer).toContain('- rpt_daily_revenue (models/marts/_marts.yml:82)');
    expect(r.answer).not.toContain('- orders (');
  });

  it('a repo-wide question counts every model, also one no property file describes, and is not taken over by a table named as its facet', async () => {
    const dir = copyProject(EXAMPLE);
    // a CRM source table named `owners`, and a model with SQL only
    writeFileSync(join(dir, 'models/staging/_crm__sources.yml'), 'version: 2\nsources:\n  - name: crm\n    tables:\n      - name: owners\n');
    writeFileSync(join(dir, 'models/staging/stg_crm__owners.sql'), "select 1 as owner_id from {{ source('crm', 'owners') }}\n");
    const total = loadProject(dir).models.length;
    const t = AssistantSession.open(dir);
    const owners = await ask(t, { message: 'which models lack owners?' });
    expect(owners.answer).toMatch(new RegExp(`^\\d+ of ${total} models have no owner:`));
    expect(owners.answer).toContain('- stg_crm__owners (models/staging/stg_crm__owners.sql:1)');
    // asked from the project's diagram in the web UI, whose context is the whole workspace
    const fromCanvas = await ask(t, { message: 'which models lack owners?', context: { kind: 'workspace', name: 'jaffle_shop' } });
    expect(fromCanvas.answer).toBe(owners.answer);
    for (const message of ['which models are not documented', 'which models are untested']) {
      const r = await ask(t, { message });
      expect(r.answer, message).toMatch(new RegExp(`^\\d+ of ${total} models have no (description|tests at all):`));
      expect(r.answer, message).toContain('- stg_crm__owners (');
    }
  });

  it('says when it cannot answer, and proposes nothing', async () => {
    const r = await ask(s, { message: 'what will the weather be in Lisbon tomorrow' });
    expect(r.answer).toMatch(/^I could not find anything in this project that answers this\./);
    expect(r.proposed_changes).toEqual([]);
  });
});

describe('Local proposals, applied to a copy', () => {
  it('a relationships test for a foreign key with one possible parent passes validation, the reader and dbt parse', async () => {
    const dir = copyProject(SAAS);
    const s = AssistantSession.open(dir);
    const r = await ask(s, { message: 'add relationships tests to stg_billing__refunds' });
    expect(r.proposed_changes).toHaveLength(1);
    const c = r.proposed_changes[0];
    expect(c).toMatchObject({ op: 'patch_yaml', path: 'models/staging/billing/_billing__models.yml', valid: true });
    expect(c.review_summary).toBe('relationships stg_billing__refunds.payment_id → stg_billing__payments.payment_id');
    applyToCopy(dir, r.proposed_changes);
    const col = loadProject(dir).modelByName.get('stg_billing__refunds')!.columns.find((x) => x.name === 'payment_id')!;
    expect(col.tests).toMatchObject([{ name: 'relationships', args: { to: "ref('stg_billing__payments')", field: 'payment_id' } }]);
    const parsed = dbtParse(dir);
    expect(parsed.code, parsed.output).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'target/manifest.json'), 'utf8'));
    const test = Object.values<any>(manifest.nodes).find((n) => n.resource_type === 'test' && n.attached_node === 'model.saas_analytics.stg_billing__refunds' && n.test_metadata?.name === 'relationships');
    expect(test.depends_on.nodes.sort()).toEqual(['model.saas_analytics.stg_billing__payments', 'model.saas_analytics.stg_billing__refunds']);
  }, 240_000);

  it('key tests, a doc-block description and glossary bindings, read back by the reader with no new diagnostics', async () => {
    const dir = copyProject(EXAMPLE);
    const yml = join(dir, 'models/staging/inventory/_inventory.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace('      - name: store_id\n        data_tests: [unique, not_null]\n', '      - name: store_id\n'));
    writeFileSync(join(dir, 'models/docs/_docs.md'), readFileSync(join(dir, 'models/docs/_docs.md'), 'utf8') + '\n{% docs payment_id %}\nThe identifier of a Stripe payment.\n{% enddocs %}\n');
    const s = AssistantSession.open(dir);
    const keys = await ask(s, { message: 'add key tests to stg_stores' });
    expect(keys.proposed_changes.map((c) => c.review_summary)).toEqual(['unique + not_null on stg_stores.store_id']);
    const docs = await ask(s, { message: 'add descriptions to stg_stripe__payments' });
    expect(docs.proposed_changes).toMatchObject([{ patch: [{ op: 'add', path: '/models/0/columns/0/description', value: '{{ doc("payment_id") }}' }], valid: true }]);
    const terms = await ask(s, { message: 'bind glossary terms to stg_shop__orders' });
    expect(terms.proposed_changes).toMatchObject([{ path: 'Modeler/glossary/commerce.glossary.yaml', valid: true }]);
    const before = loadProject(dir).diagnostics.length;
    applyToCopy(dir, [...keys.proposed_changes, ...docs.proposed_changes, ...terms.proposed_changes]);
    const p = loadProject(dir);
    expect(p.diagnostics.length).toBe(before);
    expect(p.modelByName.get('stg_stores')!.columns[0].tests.map((t) => t.name)).toEqual(['unique', 'not_null']);
    expect(p.modelByName.get('stg_stripe__payments')!.columns[0].description).toBe('{{ doc("payment_id") }}');
    const g = p.modelerFiles.find((f) => f.file === 'Modeler/glossary/commerce.glossary.yaml')!;
    expect(g.ok).toBe(true);
    expect(g.model!.entities.find((e) => e.name === 'stg_shop__orders')!.columns.map((c) => [c.name, c.binding?.glossary_term, c.binding?.status]))
      .toEqual([['order_id', 'order', 'proposed'], ['customer_id', 'customer', 'proposed']]);
    expect(projectFindings(p).some((f) => f.code === 'READINESS_COLUMN_DESCRIPTION_MISSING' && f.target === 'stg_stripe__payments.payment_id')).toBe(false);
  });

  it('improves a doc-bound description by an update_file of the .md file, never a YAML change', async () => {
    const dir = copyProject(SAAS);
    const md = join(dir, 'models/docs/_saas_docs.md');
    writeFileSync(md, readFileSync(md, 'utf8').replace(/Identifier of a workspace, the project space inside an account where users collaborate\./, 'Workspace id.'));
    const s = AssistantSession.open(dir);
    const r = await ask(s, { message: 'improve the description of dim_workspaces.workspace_id' });
    expect(r.proposed_changes).toHaveLength(1);
    expect(r.proposed_changes[0]).toMatchObject({ op: 'update_file', path: 'models/docs/_saas_docs.md', valid: true });
    applyToCopy(dir, r.proposed_changes);
    const p = loadProject(dir);
    expect(p.docs.get('workspace_id')!.body).toBe('A project space inside an account.');
    expect(p.modelByName.get('dim_workspaces')!.columns[0].description).toBe('{{ doc("workspace_id") }}');
  });

  it('names what it cannot derive instead of guessing', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const r = await ask(s, { message: 'add relationships tests to stg_stripe__payments' });
    expect(r.proposed_changes).toEqual([]);
    expect(r.answer).toContain('stg_stripe__payments.customer_id: several tables could be its parent (stg_shop__customers, stg_stripe__customers); add the relationships test by hand');
  });

  it('proposes nothing for a table whose name is typed wrong, and checks the group a request names', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const typo = await ask(s, { message: 'add tests to stg_shop__ordrs.order_id' });
    expect(typo.proposed_changes).toEqual([]);
    expect(typo.answer.split('\n')[0]).toBe("No model is named `stg_shop__ordrs`; did you mean `stg_shop__orders`? Nothing is proposed: ask again with the table's name.");
    // "the staging models": those eight, not the files retrieval found first
    const group = await ask(s, { message: 'add descriptions to the staging models' });
    expect(group.answer.split('\n')[0]).toBe('Checked 8 models for: doc descriptions.');
    // a few tables checked are named
    const two = await ask(s, { message: 'add a relationships test from stg_stripe__payments.customer_id to stg_stripe__customers' });
    expect(two.answer.split('\n')[0]).toBe('Checked 2 models (stg_stripe__payments, stg_stripe__customers) for: relationship tests.');
  });
});

describe('Local answers about a column\'s lineage, with the SQL parser loaded (as ask and serve load it)', () => {
  let s: AssistantSession;
  // the session reads the project's columns when opened: after the parser is loaded
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(copyProject(EXAMPLE)); });

  it('a column documented in YAML that the SQL does not return is said to be so, never "did you mean" itself', async () => {
    // Dagster's fct_steps documents total_step_duration_mins; its SQL returns step_duration_mins
    const dir = copyProject(EXAMPLE);
    const sql = join(dir, 'models', 'marts', 'orders.sql');
    writeFileSync(sql, readFileSync(sql, 'utf8').replace('as amount', 'as amounts'));
    const stale = await ask(AssistantSession.open(dir), { message: 'how is orders.amount calculated?' });
    expect(stale.answer.split('\n')[0]).toBe('`orders.amount` is documented in YAML (models/marts/_marts.yml:79) but the SQL of `orders` does not return it (models/marts/orders.sql): '
      + 'the YAML entry is stale or the column is named otherwise in the SQL; did you mean `orders.amounts`?');
    // asked what it is (explain, as the MCP tool and the UI ask), it is not "a column of orders":
    // crowdcow-warehouse's int_order_ranks.user_id, listed in YAML, was explained as one with no word of its SQL
    const what = await ask(AssistantSession.open(dir), { message: 'what is orders.amount' });
    expect(what.answer.split('\n')[0]).toBe('`orders.amount` is listed as a column of `orders` in YAML (models/marts/_marts.yml:79), but its SQL (models/marts/orders.sql, read completely) does not return it: '
      + 'the YAML entry is stale or the column is named otherwise in the SQL, and the table dbt builds has no such column (warning YAML_COLUMN_NOT_IN_SQL).');
  });

  it('a column with no description of its own is explained with the one of the column it passes through or renames', async () => {
    // Dagster's fct_runs.run_status (`runs.status as run_status`, in no YAML) was "a column", no more;
    // stg_postgres__runs.status describes it and lists its accepted values
    const dir = copyProject(EXAMPLE);
    const yml = join(dir, 'models', 'marts', '_marts.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8')
      .replace("      - name: store_id\n        description: The store that fulfilled the order.\n", '      - name: store_id\n')
      .replace("      - name: status\n        description_ref: {doc: order_status}\n        description: '{{ doc(\"order_status\") }}'\n", ''));
    const t = AssistantSession.open(dir);
    const bare = (await ask(t, { message: 'what does orders.store_id mean?' })).answer.split('\n');
    expect(bare.slice(0, 2)).toEqual(['`orders.store_id` is a column of `orders` (models/marts/_marts.yml:72).',
      'It passes through unchanged from `stg_shop__orders.store_id`, described at models/staging/shop/_shop__models.yml:40: The store that fulfilled the order.']);
    expect(bare[2]).toBe('Tests there: relationships → stg_stores.store_id');
    const sqlOnly = (await ask(t, { message: 'what does orders.status mean?' })).answer.split('\n');
    expect(sqlOnly[0]).toBe('`orders.status` is a column of `orders`, returned by its SQL and not documented in YAML (models/marts/orders.sql:6).');
    expect(sqlOnly[1]).toMatch(/^It passes through unchanged from `stg_shop__orders\.status`, described at models\/staging\/shop\/_shop__models\.yml:\d+: \S/);
  });

  it('answers "what feeds" and "what uses" a named column from its column lineage, not at model level', async () => {
    const up = await ask(s, { message: 'what feeds stg_shop__orders.customer_id' });
    expect(up.answer).toMatch(/^`stg_shop__orders\.customer_id` is renamed from `shop\.orders\.user_id` in the SQL of `stg_shop__orders` \(models\/staging\/shop\/stg_shop__orders\.sql:3\)\./);
    const down = await ask(s, { message: 'what uses stg_shop__orders.customer_id' });
    expect(down.answer).toMatch(/^`stg_shop__orders\.customer_id` feeds `orders\.customer_id` \(passthrough, models\/marts\/orders\.sql:3\)\./);
    // a column the model does not return: said so, with the model's inputs as the closest facts
    const none = await ask(s, { message: 'what feeds orders.nope' });
    expect(none.answer).toMatch(/^I cannot tell where `orders\.nope` comes from: its SQL as read does not return `nope` \(models\/marts\/orders\.sql\)\.\n/);
    // a name typed wrong: the nearest column, as `modeler lineage` suggests it
    const typo = await ask(s, { message: 'what feeds orders.custmer_id' });
    expect(typo.answer.split('\n')[0]).toBe('I cannot tell where `orders.custmer_id` comes from: its SQL as read does not return `custmer_id` (models/marts/orders.sql); did you mean `orders.customer_id`?');
    // a table's name typed wrong: the nearest table; a word alone only when it is that near (customer_idd is no table's typo)
    expect((await ask(s, { message: 'what feeds ordrs.customer_id' })).answer.split('\n')[0]).toBe('I cannot tell which model this asks about: no model is named `ordrs`; did you mean `orders`?');
    expect((await ask(s, { message: 'what feeds stg_shop__ordrs' })).answer.split('\n')[0]).toBe('I cannot tell which model this asks about: no model is named `stg_shop__ordrs`; did you mean `stg_shop__orders`?');
    expect((await ask(s, { message: 'where does customer_idd come from' })).answer.split('\n')[0]).toBe('I cannot tell which model this asks about: name it, or select it first.');
    for (const r of [up, down, none]) expect(r.answer).not.toContain('not traced by this answer');
    // a model alone is still answered at model level
    expect((await ask(s, { message: 'what feeds orders' })).answer).toMatch(/^`orders` is built from the 2 models/);
  });

  it('answers a question about a disabled table with what disables it and the value that enables it, instead of "which model"', async () => {
    const dir = copyProject(EXAMPLE);
    writeFileSync(join(dir, 'models', 'marts', 'off_model.sql'), "{{ config(enabled=(var('use_off', var('all_off', false)) | as_bool)) }}\nselect order_id from {{ ref('orders') }}\n");
    const off = AssistantSession.open(dir);
    const lead = "`off_model` is enabled or disabled by the var `use_off` (default var('all_off', false)) (models/marts/off_model.sql:1); as the project is read now it is disabled.";
    for (const message of ['where does off_model.order_id come from', 'is off_model enabled?', 'explain off_model']) {
      const r = await ask(off, { message });
      expect(r.answer.split('\n')[0], message).toBe(lead);
      expect(r.answer).toContain("--vars '{use_off: true}'");
    }
    // an enabled table is answered as before
    expect((await ask(off, { message: 'which var enables orders?' })).answer).toMatch(/^`orders` is enabled: no var or target setting decides it/);
  });
});
