// Read a JSON document and check it against one of our schemas. Errors carry the JSON path and
// file:line:col (positions are computed only when there is something to report).
import { readFileSync } from 'node:fs';
import { UserError, type Diagnostic } from '../core/diagnostics.js';
import { schemaErrorsToDiagnostics, schemaValidator } from '../core/json-schema.js';
import type { PathSeg } from '../core/yaml-source.js';
import { jsonLocator, pointerOf } from './json-locate.js';

export interface JsonDocument<T> {
  file: string;
  value?: T;
  /** Parse and schema errors (nothing semantic). */
  diagnostics: Diagnostic[];
  /** Add line/column to diagnostics that carry a JSON-pointer path. */
  locate(ds: Diagnostic[]): Diagnostic[];
}

export function readJsonText(path: string, displayPath = path): string {
  try {
    // a UTF-8 byte-order mark (Windows editors write one) is not part of the JSON text (RFC 8259 §8.1)
    return readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (e: any) {
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message;
    throw new UserError(`cannot read ${displayPath}: ${why}`, 64, 'IO');
  }
}

export interface ParseOptions { code?: string; unknownKeyHint?: string }

export function parseJsonDocument<T>(text: string, file: string, schema: string, opts: ParseOptions = {}): JsonDocument<T> {
  const locator = jsonLocator(text);
  const at = (path: PathSeg[], o?: { key?: boolean }) => locator.locate(pointerOf(path), o);
  const locate = (ds: Diagnostic[]): Diagnostic[] => ds.map((d) =>
    (d.path === undefined || d.line !== undefined ? d : { ...d, ...locator.locate(d.path === '/' ? '' : d.path) }));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e: any) {
    const msg = String(e.message).split('\n')[0];
    const pos = /position (\d+)/.exec(msg);
    let line = 1, column = 1;
    if (pos) {
      const before = text.slice(0, Number(pos[1]));
      line = before.split('\n').length;
      column = Number(pos[1]) - before.lastIndexOf('\n');
    }
    return { file, locate, diagnostics: [{ code: 'JSON_SYNTAX', severity: 'error', file, line, column,
      message: `invalid JSON: ${msg.replace(/ in JSON at position \d+.*$/, '').replace(/ \(line \d+ column \d+\)$/, '')}` }] };
  }
  const validate = schemaValidator(schema);
  if (validate(value)) return { file, value: value as T, diagnostics: [], locate };
  const ds = schemaErrorsToDiagnostics(validate.errors, { file, code: opts.code ?? 'SCHEMA', locate: at }).map((d) =>
    (opts.unknownKeyHint && d.message.startsWith('unknown key') ? { ...d, hint: opts.unknownKeyHint } : d));
  return { file, value: undefined, diagnostics: ds, locate };
}
