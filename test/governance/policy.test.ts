import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { itShared, PEER } from '../helpers/shared.js';
import { checkPolicies } from '../../src/governance/policy/engine.js';
import { RULE_TYPES } from '../../src/governance/policy/rules/index.js';
import { loadModelFile } from '../../src/core/model/load.js';

const MODEL = `model: {name: crm, version: 1.0.0}
entities:
  - name: stg_customers
    description: Customers.
    owner: crm-team@example.com
    tags: [silver]
    meta: {layer: stg, grain: customer}
    materialization: table
    columns:
      - {name: customer_id, data_type: integer, primary_key: true, tests: [unique, not_null]}
      - {name: email, data_type: varchar, description: Mail address.}
      - {name: phone, data_type: varchar, description: Phone., sensitivity: confidential}
      - {name: CamelCase, data_type: int, description: Bad name.}
  - name: Orders
    columns:
      - {name: order_id, data_type: integer, unique: true}
      - {name: customer_id, data_type: unknown, description: Buyer., deprecated: true}
    meta: {contract: {enforced: true}, deprecated: true}
relationships:
  - {name: c_o, from: stg_customers.customer_id, to: Orders.customer_id, cardinality: one_to_many}
`;

function setup() {
  const dir = tempDir('policy-');
  const model = join(dir, 'crm.model.yaml');
  writeFileSync(model, MODEL);
  const pack = (name: string, body: string) => { const p = join(dir, name); writeFileSync(p, body); return p; };
  return { dir, model, pack };
}

const ALL_RULES = `pack: {name: all, version: 1.0.0}
rules:
  - {id: DESC, type: require_description, severity: error}
  - {id: OWNER, type: require_owner, severity: error}
  - {id: PK, type: require_primary_key, severity: error}
  - {id: TAGS, type: require_tags, severity: warn, params: {tags: [gold, silver]}}
  - {id: NAMES, type: naming_convention, severity: warn, params: {column_pattern: '^[a-z][a-z0-9_]*$'}}
  - {id: LAYERS, type: regex_per_layer, severity: warn, params: {patterns: {stg: '^stg_'}}}
  - {id: META, type: required_meta_keys, severity: warn, params: {keys: [grain]}}
  - {id: LAYERC, type: layer_constraint, severity: error, params: {layers: {stg: {materialization: [view], requires: [grain]}}}}
  - {id: CLASSIFY, type: classification_required, severity: error}
  - {id: TESTS, type: require_tests, severity: warn, params: {accept_constraints: false}}
  - {id: DEPR, type: deprecation_check, severity: warn}
  - {id: CONTRACT, type: require_contract, severity: info}
  - {id: DTYPES, type: require_data_type_when_contracted, severity: error}
`;

describe('policy rule types on a model file', () => {
  const { model, pack } = setup();
  const r = checkPolicies({ modelFile: model }, [pack('all.policy.yaml', ALL_RULES)]);
  const by = (id: string) => r.violations.filter((v) => v.ruleId === id).map((v) => `${v.object}${v.objectColumn ? '.' + v.objectColumn : ''}`).sort();
  it('every rule type of the issue exists', () => {
    for (const t of ['require_description', 'require_owner', 'require_primary_key', 'require_tags', 'naming_convention', 'regex_per_layer', 'required_meta_keys',
      'layer_constraint', 'classification_required', 'require_tests', 'deprecation_check', 'require_contract', 'require_data_type_when_contracted']) expect(RULE_TYPES.has(t)).toBe(true);
    expect(r.diagnostics.filter((d) => d.code.startsWith('POLICY_') && !r.violations.includes(d as any))).toEqual([]);
  });
  it('require_description: objects and columns', () => expect(by('DESC')).toEqual(['Orders', 'Orders.order_id', 'stg_customers.customer_id']));
  it('require_owner', () => expect(by('OWNER')).toEqual(['Orders']));
  it('require_primary_key accepts unique columns only through keys (Orders has none)', () => expect(by('PK')).toEqual(['Orders']));
  it('require_tags (any of)', () => expect(by('TAGS')).toEqual(['Orders']));
  it('naming_convention per column', () => expect(by('NAMES')).toEqual(['stg_customers.CamelCase']));
  it('regex_per_layer passes a stg_ model in layer stg', () => expect(by('LAYERS')).toEqual([]));
  it('required_meta_keys', () => expect(by('META')).toEqual(['Orders']));
  it('layer_constraint: materialization of the stg layer', () => {
    expect(by('LAYERC')).toEqual(['stg_customers']);
    expect(r.violations.find((v) => v.ruleId === 'LAYERC')!.message).toContain('materialized as table; allowed: view');
  });
  it('classification_required: email without sensitivity, phone classified', () => expect(by('CLASSIFY')).toEqual(['stg_customers.email']));
  it('require_tests: the key needs tests when constraints do not count', () => expect(by('TESTS')).toEqual([]));
  it('deprecation_check: messages and references to deprecated objects', () => expect(by('DEPR')).toEqual(['Orders', 'Orders.customer_id']));
  it('require_contract: everything not enforced', () => expect(by('CONTRACT')).toEqual(['stg_customers']));
  it('require_data_type_when_contracted: unknown type in a contracted entity', () => {
    expect(by('DTYPES')).toEqual(['Orders.customer_id']);
    expect(r.violations.find((v) => v.ruleId === 'DTYPES')).toMatchObject({ line: 17, severity: 'error' });
  });
  it('every violation is located in the model file', () => {
    for (const v of r.violations) { expect(v.file).toBe(model); expect(v.line).toBeGreaterThan(0); }
    expect(r.errorCount).toBeGreaterThan(0);
    expect(r.ok).toBe(false);
  });
});

describe('policy packs: merge, inherit, validation', () => {
  it('several --policy merge left to right by rule id (later wins)', () => {
    const { model, pack } = setup();
    const a = pack('a.yaml', 'pack: {name: a, version: 1.0.0}\nrules:\n  - {id: OWNER, type: require_owner, severity: error}\n  - {id: TAGS, type: require_tags, severity: warn}\n');
    const b = pack('b.yaml', 'pack: {name: b, version: 1.0.0}\nrules:\n  - {id: OWNER, type: require_owner, severity: info}\n');
    const r = checkPolicies({ modelFile: model }, [a, b]);
    expect(r.rules.map((x) => [x.id, x.severity, x.pack])).toEqual([['OWNER', 'info', 'b'], ['TAGS', 'warn', 'a']]);
    expect(r.violations.find((v) => v.ruleId === 'OWNER')!.severity).toBe('info');
    expect(r.ok).toBe(true);
  });
  it('--inherit resolves extends relative to the pack and the bundled modeler/base; without it extends is only noted', () => {
    const { dir, model, pack } = setup();
    mkdirSync(join(dir, 'base'));
    writeFileSync(join(dir, 'base', 'root.yaml'), 'pack: {name: root, version: 1.0.0, extends: modeler/base}\nrules:\n  - {id: OWNER, type: require_owner, severity: error}\n');
    const child = pack('child.yaml', 'pack: {name: child, version: 1.0.0, extends: base/root.yaml}\nrules:\n  - {id: OWNER, type: require_owner, severity: warn}\n');
    const r = checkPolicies({ modelFile: model }, [child], { inherit: true });
    expect(r.packs.map((p) => p.name)).toEqual(['child', 'root', 'modeler_base']);
    expect(r.rules.find((x) => x.id === 'OWNER')!.severity).toBe('warn');
    expect(r.rules.some((x) => x.id === 'LAYER_NAMING')).toBe(true);
    const plain = checkPolicies({ modelFile: model }, [child]);
    expect(plain.rules.map((x) => x.id)).toEqual(['OWNER']);
    expect(plain.diagnostics.find((d) => d.code === 'POLICY_EXTENDS_IGNORED')).toMatchObject({ severity: 'info', line: 1 });
  });
  it('a base that cannot be found is a located error, never skipped', () => {
    const { model, pack } = setup();
    const p = pack('x.yaml', 'pack:\n  name: x\n  version: 1.0.0\n  extends: ../nowhere.yaml\nrules: []\n');
    const r = checkPolicies({ modelFile: model }, [p], { inherit: true });
    expect(r.diagnostics.find((d) => d.code === 'POLICY_BASE_NOT_FOUND')).toMatchObject({ severity: 'error', line: 4 });
    expect(r.ok).toBe(false);
    const cyc = pack('cyc.yaml', 'pack: {name: cyc, version: 1.0.0, extends: cyc.yaml}\nrules: []\n');
    expect(checkPolicies({ modelFile: model }, [cyc], { inherit: true }).diagnostics.some((d) => d.code === 'POLICY_EXTENDS_CYCLE')).toBe(true);
  });
  itShared('peer packs: every unknown rule type is located with a did-you-mean; custom_expression is never evaluated', () => {
    const r = checkPolicies({ modelFile: join(PEER, 'tests/scenarios/base.model.yaml') }, [join(PEER, 'policies/default.policy.yaml')]);
    const unknown = r.diagnostics.filter((d) => d.code === 'POLICY_UNKNOWN_RULE_TYPE');
    expect(unknown.map((d) => d.line)).toEqual([8, 15, 21]);
    expect(unknown[0].message).toContain("'require_entity_tags' (did you mean 'require_tags'?)");
    expect(unknown[1].message).toContain("did you mean 'require_description'");
    expect(r.errorCount).toBeGreaterThanOrEqual(3);
    const { pack, model } = setup();
    const evil = pack('evil.yaml', "pack: {name: evil, version: 1.0.0}\nrules:\n  - id: X\n    type: custom_expression\n    params: {expression: \"__import__('os').system('touch /tmp/pwned-by-pack') or process.exit(3)\"}\n");
    const e = checkPolicies({ modelFile: model }, [evil]);
    expect(e.diagnostics.find((d) => d.code === 'POLICY_UNKNOWN_RULE_TYPE')!.hint).toContain('never evaluate');
  });
  it('parameters are checked: unknown names (did you mean), kinds, regular expressions', () => {
    const { model, pack } = setup();
    const p = pack('p.yaml', "pack: {name: p, version: 1.0.0}\nrules:\n  - {id: A, type: require_tags, params: {tagz: [x]}}\n  - {id: B, type: naming_convention, params: {column_pattern: '([a-z'}}\n  - {id: C, type: require_tags, params: {mode: some}}\n");
    const r = checkPolicies({ modelFile: model }, [p]);
    const bad = r.diagnostics.filter((d) => d.code === 'POLICY_PARAM_INVALID');
    expect(bad.map((d) => d.line)).toEqual([3, 4, 5]);
    expect(bad[0].message).toContain("unknown parameter 'tagz' (did you mean 'tags'?)");
    expect(bad[1].message).toContain('not a valid regular expression');
    expect(bad[2].message).toContain('must be one of any, all');
    expect(r.violations).toEqual([]);
  });
  it("a rule type or parameter named like an Object member (constructor, toString) is unknown, not Object's own", () => {
    const { model, pack } = setup();
    const p = pack('o.yaml', 'pack: {name: o, version: 1.0.0}\nrules:\n  - {id: A, type: constructor}\n  - {id: B, type: toString}\n  - {id: C, type: require_tags, params: {toString: 1, constructor: x}}\n');
    const r = checkPolicies({ modelFile: model }, [p]);
    const types = r.diagnostics.filter((d) => d.code === 'POLICY_UNKNOWN_RULE_TYPE');
    expect(types.map((d) => d.message)).toEqual(["rule 'A': unknown rule type 'constructor'", "rule 'B': unknown rule type 'toString'"]);
    const params = r.diagnostics.filter((d) => d.code === 'POLICY_PARAM_INVALID');
    expect(params.map((d) => [d.line, d.message])).toEqual([
      [5, "rule 'C' (require_tags): unknown parameter 'toString'"],
      [5, "rule 'C' (require_tags): unknown parameter 'constructor'"],
    ]);
    expect(r.ok).toBe(false);
  });
  it('schema errors in a pack are located', () => {
    const { model, pack } = setup();
    const p = pack('s.yaml', 'pack: {name: s, version: one}\nrules:\n  - {id: A, type: require_tags, severity: fatal}\n');
    const r = checkPolicies({ modelFile: model }, [p]);
    expect(r.diagnostics.filter((d) => d.code === 'POLICY_PACK_INVALID').map((d) => d.line)).toEqual([1, 3]);
  });
});

describe('policies on dbt YAML and a project directory', () => {
  const pack = (dir: string) => { const p = join(dir, 'p.yaml'); writeFileSync(p, `pack: {name: p, version: 1.0.0}
rules:
  - {id: DESC, type: require_description, severity: error, selector: {layer: stg}}
  - {id: KEYS, type: require_tests, severity: error}
  - {id: IFACE_CONTRACT, type: require_contract, severity: error, selector: {interface: true}}
  - {id: OWNERS, type: require_owner, severity: warn, selector: {path: 'models/marts/**'}}
`); return p; };
  it('a project directory: selectors by layer, Interface and path; file:line of the dbt YAML', () => {
    const dir = tempDir('policy-proj-');
    const r = checkPolicies({ projectDir: EXAMPLE }, [pack(dir)]);
    const desc = r.violations.filter((v) => v.ruleId === 'DESC');
    expect(desc.find((v) => v.objectColumn === 'store_id')).toMatchObject({ file: 'models/staging/inventory/_inventory.yml', line: 14 });
    expect(desc.every((v) => v.object.startsWith('stg_'))).toBe(true);
    // orders is a shared Interface without an enforced contract; customers is contracted
    expect(r.violations.filter((v) => v.ruleId === 'IFACE_CONTRACT').map((v) => v.object)).toEqual(['orders']);
    expect(r.violations.filter((v) => v.ruleId === 'KEYS')).toEqual([]);
    expect(r.violations.filter((v) => v.ruleId === 'OWNERS').map((v) => v.object).sort()).toEqual(['rpt_daily_revenue']);
  });
  it('a single dbt property file', () => {
    const dir = tempDir('policy-file-');
    const r = checkPolicies({ modelFile: join(EXAMPLE, 'models/staging/inventory/_inventory.yml') }, [pack(dir)]);
    expect(r.violations.filter((v) => v.ruleId === 'DESC').map((v) => v.objectColumn)).toContain('store_id');
  });
  itShared('model-diff mode: a Model object without a file', () => {
    const dir = tempDir('policy-m-');
    const lm = loadModelFile(join(PEER, 'tests/scenarios/base.model.yaml'));
    const p = join(dir, 'o.yaml');
    writeFileSync(p, 'pack: {name: o, version: 1.0.0}\nrules:\n  - {id: OWNER, type: require_owner}\n');
    const r = checkPolicies({ model: lm.model! }, [p]);
    expect(r.violations.map((v) => v.object)).toEqual(['Customer', 'Order']);
    expect(r.errorCount).toBe(2);
  });
});

describe('policy-check CLI', () => {
  it('exit 0 with warnings only, 1 with errors, pure JSON, 64 for a missing pack', () => {
    const ok = runCli(['policy-check', EXAMPLE, '--policy', 'modeler/base']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/_inventory\.yml:14:\d+: warning\[POLICY_DESCRIPTIONS\]/);
    const strict = runCli(['policy-check', EXAMPLE, '--policy', 'modeler/strict', '--inherit', '--output-json']);
    expect(strict.code).toBe(1);
    const j = JSON.parse(strict.stdout);
    expect(j.packs.map((p: any) => p.name)).toEqual(['modeler_strict', 'modeler_base']);
    expect(j.errorCount).toBeGreaterThan(0);
    const missing = runCli(['policy-check', EXAMPLE, '--policy', 'nope.yaml']);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toMatch(/^modeler: policy pack not found: nope\.yaml\n$/);
    const dir = runCli(['policy-check', EXAMPLE, '--policy', EXAMPLE]);
    expect(dir.code).toBe(64);
    expect(dir.stderr).toMatch(/^modeler: policy pack .* is a directory; give a pack file/);
  });
  it('without a target it checks the dbt project found from the working folder, as dbt finds it; a folder outside one is refused', () => {
    const given = runCli(['policy-check', EXAMPLE, '--policy', 'modeler/base', '--output-json']);
    const found = runCli(['policy-check', '--policy', 'modeler/base', '--output-json'], { cwd: join(EXAMPLE, 'models') });
    expect(found.code, found.stderr).toBe(given.code);
    const violations = (r: typeof given) => JSON.parse(r.stdout).diagnostics.map((d: any) => `${d.file}:${d.line} ${d.code}`);
    expect(violations(found)).toEqual(violations(given));
    expect(violations(found).length).toBeGreaterThan(0);
    const outside = runCli(['policy-check', '--policy', 'modeler/base'], { cwd: tempDir() });
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(/dbt_project\.yml/);
    expect(outside.stderr.trim().split('\n')).toHaveLength(1);
  });
    itShared('exit 1 for an invalid model', () => {
    const r = runCli(['policy-check', join(PEER, 'tests/scenarios/invalid.model.yaml'), '--policy', 'modeler/base']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error[UNKNOWN_ENTITY]');
  });
});
