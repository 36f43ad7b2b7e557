// The CLI's exit codes, and the one place core outcomes become them. The core reports what
// happened (`ok`, a status); another face maps the same outcomes to its own codes (HTTP statuses).
import type { ApplyReport } from '../api/warehouse.js';
import type { GateResult } from '../api/governance.js';

/** 0 success, 1 a check failed or an input is invalid, 2 breaking/destructive refused, 64 usage (sysexits), 70 internal error. */
export const EXIT = { OK: 0, FAIL: 1, BREAKING: 2, USAGE: 64, SOFTWARE: 70 } as const;

export const EXIT_BY_STATUS: Readonly<Record<ApplyReport['status'], number>> = { success: EXIT.OK, no_op: EXIT.OK, dry_run: EXIT.OK, failed: EXIT.FAIL, refused: EXIT.BREAKING };

const GATE_EXIT: Readonly<Record<GateResult['status'], number>> = { pass: EXIT.OK, invalid: EXIT.FAIL, breaking: EXIT.BREAKING };

/** The exit code of a result: its status where the status has one, else 0 when ok, 1 when not. */
export function exitCodeOf(r: { ok: boolean; status?: string }, table?: Readonly<Record<string, number>>): number {
  const byStatus = table && r.status !== undefined ? table[r.status] : undefined;
  return byStatus ?? (r.ok ? EXIT.OK : EXIT.FAIL);
}

export const gateExitCode = (r: GateResult): number => exitCodeOf(r, GATE_EXIT);
export const applyExitCode = (r: ApplyReport): number => exitCodeOf(r, EXIT_BY_STATUS);
