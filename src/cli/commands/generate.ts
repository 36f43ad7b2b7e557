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
    .requiredOption('--dialect <dialect>', `one of ${DIALECTS.join(', ')} (mariadb = mysql)`)
    .option('--out <file>', 'write the SQL here (atomically); default: stdout')
    .addHelpText('after', `
Exit codes: 0 written, 1 invalid model, 64 usage error (unknown dialect, unreadable file).
Examples:
  modeler generate sql models/shop.model.yaml --dialect postgres --out build/shop.sql
  modeler generate sql models/shop.model.yaml --dialect bigquery`)
    .action(action((file: string, opts: { dialect: string; out?: string }) => {
      getDialect(opts.dialect);
      const sql = generateSql(requireModel(file), opts.dialect);
      return emit(sql, opts.out, `generated ${opts.dialect} DDL`);
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

function emit(text: string, outPath: string | undefined, what: string): number {
  if (outPath === '') throw new UserError('--out needs a file name');
  if (outPath) {
    writeFileAtomic(outPath, text);
    err(`${what} -> ${outPath}`);
  } else process.stdout.write(text);
  return 0;
}
