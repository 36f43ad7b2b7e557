import type { Command } from 'commander';
import { countBySeverity, UserError } from '../../core/diagnostics.js';
import { loadModelFile } from '../../core/model/load.js';
import { action, out, printDiagnostics, printJson } from '../io.js';

export function registerValidate(program: Command): void {
  program.command('validate')
    .description('validate a model file against schemas/model.schema.json and the semantic checks')
    .argument('<model.yaml>', 'model file to check')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 valid, 1 validation errors, 64 usage error.\nExample: modeler validate models/commerce.model.yaml')
    .action(action((file: string, opts: { outputJson?: boolean }) => {
      const lm = loadModelFile(file);
      if (lm.diagnostics[0]?.code === 'IO') throw new UserError(lm.diagnostics[0].message);
      const counts = countBySeverity(lm.diagnostics);
      if (opts.outputJson) {
        printJson({ file, valid: lm.ok, errors: counts.error, warnings: counts.warning, diagnostics: lm.diagnostics });
      } else {
        printDiagnostics(lm.diagnostics);
        out(lm.ok ? `${file}: valid (${lm.model!.entities.length} entities, ${counts.warning} warnings)` : `${file}: ${counts.error} error(s), ${counts.warning} warning(s)`);
      }
      return lm.ok ? 0 : 1;
    }));
}
