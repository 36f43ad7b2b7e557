// From outcomes to HTTP: every error leaves as {"error": {"code", "message", "details"?}} with
// the status its code has (DESIGN.md). A domain error of the core keeps its code; an error the
// core did not expect is a bug: 500 with an id that is also in the log, never a stack trace.
import { randomUUID } from 'node:crypto';
import { LIMITS, showLimit, UserError } from '../api.js';

export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string, public details?: Record<string, unknown>) {
    super(message);
  }
}

/** A replace without If-Match: it could overwrite a change its sender has not seen. */
export function ifMatchRequired(): ApiError {
  return new ApiError(428, 'IF_MATCH_REQUIRED', 'send If-Match with the ETag the file was read with (GET …/file answers it), or If-Match: * to replace whatever is there');
}

/** The status of each code the core or the server uses. */
export const STATUS: Record<string, number> = {
  BAD_REQUEST: 400, MALFORMED_JSON: 400, PATH_ESCAPE: 400, USAGE: 400, IO: 400, NAME_INVALID: 400,
  METHOD_NOT_ALLOWED: 405, IF_MATCH_REQUIRED: 428, NOT_A_FILE: 422, INVALID_UTF8: 422,
  // every limit's code with its status (413 for a size, 414, 431, 422 for a shape)
  ...Object.fromEntries(Object.values(LIMITS).map((l) => [l.code, l.status])),
  HOST_REFUSED: 403, ORIGIN_REFUSED: 403, DIRECT_APPLY_DISABLED: 403,
  NOT_FOUND: 404, PROJECT_NOT_FOUND: 404, ROUTE_NOT_FOUND: 404, COLUMN_NOT_FOUND: 404,
  CONFLICT: 409, STALE_PROPOSAL: 409, PACKAGE_EXAMPLE: 409, CONTRACT_PREFLIGHT: 409, DESTRUCTIVE_REFUSED: 409, CHECKSUM_DRIFT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  YAML_INVALID: 422, DOC_BLOCK_OVERWRITE: 422, PROPOSAL_INVALID: 422, EDIT_REFUSED: 422, MODEL_INVALID: 422, IMPORT_FAILED: 422, PATCH_FAILED: 422,
  WRONG_LAYER: 422, DUPLICATE_RELATIONSHIP: 422, DUPLICATE_ENTRY: 422, NOT_TEXT: 422, POLICY_PACK_INVALID: 422, POLICY_FAILED: 422,
  APPLY_FAILED: 502,
  // git automation (src/git/errors.ts)
  BRANCH_INVALID: 400, COMMIT_MESSAGE_EMPTY: 400, REMOTE_NOT_HOSTED: 400, INSECURE_API_URL: 400,
  GIT_AUTH_FAILED: 401,
  REF_NOT_FOUND: 404, REMOTE_NOT_FOUND: 404, REPO_NOT_FOUND: 404, PATH_NOT_FOUND: 404,
  NOT_A_REPO: 409, DETACHED_HEAD: 409, DIRTY_WORKTREE: 409, NOTHING_TO_COMMIT: 409, COMMIT_REJECTED: 409, PUSH_REJECTED: 409,
  NOT_FAST_FORWARD: 409, MERGE_CONFLICT: 409, PR_EXISTS: 409,
  PR_REJECTED: 422,
  REMOTE_UNREACHABLE: 502, GIT_HOST_ERROR: 502,
  GIT_TIMEOUT: 504,
  GIT_FAILED: 502,
  // the AI assistant (src/assistant/codes.ts)
  AI_REQUEST_INVALID: 400, AI_PROVIDER_NOT_CONFIGURED: 400, AI_PROVIDER_UNSUPPORTED: 400, AI_STATE_ESCAPE: 400,
  AI_PROVIDER_AUTH: 401, CHAT_NOT_FOUND: 404, MEMORY_NOT_FOUND: 404, AI_STATE_INVALID: 409, AI_PROVIDER_RATE_LIMIT: 429,
  AI_PROVIDER_UNREACHABLE: 502, AI_PROVIDER_BAD_OUTPUT: 502, AI_PROVIDER_ERROR: 502, AI_PROVIDER_TIMEOUT: 504, AI_INDEX_FAILED: 500,
  INTERNAL: 500,
};

export interface ErrorReply { status: number; body: { error: { code: string; message: string; details?: Record<string, unknown> } }; logId?: string }

const FASTIFY: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST'],
};

/** `bodyLimit`: the route's body limit, named when a body is over it. */
export function toErrorReply(e: unknown, ctx: { bodyLimit?: number } = {}): ErrorReply {
  const reply = (status: number, code: string, message: string, details?: Record<string, unknown>): ErrorReply =>
    ({ status, body: { error: { code, message, ...(details && Object.keys(details).length ? { details } : {}) } } });
  if (e instanceof ApiError) return reply(e.status, e.code, e.message, e.details);
  if (e instanceof UserError) {
    const details = (e as UserError & { details?: Record<string, unknown> }).details;
    const code = e.code === 'USAGE' ? 'BAD_REQUEST' : e.code;
    // a UserError with exit code 1 is input that was read but is invalid
    return reply(STATUS[code] ?? (e.exitCode === 1 ? 422 : 400), code, e.message, details);
  }
  const err = e as { code?: string; statusCode?: number; validation?: { instancePath?: string; message?: string; params?: unknown }[]; validationContext?: string; message?: string };
  if (err?.validation) {
    // PUT of a file requires If-Match (docs/server.md): a missing one is 428, not a malformed request
    if (err.validationContext === 'headers' && err.validation.some((v) => (v.params as { missingProperty?: string } | undefined)?.missingProperty === 'if-match')) {
      return toErrorReply(ifMatchRequired());
    }
    const errors = err.validation.map((v) => ({ path: v.instancePath || '/', message: v.message ?? 'invalid', ...(v.params ? { params: v.params } : {}) }));
    const first = errors[0];
    return reply(400, 'BAD_REQUEST', `invalid request ${err.validationContext ?? 'body'}: ${first ? `${first.path} ${first.message}` : 'does not match the schema'}`, { in: err.validationContext, errors });
  }
  if (err?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const max = ctx.bodyLimit ?? LIMITS.request_body.max;
    const limit = max === LIMITS.request_body_content.max ? 'request_body_content' : 'request_body';
    return reply(413, 'BODY_TOO_LARGE', `the request body is over the ${showLimit(limit)} this route accepts`, { limit, max });
  }
  if (err?.code && FASTIFY[err.code]) {
    const [status, code] = FASTIFY[err.code];
    return reply(status, code, (err.message ?? code).replace(/^FST_\w+: /, ''));
  }
  if (err?.statusCode && err.statusCode >= 400 && err.statusCode < 500) return reply(err.statusCode, 'BAD_REQUEST', err.message ?? 'bad request');
  const logId = randomUUID().slice(0, 8);
  return { ...reply(500, 'INTERNAL', `internal error ${logId}: this is a bug in modeler; the server log has the details under this id`, { id: logId }), logId };
}
