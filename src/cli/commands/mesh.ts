import type { Command } from 'commander';
import { formatMesh, meshCheck } from '../../api/governance.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, err, out, parentCommand, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

function addCheck(mesh: Command): void {
  projectOptions(mesh.command('check')
    .description('check the Interface readiness of every model with meta.modeler.interface (spec §4.7)')
    .argument('[project_dir]', 'the dbt project directory (same as --project-dir)'))
    .option('--strict', 'blocking findings become errors; exit non-zero on any Interface error or project loader error')
    .option('--output-json', 'print the report as JSON on stdout')
    .addHelpText('after', '\nExit codes: 0 ready (or only warnings without --strict), 1 Interface errors (or loader errors with --strict), 64 usage.\n' +
      'Example: modeler modeler mesh check examples/jaffle_shop --strict')
    .action(action((dir: string | undefined, opts: ProjectFlags & { strict?: boolean; outputJson?: boolean }) => {
      const ref = projectRef(opts, dir);
      const r = meshCheck(ref.dir, { strict: opts.strict, ...ref.read });
      if (!r.isDbtProject) err(`mesh: ${ref.dir} is not a dbt project root (no dbt_project.yml); run it on the folder that holds dbt_project.yml`);
      const exitCode = exitCodeOf(r);
      // exitCode: printed JSON kept it before results stopped carrying it; one more release
      if (opts.outputJson) printJson({ ...r, exitCode });
      else {
        const { text, notes } = formatMesh(r);
        out(text);
        for (const n of notes) err(n);
      }
      return exitCode;
    }));
}

/** `modeler modeler mesh check` (the spec's spelling) and the alias `modeler mesh check`. */
export function registerMesh(program: Command): void {
  addCheck(parentCommand(program, 'mesh', 'mesh Interfaces: readiness checks of shared models'));
  const nested = parentCommand(program, 'modeler', 'the spec\'s nested command tree (modeler modeler mesh check)');
  addCheck(parentCommand(nested, 'mesh', 'mesh Interfaces: readiness checks of shared models'));
}
