// The file-level import used by the CLI (and any other face): read the input, pick the dialect,
// import, and re-validate the result as a model file before anyone writes it.
import { UserError, type Diagnostic } from '../../core/diagnostics.js';
import { ReadRefusal, readTextFile } from '../../core/read-text.js';
import { schemaErrorsToDiagnostics, schemaValidator } from '../../core/json-schema.js';
import { normalizeModel } from '../../core/model/normalize.js';
import { semanticChecks } from '../../core/model/semantic.js';
import type { Model } from '../../core/model/types.js';
import { modelToPlain, modelToYaml } from '../../core/model/write.js';
import { importDbml } from '../../dbml/import.js';
import { getDialect } from '../dialects/index.js';
import { detectDialect } from './detect.js';
import { importSql } from './index.js';

export interface ImportRun {
  ok: boolean;
  yaml?: string;
  model?: Model;
  dialect?: string;
  /** how the dialect was chosen when --dialect was not given */
  detected?: string;
  unmodeled: { line: number; what: string; reason?: string }[];
  diagnostics: Diagnostic[];
}

/**
 * The text of an input file. A special file, one over the size limit, or one that is not text
 * (bytes that are not UTF-8, NUL bytes) is refused with exit 1 — binary input is never read as SQL.
 */
export function readInput(path: string, what = 'SQL'): string {
  let text: string;
  try {
    text = readTextFile(path, path);
  } catch (e: any) {
    if (e instanceof ReadRefusal && e.code === 'INVALID_UTF8') throw new UserError(`${e.message.replace(/; save the file as UTF-8$/, '')}: ${path} is not ${what} text (a binary file?); nothing imported`, 1, 'INVALID_UTF8');
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot read ${path}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}`, 64, 'IO');
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new UserError(`${path}: holds a NUL byte (offset ${nul}), so it is not ${what} text (a binary file?); nothing imported`, 1, 'NOT_TEXT');
  return text;
}

/**
 * The output must be a valid model file: the same schema and semantic checks the loader runs,
 * applied to the serialised form (as plain data — re-parsing the YAML text would only add the
 * positions, and costs more than the import on large schemas).
 */
function finish(model: Model, file: string): { yaml: string; diagnostics: Diagnostic[] } {
  const plain = JSON.parse(JSON.stringify(modelToPlain(model)));
  const yaml = modelToYaml(model);
  const shown = `${file} (imported model)`;
  const validate = schemaValidator('model.schema.json');
  const diagnostics: Diagnostic[] = validate(plain) ? [] : schemaErrorsToDiagnostics(validate.errors, { file: shown, code: 'SCHEMA' });
  if (!diagnostics.length) {
    for (const f of semanticChecks(normalizeModel(plain))) {
      diagnostics.push({ code: f.code, severity: f.severity, message: f.message, hint: f.hint, file: shown, path: '/' + f.path.join('/') });
    }
  }
  return { yaml, diagnostics };
}

export async function importSqlFile(path: string, opts: { dialect?: string; modelName?: string } = {}): Promise<ImportRun> {
  if (opts.dialect) getDialect(opts.dialect); // unknown dialect: exit 64 before reading anything
  return importSqlText(readInput(path), path, opts);
}

/** Import DDL text (the HTTP face receives text, not a file); `file` names it in messages. */
export async function importSqlText(text: string, file: string, opts: { dialect?: string; modelName?: string } = {}): Promise<ImportRun> {
  if (opts.dialect) getDialect(opts.dialect);
  const det = opts.dialect ? undefined : detectDialect(text);
  const r = await importSql(text, file, { dialect: opts.dialect ?? det!.dialect, modelName: opts.modelName });
  if (!r.model) return { ok: false, dialect: r.dialect, detected: det?.reason, unmodeled: r.unmodeled, diagnostics: r.diagnostics };
  const f = finish(r.model, file);
  const ok = !f.diagnostics.some((d) => d.severity === 'error');
  return { ok, yaml: f.yaml, model: r.model, dialect: r.dialect, detected: det?.reason, unmodeled: r.unmodeled, diagnostics: f.diagnostics };
}

export async function importDbmlFile(path: string, opts: { modelName?: string } = {}): Promise<ImportRun> {
  return importDbmlText(readInput(path, 'DBML'), path, opts);
}

/** Import DBML text; `file` names it in messages. */
export async function importDbmlText(text: string, file: string, opts: { modelName?: string } = {}): Promise<ImportRun> {
  const r = await importDbml(text, file, opts);
  if (!r.model) return { ok: false, unmodeled: r.unmodeled, diagnostics: r.diagnostics };
  const f = finish(r.model, file);
  const ok = !f.diagnostics.some((d) => d.severity === 'error');
  return { ok, yaml: f.yaml, model: r.model, unmodeled: r.unmodeled, diagnostics: f.diagnostics };
}
