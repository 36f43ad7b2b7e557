// A schema's compiled validator kept as code in the user's data directory: the next process
// loads it instead of compiling, and reports exactly what the compiled one reports; a damaged
// file or another schema text is never used.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { cachedValidator } from '../../src/core/schema-code.js';

const BAD_MODEL = `version: 1
entities:
  - name: customer
    colums:
      - name: id
    columns:
      - name: id
        type: intger
        nullable: maybe
`;

describe('validators kept as code', () => {
  const data = tempDir('modeler-schema-code-');
  const env = { MODELER_DATA_DIR: data };
  const file = join(tempDir(), 'bad.model.yaml');
  writeFileSync(file, BAD_MODEL);
  const cacheDir = join(data, 'cache', 'schemas');

  it('the first run writes the code, later runs load it and print the same findings', () => {
    const first = runCli(['validate', file, '--output-json'], { env });
    expect(first.code).toBe(1);
    expect(JSON.parse(first.stdout).errors).toBeGreaterThan(0);
    const kept = readdirSync(cacheDir).filter((n) => n.startsWith('model.schema-'));
    expect(kept).toHaveLength(1);
    const second = runCli(['validate', file, '--output-json'], { env });
    expect(second).toEqual(first);
    // a damaged file is compiled afresh, with the same findings
    writeFileSync(join(cacheDir, kept[0]), 'module.exports = {');
    expect(runCli(['validate', file, '--output-json'], { env })).toEqual(first);
  });

  it('the code of one schema text is not used for another', () => {
    process.env.MODELER_DATA_DIR = data;
    try {
      const text = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'model.schema.json'), 'utf8');
      runCli(['validate', file], { env }); // rewrite the code the previous test damaged
      const options = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, validateSchema: false, code: { source: true } };
      expect(typeof cachedValidator('model.schema.json', text, options)).toBe('function');
      expect(cachedValidator('model.schema.json', text.replace('"entities"', '"entities" '), options)).toBeUndefined();
      expect(cachedValidator('model.schema.json', text, { ...options, verbose: false })).toBeUndefined();
    } finally { delete process.env.MODELER_DATA_DIR; }
  });
});
