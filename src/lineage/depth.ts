// How far a lineage question follows the chain: one limit for every face (the CLI's --depth, the
// HTTP API's ?depth=, the MCP tools' depth), read and refused in the same words everywhere.
import { UserError } from '../core/diagnostics.js';

/** The most hops a lineage question follows (chains in real projects are a few dozen at most). */
export const MAX_LINEAGE_DEPTH = 100;

/**
 * A depth as a face received it (text from a flag or a query string, a number from JSON);
 * undefined when not given. Anything but a whole number from 1 to MAX_LINEAGE_DEPTH is refused
 * in one line naming the option as that face spells it (`--depth`, `depth`): exit 64, HTTP 400.
 */
export function lineageDepth(value: string | number | undefined, name = 'depth'): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_LINEAGE_DEPTH)) throw new UserError(`${name} expects a whole number from 1 to ${MAX_LINEAGE_DEPTH}, got '${value}'`);
  return n;
}
