// `import sql`: DDL text → model. Each dialect names its parser (`traits.parser`): libpg_query
// (PostgreSQL, DuckDB) or sqlparser-rs; both feed one builder. Statements that are not modelled
// are returned with their lines; a syntax error is a located diagnostic, never a partial model.
import { basename } from 'node:path';
import type { Diagnostic } from '../../core/diagnostics.js';
import type { Model } from '../../core/model/types.js';
import { DEFAULT_DIALECT, DIALECTS, getDialect } from '../dialects/index.js';
import { ImportBuilder, type Unmodeled } from './builder.js';
import { initPg, readPostgres } from './pg.js';
import { initRs, readWithSqlparser } from './rs.js';
import { SourceText, SqlSyntaxError } from './source.js';
import { opt } from '../../core/option-names.js';

/** Dialects `import sql` reads: every dialect (canonical names; aliases resolve through getDialect). */
export const IMPORT_DIALECTS = DIALECTS;

export interface SqlImportResult {
  model?: Model;
  dialect: string;
  unmodeled: Unmodeled[];
  diagnostics: Diagnostic[];
}

export interface SqlImportOptions {
  dialect?: string;
  modelName?: string;
}

export async function importSql(text: string, file: string, opts: SqlImportOptions = {}): Promise<SqlImportResult> {
  const d = getDialect(opts.dialect ?? DEFAULT_DIALECT);
  const dialect = d.name;
  const pg = d.traits.parser.kind === 'libpg_query';
  const src = new SourceText(text.replace(/^\uFEFF/, ''), file);
  // libpg_query's dialects fold unquoted names, so names compare exactly there
  const b = new ImportBuilder(pg);
  try {
    if (pg) {
      await initPg();
      readPostgres(src, b);
    } else {
      await initRs();
      readWithSqlparser(src, dialect, b);
    }
  } catch (e) {
    if (!(e instanceof SqlSyntaxError)) throw e;
    const pos = e.line !== undefined ? { line: e.line, column: e.column ?? 1 } : src.position(e.offset);
    return { dialect, unmodeled: [], diagnostics: [{ code: 'SQL_SYNTAX', severity: 'error', file, line: pos.line, column: pos.column, message: e.message, hint: `the file is read as ${dialect} SQL; pass ${opt('dialect')} if it is another dialect` }] };
  }
  const name = opts.modelName ?? (basename(file).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_]+/g, '_') || 'imported');
  const model = b.build({ name, dialect });
  const unmodeled = [...b.unmodeled].sort((x, y) => x.line - y.line);
  return { model, dialect, unmodeled, diagnostics: [] };
}
