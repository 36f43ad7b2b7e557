import type { Command } from 'commander';
import { checkPolicies } from '../../api/governance.js';
import { formatDiagnostic, UserError } from '../../api/base.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, count, out, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

export function registerPolicyCheck(program: Command): void {
  projectOptions(program.command('policy-check')
    .description('check a model file, a dbt property file or a whole project against declarative policy packs')
    .argument('[target]', 'a model file (*.model.yaml), a dbt property file (schema.yml) or a project directory (or --project-dir)'))
    .option('--policy <pack>', 'policy pack file, or a bundled pack such as modeler/base (repeatable; merged left to right by rule id)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--inherit', "also apply the packs named in each pack's extends (paths relative to the pack, or modeler/<name>)")
    .option('--output-json', 'print the result as JSON on stdout')
    .addHelpText('after', '\nExit codes: 0 no error-severity violation, 1 policy errors or an invalid model/pack, 64 usage.\n' +
      'Example: modeler policy-check examples/jaffle_shop --policy modeler/strict --inherit')
    .action(action((target: string | undefined, opts: ProjectFlags & { policy: string[]; inherit?: boolean; outputJson?: boolean }) => {
      if (target !== undefined && (opts.projectDir ?? opts.project) !== undefined) throw new UserError('give either a target or --project-dir, not both');
      // without a target, the project is found as dbt finds it (as --project-dir's help says); a folder without one is refused
      const ref = projectRef(opts, target, { files: true });
      const r = checkPolicies(target !== undefined ? { modelFile: ref.dir, ...ref.read } : { projectDir: ref.dir, ...ref.read }, opts.policy, { inherit: opts.inherit });
      if (opts.outputJson) printJson(r);
      else {
        for (const d of r.diagnostics) out(formatDiagnostic(d));
        out(`policy-check: ${r.target}: ${count(r.errorCount, 'error')}, ${count(r.warningCount, 'warning')}, ${r.infoCount} info; ${count(r.rules.length, 'rule')} from ${r.packs.map((p) => `${p.name}@${p.version}`).join(', ') || 'no pack'} over ${count(r.objectsChecked, 'object')}`);
      }
      return exitCodeOf(r);
    }));
}
