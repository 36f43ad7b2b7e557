// The provider kinds behind one call: resolve settings to a model (checking what each kind
// needs), ask for the answer plus proposed changes in the proposal schema (streamed when the
// caller wants deltas), and turn every failure into a ProviderError code. Keys are used for
// the call only and are scrubbed from any message that could echo them.
import type { LanguageModel, ModelMessage } from 'ai';
import type { ModelAnswer } from './answer-schema.js';
import { ANTHROPIC, anthropicModel } from './anthropic.js';
import { GOOGLE, googleModel } from './google.js';
import { LOCAL } from './local.js';
import { OPENAI, openaiModel } from './openai.js';
import { compatibleModel, OPENAI_COMPATIBLE } from './openai-compatible.js';
import { PROVIDER_KINDS, ProviderError, type ProviderEndpoints, type ProviderInfo, type ProviderKind, type ProviderSettings } from './types.js';

export * from './types.js';
export { checkBaseUrl } from './openai-compatible.js';

// The SDK prints its warnings on stdout/stderr by default; the CLI's stdout is the answer and the
// MCP server's stdout is the protocol, so they are turned off (set the global to see them).
(globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS ??= false;

export const PROVIDERS: ProviderInfo[] = [LOCAL, OPENAI, ANTHROPIC, GOOGLE, OPENAI_COMPATIBLE];

export type { ModelAnswer } from './answer-schema.js';

/** Check a request's provider settings before any network call. */
export function normalizeSettings(raw: unknown): ProviderSettings {
  if (raw === undefined || raw === null) return { kind: 'local' };
  if (typeof raw !== 'object') throw new ProviderError('AI_PROVIDER_UNSUPPORTED', 'provider must be an object {kind, model, baseUrl?, apiKey?}');
  const r = raw as Record<string, unknown>;
  const kind = (r.kind ?? 'local') as ProviderKind;
  if (!PROVIDER_KINDS.includes(kind)) throw new ProviderError('AI_PROVIDER_UNSUPPORTED', `unknown provider kind '${String(r.kind)}' (${PROVIDER_KINDS.join(', ')})`);
  const str = (k: string) => (typeof r[k] === 'string' && (r[k] as string).trim() ? (r[k] as string).trim() : undefined);
  const s: ProviderSettings = { kind, model: str('model'), baseUrl: str('baseUrl'), apiKey: str('apiKey') };
  if (kind === 'local') return { kind };
  if (s.baseUrl && kind !== 'openai-compatible') {
    throw new ProviderError('AI_PROVIDER_UNSUPPORTED', `a base URL applies to the openai-compatible kind only; ${kind} is called at its own endpoint`);
  }
  if (kind !== 'openai-compatible' && !s.apiKey) throw new ProviderError('AI_PROVIDER_NOT_CONFIGURED', `${kind} needs an API key`);
  return s;
}

/** The AI SDK, loaded on the first model call (it is large; most commands never need it). */
let sdkModule: typeof import('ai') | undefined;
async function sdk(): Promise<typeof import('ai')> {
  return (sdkModule ??= await import('ai'));
}

export async function providerModel(s: ProviderSettings, endpoints: ProviderEndpoints = {}): Promise<LanguageModel> {
  switch (s.kind) {
    case 'openai': return openaiModel(s, endpoints);
    case 'anthropic': return anthropicModel(s, endpoints);
    case 'google': return googleModel(s, endpoints);
    case 'openai-compatible': return compatibleModel(s);
    default: throw new ProviderError('AI_PROVIDER_UNSUPPORTED', `provider ${s.kind} has no model`);
  }
}

export interface CallOptions {
  endpoints?: ProviderEndpoints;
  /** Receives the answer text as it streams (the proposal arrives whole at the end). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
}

/** Ask the model; returns its answer and raw proposed changes (validated by the caller). */
export async function callModel(s: ProviderSettings, system: string, messages: ModelMessage[], opts: CallOptions = {}): Promise<ModelAnswer> {
  const { generateText, streamText, Output } = await sdk();
  const { AnswerSchema, answerJsonSchema } = await import('./answer-schema.js');
  const model = await providerModel(s, opts.endpoints);
  // a compatible server is asked for JSON without a schema (not every server accepts one), so the schema goes in the prompt
  const instructions = s.kind === 'openai-compatible' ? `${system}\nReply with one JSON object that matches this JSON Schema:\n${answerJsonSchema()}` : system;
  const common = {
    model, system: instructions, messages, output: Output.object({ schema: AnswerSchema, name: 'modeler_answer' }),
    maxRetries: opts.maxRetries ?? 1, abortSignal: opts.signal, timeout: opts.timeoutMs ?? 120_000, temperature: 0.2,
  };
  try {
    if (!opts.onDelta) {
      const r = await generateText(common);
      return r.output as ModelAnswer;
    }
    let failure: unknown;
    const r = streamText({ ...common, onError: ({ error }) => { failure ??= error; } });
    let sent = '';
    for await (const partial of r.partialOutputStream) {
      const text = typeof (partial as any)?.answer === 'string' ? (partial as any).answer as string : '';
      if (text.length > sent.length && text.startsWith(sent)) { opts.onDelta(text.slice(sent.length)); sent = text; }
    }
    if (failure) throw failure;
    const out = (await r.output) as ModelAnswer;
    if (out.answer.length > sent.length) opts.onDelta(out.answer.slice(sent.length));
    return out;
  } catch (e) {
    throw toProviderError(e, s);
  }
}

/** Check that settings work (a one-word call); stores nothing. */
export async function testProvider(raw: unknown, endpoints: ProviderEndpoints = {}): Promise<{ ok: true; kind: ProviderKind; model?: string }> {
  const s = normalizeSettings(raw);
  if (s.kind === 'local') return { ok: true, kind: 'local' };
  try {
    const { generateText } = await sdk();
    await generateText({ model: await providerModel(s, endpoints), prompt: 'Reply with the single word OK.', maxOutputTokens: 16, maxRetries: 0, timeout: 30_000 });
    return { ok: true, kind: s.kind, model: s.model ?? PROVIDERS.find((p) => p.kind === s.kind)?.defaultModel };
  } catch (e) {
    throw toProviderError(e, s);
  }
}

/** A failure as a ProviderError code, with any trace of the key removed. */
export function toProviderError(e: unknown, s: ProviderSettings): ProviderError {
  if (e instanceof ProviderError) return e;
  const scrub = (m: string) => redact(m, s.apiKey).split('\n')[0].slice(0, 300);
  // the SDK's error classes exist only once it is loaded, and only then can it have thrown them
  const ai = sdkModule;
  const inner = ai?.RetryError.isInstance(e) ? e.lastError : e;
  if (ai?.APICallError.isInstance(inner)) {
    const st = inner.statusCode;
    if (st === 401 || st === 403) return new ProviderError('AI_PROVIDER_AUTH', `${s.kind} refused the API key (HTTP ${st}); check the key in Settings`, st);
    if (st === 429) return new ProviderError('AI_PROVIDER_RATE_LIMIT', `${s.kind} is rate limiting requests (HTTP 429); wait and retry`, st);
    if (st === 404) return new ProviderError('AI_PROVIDER_ERROR', `${s.kind} does not know model '${s.model ?? 'default'}' or the endpoint (HTTP 404)`, st);
    if (st === undefined) return new ProviderError('AI_PROVIDER_UNREACHABLE', `cannot reach ${s.kind}: ${scrub(inner.message)}`);
    return new ProviderError('AI_PROVIDER_ERROR', `${s.kind} failed (HTTP ${st}): ${scrub(inner.message)}`, st);
  }
  if (ai?.LoadAPIKeyError.isInstance(inner)) return new ProviderError('AI_PROVIDER_NOT_CONFIGURED', `${s.kind} needs an API key`);
  if (ai?.NoObjectGeneratedError.isInstance(inner) || ai?.NoOutputGeneratedError.isInstance(inner)) {
    return new ProviderError('AI_PROVIDER_BAD_OUTPUT', `${s.kind} did not return an answer in the required JSON shape; nothing was proposed (try again or another model)`);
  }
  const msg = inner instanceof Error ? inner.message : String(inner);
  if (inner instanceof Error && (inner.name === 'AbortError' || inner.name === 'TimeoutError' || /aborted|timed? ?out/i.test(msg))) {
    return new ProviderError('AI_PROVIDER_TIMEOUT', `${s.kind} did not answer in time`);
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|fetch failed|ECONNRESET|socket/i.test(msg)) return new ProviderError('AI_PROVIDER_UNREACHABLE', `cannot reach ${s.kind}: ${scrub(msg)}`);
  return new ProviderError('AI_PROVIDER_ERROR', `${s.kind} failed: ${scrub(msg)}`);
}

/** Remove a key (and anything that looks like a bearer token) from text. */
export function redact(text: string, key?: string): string {
  let t = text;
  if (key && key.length >= 4) t = t.split(key).join('***');
  return t.replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g, '$1***').replace(/([?&]key=)[^&\s]+/g, '$1***');
}
