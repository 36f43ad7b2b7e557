import type { Command } from 'commander';
import { loadModelFile } from '../../api/model.js';
import { UserError } from '../../api/base.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, count, out, printDiagnostics, printJson, validationJson } from '../io.js';

export function registerValidate(program: Command): void {
  program.command('validate')
    .description('validate a model file against schemas/model.schema.json and the semantic checks')
    .argument('<model.yaml>', 'model file to check')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 valid, 1 validation errors, 64 usage error.\nExample: modeler validate models/commerce.model.yaml')
    .action(action((file: string, opts: { outputJson?: boolean }) => {
      const lm = loadModelFile(file);
      if (lm.diagnostics[0]?.code === 'IO') throw new UserError(lm.diagnostics[0].message);
      const j = validationJson(file, lm.ok, lm.diagnostics);
      if (opts.outputJson) {
        printJson(j);
      } else {
        printDiagnostics(lm.diagnostics);
        out(lm.ok ? `${file}: valid (${count(lm.model!.entities.length, 'entity', 'entities')}, ${count(j.warnings, 'warning')})` : `${file}: ${count(j.errors, 'error')}, ${count(j.warnings, 'warning')}`);
      }
      return exitCodeOf(lm);
    }));
}
