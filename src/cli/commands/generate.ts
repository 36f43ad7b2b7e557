import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import { UserError } from '../../core/diagnostics.js';
import { writeFileAtomic, writeFilesAtomic } from '../../core/fs-atomic.js';
import { requireModel } from '../../core/model/load.js';
import { metadataJson } from '../../metadata/generate.js';
import { DIALECTS, getDialect } from '../../sql/dialects/index.js';
import { generateSql } from '../../sql/generate.js';
import { scaffoldTform } from '../../tform/scaffold.js';
import { action, err, out } from '../io.js';

/** `modeler generate …` may be shared with other generators; create it once. */
export function generateCommand(program: Command): Command {
  return program.commands.find((c) => c.name() === 'generate')
    ?? program.command('generate').description('generate SQL DDL, a tform (dbt) scaffold or metadata JSON from a model');
}

export function registerGenerate(program: Command): void {
  const g = generateCommand(program);
  g.command('sql')
    .description('CREATE TABLE statements in model column order (keys, NOT NULL, defaults, CHECK), then foreign keys from relationships, then indexes')
    .argument('<model.yaml>', 'model file')
    .option('--dialect <dialect>', `one of ${DIALECTS.join(', ')} (mariadb = mysql); default: the model's own dialect`)
    .option('--out <file>', 'write the SQL here (atomically); default: stdout')
    .addHelpText('after', `
Exit codes: 0 written, 1 invalid model, 64 usage error (no or unknown dialect, unreadable file).
Examples:
  modeler generate sql models/shop.model.yaml --dialect postgres --out build/shop.sql
  modeler generate sql models/shop.model.yaml --dialect bigquery`)
    .action(action((file: string, opts: { dialect?: string; out?: string }) => {
      if (opts.dialect) getDialect(opts.dialect);
      const model = requireModel(file);
      const dialect = dialectOf(opts.dialect, model.model.dialect);
      return emit(generateSql(model, dialect), opts.out, `generated ${dialect} DDL`);
    }));

  g.command('tform')
    .description('a dbt-style project: dbt_project.yml, models/staging/*.sql, models/staging/schema.yml (descriptions, data_type, tests), models/sources.yml')
    .argument('<model.yaml>', 'model file')
    .requiredOption('--out-dir <dir>', 'project directory to write into (created if missing)')
    .option('--project-name <name>', 'dbt project name (default: the model name in snake_case)')
    .option('--profile <name>', 'dbt profile name in dbt_project.yml (default: the project name)')
    .option('--source-name <name>', 'source name for the raw tables (default: raw)')
    .addHelpText('after', `
All files are computed first, then written (each atomically); nothing is written on failure.
Tests use dbt's data_tests/arguments form (dbt 1.10+).
Exit codes: 0 written, 1 invalid model, 64 usage error.
Example: modeler generate tform models/shop.model.yaml --out-dir build/shop_dbt --source-name shop_raw`)
    .action(action((file: string, opts: { outDir: string; projectName?: string; profile?: string; sourceName?: string }) => {
      const files = scaffoldTform(requireModel(file), { projectName: opts.projectName, profile: opts.profile, sourceName: opts.sourceName });
      const root = resolve(opts.outDir);
      writeFilesAtomic(files.map((f) => ({ path: join(root, f.path), data: f.content })));
      for (const f of files) out(join(opts.outDir, f.path));
      err(`wrote ${files.length} files to ${opts.outDir}`);
      return 0;
    }));

  g.command('metadata')
    .description('canonical model metadata JSON (schemas/metadata.schema.json): byte-identical across runs, column order preserved')
    .argument('<model.yaml>', 'model file')
    .option('--out <file>', 'write the JSON here (atomically); default: stdout')
    .addHelpText('after', `
Exit codes: 0 written, 1 invalid model, 64 usage error.
Example: modeler generate metadata models/shop.model.yaml --out build/shop.metadata.json`)
    .action(action((file: string, opts: { out?: string }) => emit(metadataJson(requireModel(file)), opts.out, 'generated metadata')));
}

/** --dialect, else the dialect the model records (import sql writes it), else a usage error. */
export function dialectOf(flag: string | undefined, modelDialect: string | undefined): string {
  const d = flag ?? modelDialect;
  if (!d) throw new UserError(`missing --dialect (the model names none); one of ${DIALECTS.join(', ')}`);
  return getDialect(d).name;
}

function emit(text: string, outPath: string | undefined, what: string): number {
  if (outPath === '') throw new UserError('--out needs a file name');
  if (outPath) {
    writeFileAtomic(outPath, text);
    err(`${what} -> ${outPath}`);
  } else process.stdout.write(text);
  return 0;
}
