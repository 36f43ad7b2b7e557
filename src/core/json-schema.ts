// Every JSON Schema of the product is compiled here, once, and its errors become Diagnostics.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Diagnostic } from './diagnostics.js';
import { SCHEMAS_DIR } from './paths.js';
import { builtValidator, writeValidatorCode } from './schema-code.js';
import { didYouMeanSuffix } from './suggest.js';
import { pointerToPath, type PathSeg } from './yaml-source.js';

// ajv loads when a schema is compiled (built validator code needs only its runtime helpers);
// it ships CommonJS, and the class sits on `.default`.
const require = createRequire(import.meta.url);
type Ajv2020Ctor = typeof import('ajv/dist/2020.js').default;
type Ajv = InstanceType<Ajv2020Ctor>;

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();
// code.source: the build writes each compiled validator as code (schema-code.ts)
const OPTIONS = { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, validateSchema: false, code: { source: true } };

export function getAjv(): Ajv {
  if (!ajv) {
    const Ajv2020 = require('ajv/dist/2020.js').default as Ajv2020Ctor;
    ajv = new Ajv2020(OPTIONS);
    require('ajv-formats').default(ajv);
  }
  return ajv;
}

export function loadSchemaJson(name: string): any {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, name), 'utf8'));
}

/** The validator of `schemas/<name>`: the build's code for this exact text, else compiled (once per process). */
export function schemaValidator(name: string): ValidateFunction {
  const held = compiled.get(name);
  if (held) return held;
  const text = readFileSync(join(SCHEMAS_DIR, name), 'utf8');
  const v = builtValidator(name, text, OPTIONS) ?? compileNamed(text);
  compiled.set(name, v);
  return v;
}

function compileNamed(text: string): ValidateFunction {
  const schema = JSON.parse(text);
  const a = getAjv();
  return (schema.$id ? a.getSchema(schema.$id) : undefined) ?? a.compile(schema);
}

/** For the build: write the code of every top-level schema into `dir`; the names written. */
export function writeSchemaCode(dir?: string): string[] {
  const written: string[] = [];
  for (const name of readdirSync(SCHEMAS_DIR).filter((n) => n.endsWith('.json')).sort()) {
    const text = readFileSync(join(SCHEMAS_DIR, name), 'utf8');
    if (writeValidatorCode(name, text, OPTIONS, getAjv(), compileNamed(text), dir)) written.push(name);
  }
  return written;
}

/** Compile a schema object that is not in schemas/ (e.g. a third-party schema in node_modules). */
export function compileSchema(schema: object): ValidateFunction {
  return getAjv().compile(schema);
}

export interface SchemaErrorContext {
  file?: string;
  locate?: (path: PathSeg[], opts?: { key?: boolean }) => { line: number; column: number };
  code?: string;
}

/** Turn Ajv errors into located, de-noised diagnostics with "did you mean" hints. */
export function schemaErrorsToDiagnostics(errors: ErrorObject[] | null | undefined, ctx: SchemaErrorContext = {}): Diagnostic[] {
  if (!errors?.length) return [];
  const kept = pruneUnionNoise(errors);
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  // one schema's allowed keys and hint, built once however many unknown keys it meets
  const allowedOf = new Map<object, { allowed: string[]; hint: string }>();
  for (const e of kept) {
    const path = pointerToPath(e.instancePath);
    let message: string;
    let hint: string | undefined;
    let at = path;
    let key = false;
    const where = e.instancePath || '/';
    switch (e.keyword) {
      case 'additionalProperties': {
        const extra = String((e.params as any).additionalProperty);
        const parent = (e.parentSchema ?? {}) as object;
        let known = allowedOf.get(parent);
        if (!known) {
          const allowed = Object.keys((parent as any).properties ?? {});
          known = { allowed, hint: allowed.length ? `allowed keys here: ${allowed.join(', ')}; put free-form data under 'meta'` : 'remove the key or move it under meta' };
          allowedOf.set(parent, known);
        }
        message = `unknown key '${extra}' at ${where}${didYouMeanSuffix(extra, known.allowed)}`;
        hint = known.hint;
        at = [...path, extra];
        key = true;
        break;
      }
      case 'required': {
        const miss = String((e.params as any).missingProperty);
        message = `missing required key '${miss}' at ${where}`;
        hint = `add '${miss}:'`;
        break;
      }
      case 'enum': {
        const allowed = ((e.params as any).allowedValues as unknown[]).map(String);
        message = `value ${JSON.stringify(e.data)} at ${where} is not one of ${allowed.join(', ')}${typeof e.data === 'string' ? didYouMeanSuffix(e.data, allowed) : ''}`;
        hint = `use one of: ${allowed.join(', ')}`;
        break;
      }
      case 'const':
        message = `value at ${where} must be ${JSON.stringify((e.params as any).allowedValue)}`;
        break;
      case 'pattern':
        message = `value ${JSON.stringify(e.data)} at ${where} does not match ${(e.params as any).pattern}`;
        break;
      case 'type':
        message = `value at ${where} must be ${(e.params as any).type}, got ${describeType(e.data)}`;
        break;
      case 'anyOf': case 'oneOf':
        message = `value at ${where} does not match any allowed shape`;
        break;
      default:
        message = `value at ${where} ${e.message ?? 'is invalid'}`;
    }
    const id = `${message}|${at.join('/')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const pos = ctx.locate?.(at, { key });
    out.push({
      code: ctx.code ?? 'SCHEMA', severity: 'error', message, hint,
      file: ctx.file, line: pos?.line, column: pos?.column, path: e.instancePath || '/',
    });
  }
  return out;
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** For anyOf/oneOf failures keep only the branch that got furthest, so users see one real cause. */
function pruneUnionNoise(errors: ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  if (!unions.length) return errors;
  let result = errors;
  for (const u of unions) {
    const prefix = u.schemaPath + '/';
    const inner = result.filter((e) => e.schemaPath.startsWith(prefix) && e.instancePath.startsWith(u.instancePath));
    if (!inner.length) continue;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of inner) {
      const branch = e.schemaPath.slice(prefix.length).split('/')[0];
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
    }
    // the best branch: its errors are deepest (type matched, something inside is off)
    let best: ErrorObject[] | undefined;
    let bestDepth = -1;
    for (const errs of byBranch.values()) {
      const shallowType = errs.some((e) => e.keyword === 'type' && e.instancePath === u.instancePath);
      const depth = shallowType ? -1 : Math.max(...errs.map((e) => e.instancePath.length)) + (errs.some((e) => e.keyword !== 'type') ? 1 : 0);
      if (depth > bestDepth) { bestDepth = depth; best = errs; }
    }
    const drop = new Set(inner.filter((e) => !(best && bestDepth >= 0 && best.includes(e))));
    if (best && bestDepth >= 0) drop.add(u);
    result = result.filter((e) => !drop.has(e));
  }
  return result;
}
