// Things a table's name hides: the name reads as texts, settings, forecasts, figures per period or a site's page, but the columns and the
// layer say a thing. Read off a meal-kit company's product-information database (translations of allergies and status
// codes, the only tables of them) and its application databases (customers' preferences, forecast groups, weekly menus
// and distribution centres, each an identifier other tables hold).
import { keyShape } from './columns.js';
import type { StagingModel } from './entities.js';
import { singularAll } from './link-kinds.js';
import { pascalName, snakeOf } from './naming.js';
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

/** Why-texts of kinds told by a name word alone, which a key other tables hold overrules. */
const NAMED_ONLY = /^(?:configuration settings, not business things|a forecast: planned or predicted figures, not business things|a time series or per-period summary \(aggregated rows\))$/;

/**
 * A table whose name reads as settings, a forecast or figures per period (preferences, forecast_groups, weekly_menus,
 * distribution_centers) is a thing when other tables of its system hold its key (preference_id, forecast_group_id,
 * weekly_menu_id, packing_distribution_center_id): what rows point at is what the business names, not figures or settings.
 * Repeated until nothing changes, as a thing found so may hold the key of another (a centre's distribution_center_type_id).
 * A table named for such a thing's settings (allergy_preferences beside a preferences table found so) is read like others.
 */
export function pointedAtThings(models: StagingModel[]): void {
  for (let changed = true; changed;) {
    changed = false;
    const held = new Map<string, Map<string, Set<StagingModel>>>(); // system → tail of a key stem → the tables holding it
    for (const o of models) {
      if (o.kind === 'helper') continue;
      let tails = held.get(o.source);
      if (!tails) held.set(o.source, (tails = new Map()));
      for (const c of o.columns) {
        const k = keyShape(c.name);
        if (!k || k.suffix === 'code' || o.ownKeys.has(c.name.toLowerCase())) continue;
        for (let i = 0; i < k.stem.length; i++) {
          const tail = snakeOf(singularAll(k.stem.slice(i)));
          let by = tails.get(tail);
          if (!by) tails.set(tail, (by = new Set()));
          by.add(o);
        }
      }
    }
    const things = new Set(models.filter((o) => o.kind === 'entity').map((o) => snakeOf(singularAll(o.parsed.tokens))));
    for (const m of models) {
      if (m.kind === 'entity' || m.kind === 'helper' || !NAMED_ONLY.test(m.why ?? '')) continue;
      const noun = singularAll(m.parsed.tokens);
      const holders = held.get(m.source)?.get(snakeOf(noun));
      const pointed = !!holders && [...holders].some((o) => o !== m);
      // (preference settings of a thing: named for it and a word the layer has as a thing's name)
      const settingsOfThing = m.why!.startsWith('configuration') && noun.length > 1 && things.has(noun[noun.length - 1]);
      if (!pointed && !settingsOfThing) continue;
      m.kind = 'entity';
      m.why = undefined;
      (m as { served?: string[] }).served = [];
      changed = true;
    }
  }
}

/** Last words of a table of a thing's settings. */
const CONFIG_WORDS = new Set(['config', 'configs', 'configuration', 'configurations', 'setting', 'settings']);

/**
 * A device registry keeps each device as its configuration: station_config, unique at station_id, with the station's type,
 * district and freeway, where its system has no stations table, is the stations' table, named for them (Station). A
 * configuration keyed by another thing's id (notification_settings by user_id) or beside a table of its thing stays settings.
 */
export function configuredThings(models: StagingModel[]): void {
  const nouns = new Set(models.filter((m) => m.kind !== 'helper').map((m) => nounKey(singularAll(m.parsed.tokens), m.source)));
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind !== 'configuration' || t.length < 2 || !CONFIG_WORDS.has(t[t.length - 1])) continue;
    const thing = singularAll(t.slice(0, -1));
    if (nouns.has(nounKey(thing, m.source)) || !m.ownKeys.has(`${snakeOf(thing)}_id`)) continue;
    m.parsed = { ...m.parsed, tokens: thing };
    m.noun = pascalName(thing);
    m.kind = 'entity';
    m.why = undefined;
    (m as { served?: string[] }).served = [];
  }
}

/** Last words of a table of a site's page. */
const PAGE_WORDS = new Set(['page', 'pages']);

/**
 * A content site keeps a page type per subject, each row holding its page's id (Wagtail's cms_instructorpage: the page id,
 * an instructor's name, title and bio). Where the system keeps no other table of the subject, the page is its only table:
 * named for it (Instructor). A first word that begins two or more such pages of its system (cms_) is the application's,
 * no part of the subject, and its pages hold their page's id in any column. A page keyed by its subject's own id (b2b_contractpage keyed b2b_contract_id) is that subject's
 * table too. A page holding a thing's key is part of that thing (model-kinds.ts); one beside a table of its subject, or
 * with no page id and no key of its subject (an analytics tool's landing_pages), is left as it is.
 */
export function pagedThings(models: StagingModel[]): void {
  // the words before the page word, also where the name glues them (instructorpage, as Django writes a model's name)
  const leadOf = (m: StagingModel): string[] | undefined => {
    const t = m.parsed.tokens;
    const last = t[t.length - 1];
    if (t.length > 1 && PAGE_WORDS.has(last)) return t.slice(0, -1);
    const glued = /^(\p{L}{3,}?)pages?$/u.exec(last);
    return glued ? [...t.slice(0, -1), glued[1]] : undefined;
  };
  // (the page's id, not the row's own key named for the table: a portal_page keyed portal_page_id is a page of its own)
  const pageId = (m: StagingModel, anywhere: boolean) => m.columns.some((c, i) => {
    const name = c.name.toLowerCase();
    return /(?:^|_)page_id$/.test(name) && name !== `${snakeOf(m.parsed.tokens)}_id` && (anywhere || i === 0 || m.ownKeys.has(name));
  });
  const nouns = new Set(models.filter((m) => m.kind !== 'helper' && !leadOf(m)).map((m) => nounKey(singularAll(m.parsed.tokens), m.source)));
  const firstWords = new Map<string, number>();
  for (const m of models) {
    const lead = leadOf(m);
    if (lead && lead.length > 1 && pageId(m, false)) firstWords.set(`${m.source}|${lead[0]}`, (firstWords.get(`${m.source}|${lead[0]}`) ?? 0) + 1);
  }
  for (const m of models) {
    const lead = m.kind === 'entity' ? leadOf(m) : undefined;
    if (!lead) continue;
    // (a page type of such an application holds its page's id wherever the application put it)
    const labelled = lead.length > 1 && (firstWords.get(`${m.source}|${lead[0]}`) ?? 0) >= 2;
    let subject: string[] | undefined;
    if (m.ownKeys.has(`${snakeOf(lead)}_id`)) subject = lead;
    else if (pageId(m, labelled)) subject = labelled ? lead.slice(1) : lead;
    if (!subject) continue;
    subject = singularAll(subject);
    if (nouns.has(nounKey(subject, m.source))) continue;
    m.parsed = { ...m.parsed, tokens: subject };
    m.noun = pascalName(subject);
  }
}
