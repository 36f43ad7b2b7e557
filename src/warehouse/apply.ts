// `applySql(request)`: the one core function behind `modeler apply` and POST /api/forward/apply.
// request → plan (statements, destructive analysis, checksum) → connect → ledger check →
// destructive guard → run or dry run → ledger row → report (JSON-able, secrets scrubbed) →
// optional report/SQL files. Usage problems throw UserError; everything that happens once the
// inputs are understood (connection, drift, refusal, a failing statement) is a report.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import { UserError } from '../core/diagnostics.js';
import { count } from '../core/count.js';
import { writeFileAtomic } from '../core/fs-atomic.js';
import { toolVersion } from '../core/paths.js';
import { opt, renderOptionNames, type OptionStyle } from '../core/option-names.js';
import { getDialect } from '../sql/dialects/index.js';
import { NORMAL_FORM_VERSION } from './checksum.js';
import { driverLoader, getConnector } from './connectors/index.js';
import { DEFAULT_LEDGER_TABLE, Ledger, parseLedgerTable, type LedgerStatus } from './ledger.js';
import { planModelDiff, type PolicyPreflight } from './model-diff.js';
import { governancePreflight } from './policy-preflight.js';
import { readTextFile } from '../core/read-text.js';
import { checkApplyRequest, publicConnection, resolveConnection, scrub, secretsOf } from './options.js';
import { buildPlan, defaultMigrationName, type Plan } from './plan.js';
import { dryRun, errorText, execute, notRun, type RunOutcome } from './run.js';
import { isNarrowing } from '../sql/type-narrowing.js';
import { LiveNames } from './live-names.js';
import type { ApplyReport, ConnectionParams, Connector, DestructiveReport, DriverLoader, PolicyReport, Session } from './types.js';

export interface ApplyContext {
  /** base for relative paths (default: process.cwd()) */
  cwd?: string;
  /** map a user path to the path to use; the HTTP face passes a containment check here */
  resolvePath?: (p: string, purpose: 'read' | 'write') => string;
  env?: Record<string, string | undefined>;
  loadDriver?: DriverLoader;
  /** open the session yourself (tests: PGlite); default: the connector's driver */
  openSession?: (connector: Connector, params: ConnectionParams) => Promise<Session>;
  /** model-diff policy pre-flight (default: the policy engine of src/governance/policy) */
  policyPreflight?: PolicyPreflight;
  /** a policy pack, and every pack it extends, must lie in this folder (the HTTP face: the project) */
  packRoot?: string;
  appliedBy?: string;
  /** how the report file (report_json) names the request's options: `--allow-destructive` or `allow_destructive` (default) */
  optionStyle?: OptionStyle;
}

/** Statuses that count as success (the report's `ok`). */
const OK_STATUSES: ReadonlySet<ApplyReport['status']> = new Set(['success', 'no_op', 'dry_run']);

export async function applySql(raw: unknown, ctx: ApplyContext = {}): Promise<ApplyReport> {
  const startedAt = new Date();
  const { request, mode } = checkApplyRequest(raw);
  const env = ctx.env ?? process.env;
  const path = (p: string, purpose: 'read' | 'write') => ctx.resolvePath ? ctx.resolvePath(p, purpose) : resolve(ctx.cwd ?? process.cwd(), p);
  const { connector, dialect: aliasDialect } = getConnector(request.connector ?? 'duckdb');
  const dialect = getDialect(request.dialect ?? aliasDialect ?? connector.dialect).name;
  const params = resolveConnection(connector, request, env);
  if (connector.name === 'duckdb' && params.path && params.path !== ':memory:') params.path = path(params.path, 'write');
  const secrets = secretsOf(params);
  const ledgerParts = parseLedgerTable(request.ledger_table ?? DEFAULT_LEDGER_TABLE, connector.name === 'bigquery');
  // checked before anything runs: finding out after the warehouse changed would lose the report
  if (request.report_json) checkOutput(path(request.report_json, 'write'), opt('report_json'));
  if (request.write_sql) checkOutput(path(request.write_sql, 'write'), opt('write_sql'));

  // ---- plan (no connection needed)
  const policy: PolicyReport = { checked: false, errors: 0, warnings: 0, results: [] };
  let plan: Plan;
  let diffName: string | undefined;
  if (mode === 'model_diff') {
    const oldPath = path(request.old_model!, 'read');
    const newPath = path(request.new_model!, 'read');
    const diff = planModelDiff(oldPath, newPath, dialect, request.model_schema && path(request.model_schema, 'read'));
    // bundled packs (modeler/<name>) are names, not paths
    const pack = request.policy_pack && (request.policy_pack.startsWith('modeler/') ? request.policy_pack : path(request.policy_pack, 'read'));
    Object.assign(policy, await runPolicy(ctx, pack, request.skip_policy_check,
      { oldModel: diff.oldModel, newModel: diff.newModel, oldPath, newPath }));
    plan = await buildPlan(diff.sql, dialect, 'the generated migration', diff.statements);
    diffName = diff.name;
  } else {
    const text = mode === 'sql' ? request.sql! : readInput(path(request.sql_file!, 'read'), request.sql_file!);
    plan = await buildPlan(text, dialect, mode === 'sql' ? 'the sql text' : request.sql_file!);
  }
  const name = request.migration_name ?? diffName ?? defaultMigrationName(request.sql_file, plan.checksum);

  const report: ApplyReport = {
    tool: 'modeler', tool_version: toolVersion(), connector: connector.name, dialect, mode, status: 'failed', ok: false,
    dry_run: !!request.dry_run, migration_name: name, checksum: plan.checksum, checksum_form: NORMAL_FORM_VERSION,
    statement_count: plan.statements.length, applied_count: 0, transactional: connector.transactionalDdl,
    connection: publicConnection(params),
    ledger: { table: ledgerParts.join('.'), skipped: !!request.skip_ledger, row_written: false },
    destructive_statements: [], allow_destructive: !!request.allow_destructive, policy,
    statements: notRun(plan), messages: [...plan.messages],
    started_at: startedAt.toISOString(), finished_at: '', duration_ms: 0,
  };
  if (connector.name === 'duckdb' && (params.path ?? ':memory:') === ':memory:') {
    report.messages.push(`DuckDB in memory: nothing persists after this run (give ${opt('path')} or MODELER_DUCKDB_PATH)`);
  }
  // opening a DuckDB file creates it: a dry run against a file that does not exist yet rehearses in memory
  let connectParams = params;
  if (connector.name === 'duckdb' && request.dry_run && params.path && params.path !== ':memory:' && !existsSync(params.path)) {
    connectParams = { ...params, path: ':memory:' };
    report.messages.push(`${params.path} does not exist yet: the dry run rehearses on an empty in-memory database and creates no file`);
  }

  const finish = (): ApplyReport => {
    const finishedAt = new Date();
    report.finished_at = finishedAt.toISOString();
    report.duration_ms = finishedAt.getTime() - startedAt.getTime();
    report.ok = OK_STATUSES.has(report.status);
    const clean = scrub(report, secrets);
    if (request.report_json) writeFileAtomic(path(request.report_json, 'write'), renderOptionNames(JSON.stringify(clean, null, 2) + '\n', ctx.optionStyle ?? 'param'));
    if (request.write_sql && clean.ok) writeFileAtomic(path(request.write_sql, 'write'), plan.sql);
    return clean;
  };
  const fail = (code: string, message: string, status: 'failed' | 'refused' = 'failed') => {
    report.status = status;
    report.error = { code, message };
    return finish();
  };

  if (policy.checked && policy.errors > 0) {
    const first = policy.results.find((x) => x.severity === 'error');
    // the errors may be the pack's own (YAML, unknown rule type), not the model's
    const modelFile = resolve(path(request.new_model!, 'read'));
    const where = policy.results.every((x) => x.severity !== 'error' || !x.file || resolve(x.file) === modelFile) ? ' in the new model' : '';
    return fail('POLICY_FAILED', `policy pack ${policy.pack}: ${count(policy.errors, 'error')}${where}, nothing applied`
      + (first ? `; first: ${first.file ?? ''}${first.line ? `:${first.line}:${first.column ?? 1}` : ''} ${first.code}: ${first.message}` : ''));
  }

  // ---- connect
  let session: Session;
  try {
    session = ctx.openSession ? await ctx.openSession(connector, connectParams) : await connector.connect(connectParams, ctx.loadDriver ?? driverLoader(connector.name));
  } catch (e) {
    if (e instanceof UserError) throw e;
    return fail('CONNECT_FAILED', `cannot connect to ${connector.name}${endpoint(connector, params)}: ${errorText(e)}`);
  }
  const lockKey = `modeler:${report.ledger.table}`;
  try {
    let ledger: Ledger | undefined;
    if (!request.skip_ledger) {
      ledger = new Ledger(session, connector.ledger, ledgerParts, params);
      report.ledger.table = ledger.table;
      if (!request.dry_run) {
        await session.lock?.(lockKey);
        await ledger.ensure();
      }
      const found = await ledger.lookup(name, plan.checksum);
      if (!found.exists) report.messages.push(`ledger table ${ledger.table} does not exist yet; a real run creates it`);
      const same = found.rows.find((r) => r.name === name);
      if (same) {
        report.ledger.previous = { checksum: same.checksum, applied_at: same.applied_at };
        if (same.checksum === plan.checksum) {
          report.status = 'no_op';
          report.messages.push(`migration '${name}' was already applied${same.applied_at ? ` at ${same.applied_at}` : ''} with this checksum; nothing to do`);
          return finish();
        }
        return fail('CHECKSUM_DRIFT', `migration '${name}' was applied with checksum ${same.checksum.slice(0, 12)}…, `
          + `but its statements now have checksum ${plan.checksum.slice(0, 12)}…; applied migrations must not change — `
          + `write a new migration (or give it a new ${opt('migration_name')})`);
      }
      for (const other of found.rows.filter((r) => r.name !== name)) {
        report.messages.push(`warning: the same statements were already applied as migration '${other.name}'`);
      }
    }

    // ---- destructive guard
    report.destructive_statements = await destructiveReport(plan, session, dialect);
    markDestructive(report);
    if (report.destructive_statements.length && !request.allow_destructive) {
      return fail('DESTRUCTIVE_REFUSED', `${report.destructive_statements.length} destructive statement(s) refused: `
        + report.destructive_statements.map((d) => `#${d.index} (line ${d.line}) ${d.kind} ${d.object}`).join('; ')
        + ` — review them and pass ${opt('allow_destructive')} to run them`, 'refused');
    }

    // ---- run
    if (request.dry_run) {
      const outcome = await dryRun(plan, session, connector);
      adopt(report, outcome, plan);
      if (outcome.failedAt) return fail('DRY_RUN_CHECK_FAILED', `statement ${outcome.failedAt} (line ${report.failed_statement!.line}) would fail: ${outcome.error}`);
      report.status = 'dry_run';
      return finish();
    }
    const row = (status: LedgerStatus, outcome: RunOutcome) => ({
      name, checksum: plan.checksum, statement_count: plan.statements.length, status, duration_ms: outcome.durationMs,
      applied_by: ctx.appliedBy ?? env.MODELER_APPLIED_BY ?? env.GITHUB_ACTOR ?? env.GITLAB_USER_LOGIN ?? osUser(), tool_version: report.tool_version,
    });
    // transactional engines write the success row inside the transaction, committed with the changes
    const outcome = await execute(plan, session, connector, async (o) => { if (ledger) await ledger.record(row('success', o)); });
    adopt(report, outcome, plan);
    if (outcome.failedAt === undefined && outcome.error === undefined) {
      if (ledger && connector.transactionalDdl) report.ledger.row_written = true;
      if (ledger && !connector.transactionalDdl) {
        try {
          await ledger.record(row('success', outcome));
          report.ledger.row_written = true;
        } catch (e) {
          return fail('LEDGER_WRITE_FAILED', `all ${outcome.appliedCount} statements ran, but the ledger row could not be written: ${errorText(e)}`);
        }
      }
      report.status = 'success';
      return finish();
    }
    // failure: record the attempt (never as success), then report exactly what is in effect
    if (ledger) {
      try {
        await ledger.record(row(outcome.appliedCount > 0 ? 'partial' : 'failed', outcome));
        report.ledger.row_written = true;
      } catch (e) {
        report.messages.push(`the failed attempt could not be recorded in the ledger: ${errorText(e)}`);
      }
    }
    const f = report.failed_statement;
    const kept = connector.transactionalDdl ? 'the transaction was rolled back; nothing was changed'
      : outcome.appliedCount ? `statements ${outcome.appliedCount > 1 ? `1–${outcome.appliedCount}` : '1'} remain applied (${connector.name} cannot roll back DDL)`
        : 'nothing was changed';
    return fail('STATEMENT_FAILED', f ? `statement ${f.index} of ${plan.statements.length} (line ${f.line}) failed: ${f.error}; ${kept}` : `${outcome.error}; ${kept}`);
  } catch (e) {
    if (e instanceof UserError) throw e;
    return fail('APPLY_FAILED', errorText(e));
  } finally {
    await session.unlock?.(lockKey).catch(() => {});
    await session.close().catch(() => {});
  }
}

function markDestructive(report: ApplyReport): void {
  for (const d of report.destructive_statements) {
    const st = report.statements[d.index - 1];
    if (!st.destructive?.includes(d.kind)) st.destructive = [...(st.destructive ?? []), d.kind];
  }
}

function adopt(report: ApplyReport, outcome: RunOutcome, plan: Plan): void {
  report.statements = outcome.statements;
  markDestructive(report);
  report.applied_count = outcome.appliedCount;
  if (outcome.failedAt) {
    const s = plan.statements[outcome.failedAt - 1];
    report.failed_statement = { index: s.index, line: s.line, kind: s.kind, preview: s.preview, error: outcome.error ?? '' };
  }
}

/** Findings of the plan plus type changes judged against the live catalog. */
async function destructiveReport(plan: Plan, session: Session, dialect: string): Promise<DestructiveReport[]> {
  const out: DestructiveReport[] = [];
  const created = new Set<string>();
  const live = new LiveNames();
  for (const s of plan.statements) {
    for (const f of s.findings) out.push({ index: s.index, line: s.line, kind: f.kind, object: f.object, detail: f.detail, preview: s.preview });
    for (const c of s.typeChanges) {
      const table = [c.table.schema, c.table.name].filter(Boolean).join('.');
      // a table created earlier in this migration holds no data from before it
      if (created.has(table.toLowerCase())) continue;
      const object = `${table}.${c.column}`;
      // renamed earlier in this file: the data is the live column's under its old name
      const src = live.resolve(c.table, c.column);
      const current = src && await session.columnType?.(src.table, src.column).catch(() => undefined);
      const was = src?.renamedAt ? ` (the live column ${[src.table.schema, src.table.name].filter(Boolean).join('.')}.${src.column}, renamed at statement ${src.renamedAt})` : '';
      if (current === undefined) {
        out.push({ index: s.index, line: s.line, kind: 'unverified_type_change', object, preview: s.preview,
          detail: `to ${c.newType}; the column's current type could not be read, so it may narrow${was}` });
      } else if (isNarrowing(current, c.newType, dialect)) {
        out.push({ index: s.index, line: s.line, kind: 'narrowing_type_change', object, preview: s.preview, detail: `${current} → ${c.newType}${was}` });
      }
    }
    for (const t of s.creates) created.add(t.toLowerCase());
    if (s.renames.length) live.apply(s.renames, s.index);
  }
  return out;
}

async function runPolicy(ctx: ApplyContext, pack: string | undefined, skip: boolean | undefined,
  input: Parameters<PolicyPreflight>[0]): Promise<PolicyReport> {
  if (skip) return { checked: false, reason: `skipped (${opt('skip_policy_check')})`, errors: 0, warnings: 0, results: [] };
  if (!pack) return { checked: false, reason: `no policy pack given (${opt('policy_pack')})`, errors: 0, warnings: 0, results: [] };
  return (ctx.policyPreflight ?? governancePreflight)({ ...input, policyPack: pack, ...(ctx.packRoot ? { packRoot: ctx.packRoot } : {}) });
}

// the drivers' own defaults, so the message names where the connection really went
const DEFAULT_PORT: Record<string, number> = { postgres: 5432, mysql: 3306 };

/** ` at host:port` for network connectors (driver errors such as ECONNRESET name neither). */
function endpoint(connector: Connector, params: ConnectionParams): string {
  if (!connector.params.includes('host')) return '';
  const port = params.port ?? DEFAULT_PORT[connector.name];
  return ` at ${params.host ?? 'localhost'}${port ? `:${port}` : ''}`;
}

/** An output file must be creatable: not a directory, under a writable directory. */
function checkOutput(abs: string, option: string): void {
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new UserError(`${option} ${abs} is a directory; give a file path`);
  let dir = dirname(abs);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UserError(`${option} ${abs} cannot be written (${dir} is not a writable directory)`);
  }
}

function readInput(abs: string, shown: string): string {
  try {
    return readTextFile(abs, shown);
  } catch (e: any) {
    if (e instanceof UserError) throw e; // a special file, over the size limit, not UTF-8
    throw new UserError(`cannot read ${shown}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}`);
  }
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
