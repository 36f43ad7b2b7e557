import type { Command } from 'commander';
import { formatDiagnostic } from '../../core/diagnostics.js';
import { gateModels, type GateResult } from '../../governance/gate.js';
import { action, out, printJson } from '../io.js';

export function registerGate(program: Command): void {
  program.command('gate')
    .description('compare two versions of a model and fail on breaking changes (removed entities/columns, narrowing types, new NOT NULL, key changes, removed relationships or enum values)')
    .argument('<old.yaml>', 'the model as it is now (e.g. from the main branch)')
    .argument('<new.yaml>', 'the proposed model')
    .option('--allow-breaking', 'report breaking changes but pass (exit 0)')
    .option('--output-json', 'print the result as JSON on stdout (nothing else is printed there)')
    .addHelpText('after', '\nExit codes: 0 pass, 1 either model is invalid, 2 breaking changes without --allow-breaking, 64 usage.\n' +
      'Example: git show main:models/commerce.model.yaml > /tmp/old.yaml && modeler gate /tmp/old.yaml models/commerce.model.yaml')
    .action(action((oldPath: string, newPath: string, opts: { allowBreaking?: boolean; outputJson?: boolean }) => {
      const r = gateModels(oldPath, newPath, { allowBreaking: opts.allowBreaking });
      if (opts.outputJson) printJson(r);
      else out(formatGate(r));
      return r.exitCode;
    }));
}

export function formatGate(r: GateResult): string {
  const lines: string[] = [];
  const label = (h: GateResult['old']) => `${h.file}${h.name ? ` (${h.name} ${h.version})` : ''}`;
  lines.push(`gate: ${label(r.old)} → ${label(r.new)}`);
  if (r.status === 'invalid') {
    for (const d of r.diagnostics.filter((x) => x.severity === 'error')) lines.push(formatDiagnostic(d));
    lines.push(`gate: failed, ${[r.old, r.new].filter((h) => !h.valid).map((h) => h.file).join(' and ')} ${r.old.valid || r.new.valid ? 'is' : 'are'} not a valid model (run 'modeler validate')`);
    return lines.join('\n');
  }
  for (const c of r.changes) {
    const loc = c.file ? `${c.file}:${c.line ?? 1}:${c.col ?? 1}: ` : '';
    lines.push(`${loc}${c.breaking ? 'BREAKING' : 'ok'}: ${c.message}`);
  }
  if (!r.versionCheck.ok) lines.push(`warning[VERSION_BUMP]: ${r.versionCheck.message}`);
  lines.push(`changes: ${r.summary.changes} (${r.summary.breaking} breaking, ${r.summary.nonBreaking} not breaking)`);
  if (r.status === 'breaking') lines.push(`gate: failed, ${r.summary.breaking} breaking change(s); pass --allow-breaking to accept them`);
  else if (r.summary.breaking) lines.push(`gate: passed with ${r.summary.breaking} breaking change(s) allowed by --allow-breaking`);
  else lines.push('gate: passed');
  return lines.join('\n');
}
