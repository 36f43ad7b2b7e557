import type { Command } from 'commander';
import { hasErrors } from '../../core/diagnostics.js';
import { EXAMPLE_PROJECT } from '../../core/paths.js';
import { loadProject } from '../../core/project/load.js';
import { formatSummary, summarizeProject } from '../../core/project/summary.js';
import { action, out, printDiagnostics, printJson } from '../io.js';

function summaryAction(dir: string, opts: { outputJson?: boolean }): number {
  const project = loadProject(dir);
  const summary = summarizeProject(project);
  if (opts.outputJson) printJson({ ...summary, diagnosticsList: project.diagnostics });
  else {
    printDiagnostics(project.diagnostics);
    out(formatSummary(summary));
  }
  return hasErrors(project.diagnostics) ? 1 : 0;
}

export function registerDemo(program: Command): void {
  program.command('summary')
    .description('read a dbt-style project (YAML, SQL, doc blocks, target/*.json, Modeler/) and print what was found')
    .option('--project-dir <dir>', 'project directory', '.')
    .option('--output-json', 'print the summary as JSON')
    .addHelpText('after', '\nExit codes: 0 read cleanly, 1 some files have errors (each printed as file:line:col), 64 usage.\nExample: modeler summary --project-dir examples/jaffle_shop')
    .action(action((opts: { projectDir: string; outputJson?: boolean }) => summaryAction(opts.projectDir, opts)));
  program.command('demo')
    .description('validate the embedded example project (examples/jaffle_shop) and print its summary')
    .option('--output-json', 'print the summary as JSON')
    .addHelpText('after', '\nExample: modeler demo')
    .action(action((opts: { outputJson?: boolean }) => summaryAction(EXAMPLE_PROJECT, opts)));
}
