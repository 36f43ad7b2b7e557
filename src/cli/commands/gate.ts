import type { Command } from 'commander';
import { UserError } from '../../api/base.js';
import { formatGate, gateModels } from '../../api/governance.js';
import { gateWithLineage } from '../../api/lineage.js';
import { initSqlColumns, loadProject } from '../../api/project.js';
import { dbtReadOptions, projectRef, type ProjectFlags } from '../project-options.js';
import { gateExitCode } from '../exit-codes.js';
import { action, out, printJson } from '../io.js';

export function registerGate(program: Command): void {
  dbtReadOptions(program.command('gate')
    .description('compare two versions of a model and fail on breaking changes (removed entities/columns, narrowing types, new NOT NULL, key changes, removed relationships or enum values)')
    .argument('<old.yaml>', 'the model as it is now (e.g. from the main branch)')
    .argument('<new.yaml>', 'the proposed model')
    .option('--allow-breaking', 'report breaking changes but pass (exit 0)')
    .option('--output-json', 'print the result as JSON on stdout (nothing else is printed there)')
    .option('--project-dir <dir>', 'the dbt project beside the models: a removed or renamed column of an entity that is a node there says what it breaks downstream (column lineage)'))
    .addHelpText('after', '\n--vars, --profiles-dir and --target read the project given by --project-dir as `modeler lineage` does.\n' +
      'Exit codes: 0 pass, 1 either model is invalid, 2 breaking changes without --allow-breaking, 64 usage.\n' +
      'Example: git show main:models/commerce.model.yaml > /tmp/old.yaml && modeler gate /tmp/old.yaml models/commerce.model.yaml')
    .action(action(async (oldPath: string, newPath: string, opts: Pick<ProjectFlags, 'projectDir' | 'vars' | 'profilesDir' | 'target'> & { allowBreaking?: boolean; outputJson?: boolean }) => {
      // without a project there is nothing for them to decide: refused, not silently ignored
      const given = (['vars', 'profilesDir', 'target'] as const).filter((k) => opts[k] !== undefined);
      if (opts.projectDir === undefined && given.length) throw new UserError(`--${given[0] === 'profilesDir' ? 'profiles-dir' : given[0]} reads the dbt project: give --project-dir DIR too`);
      // the project's flags are checked (an unknown --target refused) before either model is read
      const ref = opts.projectDir !== undefined ? projectRef(opts) : undefined;
      let r = gateModels(oldPath, newPath, { allowBreaking: opts.allowBreaking });
      if (ref) {
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
