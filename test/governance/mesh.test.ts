import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { meshCheck, MESH_CODES } from '../../src/governance/mesh/check.js';
import { exitCodeOf } from '../../src/cli/exit-codes.js';

const PROPS = `version: 2
models:
  - name: bad_iface                       # line 3
    meta:
      modeler:
        interface:
          stability: contracted
          status: live
          unique_key: id, missing_col
          freshness: {warn_after: {count: 0, period: fortnight}}
    columns:
      - name: id                          # line 12
        data_type: integer
      - name: account_id                  # line 14
        description: The account.
        data_type: unknown
      - name: note
        description: A note.
        data_type: varchar
  - name: rpt_sales                       # line 20
    description: Sales report.
    meta:
      modeler:
        interface:
          owner: bi@example.com
          domain: sales
          version: v1
          description: Sales.
          unique_key: day
          stability: shared
          status: active
          freshness: {warn_after: {count: 1, period: day}}
          exemptions:
            - {code: MESH_INTERFACE_PRESENTATION_LAYER, reason: "legacy dashboard, retired in Q3"}
            - MESH_INTERFACE_NOT_CONTRACTED
    columns:
      - name: day
        description: Day.
        data_tests: [unique, not_null]
      - name: store_id
        description: Store.
        data_tests:
          - relationships: {to: "ref('stores_typo')", field: store_id}
  - name: eph_iface                       # line 44
    description: Ephemeral.
    meta:
      modeler:
        interface: {enabled: true, owner: a@b.c, domain: d, version: v1, description: x, unique_key: k, freshness: {warn_after: {count: 1, period: hour}}, status: draft, stability: internal}
    columns:
      - {name: k, description: key}
  - name: not_an_interface
    meta: {modeler: {interface: {stability: shared, enabled: false}}}
`;

function project(): string {
  const dir = tempDir('mesh-');
  mkdirSync(join(dir, 'models', 'eph'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: meshy\nconfig-version: 2\nmodels:\n  meshy:\n    eph:\n      +materialized: ephemeral\n');
  writeFileSync(join(dir, 'models', 'schema.yml'), PROPS);
  writeFileSync(join(dir, 'models', 'bad_iface.sql'), "{{ config(materialized='table') }}\nselect 1 as id\n");
  writeFileSync(join(dir, 'models', 'rpt_sales.sql'), 'select 1 as day\n');
  writeFileSync(join(dir, 'models', 'eph', 'eph_iface.sql'), 'select 1 as k\n');
  return dir;
}

describe('mesh check rule groups', () => {
  const dir = project();
  const r = meshCheck(dir, {});
  const codes = (model: string) => r.findings.filter((f) => f.model === model).map((f) => f.code).sort();
  it('finds the enabled Interfaces (stability shared/contracted enables; enabled: false disables)', () => {
    expect(r.interfaces.map((i) => i.name).sort()).toEqual(['bad_iface', 'eph_iface', 'rpt_sales']);
  });
  it('groups 1, 2, 4, 5, 6, 7 and the 1.4 data-type rule on a contracted Interface', () => {
    expect(codes('bad_iface')).toEqual([
      'MESH_INTERFACE_COLUMN_DESCRIPTION_MISSING', 'MESH_INTERFACE_CONTRACT_NOT_ENFORCED', 'MESH_INTERFACE_INVALID_FRESHNESS', 'MESH_INTERFACE_INVALID_STATUS',
      'MESH_INTERFACE_MISSING_DESCRIPTION', 'MESH_INTERFACE_MISSING_DOMAIN', 'MESH_INTERFACE_MISSING_OWNER', 'MESH_INTERFACE_MISSING_VERSION',
      'MESH_INTERFACE_RELATIONSHIP_TEST_MISSING', 'MESH_INTERFACE_UNIQUE_KEY_NOT_FOUND', 'MESH_INTERFACE_UNIQUE_KEY_TESTS_MISSING',
    ]);
    const f = (c: string) => r.findings.find((x) => x.model === 'bad_iface' && x.code === c)!;
    expect(f('MESH_INTERFACE_INVALID_STATUS')).toMatchObject({ severity: 'error', line: 3, file: 'models/schema.yml' });
    expect(f('MESH_INTERFACE_INVALID_STATUS').message).toContain("Interface model 'bad_iface' has invalid status 'live'");
    expect(f('MESH_INTERFACE_MISSING_OWNER').severity).toBe('warning');
    expect(f('MESH_INTERFACE_UNIQUE_KEY_NOT_FOUND').message).toContain('missing_col');
    expect(f('MESH_INTERFACE_UNIQUE_KEY_TESTS_MISSING')).toMatchObject({ line: 12, columnName: 'id' });
    expect(f('MESH_INTERFACE_RELATIONSHIP_TEST_MISSING')).toMatchObject({ line: 14, columnName: 'account_id' });
    for (const x of r.findings) expect(x.hint).toBeTruthy();
  });
  it('group 4 + 1.4: an enforced contract needs data types', () => {
    writeFileSync(join(dir, 'models', 'bad_iface.sql'), "{{ config(materialized='table', contract={'enforced': true}) }}\nselect 1 as id\n");
    const r2 = meshCheck(dir, {});
    const dt = r2.findings.filter((x) => x.code === 'MESH_INTERFACE_DATA_TYPE_MISSING');
    expect(dt.map((x) => x.columnName)).toEqual(['account_id']);
    expect(r2.findings.some((x) => x.code === 'MESH_INTERFACE_CONTRACT_NOT_ENFORCED')).toBe(false);
  });
  it('group 3: ephemeral through dbt_project.yml folder config', () => {
    expect(codes('eph_iface')).toContain('MESH_INTERFACE_EPHEMERAL');
  });
  it('group 8 and exemptions: with a reason → info, plain string → not applied, reported', () => {
    const pres = r.findings.find((x) => x.model === 'rpt_sales' && x.code === 'MESH_INTERFACE_PRESENTATION_LAYER')!;
    expect(pres.severity).toBe('info');
    expect(pres.message).toMatch(/^Exempted \(legacy dashboard, retired in Q3\): /);
    expect(r.findings.find((x) => x.code === 'MESH_INTERFACE_EXEMPTION_INVALID')!.message).toContain("'MESH_INTERFACE_NOT_CONTRACTED' without a reason");
    const target = r.findings.find((x) => x.code === 'MESH_INTERFACE_RELATIONSHIP_TARGET_UNKNOWN')!;
    expect(target.message).toContain("'stores_typo'");
  });
  it('--strict turns blocking findings into errors; exit codes', () => {
    const strict = meshCheck(dir, { strict: true });
    expect(strict.findings.find((x) => x.code === 'MESH_INTERFACE_MISSING_OWNER')!.severity).toBe('error');
    expect(exitCodeOf(strict)).toBe(1);
    expect(exitCodeOf(r)).toBe(1); // invalid status is an error even without --strict
  });
  it('every code has a level', () => {
    for (const f of r.findings) expect(MESH_CODES[f.code]).toBeDefined();
  });
});

describe('mesh check CLI', () => {
  it('the example project: exactly the three success lines (two without --strict)', () => {
    const s = runCli(['modeler', 'mesh', 'check', EXAMPLE, '--strict']);
    expect(s.code).toBe(0);
    expect(s.stdout).toBe(`mesh Interface check: ${EXAMPLE}\nstrict: yes\ninterfaces: ready\n`);
    const alias = runCli(['mesh', 'check', EXAMPLE]);
    expect(alias.stdout).toBe(`mesh Interface check: ${EXAMPLE}\ninterfaces: ready\n`);
    const j = JSON.parse(runCli(['mesh', 'check', EXAMPLE, '--output-json']).stdout);
    expect(j.interfaces.map((i: any) => [i.name, i.stability])).toEqual([['customers', 'contracted'], ['orders', 'shared']]);
    expect(j.findings.every((f: any) => f.severity === 'info')).toBe(true);
    expect(s.stderr).not.toMatch(/nothing was checked/);
  });
  it('a project with no Interface passes with the three lines, and says on stderr that nothing was checked', () => {
    const dir = join(tempDir('modeler-mesh-none-'), 'p');
    mkdirSync(join(dir, 'models'), { recursive: true });
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
    writeFileSync(join(dir, 'models', 'orders.sql'), 'select 1 as order_id\n');
    const r = runCli(['mesh', 'check', dir, '--strict']);
    expect([r.code, r.stdout]).toEqual([0, `mesh Interface check: ${dir}\nstrict: yes\ninterfaces: ready\n`]);
    expect(r.stderr).toMatch(/^mesh: no model is an Interface \(meta\.modeler\.interface .*\), so nothing was checked$/m);
  });
  it('--strict fails on project loader errors', () => {
    const dir = tempDir('mesh-load-');
    mkdirSync(join(dir, 'models'));
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: x\n');
    writeFileSync(join(dir, 'models', 'broken.yml'), 'version: 2\nmodels:\n  - name: a\n   bad: indent\n');
    expect(runCli(['mesh', 'check', dir]).code).toBe(0);
    const s = runCli(['mesh', 'check', dir, '--strict']);
    expect(s.code).toBe(1);
    expect(s.stdout).toMatch(/models\/broken\.yml:\d+:\d+: error\[YAML_SYNTAX\]/);
  });
  it('findings are printed as file:line diagnostics and fail with exit 1', () => {
    const r = runCli(['mesh', 'check', project(), '--strict']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/models\/schema\.yml:3:1: error\[MESH_INTERFACE_INVALID_STATUS\]: Interface model 'bad_iface' has invalid status 'live'/);
    expect(r.stdout.trim().split('\n').pop()).toMatch(/^interfaces: not ready \(\d+ errors?\b/);
  });
});

describe('an exemption naming no code of the report', () => {
  it('is reported, also when the name is one of Object\'s own (constructor)', () => {
    const dir = tempDir('mesh-exempt-');
    mkdirSync(join(dir, 'models'), { recursive: true });
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: meshy\nconfig-version: 2\n');
    writeFileSync(join(dir, 'models', 'shared.sql'), 'select 1 as id\n');
    writeFileSync(join(dir, 'models', 'schema.yml'), `version: 2
models:
  - name: shared
    meta:
      modeler:
        interface:
          stability: shared
          exemptions:
            - {code: constructor, reason: "typed by hand"}
`);
    const bad = meshCheck(dir, {}).findings.filter((x) => x.code === 'MESH_INTERFACE_EXEMPTION_INVALID').map((x) => x.message);
    expect(bad.some((m) => m.includes("exempts unknown code 'constructor'")), bad.join('\n')).toBe(true);
  });
});
