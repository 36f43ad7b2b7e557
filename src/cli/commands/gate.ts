import type { Command } from 'commander';
import { formatGate, gateModels } from '../../api/governance.js';
import { gateWithLineage } from '../../api/lineage.js';
import { initSqlColumns, loadProject } from '../../api/project.js';
import { projectRef } from '../project-options.js';
import { gateExitCode } from '../exit-codes.js';
import { action, out, printJson } from '../io.js';

export function registerGate(program: Command): void {
  program.command('gate')
    .description('compare two versions of a model and fail on breaking changes (removed entities/columns, narrowing types, new NOT NULL, key changes, removed relationships or enum values)')
    .argument('<old.yaml>', 'the model as it is now (e.g. from the main branch)')
    .argument('<new.yaml>', 'the proposed model')
    .option('--allow-breaking', 'report breaking changes but pass (exit 0)')
    .option('--output-json', 'print the result as JSON on stdout (nothing else is printed there)')
    .option('--project-dir <dir>', 'the dbt project beside the models: a removed or renamed column of an entity that is a node there says what it breaks downstream (column lineage)')
    .addHelpText('after', '\nExit codes: 0 pass, 1 either model is invalid, 2 breaking changes without --allow-breaking, 64 usage.\n' +
      'Example: git show main:models/commerce.model.yaml > /tmp/old.yaml && modeler gate /tmp/old.yaml models/commerce.model.yaml')
    .action(action(async (oldPath: string, newPath: string, opts: { allowBreaking?: boolean; outputJson?: boolean; projectDir?: string }) => {
      let r = gateModels(oldPath, newPath, { allowBreaking: opts.allowBreaking });
      if (opts.projectDir !== undefined) {
        const ref = projectRef({ projectDir: opts.projectDir });
        await initSqlColumns();
        r = gateWithLineage(r, loadProject(ref.dir, ref.read));
      }
      const exitCode = gateExitCode(r);
      // exitCode: printed JSON kept it before results stopped carrying it; one more release
      if (opts.outputJson) printJson({ ...r, exitCode });
      else out(formatGate(r));
      return exitCode;
    }));
}
