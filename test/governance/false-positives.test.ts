// Readiness and mesh findings that misfired on real projects, each reproduced from its pattern:
// a model's own key read as a foreign key, flags and counts called personal data, source
// freshness not inherited, key tests from packages ignored, disabled tests credited.
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../helpers/cli.js';
import { withModelFiles } from '../helpers/dbt-project.js';
import { loadProject } from '../../src/core/project/load.js';
import { projectFindings } from '../../src/governance/readiness/findings.js';
import { meshCheck } from '../../src/governance/mesh/check.js';
import { checkPolicies } from '../../src/governance/policy/engine.js';

function project(files: Record<string, string>, dbtProject = ''): string {
  const dir = tempDir('modeler-fp-');
  const all = withModelFiles({ 'dbt_project.yml': `name: fp\nversion: "1.0"\nconfig-version: 2\nprofile: fp\n${dbtProject}`, ...files });
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}
const findings = (dir: string, code: string) => projectFindings(loadProject(dir)).filter((f) => f.code === code).map((f) => f.target).sort();

describe('a model\'s own key is not a foreign key', () => {
  const dir = project({
    'models/staging/_stg.yml': `version: 2
models:
  - name: stg_shop__customer
    columns: [{name: customer_id}, {name: store_id}]
  - name: stg_shop__order_items
    columns: [{name: order_item_id}, {name: order_id}, {name: id}]
  - name: customers
    meta: {modeler: {interface: {enabled: true, owner: a, domain: b, status: active, version: v1, description: d, unique_key: customer_key, stability: contracted,
      freshness: {warn_after: {count: 1, period: day}}}}}
    config: {contract: {enforced: true}}
    columns:
      - {name: customer_key, data_type: int, description: k, data_tests: [unique, not_null]}
      - {name: customer_id, data_type: int, description: natural key}
      - {name: account_id, data_type: int, description: the account}
`,
  });
  it('readiness flags only the columns that point at other entities', () => {
    expect(findings(dir, 'READINESS_RELATIONSHIP_TEST_MISSING')).toEqual(['customers.account_id', 'stg_shop__customer.store_id', 'stg_shop__order_items.order_id']);
  });
  it('mesh rule 7 skips the model\'s own natural key', () => {
    const r = meshCheck(dir, { strict: true });
    expect(r.findings.filter((f) => f.code === 'MESH_INTERFACE_RELATIONSHIP_TEST_MISSING').map((f) => f.columnName)).toEqual(['account_id']);
  });
});

describe('flags, counts, identifiers and event times are not personal data', () => {
  const dir = project({
    'models/marts/_m.yml': `version: 2
models:
  - name: contacts
    columns:
      - {name: is_valid_email}
      - {name: num_phone_calls}
      - {name: email_campaign_id}
      - {name: email_opened_at}
      - {name: has_address, data_type: boolean}
      - {name: email_bounced}
      - {name: email}
      - {name: phone_number}
      - {name: birth_date}
      - {name: mailing_address}
`,
  });
  it('readiness asks to classify only real personal data', () => {
    expect(findings(dir, 'READINESS_SENSITIVE_UNCLASSIFIED')).toEqual(['contacts.birth_date', 'contacts.email', 'contacts.mailing_address', 'contacts.phone_number']);
  });
  it('so does the classification_required policy rule', () => {
    const pack = join(dir, 'p.policy.yaml');
    writeFileSync(pack, 'pack: {name: p, version: 1.0.0}\nrules:\n  - {id: cls, type: classification_required, severity: error}\n');
    const r = checkPolicies({ projectDir: dir }, [pack]);
    expect(r.diagnostics.filter((d) => d.code === 'POLICY_cls').map((d) => d.message.match(/'([^']+)'/)![1]).sort())
      .toEqual(['contacts.birth_date', 'contacts.email', 'contacts.mailing_address', 'contacts.phone_number']);
  });
});

describe('source freshness is inherited from the source', () => {
  const dir = project({
    'models/staging/_src.yml': `version: 2
sources:
  - name: crm
    freshness: {warn_after: {count: 12, period: hour}}
    tables:
      - {name: inherits_without_loaded_at}
      - {name: table_loaded_at, loaded_at_field: _synced}
      - {name: opted_out, freshness: null}
  - name: erp
    loaded_at_field: _loaded
    tables:
      - {name: table_freshness, freshness: {warn_after: {count: 1, period: day}}}
`,
  });
  it('only a table whose resolved freshness has no loaded_at_field is flagged', () => {
    expect(findings(dir, 'READINESS_SOURCE_FRESHNESS_WITHOUT_LOADED_AT')).toEqual(['crm.inherits_without_loaded_at']);
  });
});

describe('key tests from packages count, disabled tests do not', () => {
  const yml = (enabled: string) => `version: 2
models:
  - name: fct_sessions
    config: {materialized: table}
    data_tests:
      - dbt_utils.unique_combination_of_columns:
          arguments: {combination_of_columns: [session_id, user_id]}
          config: {enabled: ${enabled}}
    columns: [{name: session_id}, {name: user_id}]
  - name: fct_events
    config: {materialized: table}
    columns:
      - {name: event_id, data_tests: [unique, not_null]}
`;
  it('a unique_combination_of_columns test is a tested key', () => {
    expect(findings(project({ 'models/marts/_m.yml': yml('true') }), 'READINESS_KEY_TESTS_MISSING')).toEqual([]);
  });
  it('a disabled one is not credited, nor a unique test disabled in dbt_project.yml', () => {
    const dir = project({ 'models/marts/_m.yml': yml('false') }, 'data_tests:\n  fp:\n    marts:\n      +enabled: false\n');
    expect(findings(dir, 'READINESS_KEY_TESTS_MISSING')).toEqual(['fct_events', 'fct_sessions']);
  });
});

// data-inclusion names its contacts' columns in French (courriel, telephone, prenom, adresse,
// code_postal): none was flagged while `email` in the same project was.
describe('personal data named in other languages, and names that are not a person', () => {
  const dir = project({
    'models/marts/_m.yml': `version: 2
models:
  - name: contacts
    columns:
      - {name: courriel}
      - {name: telephone}
      - {name: contact_nom_prenom}
      - {name: adresse}
      - {name: code_postal}
      - {name: date_de_naissance}
      - {name: geburtsdatum}
      - {name: apellido}
      - {name: first_name}
      - {name: last_name}
      - {name: nom}
      - {name: repo_full_name}
      - {name: adresse_id}
      - {name: telephoner, data_type: boolean}
      - {name: courriels_count}
`,
  });
  it("flags them in French, German, Spanish and English, but not a thing's name, a key, a flag or a count", () => {
    expect(findings(dir, 'READINESS_SENSITIVE_UNCLASSIFIED')).toEqual(['contacts.adresse', 'contacts.apellido', 'contacts.code_postal', 'contacts.contact_nom_prenom',
      'contacts.courriel', 'contacts.date_de_naissance', 'contacts.first_name', 'contacts.geburtsdatum', 'contacts.last_name', 'contacts.telephone']);
  });
});
