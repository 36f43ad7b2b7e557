// `modeler summary` counts with each noun's right form: one refused ref() is "1 error", not
// "1 errors"; one model's SQL, one source table, one model file are said so. A copy of the example.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';

describe('summary counts', () => {
  it('says "1 error" for one error', () => {
    const dir = join(tempDir('modeler-summary-counts-'), 'p');
    cpSync(EXAMPLE, dir, { recursive: true });
    writeFileSync(join(dir, 'models', 'marts', 'payments.sql'), "select * from {{ ref('stg_payment') }}\n");
    const r = runCli(['summary', '--project-dir', dir]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/error\[DBT_REF_NOT_FOUND\]/);
    expect(r.stdout).toMatch(/^ {2}diagnostics: {3}1 error, 0 warnings$/m);
  });

  it('says "1 model\'s SQL", "1 table" and "1 model file" for one of each', () => {
    const dir = join(tempDir('modeler-summary-one-'), 'p');
    mkdirSync(join(dir, 'models'), { recursive: true });
    mkdirSync(join(dir, 'Modeler'), { recursive: true });
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: one\nversion: "1.0.0"\nprofile: one\n');
    writeFileSync(join(dir, 'models', 'sources.yml'), 'version: 2\nsources:\n  - name: raw\n    tables:\n      - name: people\n');
    writeFileSync(join(dir, 'models', 'people.sql'), "select id, name from {{ source('raw', 'people') }}\n");
    cpSync(join(EXAMPLE, '..', 'shop', 'v1.model.yaml'), join(dir, 'Modeler', 'shop.model.yaml'));
    const r = runCli(['summary', '--project-dir', dir]);
    expect(r.stdout).toMatch(/^ {2}sources: {7}1 table$/m);
    expect(r.stdout).toMatch(/\(\d of 1 model's SQL read completely\)/);
    expect(r.stdout).toMatch(/^ {2}Modeler\/: {6}1 model file \(1 valid, \d+ entities, /m);
    rmSync(dir, { recursive: true, force: true });
  });
});
