import type { Command } from 'commander';
import { EXAMPLE_PROJECT, hasErrors } from '../../api/base.js';
import { formatSummary, loadProject, summarizeWithColumns, withSqlParser } from '../../api/project.js';
import { selectProject } from '../../api/select.js';
import { action, header, out, printDiagnostics, printDiagnosticsBrief, printJson } from '../io.js';
import { projectOptions, projectRef, selectionOf, selectOptions, type ProjectFlags, type ProjectRef, type SelectFlags, warnNothingSelected } from '../project-options.js';

/** Warnings and notes printed before the summary unless --all-findings: every error is. */
const FINDINGS_SHOWN = 20;

async function summaryAction(ref: ProjectRef, opts: { outputJson?: boolean; allFindings?: boolean } & SelectFlags): Promise<number> {
  const sel = selectionOf(opts);
  const chosen = selectProject(loadProject(ref.dir, ref.read), sel);
  // the SQL parser (WASM) loads only when some model's SQL is not in the shape cache
  const { summary, diagnostics } = await withSqlParser(() => summarizeWithColumns(chosen.project));
  const selection = chosen.selected ? { selection: { select: sel.select ?? [], exclude: sel.exclude ?? [], nodes: chosen.selected } } : {};
  if (chosen.selected && !chosen.selected.length) warnNothingSelected(sel);
  if (opts.outputJson) printJson({ ...summary, ...selection, diagnosticsList: diagnostics });
  else {
    if (opts.allFindings) printDiagnostics(diagnostics);
    else printDiagnosticsBrief(diagnostics, FINDINGS_SHOWN, 'add --all-findings to list them all (--output-json has them too)');
    out(header(formatSummary(summary)));
    if (chosen.selected) out(`  selected:      ${chosen.selected.length} node(s) by ${[sel.select?.length ? `--select ${sel.select.join(' ')}` : '', sel.exclude?.length ? `--exclude ${sel.exclude.join(' ')}` : ''].filter(Boolean).join(' ')}`);
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

export function registerDemo(program: Command): void {
  selectOptions(projectOptions(program.command('summary')
    .description('read a dbt project as `dbt parse` does (YAML, SQL, doc blocks, target/*.json, Modeler/) and print what was found')))
    .option('--output-json', 'print the summary as JSON')
    .option('--all-findings', `print every warning and note before the summary (default: every error and the first ${FINDINGS_SHOWN} others, the rest counted by code)`)
    .addHelpText('after', '\nWith --select/--exclude the counts are of the selected nodes only (dbt\'s selection syntax; docs/cli.md).\n' +
      'Exit codes: 0 read cleanly (also when the selection matches nothing: a warning says so), 1 some files have errors (each printed as file:line:col), 64 usage (e.g. an unknown selector method).\n' +
      'Example: modeler summary --project-dir examples/jaffle_shop --select +customers')
    .action(action((opts: ProjectFlags & { outputJson?: boolean; allFindings?: boolean } & SelectFlags) => summaryAction(projectRef(opts), opts)));
  program.command('demo')
    .description('validate the embedded example project (examples/jaffle_shop) and print its summary')
    .option('--output-json', 'print the summary as JSON')
    .addHelpText('after', '\nExample: modeler demo')
    .action(action((opts: { outputJson?: boolean }) => summaryAction({ dir: EXAMPLE_PROJECT, read: {} }, opts)));
}
