// A name that ends in a subject the layer's other names begin with (stg_batches_otr beside stg_otr_logistics): its noun
// is the word before that subject.
import type { StagingModel } from './entities.js';
import { singularWord } from './inflection.js';

/**
 * A name ending in a word that begins other models' names (stg_batches_otr beside stg_otr_logistics, stg_otr_production)
 * ends in a subject, not its noun: the noun is the plural before it, singular (batches_otr → batch_otr), when no other
 * name begins with that plural.
 */
export function subjectTails(models: StagingModel[]): void {
  const firsts = new Map<string, number>();
  for (const m of models) if (m.parsed.tokens.length > 1) firsts.set(m.parsed.tokens[0], (firsts.get(m.parsed.tokens[0]) ?? 0) + 1);
  for (const m of models) {
    const [head, tail] = m.parsed.tokens;
    // (orders_otr, contacts_mqls: a plural that begins other names is a subject too, its parts' plural)
    if (m.parsed.tokens.length !== 2 || (firsts.get(tail) ?? 0) < 2 || (firsts.get(head) ?? 0) > 1 || singularWord(head) === head) continue;
    m.parsed = { ...m.parsed, tokens: [singularWord(head), tail] };
  }
}
