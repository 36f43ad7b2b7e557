// Names a table's keys give it: a plural the word rules leave alone is singular as its own key says (mous with
// mou_id), and a table named after a key that other tables hold is the thing that key identifies (sc_level_id).
import type { StagingModel } from './entities.js';
import { pascalName, snakeOf } from './naming.js';

/**
 * A plural the word rules leave alone (mous, an acronym's plural) is singular as the table's own key says: mous with
 * mou_id is Mou. Only a last word ending in s whose key drops one or two letters of it counts.
 */
export function singularByOwnKey(m: StagingModel): void {
  const t = m.parsed.tokens;
  const last = t[t.length - 1];
  if (!last?.endsWith('s') || last.length < 3) return;
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  if (names.has(`${snakeOf(t)}_id`)) return;
  const lead = t.slice(0, -1);
  for (const cut of [1, 2]) {
    const word = last.slice(0, -cut);
    if (word.length >= 2 && names.has(`${snakeOf([...lead, word])}_id`)) { m.parsed = { ...m.parsed, tokens: [...lead, word] }; return; }
  }
}

/**
 * A table named after a key (sc_level_id) is an id map, unless other tables hold that key (sc_level_batch.sc_level_id):
 * then it is the thing the key identifies (ScLevel), with an id of its own and what it is made of (level_id, school_course_id).
 */
export function keyNamedThings(models: StagingModel[], technical: Set<string>): void {
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind !== 'technical' || t.length < 2 || t[t.length - 1] !== 'id') continue;
    const key = snakeOf(t);
    if (!models.some((o) => o !== m && o.kind !== 'helper' && o.columns.some((c) => c.name.toLowerCase() === key))) continue;
    technical.delete(key);
    m.kind = 'entity';
    m.why = undefined;
    m.parsed = { ...m.parsed, tokens: t.slice(0, -1) };
    m.noun = pascalName(m.parsed.tokens);
  }
}
