// Each schema's validator is written as code by the build (dist/schema-code): a command loads it
// instead of compiling, and it reports exactly what the compiled one reports; code built for
// another schema text or other options, or a damaged file, is never used.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers/cli.js';
import { BUILT_SCHEMA_CODE, builtValidator, writeValidatorCode } from '../../src/core/schema-code.js';
import { compileSchema, getAjv, writeSchemaCode } from '../../src/core/json-schema.js';

const OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, validateSchema: false, code: { source: true } };
const BAD_MODEL = parse(`version: 1
entities:
  - name: customer
    colums:
      - name: id
    columns:
      - name: id
        type: intger
        nullable: maybe
`);
const schemaText = (name: string) => readFileSync(join(REPO, 'schemas', name), 'utf8');
const SCHEMAS = readdirSync(join(REPO, 'schemas')).filter((n) => n.endsWith('.json'));

/** What a validator reports, without the schema objects it points at. */
function report(v: (d: unknown) => boolean, data: unknown) {
  const ok = v(data);
  return { ok, errors: ((v as any).errors ?? []).map((e: any) => ({ k: e.keyword, i: e.instancePath, s: e.schemaPath, p: e.params })) };
}

describe('validators built as code', () => {
  // inside the package, as the build's own code is: the code requires ajv's runtime from there
  const scratch: string[] = [];
  const codeDir = () => { const d = mkdtempSync(join(REPO, 'dist', '.test-schema-code-')); scratch.push(d); return d; };
  afterAll(() => { for (const d of scratch) rmSync(d, { recursive: true, force: true }); });

  it('the build wrote code for every schema (run `npm run build:core` when this fails)', () => {
    for (const name of SCHEMAS) expect(builtValidator(name, schemaText(name), OPTIONS), name).toBeTypeOf('function');
  });

  it('built code reports exactly what the compiled schema reports', () => {
    const text = schemaText('model.schema.json');
    const dir = codeDir();
    expect(writeSchemaCode(dir)).toEqual(SCHEMAS.slice().sort());
    const built = builtValidator('model.schema.json', text, OPTIONS, dir)!;
    const compiled = compileSchema({ ...JSON.parse(text), $id: undefined });
    const fromBuilt = report(built, BAD_MODEL);
    expect(fromBuilt.ok).toBe(false);
    expect(fromBuilt.errors.length).toBeGreaterThan(2);
    expect(fromBuilt).toEqual(report(compiled, BAD_MODEL));
  });

  it('code of one schema text or other options is not used, nor a damaged file', () => {
    const text = schemaText('model.schema.json');
    const dir = codeDir();
    const ajv = getAjv();
    expect(writeValidatorCode('model.schema.json', text, OPTIONS, ajv, compileSchema({ ...JSON.parse(text), $id: undefined }), dir)).toBe(true);
    expect(builtValidator('model.schema.json', text, OPTIONS, dir)).toBeTypeOf('function');
    expect(builtValidator('model.schema.json', text.replace('"entities"', '"entities" '), OPTIONS, dir)).toBeUndefined();
    expect(builtValidator('model.schema.json', text, { ...OPTIONS, verbose: false }, dir)).toBeUndefined();
    // damaged before any process loaded it (a loaded module stays loaded)
    const damaged = codeDir();
    writeValidatorCode('model.schema.json', text, OPTIONS, ajv, compileSchema({ ...JSON.parse(text), $id: undefined }), damaged);
    const [file] = readdirSync(damaged);
    writeFileSync(join(damaged, file), 'module.exports = {');
    expect(builtValidator('model.schema.json', text, OPTIONS, damaged)).toBeUndefined();
  });

  it('lives in the package, not in the user data directory', () => {
    expect(BUILT_SCHEMA_CODE).toBe(join(REPO, 'dist', 'schema-code'));
  });
});
