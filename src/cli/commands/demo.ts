import type { Command } from 'commander';
import { EXAMPLE_PROJECT, formatSummary, hasErrors, initSqlColumns, loadProject, summarizeWithColumns } from '../../api.js';
import { action, out, printDiagnostics, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags, type ProjectRef } from '../project-options.js';

async function summaryAction(ref: ProjectRef, opts: { outputJson?: boolean }): Promise<number> {
  const project = loadProject(ref.dir, ref.read);
  await initSqlColumns();
  const { summary, diagnostics } = summarizeWithColumns(project);
  if (opts.outputJson) printJson({ ...summary, diagnosticsList: diagnostics });
  else {
    printDiagnostics(diagnostics);
    out(formatSummary(summary));
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

export function registerDemo(program: Command): void {
  projectOptions(program.command('summary')
    .description('read a dbt-style project as `dbt parse` does (YAML, SQL, doc blocks, target/*.json, Modeler/) and print what was found'))
    .option('--output-json', 'print the summary as JSON')
    .addHelpText('after', '\nExit codes: 0 read cleanly, 1 some files have errors (each printed as file:line:col), 64 usage.\nExample: modeler summary --project-dir examples/jaffle_shop')
    .action(action((opts: ProjectFlags & { outputJson?: boolean }) => summaryAction(projectRef(opts), opts)));
  program.command('demo')
    .description('validate the embedded example project (examples/jaffle_shop) and print its summary')
    .option('--output-json', 'print the summary as JSON')
    .addHelpText('after', '\nExample: modeler demo')
    .action(action((opts: { outputJson?: boolean }) => summaryAction({ dir: EXAMPLE_PROJECT, read: {} }, opts)));
}
