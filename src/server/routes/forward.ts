// Forward engineering: DDL and migrations from model files (written to `out` inside the project
// when asked), the warehouse apply (off unless DM_ENABLE_DIRECT_APPLY=true), and tform sync with
// its contract pre-flight.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  applySql, ChangeError, connectionFiles, commitFiles, generateMigration, generateSql, getDialect, loadModelFile, projectPath, tformSync,
  type ApplyReport, type Model,
} from '../../api.js';
import type { RouteContext } from '../app.js';
import type { ForwardApplyBody, GenerateSqlBody, GenerateSqlResponse, MigrateBody, MigrateResponse, TformSyncBody } from '../contract.js';
import { ApiError, STATUS } from '../errors.js';
import type { ProjectSession } from '../session.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

/** A valid model from a project path, or 404 NOT_FOUND / 422 MODEL_INVALID with its diagnostics. */
function requireProjectModel(session: ProjectSession, p: string, field: string): { rel: string; model: Model } {
  const { rel, abs } = projectPath(session.root, p, field);
  const lm = loadModelFile(abs, { displayPath: rel });
  if (lm.diagnostics[0]?.code === 'IO') throw new ChangeError('NOT_FOUND', `${field}: ${lm.diagnostics[0].message}`, { location: { file: rel } });
  if (!lm.ok || !lm.model) {
    const errors = lm.diagnostics.filter((d) => d.severity === 'error');
    throw new ChangeError('MODEL_INVALID', `${field} ${rel} is not a valid model: ${errors[0].file}:${errors[0].line ?? 1}: ${errors[0].message}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}`, { diagnostics: errors });
  }
  return { rel, model: lm.model };
}

/** `out` inside the project, never one of the inputs. */
function outPath(session: ProjectSession, out: string | undefined, inputs: string[]): string | undefined {
  if (out === undefined) return undefined;
  const { rel } = projectPath(session.root, out, 'out');
  if (inputs.includes(rel)) throw new ApiError(400, 'BAD_REQUEST', `out ${rel} is one of the inputs; writing there would replace it — choose another file`);
  // generated SQL may replace an earlier output, never a file the project is read from (a model's SQL, its YAML):
  // `out: models/marts/orders.sql` overwrote the model silently
  const p = session.project;
  const read = [...p.models, ...p.seeds, ...p.snapshots, ...p.sources, ...p.disabled].find((n) => n.sqlPath === rel || n.file === rel);
  if (read || /\.(ya?ml|md)$/i.test(rel) && existsSync(join(session.root, rel))) {
    throw new ApiError(409, 'CONFLICT', `out ${rel} is a file the project is read from${read ? ` (${read.resourceType} ${read.name})` : ''}; writing there would replace it — choose a file outside its sources, such as build/${rel.split('/').pop()!.replace(/\.\w+$/, '')}.sql`);
  }
  return rel;
}

const APPLY_STATUS: Record<string, number> = { POLICY_FAILED: 422, CHECKSUM_DRIFT: 409, DESTRUCTIVE_REFUSED: 409 };

export function registerForwardRoutes(app: FastifyInstance, { session, opts }: RouteContext): void {
  const tags = ['forward engineering'];
  app.post<{ Body: GenerateSqlBody }>('/api/forward/generate-sql', {
    schema: routeSchema({ tags, summary: 'DDL for a model file in a dialect; written to `out` (in the project) when given', body: 'GenerateSqlBody', response: 'GenerateSqlResponse' }),
  }, async (req): Promise<GenerateSqlResponse> => {
    const b = req.body;
    checkProject(session, b.projectId);
    const dialect = getDialect(b.dialect).name;
    const m = requireProjectModel(session, b.model_path, 'model_path');
    const out = outPath(session, b.out, [m.rel]);
    const sql = generateSql(m.model, dialect);
    if (out) await session.write('files_written', () => commitFiles(session.root, [{ rel: out, content: sql }]), (r) => r.written);
    return { sql, dialect, model_path: m.rel, ...(out ? { out } : {}) };
  });

  app.post<{ Body: MigrateBody }>('/api/forward/migrate', {
    schema: routeSchema({ tags, summary: 'migration SQL from one model version to the next', body: 'MigrateBody', response: 'MigrateResponse' }),
  }, async (req): Promise<MigrateResponse> => {
    const b = req.body;
    checkProject(session, b.projectId);
    const dialect = getDialect(b.dialect).name;
    const older = requireProjectModel(session, b.old_model, 'old_model');
    const newer = requireProjectModel(session, b.new_model, 'new_model');
    const out = outPath(session, b.out, [older.rel, newer.rel]);
    const m = generateMigration(older.model, newer.model, dialect);
    if (out) await session.write('files_written', () => commitFiles(session.root, [{ rel: out, content: m.sql }]), (r) => r.written);
    return { sql: m.sql, dialect, statements: m.statements, ...(out ? { out } : {}) };
  });

  app.post<{ Body: ForwardApplyBody }>('/api/forward/apply', {
    schema: routeSchema({ tags, summary: 'apply SQL to a warehouse (403 DIRECT_APPLY_DISABLED unless DM_ENABLE_DIRECT_APPLY=true)', body: 'ForwardApplyBody', response: 'ForwardApplyResponse' }),
  }, async (req) => {
    const env = opts.env ?? process.env;
    if (env.DM_ENABLE_DIRECT_APPLY !== 'true') {
      throw new ApiError(403, 'DIRECT_APPLY_DISABLED', 'direct apply is disabled (GitOps mode): generate the migration SQL and deploy it through CI/CD, or start the server with DM_ENABLE_DIRECT_APPLY=true');
    }
    const { projectId, ...request } = req.body;
    checkProject(session, projectId);
    // every path of the request lives in the project (the key file too)
    const resolvePath = (p: string, purpose: 'read' | 'write') => projectPath(session.root, p, purpose === 'read' ? 'input path' : 'output path').abs;
    if (typeof request.key_file === 'string') request.key_file = resolvePath(request.key_file, 'read');
    const writes = [request.report_json, request.write_sql, ...connectionFiles(request)]
      .filter((x): x is string => typeof x === 'string').map((p) => projectPath(session.root, p).rel);
    const report: ApplyReport = await session.write('files_written', () => applySql(request, { resolvePath, env, packRoot: session.root }), () => writes);
    if (report.status === 'failed' || report.status === 'refused') {
      const code = report.error?.code ?? 'APPLY_FAILED';
      throw new ApiError(APPLY_STATUS[code] ?? STATUS.APPLY_FAILED, code, report.error?.message ?? `apply ${report.status}`, { report });
    }
    return report;
  });

  app.post<{ Body: TformSyncBody }>('/api/forward/tform-sync', {
    schema: routeSchema({ tags, summary: 'sync Modeler/ models into the dbt YAML; 409 CONTRACT_PREFLIGHT when contract-enforced columns lack a concrete data_type', body: 'TformSyncBody', response: 'TformSyncResponse' }),
  }, async (req) => {
    const b = req.body;
    checkProject(session, b.projectId);
    const model = b.model === undefined ? undefined : projectPath(session.root, b.model, 'model').rel;
    const r = await session.write('files_written', () => tformSync(session.root, model, { dryRun: b.dry_run }), (x) => (b.dry_run ? [] : x.filesChanged));
    if (!r.ok) {
      const findings = r.offenders.map((o) => ({
        model: o.model, column: o.column, file: o.file, line: o.line, location: `${o.file ?? '?'}:${o.line ?? 1}`, data_type: o.dataType ?? null,
        fix: `set a concrete data_type on ${o.model}.${o.column}${o.file ? ` in ${o.file}` : ''}, or stop enforcing ${o.model}'s contract`,
      }));
      throw new ApiError(409, 'CONTRACT_PREFLIGHT', r.message ?? 'contract-enforced columns have no concrete data_type; nothing was written', { findings });
    }
    return { ...r, version: session.version };
  });
}
