import type { Command } from 'commander';
import { enforceContracts } from '../../tform/contracts.js';
import { tformSync } from '../../tform/sync.js';
import { action, out, printJson } from '../io.js';

function findOrCreate(parent: Command, name: string, description: string): Command {
  return parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(description);
}

export function registerContracts(program: Command): void {
  const contracts = findOrCreate(program, 'contracts', 'dbt model contracts');
  contracts.command('enforce')
    .description('set config.contract.enforced: true and meta.modeler.contracts: enforced on the selected models (comments and layout are kept)')
    .option('--project-dir <dir>', 'project directory', '.')
    .option('--layer <layer>', 'select models of a layer: stg, int, fct, dim, mart (or staging, intermediate, marts)')
    .option('--file <path>', 'select the models of a YAML or SQL file (repeatable; with --layer both must match)', (v: string, p: string[]) => [...p, v], [] as string[])
    .option('--unenforce', 'set contract.enforced: false and remove meta.modeler.contracts instead')
    .option('--dry-run', 'report what would change without writing')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 done, 1 a selected dbt YAML does not parse (nothing written), 64 usage (no selector, unknown layer, a --file missing or outside the project).\nExample: modeler contracts enforce --project-dir examples/jaffle_shop --layer marts')
    .action(action((o: { projectDir: string; layer?: string; file: string[]; unenforce?: boolean; dryRun?: boolean; outputJson?: boolean }) => {
      const r = enforceContracts(o.projectDir, { layer: o.layer, files: o.file, enforce: !o.unenforce, dryRun: o.dryRun });
      if (o.outputJson) printJson(r);
      else {
        for (const s of r.selected) out(`${s.file}:${s.line ?? 1}: ${s.model}: ${s.changed ? (r.enforce ? 'contract enforced' : 'contract no longer enforced') : 'unchanged'}`);
        out(`contracts: ${r.selected.filter((s) => s.changed).length} of ${r.selected.length} selected model(s) changed in ${r.filesChanged.length} file(s)${o.dryRun ? ' (dry run, nothing written)' : ''}`);
      }
      return 0;
    }));

  const tform = findOrCreate(program, 'tform', 'the dbt-style (tform) project');
  tform.command('sync')
    .description('write descriptions, data types and tests from Modeler/ model files into the dbt YAML, never overwriting what is there; contract pre-flight first')
    .option('--project-dir <dir>', 'project directory', '.')
    .option('--model <model.yaml>', 'sync only this model file (default: every model file under Modeler/)')
    .option('--dry-run', 'report what would change without writing')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 synced, 1 CONTRACT_PREFLIGHT (contract-enforced columns without a data type; nothing written), an invalid model or a dbt YAML that does not parse, 64 usage.\n' +
      'Example: modeler tform sync --project-dir examples/jaffle_shop --dry-run')
    .action(action((o: { projectDir: string; model?: string; dryRun?: boolean; outputJson?: boolean }) => {
      const r = tformSync(o.projectDir, o.model, { dryRun: o.dryRun });
      if (o.outputJson) printJson(r);
      else if (!r.ok) {
        for (const x of r.offenders) out(`${x.file ?? '?'}:${x.line ?? 1}:1: error[CONTRACT_PREFLIGHT]: ${x.model}.${x.column} has ${x.dataType ? `data_type '${x.dataType}'` : 'no data_type'} but ${x.model} enforces its contract`);
        out(`tform sync: stopped, ${r.message}`);
      } else {
        for (const c of r.changes) out(`${c.file}: ${c.model}.${c.column}: ${c.field === 'column' ? 'column added' : `${c.field} ${typeof c.value === 'string' ? c.value : JSON.stringify(c.value)}`}`);
        for (const s of r.skipped) out(`skipped ${s.model}${s.column ? '.' + s.column : ''}: ${s.reason}`);
        out(`tform sync: ${r.changes.length} change(s) in ${r.filesChanged.length} file(s)${o.dryRun ? ' (dry run, nothing written)' : ''}`);
      }
      return r.ok ? 0 : 1;
    }));
}
