// Provider settings from the environment, for faces run by the user on their own machine (the
// CLI, the MCP server): the key from each kind's usual variable, hosted endpoints from the
// variables the provider SDKs document. The HTTP server takes settings from each request instead.
import { PROVIDERS } from './index.js';
import type { ProviderEndpoints, ProviderKind } from './types.js';

export interface ProviderFlags { provider?: string; model?: string; baseUrl?: string }

export function providerFromEnv(flags: ProviderFlags, env: Record<string, string | undefined> = process.env): { kind: string; model?: string; baseUrl?: string; apiKey?: string } {
  const kind = (flags.provider ?? env.MODELER_AI_PROVIDER ?? 'local') as ProviderKind;
  const info = PROVIDERS.find((p) => p.kind === kind);
  const apiKey = info?.keyEnv.map((k) => env[k]).find((v) => v && v.trim());
  return { kind, model: flags.model ?? env.MODELER_AI_MODEL, baseUrl: flags.baseUrl ?? (kind === 'openai-compatible' ? env.MODELER_AI_BASE_URL : undefined), apiKey };
}

/** Hosted endpoints the operator pointed this process at (a proxy or a test server). */
export function endpointsFromEnv(env: Record<string, string | undefined> = process.env): ProviderEndpoints {
  const pick = (k: string) => (env[k] && env[k]!.trim() ? env[k]!.trim() : undefined);
  return { openai: pick('OPENAI_BASE_URL'), anthropic: pick('ANTHROPIC_BASE_URL'), google: pick('GOOGLE_GENERATIVE_AI_BASE_URL') };
}
