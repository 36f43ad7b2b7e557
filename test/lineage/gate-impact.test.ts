// `modeler gate old new --project-dir DIR`: a removed column of an entity that is a node of the
// dbt project says what dropping it breaks downstream (column lineage), in text and JSON.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';

const MODEL = (cols: string) => `
model: {name: shop, version: 1.0.0, domain: sales}
entities:
  - name: Order
    type: table
    physical_name: stg_shop__orders
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
${cols}`;

describe('the breaking-change gate with column lineage', () => {
  it('names the downstream columns, tests and Interfaces a removed column breaks', () => {
    const dir = tempDir('modeler-gate-lineage-');
    const oldFile = join(dir, 'old.model.yaml'), newFile = join(dir, 'new.model.yaml');
    writeFileSync(oldFile, MODEL('      - {name: customer_id, data_type: integer}\n'));
    writeFileSync(newFile, MODEL(''));
    const plain = runCli(['gate', oldFile, newFile]);
    expect(plain.code).toBe(2);
    expect(plain.stdout).not.toContain('breaks');
    const r = runCli(['gate', oldFile, newFile, '--project-dir', EXAMPLE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('BREAKING: column Order.customer_id removed; dropping `stg_shop__orders.customer_id` breaks `orders.customer_id` (Interface); 3 test(s) read them');
    const j = JSON.parse(runCli(['gate', oldFile, newFile, '--project-dir', EXAMPLE, '--output-json']).stdout);
    expect(j.changes[0].impact).toEqual({ columns: ['orders.customer_id'], tests: 3, contracts: [], interfaces: ['orders'] });
  });
});
