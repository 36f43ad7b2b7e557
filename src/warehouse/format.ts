// The apply report as text for a terminal or a CI log.
import type { ApplyReport } from './types.js';
import { count } from '../core/count.js';

const HEAD: Record<ApplyReport['status'], string> = {
  success: 'APPLIED', no_op: 'ALREADY APPLIED', dry_run: 'DRY RUN', failed: 'FAILED', refused: 'REFUSED',
};

export function formatReport(r: ApplyReport): string {
  const lines: string[] = [];
  const where = Object.entries(r.connection).map(([k, v]) => `${k}=${v}`).join(' ');
  lines.push(`${HEAD[r.status]}: migration ${r.migration_name} on ${r.connector}${where ? ` (${where})` : ''}`);
  lines.push(`  checksum   ${r.checksum}`);
  const effect = r.status === 'no_op' ? 'already in effect' : r.dry_run ? 'nothing changed' : `${r.applied_count} in effect`;
  lines.push(`  statements ${r.statement_count}, ${effect}; ${r.duration_ms} ms; `
    + (r.transactional ? 'one transaction (all or nothing)' : 'no transactional DDL: statement by statement'));
  lines.push(`  ledger     ${r.ledger.skipped ? 'skipped' : `${r.ledger.table}${r.ledger.row_written ? ' (row written)' : ''}`}`);
  if (r.mode === 'model_diff') {
    lines.push(`  policy     ${r.policy.checked ? `${r.policy.pack}: ${count(r.policy.errors, 'error')}, ${count(r.policy.warnings, 'warning')}` : r.policy.reason ?? 'not checked'}`);
  }
  if (r.status !== 'no_op') {
    for (const s of r.statements) {
      const extra = [s.duration_ms !== undefined ? `${s.duration_ms} ms` : '', s.check ?? '', s.destructive?.length ? `destructive: ${s.destructive.join(',')}` : '']
        .filter(Boolean).join(', ');
      // a dry run says exactly what would run: the statement in full, below, instead of its preview
      const full = r.dry_run && s.status !== 'not_run';
      lines.push(`  #${s.index} line ${s.line}  ${s.status.padEnd(11)} ${s.kind}${extra ? ` [${extra}]` : ''}${full ? '' : `  ${s.preview}`}`);
      if (full) lines.push(s.sql.split('\n').map((l) => `      ${l}`).join('\n'));
      if (s.error) lines.push(`      error: ${s.error}`);
      if (s.check_note) lines.push(`      note: ${s.check_note}`);
    }
  }
  if (r.destructive_statements.length) {
    lines.push(`  destructive statements (${r.destructive_statements.length}${r.allow_destructive ? ', allowed' : ', refused'}):`);
    for (const d of r.destructive_statements) lines.push(`    #${d.index} line ${d.line}  ${d.kind} ${d.object}${d.detail ? ` (${d.detail})` : ''}`);
  }
  for (const m of r.messages) lines.push(`  note: ${m}`);
  return lines.join('\n');
}
