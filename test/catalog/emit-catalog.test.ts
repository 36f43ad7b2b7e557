// `modeler emit catalog` end to end through the built binary.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, parseDocument, visit } from 'yaml';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { itShared, PEER } from '../helpers/shared.js';
import { schemaValidator } from '../../src/core/json-schema.js';
import { formatDiagnostic } from '../../src/core/diagnostics.js';
import { exportCatalog } from '../../src/catalog/export.js';

const TARGETS = ['target_a', 'target_b', 'target_c'];

/** A glossary model; `bind` is the YAML for how Order.amount is bound to order_amount. */
function glossaryModel(bind: string): string {
  return `kind: glossary
model:
  name: commerce_glossary
  version: 1.0.0
  domain: commerce
  description: Shared commerce vocabulary
  dialect: postgres
  catalog: {database: analytics, schema: marts, connection: "1657025257", service: pg_prod}
glossary:
  - term: customer
    definition: A person or company that placed at least one order
    tags: [pii, core]
    synonyms: [client, buyer]
  - term: order_amount
    definition: Total value of an order after discounts
    tags: [finance]
  - term: unused_term
    definition: Nobody binds this yet
entities:
  - name: Customer
    physical_name: dim_customers
    columns:
      - {name: customer_id, data_type: integer, binding: {glossary_term: customer, status: approved}}
      - {name: email, data_type: varchar, binding: {glossary_term: customer, status: proposed}}
  - name: Order
    schema: sales.eu
    columns:
      - name: amount
        data_type: decimal(12,2)
${bind}
`;
}
const SHAPES = {
  binding: '        binding: {glossary_term: order_amount, status: approved}',
  terms: '        terms: [order_amount]',
  meta: '        meta: {glossary_term: order_amount}',
};

/** Export in process (the core function the CLI calls); exit codes are covered by the CLI tests below. */
function exportTo(modelText: string, flags: Record<string, string> = {}) {
  const dir = tempDir('modeler-catalog-');
  writeFileSync(join(dir, 'glossary.model.yaml'), modelText);
  const out = join(dir, 'out');
  const r = exportCatalog({ model: join(dir, 'glossary.model.yaml'), out, targets: ['target_a', 'target_b', 'target_c'], flags });
  const text = r.diagnostics.map((d) => formatDiagnostic(d)).join('\n');
  return { dir, out, ...r, text };
}

/** The same through the built binary. */
function cliExport(modelText: string, extra: string[] = []) {
  const dir = tempDir('modeler-catalog-');
  writeFileSync(join(dir, 'glossary.model.yaml'), modelText);
  const out = join(dir, 'out');
  const r = runCli(['emit', 'catalog', '--target', 'target_a', '--target', 'target_b', '--target', 'target_c',
    '--model', join(dir, 'glossary.model.yaml'), '--out', out, ...extra]);
  return { dir, out, ...r };
}
const read = (out: string, t: string) => readFileSync(join(out, `${t}.json`), 'utf8');

describe('emit catalog payloads', () => {
  const r = cliExport(glossaryModel(SHAPES.binding));
  it('writes one file per target and exits 0', () => {
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(r.out).sort()).toEqual(TARGETS.map((t) => `${t}.json`));
  });
  it('every file carries the glossary and one entry per term with its bound columns', () => {
    for (const t of TARGETS) {
      const doc = JSON.parse(read(r.out, t));
      expect(doc.target).toBe(t);
      expect(doc.glossary).toMatchObject({ name: 'commerce_glossary', domain: 'commerce', description: 'Shared commerce vocabulary' });
      expect(doc.terms.map((x: any) => x.term)).toEqual(['customer', 'order_amount', 'unused_term']);
      const customer = doc.terms[0];
      expect(customer).toMatchObject({ definition: 'A person or company that placed at least one order', tags: ['core', 'pii'], synonyms: ['buyer', 'client'] });
      expect(customer.columns).toHaveLength(2);
      expect(doc.terms[2].columns).toEqual([]);
    }
  });
  it('every payload validates against schemas/catalog-payload.schema.json (identifier patterns included)', () => {
    const validate = schemaValidator('catalog-payload.schema.json');
    for (const t of TARGETS) {
      const doc = JSON.parse(read(r.out, t));
      expect(validate(doc), `${t}: ${JSON.stringify(validate.errors?.[0])}`).toBe(true);
      const wrong = structuredClone(doc);
      wrong.terms[0].columns[0][t === 'target_a' ? 'qualifiedName' : t === 'target_b' ? 'urn' : 'status'] = 'db.schema.table.col';
      expect(validate(wrong), t).toBe(false);
    }
  });
  it('target_a keys columns by Atlan qualifiedName', () => {
    const doc = JSON.parse(read(r.out, 'target_a'));
    expect(doc.terms[0].columns.map((c: any) => [c.qualifiedName, c.status])).toEqual([
      ['default/postgres/1657025257/analytics/marts/dim_customers/customer_id', 'approved'],
      ['default/postgres/1657025257/analytics/marts/dim_customers/email', 'proposed'],
    ]);
    expect(doc.terms[1].columns[0].qualifiedName).toBe('default/postgres/1657025257/analytics/sales.eu/Order/amount');
    expect(doc.connection.qualifiedName).toBe('default/postgres/1657025257');
  });
  it('target_b keys columns by DataHub schema-field URN', () => {
    const doc = JSON.parse(read(r.out, 'target_b'));
    expect(doc.terms[1].columns[0].urn)
      .toBe('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:postgres,analytics.sales.eu.Order,PROD),amount)');
    expect(doc.terms[0].columns.map((c: any) => c.status)).toEqual(['approved', 'proposed']);
    expect(doc.terms[0].urn).toBe('urn:li:glossaryTerm:commerce_glossary.customer');
  });
  it('target_c keys columns by <service>.<database>.<schema>.<table> plus the column, quoting dotted names', () => {
    const doc = JSON.parse(read(r.out, 'target_c'));
    expect(doc.terms[1].columns[0]).toMatchObject({
      table: 'pg_prod.analytics."sales.eu".Order', column: 'amount', fullyQualifiedName: 'pg_prod.analytics."sales.eu".Order.amount', status: 'approved',
    });
    expect(doc.terms[0].columns[0].table).toBe('pg_prod.analytics.marts.dim_customers');
  });
});

describe('normalisation and idempotence', () => {
  it('all three binding shapes give byte-identical payloads', () => {
    const outs = Object.values(SHAPES).map((b) => exportTo(glossaryModel(b)));
    for (const o of outs) expect(o.ok).toBe(true);
    for (const t of TARGETS) {
      expect(read(outs[1].out, t)).toBe(read(outs[0].out, t));
      expect(read(outs[2].out, t)).toBe(read(outs[0].out, t));
    }
  });
  it('an explicit Atlan connection names the connector, whatever the platform', () => {
    const o = exportTo(glossaryModel(SHAPES.binding), { connection: 'default/snowflake/1700000000' });
    const doc = JSON.parse(read(o.out, 'target_a'));
    expect(doc.connection).toEqual({ typeName: 'Connection', qualifiedName: 'default/snowflake/1700000000', connectorName: 'snowflake' });
    expect(doc.terms[1].columns[0].qualifiedName).toBe('default/snowflake/1700000000/analytics/sales.eu/Order/amount');
  });
  it('a binding carries its status (proposed stays proposed)', () => {
    const o = exportTo(glossaryModel(SHAPES.binding.replace('approved', 'proposed')));
    const doc = JSON.parse(read(o.out, 'target_b'));
    expect(doc.terms[1].columns[0].status).toBe('proposed');
  });
  it('re-export is byte-identical, also after reordering unrelated keys in the input', () => {
    const text = glossaryModel(SHAPES.binding);
    const a = exportTo(text);
    const b = exportTo(text);
    const doc = parseDocument(text);
    visit(doc, { Map(_, node) { if (isMap(node)) node.items.reverse(); } });
    const reordered = doc.toString();
    expect(reordered).not.toBe(text);
    expect(reordered.indexOf('entities:')).toBeLessThan(reordered.indexOf('glossary:'));
    const c = exportTo(reordered);
    for (const t of TARGETS) {
      const bytes = readFileSync(join(a.out, `${t}.json`));
      expect(readFileSync(join(b.out, `${t}.json`)).equals(bytes)).toBe(true);
      expect(readFileSync(join(c.out, `${t}.json`)).equals(bytes)).toBe(true);
      expect(bytes.toString('utf8').endsWith('}\n')).toBe(true);
    }
  });
  it('output keys are sorted at every level', () => {
    const o = exportTo(glossaryModel(SHAPES.meta));
    const check = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(check);
      else if (v && typeof v === 'object') {
        const keys = Object.keys(v);
        expect(keys).toEqual([...keys].sort());
        Object.values(v).forEach(check);
      }
    };
    for (const t of TARGETS) check(JSON.parse(read(o.out, t)));
  });
});

describe('errors write nothing', () => {
  it('a binding to an undefined term exits 1 naming the term', () => {
    const o = cliExport(glossaryModel('        binding: {glossary_term: order_amt, status: approved}'));
    expect(o.code).toBe(1);
    expect(o.stderr).toContain("'order_amt'");
    expect(o.stderr).toMatch(/glossary\.model\.yaml:\d+:\d+: error\[UNKNOWN_GLOSSARY_TERM\]/);
    expect(existsSync(o.out)).toBe(false);
  });
  it('legacy shapes to an undefined term fail the same way, also in a model without a glossary', () => {
    const o = exportTo(glossaryModel('        meta: {glossary_term: nope}'));
    expect(o.ok).toBe(false);
    expect(o.text).toMatch(/glossary\.model\.yaml:\d+:\d+: error\[UNKNOWN_GLOSSARY_TERM\].*'nope'/);
    const bare = exportTo('model: {name: m, version: 1.0.0}\nentities:\n  - name: A\n    columns:\n      - {name: a, terms: [revenue]}\n');
    expect(bare.ok).toBe(false);
    expect(bare.text).toContain("'revenue'");
    expect(existsSync(bare.out)).toBe(false);
  });
  it('a name one catalog cannot express fails the whole run (no target written)', () => {
    const slash = exportTo(glossaryModel(SHAPES.binding).replace('physical_name: dim_customers', 'physical_name: "dim/customers"'));
    expect(slash.ok).toBe(false);
    expect(slash.text).toContain('target_a');
    expect(slash.text).toContain("'dim/customers'");
    expect(existsSync(slash.out)).toBe(false);
    const quote = exportTo(glossaryModel(SHAPES.binding).replace('schema: sales.eu', 'schema: \'sales"eu\''));
    expect(quote.ok).toBe(false);
    expect(quote.text).toContain('target_c');
    expect(existsSync(quote.out)).toBe(false);
  });
  it('a target file that cannot be written leaves the other targets\' files untouched', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'g.yaml'), glossaryModel(SHAPES.binding));
    const out = join(dir, 'o');
    mkdirSync(join(out, 'target_b.json'), { recursive: true }); // a directory in the way of target_b
    writeFileSync(join(out, 'target_a.json'), 'previous export\n');
    const r = runCli(['emit', 'catalog', '--target', 'atlan,datahub', '--model', join(dir, 'g.yaml'), '--out', out]);
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(/cannot write .*target_b\.json/);
    expect(readFileSync(join(out, 'target_a.json'), 'utf8')).toBe('previous export\n');
    expect(readdirSync(out).sort()).toEqual(['target_a.json', 'target_b.json']); // no temp files left
  });
  it('a bad catalog setting in the model header is a located error in that file (exit 1), not a usage error', () => {
    const model = glossaryModel(SHAPES.binding).replace('catalog: {database: analytics', 'catalog: {env: "prod env", database: analytics');
    const o = cliExport(model);
    expect(o.code).toBe(1);
    expect(o.stderr).toMatch(/glossary\.model\.yaml:8:\d+: error\[CATALOG_SETTING\]: catalog env 'PROD ENV'/);
    expect(existsSync(o.out)).toBe(false);
    // the same value from a flag stays a one-line usage error
    const flag = cliExport(glossaryModel(SHAPES.binding), ['--env', 'prod env']);
    expect(flag.code).toBe(64);
    expect(flag.stderr.trim().split('\n')).toHaveLength(1);
  });
  it('an invalid model fails with located errors', () => {
    const o = exportTo(glossaryModel(SHAPES.binding).replace('data_type: integer', 'data_typ: integer'));
    expect(o.ok).toBe(false);
    expect(o.text).toMatch(/error\[SCHEMA\].*did you mean 'data_type'/);
  });
  it('usage errors exit 64 with one line', () => {
    for (const args of [
      ['emit', 'catalog', '--target', 'atlas', '--model', 'x.yaml', '--out', 'o'],
      ['emit', 'catalog', '--target', 'atlan', '--out', 'o'],
      ['emit', 'catalog', '--target', 'atlan', '--model', join(EXAMPLE, 'Modeler/glossary/commerce.glossary.yaml'), '--out', tempDir(), '--connection', 'conn1'],
    ]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      if (args.includes('atlas')) expect(r.stderr).toContain("did you mean 'atlan'");
      if (args.includes('conn1')) expect(r.stderr).toContain("catalog connection 'conn1' must be an Atlan connection qualifiedName");
    }
    expect(() => exportTo('model: {name: m, version: 1.0.0}\n', { env: 'prod env' })).toThrow(/env/);
  });
});

describe('aliases, flags and the peer model', () => {
  it('friendly aliases select the same targets; flags override the model', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'g.yaml'), glossaryModel(SHAPES.binding));
    const r = runCli(['emit', 'catalog', '--target', 'datahub,openmetadata', '--model', join(dir, 'g.yaml'), '--out', join(dir, 'o'), '--env', 'dev', '--service', 'om_svc']);
    expect(r.code).toBe(0);
    expect(readdirSync(join(dir, 'o')).sort()).toEqual(['target_b.json', 'target_c.json']);
    expect(read(join(dir, 'o'), 'target_b')).toContain(',DEV),amount)');
    expect(JSON.parse(read(join(dir, 'o'), 'target_c')).terms[1].columns[0].table).toBe('om_svc.analytics."sales.eu".Order');
  });
  it('without a configured connection target_a says so on stderr and uses a visible placeholder', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'g.yaml'), glossaryModel(SHAPES.binding).replace(', connection: "1657025257"', ''));
    const r = runCli(['emit', 'catalog', '--target', 'atlan', '--model', join(dir, 'g.yaml'), '--out', join(dir, 'o')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('no Atlan connection configured');
    expect(read(join(dir, 'o'), 'target_a')).toContain('"default/postgres/0000000000/analytics/marts/dim_customers/customer_id"');
  });
  itShared('exports the peer enterprise model (terms without bindings) instead of rejecting it', () => {
    const out = tempDir();
    const r = exportCatalog({ model: join(PEER, 'model-examples/enterprise-dwh.model.yaml'), out, targets: ['target_c'] });
    expect(r.ok).toBe(true);
    const doc = JSON.parse(read(out, 'target_c'));
    expect(doc.terms.map((t: any) => t.term)).toContain('Customer Lifetime Value');
  });
  it('exports the embedded example glossary, whose bindings use all three shapes', () => {
    const out = tempDir();
    const r = exportCatalog({ model: join(EXAMPLE, 'Modeler/glossary/commerce.glossary.yaml'), out, targets: ['target_a', 'target_b', 'target_c'] });
    expect(r.ok).toBe(true);
    const doc = JSON.parse(read(out, 'target_b'));
    expect(doc.terms.map((t: any) => [t.term, t.columns.map((c: any) => `${c.fieldPath}:${c.status}`)])).toEqual([
      ['customer', ['customer_id:approved', 'customer_id:approved']],
      ['lifetime_value', ['lifetime_value:approved']],
      ['order', ['order_id:proposed']],
    ]);
    expect(r.notes.join()).toContain('no Atlan connection configured');
  });
});
