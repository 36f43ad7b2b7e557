// `generate metadata`: valid against schemas/metadata.schema.json for every fixture, model order
// kept, foreign keys resolved, and the CLI writes byte-identical files on repeated runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { schemaValidator } from '../../src/core/json-schema.js';
import { loadModelFile } from '../../src/core/model/load.js';
import { metadataJson } from '../../src/metadata/generate.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { describeShared, PEER } from '../helpers/shared.js';
import { peerModelFiles } from '../sql/fixtures.js';

describeShared('generate metadata on the peer models', () => {
  const validate = schemaValidator('metadata.schema.json');
  for (const f of peerModelFiles()) {
    it(`${f.slice(PEER.length + 1)}: valid, in model order`, () => {
      const m = loadModelFile(f).model!;
      const json = JSON.parse(metadataJson(m));
      expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
      expect(json.entities.map((e: any) => e.name)).toEqual(m.entities.map((e) => e.name));
      json.entities.forEach((e: any, i: number) => {
        expect(e.columns.map((c: any) => c.name)).toEqual(m.entities[i].columns.map((c) => c.name));
        expect(e.columns.map((c: any) => c.position)).toEqual(m.entities[i].columns.map((_, k) => k + 1));
      });
      expect(json.summary.entity_count).toBe(m.entities.length);
      expect(json.summary.relationship_count).toBe(m.relationships.length);
    });
  }
  it('resolves foreign keys onto child columns', () => {
    const m = loadModelFile(join(PEER, 'model-examples/real-scenarios/retail-analytics-baseline.model.yaml')).model!;
    const json = JSON.parse(metadataJson(m));
    const order = json.entities.find((e: any) => e.name === 'SalesOrder');
    expect(order.columns.find((c: any) => c.name === 'customer_id').references).toEqual({ entity: 'Customer', columns: ['customer_id'], relationship: 'order_customer' });
    expect(json.relationships[0]).toEqual({ name: 'customer_default_address', cardinality: 'many_to_one', parent: { entity: 'Address', columns: ['address_id'] }, child: { entity: 'Customer', columns: ['default_address_id'] } });
  });
  it('the CLI output is byte-identical across runs and matches the schema', () => {
    const dir = tempDir();
    const model = join(PEER, 'model-examples/enterprise-dwh.model.yaml');
    const a = runCli(['generate', 'metadata', model, '--out', join(dir, 'a.json')]);
    const b = runCli(['generate', 'metadata', model, '--out', join(dir, 'b.json')]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const ta = readFileSync(join(dir, 'a.json'), 'utf8');
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(ta);
    expect(validate(JSON.parse(ta))).toBe(true);
    expect(ta).not.toMatch(/20\d\d-\d\d-\d\d/); // no timestamps
  });
});
