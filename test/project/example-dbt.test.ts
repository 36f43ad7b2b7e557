// The example project as shipped is valid dbt, and modeler reads it as dbt does: one real
// `dbt parse` of a copy (its committed target/ removed) for both checks.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { dbtParse } from '../helpers/dbt.js';
import { countsFromManifest, countsFromSummary } from '../../bench/lib/real-dbt.mjs';

describe('the example project is valid dbt', () => {
  let fresh: any;
  beforeAll(() => {
    const d = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, d, { recursive: true });
    rmSync(join(d, 'target'), { recursive: true, force: true });
    const r = dbtParse(d);
    expect(r.code, r.output).toBe(0);
    fresh = JSON.parse(readFileSync(join(d, 'target/manifest.json'), 'utf8'));
  }, 180_000);

  it('a real `dbt parse` succeeds and produces the committed manifest\'s nodes', () => {
    const committed = JSON.parse(readFileSync(join(EXAMPLE, 'target/manifest.json'), 'utf8'));
    const ids = (m: any) => Object.keys(m.nodes).sort();
    expect(ids(fresh)).toEqual(ids(committed));
    expect(Object.keys(fresh.sources).sort()).toEqual(Object.keys(committed.sources).sort());
    expect(fresh.nodes['model.jaffle_shop.customers'].config.contract.enforced).toBe(true);
  });

  it('summary counts equal a real dbt parse', () => {
    const r = runCli(['summary', '--project-dir', EXAMPLE, '--output-json']);
    expect(r.code, r.stderr + r.stdout.slice(0, 2000)).toBeLessThan(64);
    expect(countsFromSummary(JSON.parse(r.stdout))).toEqual(countsFromManifest(fresh, 'jaffle_shop'));
  });
});
