// From a raw request (HTTP body, or the CLI's flags turned into the same snake_case object) to
// checked options and connection parameters. Secrets are tracked here so every string that
// leaves the pipeline can be scrubbed of them.
import { UserError, formatDiagnostic } from '../core/diagnostics.js';
import { schemaErrorsToDiagnostics, schemaValidator } from '../core/json-schema.js';
import type { ApplyMode, ApplyRequest, ConnectionParams, Connector } from './types.js';
import { SECRET_PARAMS } from './types.js';
import { parseLedgerTable } from './ledger.js';
import { opt } from '../core/option-names.js';

/** Validate a request against schemas/apply-request.schema.json and its one-input rule. */
export function checkApplyRequest(raw: unknown): { request: ApplyRequest; mode: ApplyMode } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new UserError('apply options must be an object');
  // drop undefined keys (what commander leaves for flags not given)
  const request = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as ApplyRequest;
  // the schema's pattern error would show a regex; this says what a ledger table name may be
  if (typeof request.ledger_table === 'string') parseLedgerTable(request.ledger_table, true);
  const validate = schemaValidator('apply-request.schema.json');
  if (!validate(request)) {
    const first = schemaErrorsToDiagnostics(validate.errors)[0];
    throw new UserError(`invalid apply options: ${formatDiagnostic({ ...first, hint: undefined }).replace(/^error\[SCHEMA\]: /, '')}`);
  }
  const inputs = [request.sql_file !== undefined && 'sql_file', request.sql !== undefined && 'sql',
    (request.old_model !== undefined || request.new_model !== undefined) && 'old_model/new_model'].filter(Boolean);
  if (inputs.length !== 1) {
    throw new UserError(inputs.length ? `give exactly one input, not ${inputs.join(' and ')}`
      : `no input: give a SQL file (${opt('sql_file')}), SQL text (sql), or two models (${opt('old_model')} and ${opt('new_model')})`);
  }
  if (inputs[0] === 'old_model/new_model' && (!request.old_model || !request.new_model)) {
    throw new UserError(`model-diff mode needs both ${opt('old_model')} and ${opt('new_model')}`);
  }
  if (inputs[0] !== 'old_model/new_model') {
    for (const k of ['model_schema', 'policy_pack', 'skip_policy_check'] as const) {
      if (request[k] !== undefined) throw new UserError(`${opt(k)} only applies to the model-diff mode (${opt('old_model')}/${opt('new_model')})`);
    }
  }
  const mode: ApplyMode = request.sql_file !== undefined ? 'sql_file' : request.sql !== undefined ? 'sql' : 'model_diff';
  return { request, mode };
}

const ALL_PARAMS: (keyof ConnectionParams)[] = ['path', 'host', 'port', 'user', 'password', 'database', 'schema', 'account',
  'warehouse', 'role', 'project', 'dataset', 'location', 'key_file', 'http_path', 'token', 'catalog'];

/** Connection parameters from the request, then the connector's environment variables. */
export function resolveConnection(connector: Connector, request: ApplyRequest, env: Record<string, string | undefined>): ConnectionParams {
  for (const k of ALL_PARAMS) {
    if (request[k] !== undefined && !connector.params.includes(k)) {
      throw new UserError(`${opt(k)} is not a ${connector.name} connection parameter; it takes ${connector.params.map(opt).join(', ')}`);
    }
  }
  const out: ConnectionParams = {};
  for (const k of connector.params) {
    let v: unknown = request[k];
    if (v === undefined) v = connector.env[k]?.map((name) => env[name]).find((x) => x !== undefined && x !== '');
    if (v === undefined) continue;
    if (k === 'port') {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw new UserError(`${opt('port')} expects a port number, got '${v}'`);
      out.port = n;
    } else (out as Record<string, unknown>)[k] = String(v);
  }
  const missing = connector.required.filter((k) => out[k] === undefined);
  if (missing.length) {
    throw new UserError(`the ${connector.name} connector needs ${missing.map((k) =>
      `${opt(k)}${connector.env[k]?.length ? ` (or ${connector.env[k]!.join(' / ')})` : ''}`).join(', ')}`);
  }
  return out;
}

/** The parameters as shown in reports: secrets left out entirely. */
export function publicConnection(params: ConnectionParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && !(SECRET_PARAMS as readonly string[]).includes(k)) out[k] = v as string | number;
  }
  return out;
}

export function secretsOf(params: ConnectionParams): string[] {
  return SECRET_PARAMS.map((k) => params[k]).filter((s): s is string => typeof s === 'string' && s.length >= 3);
}

/** Replace every occurrence of a secret in a string, or in every string inside a JSON value. */
export function scrub<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  if (typeof value === 'string') {
    let s: string = value;
    for (const secret of secrets) s = s.split(secret).join('***');
    return s as T;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, secrets)])) as T;
  }
  return value;
}
