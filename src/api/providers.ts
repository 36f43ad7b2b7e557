// The public entry, the AI assistant's providers (their SDKs load when a request is sent) (src/api.ts lists every area).
export { PROVIDERS, PROVIDER_KINDS, ProviderError, normalizeSettings, testProvider, redact, type ProviderSettings, type ProviderEndpoints, type ProviderInfo } from '../assistant/providers/index.js';
export { providerFromEnv, endpointsFromEnv } from '../assistant/providers/env.js';
