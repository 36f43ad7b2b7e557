import type { Command } from 'commander';
import { formatDiagnostic } from '../../core/diagnostics.js';
import { meshCheck, type MeshReport } from '../../governance/mesh/check.js';
import { action, err, out, printJson } from '../io.js';

function addCheck(mesh: Command): void {
  mesh.command('check')
    .description('check the Interface readiness of every model with meta.modeler.interface (spec §4.7)')
    .argument('<project_dir>', 'the dbt-style project directory')
    .option('--strict', 'blocking findings become errors; exit non-zero on any Interface error or project loader error')
    .option('--output-json', 'print the report as JSON on stdout')
    .addHelpText('after', '\nExit codes: 0 ready (or only warnings without --strict), 1 Interface errors (or loader errors with --strict), 64 usage.\n' +
      'Example: modeler modeler mesh check examples/jaffle_shop --strict')
    .action(action((dir: string, opts: { strict?: boolean; outputJson?: boolean }) => {
      const r = meshCheck(dir, { strict: opts.strict });
      if (opts.outputJson) printJson(r);
      else printMesh(r);
      return r.exitCode;
    }));
}

export function printMesh(r: MeshReport): void {
  out(`mesh Interface check: ${r.project}`);
  if (r.strict) out('strict: yes');
  if (r.ready) {
    out('interfaces: ready');
  } else {
    for (const f of r.findings) out(formatDiagnostic(f));
    if (r.strict) for (const d of r.loadDiagnostics.filter((x) => x.severity === 'error')) out(formatDiagnostic(d));
    out(`interfaces: not ready (${r.summary.error} error(s), ${r.summary.warning} warning(s), ${r.summary.info} info${r.strict && r.summary.loadErrors ? `, ${r.summary.loadErrors} project loader error(s)` : ''})`);
  }
  // loader problems never change the non-strict verdict, but are not hidden either
  if (!r.strict && r.summary.loadErrors) err(`mesh: the project has ${r.summary.loadErrors} loader error(s); run 'modeler summary --project-dir ${r.project}' (they fail --strict)`);
}

/** `modeler modeler mesh check` (the spec's spelling) and the alias `modeler mesh check`. */
export function registerMesh(program: Command): void {
  const findOrCreate = (parent: Command, name: string, description: string) =>
    parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(description);
  addCheck(findOrCreate(program, 'mesh', 'mesh Interfaces: readiness checks of shared models'));
  const nested = findOrCreate(program, 'modeler', 'the spec\'s nested command tree (modeler modeler mesh check)');
  addCheck(findOrCreate(nested, 'mesh', 'mesh Interfaces: readiness checks of shared models'));
}
