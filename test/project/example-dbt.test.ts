import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { dbtParse } from '../helpers/dbt.js';

describe('the example project is valid dbt', () => {
  it('a real `dbt parse` succeeds and produces the committed manifest\'s nodes', () => {
    const d = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, d, { recursive: true });
    rmSync(join(d, 'target'), { recursive: true, force: true });
    const r = dbtParse(d);
    expect(r.code, r.output).toBe(0);
    const fresh = JSON.parse(readFileSync(join(d, 'target/manifest.json'), 'utf8'));
    const committed = JSON.parse(readFileSync(join(EXAMPLE, 'target/manifest.json'), 'utf8'));
    const ids = (m: any) => Object.keys(m.nodes).sort();
    expect(ids(fresh)).toEqual(ids(committed));
    expect(Object.keys(fresh.sources).sort()).toEqual(Object.keys(committed.sources).sort());
    expect(fresh.nodes['model.jaffle_shop.customers'].config.contract.enforced).toBe(true);
  }, 180_000);
});
