// Running a planned migration on an open session: all or nothing where DDL is transactional,
// otherwise statement by statement, stopping at the first failure. A dry run rehearses (in a
// transaction that is always rolled back) or asks the engine to check each statement.
import type { Plan } from './plan.js';
import type { Connector, Session, StatementReport } from './types.js';

export interface RunOutcome {
  statements: StatementReport[];
  /** 1-based index of the failed statement */
  failedAt?: number;
  error?: string;
  /** statements whose effect remains after the run */
  appliedCount: number;
  durationMs: number;
}

function baseReports(plan: Plan): StatementReport[] {
  return plan.statements.map((s) => ({
    index: s.index, line: s.line, kind: s.kind, checksum: s.checksum, preview: s.preview, sql: s.sql, status: 'not_run',
    ...(s.findings.length ? { destructive: s.findings.map((f) => f.kind) } : {}),
  }));
}

export function notRun(plan: Plan): StatementReport[] {
  return baseReports(plan);
}

export function errorText(e: unknown): string {
  const any = e as { message?: string; code?: string; sqlState?: string };
  const msg = String(any?.message ?? e).split('\n')[0];
  const code = any?.sqlState ?? (typeof any?.code === 'string' && /^[0-9A-Z]{5}$/.test(any.code) ? any.code : undefined);
  return code && !msg.includes(code) ? `${msg} [${code}]` : msg;
}

/** Run `step` on each statement in order, timing it; the first failure is recorded and stops the run. */
async function eachStatement(plan: Plan, outcome: RunOutcome,
  step: (s: Plan['statements'][number], report: RunOutcome['statements'][number]) => Promise<void>): Promise<void> {
  for (const [i, s] of plan.statements.entries()) {
    const report = outcome.statements[i];
    const t0 = performance.now();
    try {
      await step(s, report);
    } catch (e) {
      report.status = 'failed';
      report.error = errorText(e);
      outcome.failedAt = s.index;
      outcome.error = report.error;
    } finally {
      report.duration_ms = Math.round(performance.now() - t0);
    }
    if (outcome.failedAt) break;
  }
}

/**
 * Execute. `inTransaction` runs `beforeCommit` (the ledger row) inside the transaction, so the
 * row and the changes commit together or not at all.
 */
export async function execute(plan: Plan, session: Session, connector: Connector,
  beforeCommit: (outcome: RunOutcome) => Promise<void>): Promise<RunOutcome> {
  const reports = baseReports(plan);
  const outcome: RunOutcome = { statements: reports, appliedCount: 0, durationMs: 0 };
  const started = performance.now();
  const tx = connector.transactionalDdl;
  if (tx) await session.begin();
  await eachStatement(plan, outcome, async (s, report) => {
    await session.execute(s.sql);
    report.status = 'applied';
    outcome.appliedCount++;
  });
  outcome.durationMs = Math.round(performance.now() - started);
  if (tx) {
    if (outcome.failedAt === undefined) {
      try {
        await beforeCommit(outcome);
        await session.commit();
        return outcome;
      } catch (e) {
        outcome.error = `could not commit: ${errorText(e)}`;
      }
    }
    await session.rollback().catch(() => {});
    for (const r of reports) if (r.status === 'applied') r.status = 'rolled_back';
    outcome.appliedCount = 0;
  }
  return outcome;
}

/** Dry run: nothing is changed; each statement is rehearsed or checked by the engine. */
export async function dryRun(plan: Plan, session: Session, connector: Connector): Promise<RunOutcome> {
  const reports = baseReports(plan);
  const outcome: RunOutcome = { statements: reports, appliedCount: 0, durationMs: 0 };
  const started = performance.now();
  const rehearse = connector.dryRun === 'rehearse';
  if (rehearse) await session.begin();
  try {
    await eachStatement(plan, outcome, async (s, report) => {
      report.status = 'would_run';
      if (rehearse) {
        await session.execute(s.sql);
        report.check = 'rehearsed';
      } else if (session.check) {
        const r = await session.check(s.sql);
        report.check = r.check;
        if (r.note) report.check_note = r.note;
      } else report.check = 'not_checked';
    });
  } finally {
    if (rehearse) await session.rollback();
  }
  outcome.durationMs = Math.round(performance.now() - started);
  return outcome;
}
