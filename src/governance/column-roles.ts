// What a column is, as a data modeler reads it, for the checks that would otherwise cry wolf:
// a model's own key is never a foreign key to itself, and flags, counts, identifiers and
// event timestamps are not personal data because their names mention `email` or `phone`.
import { parseModelName } from '../agents/naming.js';
import { hasUniqueTest, keyCombinations } from '../core/project/dbt-tests.js';
import type { DbtNode } from '../core/project/types.js';

/** Columns that identify rows of the model itself: declared keys, `id`, `<noun>_id` of its own noun. */
export function ownKeyNames(node: Pick<DbtNode, 'name' | 'columns' | 'tests' | 'raw' | 'tableName'>): Set<string> {
  const out = new Set<string>();
  for (const c of node.columns) if (hasUniqueTest(c, node as DbtNode)) out.add(c.name);
  for (const k of keyCombinations(node as DbtNode)) if (k.length === 1) out.add(k[0]);
  const noun = parseModelName(node.tableName ?? node.name, [], { otherLayers: true }).tokens.join('_');
  for (const c of node.columns) {
    const n = c.name.toLowerCase();
    if (n === 'id' || n === `${noun}_id` || n === `${noun}_key` || n === `${noun}id`) out.add(c.name);
  }
  return out;
}

/** Prefixes and suffixes of flags, counts, identifiers and event times. */
const NOT_PERSONAL = /^(is|has|was|were|can|should|allow|allows|enable|enabled|opt|num|count|total|n|number_of)_|_(id|ids|key|count|counts|flag|at|timestamp|time|type|status|sent|opened|clicked|bounced|enabled|verified|valid)$/i;
const BOOLEAN_OR_NUMBER = /^(bool|boolean|int|integer|bigint|smallint|tinyint|number|numeric|float|double|decimal)\b/i;

/**
 * Does a column look like personal data? Its name matches `pattern`, and it is not a flag, a
 * count, an identifier or an event time (`is_valid_email`, `num_phone_calls`, `email_campaign_id`,
 * `email_opened_at`), and its type is not boolean. Birth dates stay sensitive.
 */
export function looksSensitive(name: string, dataType: string | undefined, pattern: RegExp): boolean {
  if (!pattern.test(name)) return false;
  if (/birth|dob/i.test(name)) return true;
  if (NOT_PERSONAL.test(name)) return false;
  const t = (dataType ?? '').trim();
  if (/^bool/i.test(t)) return false;
  if (BOOLEAN_OR_NUMBER.test(t) && /(^|_)(e?mail|address|street)($|_)/i.test(name)) return false;
  return true;
}
