// A name that ends in a subject the layer's other names begin with (stg_batches_otr beside stg_otr_logistics): its noun
// is the word before that subject.
import type { DbtNode } from '../core/project/types.js';
import type { StagingModel } from './entities.js';
import { singularWord } from './inflection.js';
import { isKindWord } from './model-kinds.js';

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

/**
 * A one-word name glued from another one-word name of its system and a word that says what its rows are (OpenDental's
 * taskhist beside task, histappointment beside appointment, insbluebooklog beside insbluebook, userodpref beside userod)
 * is that name and that word, as if an underscore stood between them: a history, a log, settings. The longest name of
 * the system that begins or ends it is the one split off. Only such words are split off: what is left after another
 * name may be the rest of a word (candidatures beside candidats is no candidat's ures).
 */
export function gluedNames(models: StagingModel[]): void {
  const bySystem = new Map<string, Set<string>>();
  for (const m of models) {
    if (m.parsed.tokens.length !== 1) continue;
    const names = bySystem.get(m.source) ?? new Set<string>();
    names.add(m.parsed.tokens[0]);
    bySystem.set(m.source, names);
  }
  for (const m of models) {
    if (m.parsed.tokens.length !== 1) continue;
    const word = m.parsed.tokens[0];
    let best: { split: string[]; length: number } | undefined;
    for (const name of bySystem.get(m.source) ?? []) {
      if (name.length < 4 || word.length - name.length < 2 || (best && best.length >= name.length)) continue;
      if (word.startsWith(name) && isKindWord(word.slice(name.length))) best = { split: [name, word.slice(name.length)], length: name.length };
      else if (word.endsWith(name) && isKindWord(word.slice(0, -name.length))) best = { split: [word.slice(0, -name.length), name], length: name.length };
    }
    if (best) m.parsed = { ...m.parsed, tokens: best.split };
  }
}

/** Words of three letters or more the layer's column names write on their own (course_run_id: course, run), read once per layer. */
const columnWords = new WeakMap<StagingModel[], Set<string>>();
function wordsOfColumns(models: StagingModel[]): Set<string> {
  let words = columnWords.get(models);
  if (words) return words;
  words = new Set<string>();
  for (const m of models) for (const c of m.columns) for (const w of c.name.toLowerCase().split('_')) if (w.length >= 3) words.add(w);
  columnWords.set(models, words);
  return words;
}

/**
 * A word glued from another one-word name of its system and a word the layer writes on its own elsewhere (courserun beside
 * course, with run in course_run_id; b2bcoupon beside coupon, with b2b in b2b_contract_id; programenrollment beside
 * program) is those words, as if underscores stood between them: CourseRun, B2bCoupon, ProgramEnrollment. The part that is
 * a name may itself be glued (courserunenrollment: courserun, then course and run). A remainder the layer never writes
 * alone is the rest of a word (candidatures beside candidats), and stays; so does a word the table's own columns spell apart,
 * which the key rules name.
 */
export function gluedOfNames(models: StagingModel[]): void {
  const vocabulary = new Set(wordsOfColumns(models));
  const names = new Map<string, Set<string>>();
  for (const m of models) {
    if (m.parsed.tokens.length > 1) for (const w of m.parsed.tokens) vocabulary.add(w);
    if (m.parsed.tokens.length !== 1 || m.parsed.tokens[0].length < 4) continue;
    const own = names.get(m.source) ?? new Set<string>();
    own.add(m.parsed.tokens[0]);
    names.set(m.source, own);
  }
  // what follows two different names in the layer's names (contract in brokercontract and hierarchycontract, tasks in
  // brokertasks and policytasks) is a word, whether or not the layer writes it alone
  const after = new Map<string, Set<string>>();
  const all = new Set([...names.values()].flatMap((of) => [...of]));
  // (each name's beginnings looked up, not every pair of names compared: a layer of 10,000 names)
  for (const b of all) {
    for (let n = 4; n <= b.length - 2; n++) {
      const a = b.slice(0, n);
      if (all.has(a)) (after.get(b.slice(n)) ?? after.set(b.slice(n), new Set()).get(b.slice(n))!).add(a);
    }
  }
  const shared = (rest: string) => (after.get(rest)?.size ?? 0) >= 2;
  const split = (word: string, of: ReadonlySet<string>, depth: number): string[] => {
    if (depth > 3) return [word];
    // the longest name that begins or ends the word (looked up by length, not by walking every name of the system)
    for (let n = word.length - 3; n >= 4; n--) {
      const head = word.slice(0, n);
      if (of.has(head) && (vocabulary.has(word.slice(n)) || shared(word.slice(n)))) return [...split(head, of, depth + 1), word.slice(n)];
      const tail = word.slice(word.length - n);
      if (of.has(tail) && vocabulary.has(word.slice(0, word.length - n))) return [word.slice(0, word.length - n), ...split(tail, of, depth + 1)];
    }
    return [word];
  };
  for (const m of models) {
    const of = names.get(m.source);
    if (!of) continue;
    const tokens = m.parsed.tokens.flatMap((t) => split(t, of, 0));
    if (tokens.length === m.parsed.tokens.length) continue;
    // a word the table's own columns spell apart (treat_plan_attach_id of treatplanattach) is spelt as they do, elsewhere
    const spelt = new Set(m.columns.map((c) => c.name.toLowerCase().replace(/_id$/, '')).filter((n) => n.includes('_')).map((n) => n.replace(/_/g, '')));
    const kept = m.parsed.tokens.flatMap((t) => (spelt.has(t) ? [t] : split(t, of, 0)));
    if (kept.length !== m.parsed.tokens.length) m.parsed = { ...m.parsed, tokens: kept };
  }
}

/**
 * A one-word name its own key repeats glued (taxrate keyed taxrate_id, subsectiongrade keyed subsectiongrade_id) where no
 * other name of its system is a part of it reads as the words the layer writes alone elsewhere (tax and rate in
 * order_tax_rate, grade in letter_grade): TaxRate, SubsectionGrade. Every part must be such a word of three letters or more,
 * the fewest parts win; a name that does not split so stays as it is, and so does one other tables' names carry as a word
 * (worknode beside worknode_hierarchy: the project's word).
 */
export function gluedOfWords(models: StagingModel[]): void {
  const vocabulary = wordsOfColumns(models);
  // a word other tables' names carry as one word (worknode in worknode_hierarchy, worknode_slot_shift) is the project's own word
  const named = new Set(models.filter((m) => m.parsed.tokens.length > 1).flatMap((m) => m.parsed.tokens));
  const parts = (word: string, depth: number): string[] | undefined => {
    if (depth > 0 && vocabulary.has(word)) return [word];
    if (depth >= 3) return undefined;
    let best: string[] | undefined;
    for (let i = word.length - 3; i >= 3; i--) {
      const head = word.slice(0, i);
      if (!vocabulary.has(head)) continue;
      const tail = parts(word.slice(i), depth + 1);
      if (tail && (!best || tail.length + 1 < best.length)) best = [head, ...tail];
    }
    return best;
  };
  for (const m of models) {
    const t = m.parsed.tokens;
    if (t.length !== 1 || m.kind === 'helper' || named.has(t[0])) continue;
    const keys = m.ownKeys.size ? [...m.ownKeys] : m.columns.slice(0, 1).map((c) => c.name.toLowerCase());
    if (!keys.includes(`${t[0]}_id`)) continue;
    const split = parts(t[0], 0);
    // (a kind word split off, credithistory's history, would make a thing a history of another: left to gluedNames)
    if (split && !split.some((w) => isKindWord(w))) m.parsed = { ...m.parsed, tokens: split };
  }
}

/** The words the project's descriptions write (the layer's, the other models' and the sources', tables' and columns'), singular forms too, and the pairs they write in a row. */
interface Prose { words: Set<string>; pairs: Set<string> }
const layerProse = new WeakMap<StagingModel[], Prose>();
function proseOf(models: StagingModel[], others: readonly DbtNode[]): Prose {
  let prose = layerProse.get(models);
  if (prose) return prose;
  prose = { words: new Set(), pairs: new Set() };
  const read = (text: string | undefined) => {
    if (!text) return;
    let before: string[] = [];
    // (an identifier quoted in the text, courseware_studentmodule or flexiblepricetier_id, is no prose: it breaks the row)
    for (const raw of text.toLowerCase().split(/[^a-z0-9_]+/)) {
      const w = raw.includes('_') ? '' : raw;
      if (!w) { before = []; continue; }
      const forms = w === singularWord(w) ? [w] : [w, singularWord(w)];
      for (const f of forms) { prose!.words.add(f); for (const b of before) prose!.pairs.add(`${b} ${f}`); }
      before = forms;
    }
  };
  for (const n of [...models.map((m) => m.node), ...others]) {
    read(n.description);
    for (const c of n.columns) read(c.description);
  }
  layerProse.set(models, prose);
  return prose;
}

/**
 * A glued word of a name that the project's descriptions write apart (wiretransferreceipt: "a wire transfer receipt";
 * percolatequery: "percolate queries"; flexiblepricetier beside "flexible price") is those words: WireTransferReceipt,
 * PercolateQuery, FlexiblePriceTier. Every part is a word of three letters or more the descriptions or column names
 * write alone, and at least two neighbours are written in a row; a word the descriptions write whole (checkpoint) stays,
 * unless they also write all its parts in a row (studentmodule beside "student module").
 */
export function gluedOfProse(models: StagingModel[], others: readonly DbtNode[]): void {
  const prose = proseOf(models, others);
  if (!prose.pairs.size) return;
  const columns = wordsOfColumns(models);
  const known = (w: string) => w.length >= 3 && (prose.words.has(w) || columns.has(w));
  // the fewest parts, then the most neighbours written in a row
  const best = (word: string): { parts: string[]; witnessed: number } | undefined => {
    let found: { parts: string[]; witnessed: number } | undefined;
    const walk = (at: number, parts: string[], witnessed: number) => {
      if (parts.length > 4 || (found && parts.length > found.parts.length)) return;
      if (at === word.length) {
        if (parts.length > 1 && witnessed > 0 && (!found || parts.length < found.parts.length || witnessed > found.witnessed)) found = { parts: [...parts], witnessed };
        return;
      }
      for (let end = word.length; end >= at + 3; end--) {
        const part = word.slice(at, end);
        if (!known(part)) continue;
        const last = parts[parts.length - 1];
        walk(end, [...parts, part], witnessed + (last && prose.pairs.has(`${last} ${part}`) ? 1 : 0));
      }
    };
    walk(0, [], 0);
    return found;
  };
  const cache = new Map<string, string[]>();
  const split = (t: string): string[] => {
    let out = cache.get(t);
    if (!out) {
      const found = t.length < 7 || !/^[a-z0-9]+$/.test(t) ? undefined : best(t);
      // (a word written whole as well is split only where every neighbour is also written apart: "student module")
      // (nor is a kind word split off, inventorylog's log: the table says what the project calls a thing, left to gluedNames)
      out = found && !found.parts.some(isKindWord) && (!prose.words.has(t) || found.witnessed === found.parts.length - 1) ? found.parts : [t];
      cache.set(t, out);
    }
    return out;
  };
  for (const m of models) {
    if (m.kind === 'helper') continue;
    const tokens = m.parsed.tokens.flatMap(split);
    if (tokens.length !== m.parsed.tokens.length) m.parsed = { ...m.parsed, tokens };
  }
}
