import type { Command } from 'commander';
import { enforceContracts, tformSync } from '../../api/sql.js';
import { formatDiagnostic } from '../../api/base.js';
import { withSqlParser } from '../../api/project.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, count, out, parentCommand, printJson } from '../io.js';
import { projectOptions, projectRef, selectionOf, selectOptions, type ProjectFlags, type SelectFlags, warnNothingSelected } from '../project-options.js';

export function registerContracts(program: Command): void {
  const contracts = parentCommand(program, 'contracts', 'dbt model contracts');
  selectOptions(projectOptions(contracts.command('enforce')
    .description('set config.contract.enforced: true and meta.modeler.contracts: enforced on the selected models (comments and layout are kept)')))
    .option('--layer <layer>', 'select models of a layer: stg, int, fct, dim, mart (or staging, intermediate, marts)')
    .option('--file <path>', 'select the models of a YAML or SQL file (repeatable; with --layer or --select all must match)', (v: string, p: string[]) => [...p, v], [] as string[])
    .option('--unenforce', 'set contract.enforced: false and remove meta.modeler.contracts instead')
    .option('--force', 'also enforce models the pre-flight refuses (dbt will reject them until they declare typed columns)')
    .option('--dry-run', 'report what would change without writing')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nBefore enforcing, each selected model must declare its columns, each with a concrete data_type (the pre-flight of dbt sync),\n' +
      'and list every column its SQL returns and none it does not (dbt\'s contract check compares them);\n' +
      'a column without one takes the warehouse\'s type from target/catalog.json (dbt docs generate) when it lists the column, and says so.\n' +
      'models that do not are reported as CONTRACT_PREFLIGHT and left unchanged unless --force.\n' +
      'Exit codes: 0 done, 1 a model was refused or has no YAML entry, or a selected dbt YAML does not parse (nothing written), 64 usage (no selector, an unknown selector method, unknown layer, a --file missing or outside the project).\n' +
      'Example: modeler contracts enforce --project-dir examples/jaffle_shop --select "path:models/marts" --dry-run')
    .action(action(async (o: ProjectFlags & SelectFlags & { layer?: string; file: string[]; unenforce?: boolean; force?: boolean; dryRun?: boolean; outputJson?: boolean }) => {
      const ref = projectRef(o);
      const sel = selectionOf(o);
      // the pre-flight reads each model's SQL (the columns dbt's contract check compares with the YAML's)
      const r = await withSqlParser(() => enforceContracts(ref.dir, { ...sel, layer: o.layer, files: o.file, enforce: !o.unenforce, force: o.force, dryRun: o.dryRun, ...ref.read }));
      const chosenCount = r.selected.length + r.refused.filter((x) => !r.selected.some((s) => s.model === x.model)).length;
      if ((sel.select || sel.exclude) && !o.layer && !o.file.length && !chosenCount) warnNothingSelected(sel);
      if (o.outputJson) printJson(r);
      else {
        for (const x of r.refused) out(formatDiagnostic({ code: x.code, severity: x.forced ? 'warning' : 'error', file: x.file, line: x.line, column: 1, message: x.message, hint: x.hint }));
        for (const t of r.typed) out(`${t.file}:${t.line ?? 1}: ${t.model}.${t.column}: data_type ${t.data_type} taken from target/catalog.json`);
        for (const s of r.selected) out(`${s.file}:${s.line ?? 1}: ${s.model}: ${s.changed ? (r.enforce ? 'contract enforced' : 'contract no longer enforced') : 'unchanged'}`);
        const left = r.refused.length && !o.force ? `; ${count(r.refused.length, 'model')} refused and left unchanged` : '';
        const chosen = r.selected.length + r.refused.filter((x) => !r.selected.some((s) => s.model === x.model)).length;
        out(`contracts: ${r.selected.filter((s) => s.changed).length} of ${count(chosen, 'selected model')} changed in ${count(r.filesChanged.length, 'file')}${left}${o.dryRun ? ' (dry run, nothing written)' : ''}`);
      }
      return exitCodeOf(r);
    }));

  const tform = parentCommand(program, 'dbt', 'the dbt project (alias: tform, the spec\'s name)');
  if (!tform.aliases().includes('tform')) tform.alias('tform');
  projectOptions(tform.command('sync')
    .description('write descriptions, data types and tests from Modeler/ model files into the dbt YAML, never overwriting what is there; contract pre-flight first'))
    .option('--model <model.yaml>', 'sync only this model file (default: every model file under Modeler/)')
    .option('--dry-run', 'report what would change without writing')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 synced, 1 CONTRACT_PREFLIGHT (contract-enforced columns without a data type; nothing written), an invalid model or a dbt YAML that does not parse, 64 usage.\n' +
      'Example: modeler dbt sync --project-dir examples/jaffle_shop --dry-run')
    .action(action((o: ProjectFlags & { model?: string; dryRun?: boolean; outputJson?: boolean }) => {
      const ref = projectRef(o);
      const r = tformSync(ref.dir, o.model, { dryRun: o.dryRun, ...ref.read });
      if (o.outputJson) printJson(r);
      else if (!r.ok) {
        for (const x of r.offenders) out(`${x.file ?? '?'}:${x.line ?? 1}:1: error[CONTRACT_PREFLIGHT]: ${x.model}.${x.column} has ${x.dataType ? `data_type '${x.dataType}'` : 'no data_type'} but ${x.model} enforces its contract`);
        out(`dbt sync: stopped, ${r.message}`);
      } else {
        for (const c of r.changes) out(`${c.file}: ${c.model}.${c.column}: ${c.field === 'column' ? 'column added' : `${c.field} ${typeof c.value === 'string' ? c.value : JSON.stringify(c.value)}`}`);
        for (const s of r.skipped) out(`skipped ${s.model}${s.column ? '.' + s.column : ''}: ${s.reason}`);
        out(`dbt sync: ${r.changes.length} change(s) in ${r.filesChanged.length} file(s)${o.dryRun ? ' (dry run, nothing written)' : ''}`);
      }
      return exitCodeOf(r);
    }));
}
