// Proposals follow the project: a new test list takes the project's key (`tests:` while its
// require-dbt-version admits dbt < 1.8, else the key its files use); a compound key stays the key
// (no single-column unique beside unique_combination_of_columns); a description that mixes prose
// and {{ doc() }} is rewritten around the doc call, which stays; a change on a table a var can
// disable says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { admitsBelow18 } from '../../src/assistant/local/test-key.js';
import { tempDir } from '../helpers/cli.js';

function project(opts: { require?: string; extraYaml?: string } = {}): string {
  const dir = join(tempDir('modeler-follow-'), 'p');
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), `name: follow\nversion: '1.0.0'\nconfig-version: 2\nprofile: follow\n${opts.require ? `require-dbt-version: ${opts.require}\n` : ''}`);
  writeFileSync(join(dir, 'models', 'customers.sql'), 'select 1 as customer_id, 2 as region_id, 3 as day\n');
  writeFileSync(join(dir, 'models', 'orders.sql'), "select 1 as order_id, customer_id from {{ ref('customers') }}\n");
  writeFileSync(join(dir, 'models', 'customers.yml'), `version: 2
models:
  - name: customers
    columns:
      - name: customer_id
        description: The customer. {{ doc('customer_id') }}
      - name: region_id
      - name: day
`);
  writeFileSync(join(dir, 'models', 'orders.yml'), `version: 2
models:
  - name: orders
    columns:
      - name: order_id
      - name: customer_id
        description: The unique identifier of the customer who placed the order, as the shop assigns it.
${opts.extraYaml ?? ''}`);
  writeFileSync(join(dir, 'models', 'docs.md'), '{% docs customer_id %}\nA customer id.\n{% enddocs %}\n');
  return dir;
}

const patchPaths = (r: Awaited<ReturnType<typeof ask>>) => r.proposed_changes.flatMap((c) => (c.patch ?? []).map((o) => o.path));

describe('proposals follow the project', () => {
  it('require-dbt-version ranges: below 1.8 admitted or not', () => {
    expect(admitsBelow18(['>=1.3.0', '<2.0.0'])).toBe(true);
    expect(admitsBelow18(['>=1.8.0'])).toBe(false);
    expect(admitsBelow18(['>=1.7.0, <2.0.0'])).toBe(true);
    expect(admitsBelow18([])).toBe(false);
  });

  it('new test lists take `tests:` in a project that supports dbt < 1.8, `data_tests:` otherwise', async () => {
    const old = AssistantSession.open(project({ require: '[">=1.3.0", "<2.0.0"]' }));
    const a = await ask(old, { message: 'add key tests to customers' });
    expect(patchPaths(a)).toContain('/models/0/columns/0/tests');
    expect(patchPaths(a).some((p) => p.includes('data_tests'))).toBe(false);
    const now = AssistantSession.open(project({ require: '">=1.8.0"' }));
    const b = await ask(now, { message: 'add key tests to customers' });
    expect(patchPaths(b)).toContain('/models/0/columns/0/data_tests');
    for (const c of [...a.proposed_changes, ...b.proposed_changes]) expect(c.valid, JSON.stringify(c.blocked)).toBe(true);
  });

  it('a relationships test asked for from one named column is that one change only (no key tests, no other column)', async () => {
    const dir = project({ extraYaml: '' });
    writeFileSync(join(dir, 'models', 'regions.sql'), 'select 1 as region_id\n');
    writeFileSync(join(dir, 'models', 'regions.yml'), 'version: 2\nmodels:\n  - name: regions\n    columns:\n      - name: region_id\n        data_tests: [unique, not_null]\n');
    writeFileSync(join(dir, 'models', 'orders.sql'), "select 1 as order_id, customer_id, 1 as region_id from {{ ref('customers') }}\n");
    writeFileSync(join(dir, 'models', 'orders.yml'), 'version: 2\nmodels:\n  - name: orders\n    columns:\n      - name: order_id\n      - name: customer_id\n      - name: region_id\n');
    const a = await ask(AssistantSession.open(dir), { message: 'add a relationships test from orders.customer_id to customers.customer_id' });
    expect(a.proposed_changes.map((c) => c.review_summary)).toEqual(['relationships orders.customer_id → customers.customer_id']);
  });

  it('a compound key stays the key: no single-column unique beside unique_combination_of_columns', async () => {
    const dir = project();
    writeFileSync(join(dir, 'models', 'customers.yml'), `version: 2
models:
  - name: customers
    data_tests:
      - dbt_utils.unique_combination_of_columns:
          combination_of_columns: [customer_id, day]
    columns:
      - name: customer_id
      - name: region_id
      - name: day
`);
    const r = await ask(AssistantSession.open(dir), { message: 'add key tests to customers' });
    expect(r.proposed_changes).toEqual([]);
    expect(r.answer).toContain('its key is the combination customer_id + day');
  });

  it('a description mixing prose and {{ doc() }} is rewritten around the doc call', async () => {
    const r = await ask(AssistantSession.open(project()), { message: 'improve the description of customers.customer_id' });
    const ops = r.proposed_changes.flatMap((c) => c.patch ?? []);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ op: 'replace', path: '/models/0/columns/0/description' });
    expect(String((ops[0] as any).value)).toContain("{{ doc('customer_id') }}");
    expect(String((ops[0] as any).value)).toContain('who placed the order');
    expect(String((ops[0] as any).value)).not.toContain('The customer.');
    expect(r.proposed_changes[0].valid, JSON.stringify(r.proposed_changes[0].blocked)).toBe(true);
  });

  it('a change on a table a var can disable says so in its rationale and review summary; others do not', async () => {
    const dir = project();
    // the var in the model's SQL config() (as Fivetran packages write it) and in dbt_project.yml for another
    writeFileSync(join(dir, 'models', 'customers.sql'), "{{ config(enabled=var('using_customers', True)) }}\nselect 1 as customer_id, 2 as region_id, 3 as day\n");
    writeFileSync(join(dir, 'dbt_project.yml'), "name: follow\nversion: '1.0.0'\nconfig-version: 2\nprofile: follow\nmodels:\n  follow:\n    orders:\n      +enabled: \"{{ var('using_orders', true) }}\"\n");
    const s = AssistantSession.open(dir);
    const a = await ask(s, { message: 'add key tests to customers' });
    expect(a.proposed_changes.length).toBeGreaterThan(0);
    for (const c of a.proposed_changes) {
      expect(c.rationale).toContain('`customers` is enabled only when var `using_customers` is true (default True), set at models/customers.sql:1.');
      expect(c.review_summary).toContain('(note: `customers` is enabled only when var `using_customers` is true (default True))');
    }
    const b = await ask(s, { message: 'add key tests to orders' });
    expect(b.proposed_changes.length).toBeGreaterThan(0);
    for (const c of b.proposed_changes) expect(c.rationale).toMatch(/`orders` is enabled only when var `using_orders` is true \(default true\), set at dbt_project\.yml:8\.$/);
    const d = await ask(s, { message: 'improve the description of customers.customer_id' });
    expect(d.proposed_changes[0].review_summary).toContain('enabled only when var `using_customers` is true');
    // without the var, no flag
    const plain = await ask(AssistantSession.open(project()), { message: 'add key tests to customers' });
    expect(plain.proposed_changes.length).toBeGreaterThan(0);
    for (const c of plain.proposed_changes) expect(`${c.rationale} ${c.review_summary}`).not.toContain('enabled only when');
  });
});
