import type { Command } from 'commander';
import { DIALECTS } from '../../api/dialects.js';
import { importDbmlFile, importSqlFile, type ImportRun } from '../../api/sql.js';
import { UserError, writeFileAtomic } from '../../api/base.js';
import { action, checkOut, count, err, out, parentCommand, printDiagnostics } from '../io.js';

export function registerImport(program: Command): void {
  const parent = parentCommand(program, 'import', 'import SQL DDL or DBML into a model file',
    '\nExample: modeler import sql schema.sql --out models/shop.model.yaml');
  parent.command('sql')
    .description('read CREATE TABLE/INDEX, ALTER TABLE … ADD CONSTRAINT and COMMENT ON statements into a model (real parsers, no regular expressions)')
    .argument('<schema.sql>', 'DDL file')
    .option('--out <file>', 'write the model YAML here (atomically); default: stdout')
    .option('--dialect <dialect>', `${DIALECTS.join(', ')} (mariadb = mysql); default: detected from the text, else postgres`)
    .option('--model-name <name>', 'model name (default: the file name)')
    .addHelpText('after', `
Statements that are not modelled (views, functions, grants, …) are listed on stderr with their
line numbers. A syntax error is reported as file:line:col and nothing is written.
Exit codes: 0 imported, 1 syntax error or the result is not a valid model, 64 usage error.
Examples:
  modeler import sql schema.sql --out models/shop.model.yaml
  modeler import sql dump.sql --dialect mariadb --model-name shop --out shop.model.yaml`)
    .action(action(async (file: string, opts: { out?: string; dialect?: string; modelName?: string }) => {
      checkOptions(opts, file);
      const r = await importSqlFile(file, { dialect: opts.dialect, modelName: opts.modelName });
      return finish(r, file, opts.out, r.dialect ? `${r.dialect}${r.detected ? `; detected: ${r.detected}` : ''}` : undefined);
    }));

  parent.command('dbml')
    .description('read a DBML file (tables, refs, enums, indexes, table groups, notes) into a model')
    .argument('<schema.dbml>', 'DBML file')
    .option('--out <file>', 'write the model YAML here (atomically); default: stdout')
    .option('--model-name <name>', 'model name (default: the DBML Project name, else the file name)')
    .addHelpText('after', `
Exit codes: 0 imported, 1 DBML syntax error (file:line:col) or invalid result, 64 usage error.
Example: modeler import dbml schema.dbml --out models/shop.model.yaml`)
    .action(action(async (file: string, opts: { out?: string; modelName?: string }) => {
      checkOptions(opts, file);
      return finish(await importDbmlFile(file, opts), file, opts.out);
    }));
}

/** Empty option values are usage errors before any work (not a schema error about the result). */
function checkOptions(opts: { out?: string; modelName?: string }, file: string): void {
  checkOut(opts.out, file);
  if (opts.modelName !== undefined && !opts.modelName.trim()) throw new UserError('--model-name needs a name');
}

function finish(r: ImportRun, file: string, outPath: string | undefined, dialect?: string): number {
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  printDiagnostics(r.diagnostics.filter((d) => d.severity !== 'error'), 'stderr');
  if (!r.ok || !r.yaml || !r.model) {
    printDiagnostics(errors, 'stderr');
    err(`modeler: import of ${file} failed; nothing written`);
    return 1;
  }
  if (outPath) writeFileAtomic(outPath, r.yaml);
  else out(r.yaml);
  const m = r.model;
  err(`imported ${file}${dialect ? ` (${dialect})` : ''}: ${count(m.entities.length, 'table')}, ${count(m.entities.reduce((n, e) => n + e.columns.length, 0), 'column')}, ${count(m.relationships.length, 'relationship')}, ${count(m.indexes.length, 'index', 'indexes')}${outPath ? ` -> ${outPath}` : ''}`);
  if (r.unmodeled.length) {
    err(`not modelled (${r.unmodeled.length}):`);
    for (const u of r.unmodeled) err(`  ${file}:${u.line}: ${u.what}${u.reason ? ` (${u.reason})` : ''}`);
  }
  return 0;
}
