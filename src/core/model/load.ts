// Load a model file: YAML with positions → schema check (closed keys, did-you-mean) →
// normalise → semantic checks. Every problem is a located Diagnostic; nothing throws on bad input.
import { formatDiagnostic, hasErrors, pushAll, UserError, type Diagnostic } from '../diagnostics.js';
import { schemaErrorsToDiagnostics, schemaValidator } from '../json-schema.js';
import { LimitError } from '../limits.js';
import { readFinding, ReadRefusal, readTextFile } from '../read-text.js';
import { parseYamlSource, type YamlSource } from '../yaml-source.js';
import { isDbtPropertyFile } from '../project/dbt-yaml.js';
import { normalizeModel } from './normalize.js';
import { semanticChecks, type SemanticOptions } from './semantic.js';
import type { Model } from './types.js';

export interface LoadedModel {
  file: string;
  model?: Model;
  source?: YamlSource;
  diagnostics: Diagnostic[];
  ok: boolean;
}

export function loadModelText(text: string, file: string, opts: SemanticOptions = {}): LoadedModel {
  const source = parseYamlSource(text, file);
  const diagnostics = [...source.diagnostics];
  if (hasErrors(diagnostics)) return { file, source, diagnostics, ok: false };
  const raw = source.value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    diagnostics.push({ code: 'MODEL_SHAPE', severity: 'error', file, line: 1, column: 1,
      message: 'a model file must be a YAML mapping with a `model:` header', hint: 'start the file with `model: {name: ..., version: 1.0.0}`' });
    return { file, source, diagnostics, ok: false };
  }
  if (!('model' in raw) && isDbtPropertyFile(raw)) {
    // one clear message instead of "unknown key 'models' (did you mean 'model'?)" and friends
    diagnostics.push({ code: 'MODEL_SHAPE', severity: 'error', file, line: 1, column: 1,
      message: 'this is a dbt property file (models:/sources:), not a model file',
      hint: "model files have `model:` and `entities:`; to read a dbt project use 'modeler summary --project-dir <dir>'" });
    return { file, source, diagnostics, ok: false };
  }
  const validate = schemaValidator('model.schema.json');
  if (!validate(raw)) {
    pushAll(diagnostics, schemaErrorsToDiagnostics(validate.errors, { file, locate: source.locate, code: 'SCHEMA' }));
  }
  for (const [ei, e] of ((raw as any).entities ?? []).entries?.() ?? []) {
    if (e && typeof e === 'object' && e.fields && e.columns) {
      const pos = source.locate(['entities', ei, 'fields'], { key: true });
      diagnostics.push({ code: 'SCHEMA', severity: 'error', file, ...pos, path: `/entities/${ei}`,
        message: `entity '${e.name}' has both 'columns' and the legacy 'fields'`, hint: 'keep only columns' });
    }
  }
  if (hasErrors(diagnostics)) return { file, source, diagnostics, ok: false };
  const model = normalizeModel(raw);
  for (const f of semanticChecks(model, opts)) {
    const pos = source.locate(f.path, { key: f.key });
    diagnostics.push({ code: f.code, severity: f.severity, message: f.message, hint: f.hint, file, line: pos.line, column: pos.column,
      path: '/' + f.path.join('/') });
  }
  return { file, model, source, diagnostics, ok: !hasErrors(diagnostics) };
}

export function loadModelFile(path: string, opts: SemanticOptions & { displayPath?: string } = {}): LoadedModel {
  const shown = opts.displayPath ?? path;
  let text: string;
  try {
    text = readTextFile(path, shown);
  } catch (e: any) {
    // a special file, bytes that are not UTF-8, a file over the size limit: located errors of the file
    if (e instanceof LimitError || e instanceof ReadRefusal) return { file: shown, diagnostics: [readFinding(e, shown)], ok: false };
    return { file: shown, diagnostics: [{ code: 'IO', severity: 'error', file: shown, message: `cannot read ${shown}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}` }], ok: false };
  }
  return loadModelText(text, shown, opts);
}

/**
 * For commands that need a valid model to work on: load it or fail with the first error as a
 * one-line UserError (MODEL_INVALID: the input was read but is invalid; IO when it cannot be read).
 */
export function requireModel(path: string): Model {
  const lm = loadModelFile(path);
  if (lm.diagnostics[0]?.code === 'IO') throw new UserError(lm.diagnostics[0].message, 64, 'IO');
  if (!lm.ok || !lm.model) {
    const first = lm.diagnostics.find((d) => d.severity === 'error')!;
    const more = lm.diagnostics.filter((d) => d.severity === 'error').length - 1;
    throw new UserError(`invalid model: ${formatDiagnostic({ ...first, hint: undefined })}${more > 0 ? ` (+${more} more; run 'modeler validate ${path}')` : ''}`, 1, 'MODEL_INVALID');
  }
  return lm.model;
}
