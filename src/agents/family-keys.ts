// Which thing a key names where a family of tables says it: the key most of a system's <noun> <word> tables hold (WealthServ's
// agentcode in brokeraddress, brokercontract, brokeremail …) is the <noun>'s, whatever its own words say.
import { isTechnicalColumn, keyShape } from './columns.js';
import type { StagingModel } from './entities.js';
import { snakeOf } from './naming.js';

/**
 * Per system and key name, the thing a family of its tables names where the key's own words name another (WealthServ's
 * agentcode, held by brokeraddress, brokercontract, brokeremail, brokerphone … and by broker_vc itself: the broker's, not
 * the agent's): three tables or more named <noun> <word>, most of those holding the key, hold it, none holds a key named
 * <noun>, and the thing named <noun> alone holds it too.
 */
export function familyKeys(models: StagingModel[]): Map<string, string> {
  const out = new Map<string, string>();
  const heads = new Map<string, Map<string, number>>();
  const things = new Map<string, StagingModel>();
  const keyed = new Set<string>();
  for (const m of models) if (m.kind === 'entity' && m.entity && m.parsed.tokens.length === 1) things.set(`${m.source}|${m.parsed.tokens[0]}`, m);
  for (const m of models) {
    if (m.kind === 'helper' || m.kind === 'technical') continue;
    const t = m.parsed.tokens;
    // (a name glued to its head, brokerledgersummary, is of the family as broker address is)
    let glued = '';
    if (t.length === 1) for (let n = t[0].length - 2; n >= 3 && !glued; n--) if (things.has(`${m.source}|${t[0].slice(0, n)}`)) glued = t[0].slice(0, n);
    for (const c of m.columns) {
      const lower = c.name.toLowerCase();
      if (isTechnicalColumn(lower) || !keyShape(lower)?.stem.length) continue;
      const key = `${m.source}|${lower}`;
      const count = heads.get(key) ?? heads.set(key, new Map()).get(key)!;
      // (a table named by one word holds the key under its own name, a family's member under its head's)
      const head = t.length > 1 ? t[0] : glued;
      count.set(head, (count.get(head) ?? 0) + 1);
      // (members that hold a key named for their head, engagement_calls' engagement_id, are tied to it by that key)
      if (head && snakeOf(keyShape(lower)!.stem) === head) keyed.add(`${m.source}|${head}`);
    }
  }
  for (const [key, count] of heads) {
    const [source, column] = key.split('|');
    const stem = snakeOf(keyShape(column)!.stem);
    const total = [...count.values()].reduce((a, b) => a + b, 0);
    // …most of the tables that hold the key are the family's (school_id, held by every table of a school system, is no family's)
    const best = [...count].filter(([head, n]) => head && n >= 3 && 2 * n > total && head !== stem);
    const thing = best.length === 1 && !keyed.has(`${source}|${best[0][0]}`) ? things.get(`${source}|${best[0][0]}`) : undefined;
    if (thing?.entity && thing.columns.some((c) => c.name.toLowerCase() === column)) out.set(key, thing.entity);
  }
  return out;
}
