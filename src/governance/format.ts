// The gate and mesh results as text for a terminal or a CI log (beside formatReport,
// formatImpact, formatBlock and formatSummary of the other areas). Option names go through opt().
import { formatDiagnostic } from '../core/diagnostics.js';
import { count } from '../core/count.js';
import { opt } from '../core/option-names.js';
import type { GateResult } from './gate.js';
import type { MeshReport } from './mesh/check.js';

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
  if (r.status === 'breaking') lines.push(`gate: failed, ${r.summary.breaking} breaking change(s); pass ${opt('allow_breaking')} to accept them`);
  else if (r.summary.breaking) lines.push(`gate: passed with ${r.summary.breaking} breaking change(s) allowed by ${opt('allow_breaking')}`);
  else lines.push('gate: passed');
  return lines.join('\n');
}

/** The mesh report (`text`), and what is said beside it (`notes`: loader errors, which do not fail a non-strict run). */
export function formatMesh(r: MeshReport): { text: string; notes: string[] } {
  const lines = [`mesh Interface check: ${r.project}`];
  if (r.strict) lines.push('strict: yes');
  if (r.ready) {
    lines.push('interfaces: ready');
  } else {
    for (const f of r.findings) lines.push(formatDiagnostic(f));
    if (r.strict) for (const d of r.loadDiagnostics.filter((x) => x.severity === 'error')) lines.push(formatDiagnostic(d));
    lines.push(`interfaces: not ready (${count(r.summary.error, 'error')}, ${count(r.summary.warning, 'warning')}, ${r.summary.info} info${r.strict && r.summary.loadErrors ? `, ${count(r.summary.loadErrors, 'project loader error')}` : ''})`);
  }
  // loader problems never change the non-strict verdict, but are not hidden either
  const notes: string[] = [];
  // "ready" with nothing checked reads as a pass of something: say that nothing was
  if (!r.summary.interfaces) notes.push('mesh: no model is an Interface (meta.modeler.interface with enabled: true or stability: shared|contracted), so nothing was checked');
  if (!r.strict && r.summary.loadErrors) notes.push(`mesh: the project has ${count(r.summary.loadErrors, 'loader error')}; run 'modeler summary ${opt('project_dir')} ${r.project}' (they fail ${opt('strict')})`);
  return { text: lines.join('\n'), notes };
}
