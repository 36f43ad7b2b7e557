// Things a table's name hides: the name reads as texts, but the columns and the layer say a thing. Read off a meal-kit
// company's product-information database (translations of allergies and status codes, the only tables of them).
import type { StagingModel } from './entities.js';
import { singularAll } from './link-kinds.js';
import { snakeOf } from './naming.js';
import { nounKey } from './systems.js';

/** Last words of a table of a thing's texts per language. */
const TRANSLATION_WORDS = new Set(['translation', 'translations']);
/** A column saying which language a row is in (language_id, locale, lang_code). */
const LANGUAGE_COLUMN = /^(?:\w+_)?(?:language|lang|locale)(?:_id|_code)?$/;

/**
 * A thing's translations where the layer has no table of the thing itself (allergy_translations: allergy_id, language_id,
 * allergy_name, and no allergies table) are the thing's only table: named for it (Allergy), its key the thing's identifier.
 * The key may carry a qualifier before the thing's noun (nutrient_fact_translations keyed ingredient_nutrient_fact_id).
 * Translations of a thing that has a table of its own stay attributes of it.
 */
export function translatedThings(models: StagingModel[]): void {
  const nouns = new Set(models.filter((m) => m.kind !== 'helper').map((m) => nounKey(singularAll(m.parsed.tokens), m.source)));
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind === 'helper' || t.length < 2 || !TRANSLATION_WORDS.has(t[t.length - 1])) continue;
    const thing = singularAll(t.slice(0, -1));
    if (nouns.has(nounKey(thing, m.source))) continue;
    const names = m.columns.map((c) => c.name.toLowerCase());
    if (!names.some((n) => LANGUAGE_COLUMN.test(n))) continue;
    const stem = `${snakeOf(thing)}_id`;
    const keys = names.filter((n) => n === stem || n.endsWith(`_${stem}`));
    if (keys.length !== 1) continue;
    m.parsed = { ...m.parsed, tokens: thing };
    m.ownKeys.add(keys[0]);
    m.ownIds.add(keys[0]);
  }
}
