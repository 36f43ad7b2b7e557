import { UserError } from '../../core/diagnostics.js';

// Provider settings and errors shared by the five provider kinds. Keys arrive with each request
// (the browser) or from the environment (the CLI) and live only in memory for that call.

export const PROVIDER_KINDS = ['local', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface ProviderSettings {
  kind: ProviderKind;
  model?: string;
  /** Only for `openai-compatible`: the server the user runs or chose. */
  baseUrl?: string;
  apiKey?: string;
}

/** Endpoints the operator of this process configured (environment), never taken from a request. */
export interface ProviderEndpoints { openai?: string; anthropic?: string; google?: string }

export interface ProviderInfo {
  kind: ProviderKind;
  label: string;
  needs: ('apiKey' | 'model' | 'baseUrl')[];
  defaultModel?: string;
  /** Environment variables the CLI reads the key from. */
  keyEnv: string[];
  endpoint?: string;
}

export type ProviderErrorCode =
  | 'AI_PROVIDER_NOT_CONFIGURED' | 'AI_PROVIDER_UNSUPPORTED' | 'AI_PROVIDER_AUTH' | 'AI_PROVIDER_RATE_LIMIT'
  | 'AI_PROVIDER_UNREACHABLE' | 'AI_PROVIDER_BAD_OUTPUT' | 'AI_PROVIDER_TIMEOUT' | 'AI_PROVIDER_ERROR';

/** A provider failure in words a user can act on; never carries the key. Faces map its code (exit 1 in the CLI, an HTTP status in the server). */
export class ProviderError extends UserError {
  constructor(public override code: ProviderErrorCode, message: string, public status?: number) {
    super(message, 1, code);
    this.name = 'ProviderError';
  }
}
