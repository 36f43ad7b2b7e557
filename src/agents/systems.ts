// Source systems: every staging model belongs to one — the system its name names
// (stg_<system>__<table>), else its folder under staging/, else the dbt source it reads. A data
// modeler keeps the same noun from two systems apart (Elavon's and Enghouse's transactions,
// Salesforce's and Stripe's products) unless the project says they are one thing: a key naming the
// other system's row (shopify_customer_id, ehr_patient_id), a key description naming the other
// system ("shop customer id carried as Stripe metadata"), the same `meta.modeler.entity`, a declared
// reference between them, or a downstream model that unions them.
import type { DbtNode, Project } from '../core/project/types.js';
import { columnTokens, keyShape } from './columns.js';
import { columnsOf } from './node-columns.js';
import { ENGINE_WORDS, LOADER_WORDS, snakeOf, STORAGE_WORDS } from './naming.js';
import { modelText, upstreamModels } from './staging.js';

export interface SystemMember {
  node: DbtNode;
  /** The model's system ('' when nothing names one). */
  source: string;
  /** Lower snake tokens of its noun. */
  tokens: string[];
}

/**
 * Does the model read a dbt source, itself or through the staging helpers it selects from (or raw
 * data its SQL names or lists, see readsRawData)? Only such models come from a source system; a
 * model built from the project's own models (a mart's staging copy) belongs to whatever those are.
 */
export function sourcedModels(project: Project, models: readonly { node: DbtNode }[]): Set<string> {
  const byName = new Map(models.map((m) => [m.node.name, m.node]));
  const wrappers = sourceMacros(project);
  const memo = new Map<string, boolean>();
  const visit = (node: DbtNode, depth: number): boolean => {
    const hit = memo.get(node.name);
    if (hit !== undefined) return hit;
    memo.set(node.name, false); // cycles read nothing
    const deps = node.raw?.depends_on?.nodes;
    let out = node.sourceRefs.length > 0 || (Array.isArray(deps) && deps.some((d) => typeof d === 'string' && d.startsWith('source.')))
      || readsRawData(project, node, wrappers);
    if (!out && depth < 4) {
      for (const up of upstreamModels(project, node)) {
        const n = byName.get(up);
        if (n && visit(n, depth + 1)) { out = true; break; }
      }
    }
    memo.set(node.name, out);
    return out;
  };
  const out = new Set<string>();
  for (const m of models) if (visit(m.node, 0)) out.add(m.node.name);
  return out;
}

const macroCache = new WeakMap<Project, Set<string>>();

/**
 * The project's macros that call `source()` (a staging header such as `stg_source_header('dora',
 * 'services')`): a model calling one reads a dbt source although its own SQL names none.
 */
export function sourceMacros(project: Project): Set<string> {
  let out = macroCache.get(project);
  if (out) return out;
  out = new Set();
  for (const [file, kind] of project.files) {
    if (kind !== 'macro') continue;
    let text = '';
    try { text = project.readText(file); } catch { continue; }
    for (const m of text.matchAll(/\{%-?\s*macro\s+(\w+)\s*\(([\s\S]*?)\{%-?\s*endmacro\s*-?%\}/g)) if (/\bsource\s*\(/.test(m[2])) out.add(m[1]);
  }
  macroCache.set(project, out);
  return out;
}

/**
 * Does the model read raw data without a `source()` of its own: through a project macro that calls
 * one, or, selecting from no model at all, from a table it names or rows it lists (VALUES)?
 */
function readsRawData(project: Project, node: DbtNode, macros: ReadonlySet<string>): boolean {
  if (!node.sqlPath || !node.origins.includes('sql')) return false;
  let text = '';
  try { text = modelText(project, node.sqlPath); } catch { return false; }
  for (const m of text.matchAll(/\{\{-?\s*(\w+)\s*\(/g)) if (macros.has(m[1])) return true;
  if (node.refs.length || /\bref\s*\(/.test(text)) return false;
  return /\b(?:from|values)\b/i.test(text.replace(/\{[{%#][\s\S]*?[}%#]\}/g, ' ').replace(/--[^\n]*/g, ' '));
}

/** Words of a system name: google_ads → ['google', 'ads']. */
export function systemTokens(system: string): string[] {
  return system.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Why models of two systems that share a noun are one thing, or undefined when nothing says so.
 * `a` and `b` are the models of each system; `unions` lists the models each downstream model
 * unions, with the labels it gives its branches; `readers`, the downstream models reading each system (systemReaders).
 */
export function sameThingEvidence(project: Project, a: SystemMember[], b: SystemMember[], unions: readonly UnionedModels[],
  readers?: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const other = y[0].source;
    const otherWords = systemTokens(other);
    const noun = x[0].tokens;
    // (a set, not a scan of y per test: a noun with a hundred models in each of six systems meets every test 30 times)
    const yNames = new Set(y.map((o) => o.node.name));
    const otherWordRes = otherWords.map((w) => new RegExp(`\\b${w}\\b`));
    for (const m of x) {
      const columns = columnsOf(project, m.node);
      for (const c of columns) {
        const shape = keyShape(c.name);
        if (!shape) continue;
        const stem = shape.stem;
        // shopify_customer_id in recharge's customers; yardi_vendor_code in quickbooks' vendors
        if (stem.length > noun.length && snakeOf(stem.slice(stem.length - noun.length)) === snakeOf(noun)
          && stem.slice(0, stem.length - noun.length).some((t) => otherWords.includes(t))) {
          return `${m.node.name}.${c.name} holds the ${other} ${snakeOf(noun)} key`;
        }
        // the key's description names the other system: "shop customer id carried as Stripe metadata"
        const desc = c.description?.toLowerCase() ?? '';
        if (desc && snakeOf(stem) === snakeOf(noun) && otherWordRes.some((re) => re.test(desc))) {
          return `${m.node.name}.${c.name} is described as the ${other} key ("${c.description!.trim().slice(0, 80)}")`;
        }
      }
      for (const t of m.node.tests) {
        if (/relationships/.test(t.name) && pointsAt(t.args?.to, yNames)) return `a relationships test on ${m.node.name} points at ${other}`;
      }
      for (const c of columns) {
        for (const t of c.tests) {
          if (/relationships/.test(t.name) && pointsAt(t.args?.to, yNames)) return `a relationships test on ${m.node.name}.${c.name} points at ${other}`;
        }
      }
    }
  }
  // the same application's table in each of its deployments the system names tell (mitxonline_openedx, mitxpro_openedx):
  // the same columns. Systems that only publish in one standard's schema stay apart, and so does an application deployed
  // once per client (acme_picks, zenith_picks) each copy of which its own downstream models read, none of them two.
  const sa0 = systemTokens(a[0].source), sb0 = systemTokens(b[0].source);
  const same = sa0.some((t) => t.length >= 3 && sb0.includes(t)) && readTogether(readers, a[0].source, b[0].source) ? sameColumns(project, a, b) : undefined;
  if (same) return same;
  const entityOf = (n: DbtNode) => n.meta?.modeler?.entity ?? n.meta?.entity ?? n.config?.meta?.modeler?.entity;
  const declared = new Set([...a, ...b].map((m) => entityOf(m.node)));
  if (declared.size === 1 && [...declared][0]) return `both declare meta.modeler.entity ${[...declared][0]}`;
  const sa = systemTokens(a[0].source), sb = systemTokens(b[0].source);
  for (const u of unions) {
    if (!a.some((m) => u.models.has(m.node.name)) || !b.some((m) => u.models.has(m.node.name))) continue;
    // a union that labels each branch with its system ('gitlab' AS platform, 'github' AS platform) is a
    // supertype over things it keeps apart: two id spaces, not one thing
    const ta = [...u.tags].filter((t) => sa.includes(t)), tb = [...u.tags].filter((t) => sb.includes(t));
    if (ta.length && tb.length && ta.some((t) => !tb.includes(t))) continue;
    // a union that also takes in other things of the same systems (issues with pull requests: contributions)
    // is a supertype over them, not a statement that the systems' issues are one thing
    if ((u.nouns.get(a[0].source)?.size ?? 0) > 1 || (u.nouns.get(b[0].source)?.size ?? 0) > 1) continue;
    return 'a downstream model unions them';
  }
  return undefined;
}

/** Does some downstream model read staging models of both systems? (Where one is read by none, nothing says they are kept apart.) */
function readTogether(readers: ReadonlyMap<string, ReadonlySet<string>> | undefined, a: string, b: string): boolean {
  const ra = readers?.get(a), rb = readers?.get(b);
  if (!ra || !rb) return true;
  for (const r of ra) if (rb.has(r)) return true;
  return false;
}

/** Models of two systems whose columns are the same (five or more, four in five shared): one table of one application. */
function sameColumns(project: Project, a: readonly SystemMember[], b: readonly SystemMember[]): string | undefined {
  const names = (ms: readonly SystemMember[]) => new Set(ms.flatMap((m) => columnsOf(project, m.node).map((c) => c.name.toLowerCase())));
  const x = names(a), y = names(b);
  if (x.size < 5 || y.size < 5) return undefined;
  let shared = 0;
  for (const c of x) if (y.has(c)) shared++;
  const all = x.size + y.size - shared;
  return shared / all >= 0.8 ? `their models return the same columns (${shared} of ${all})` : undefined;
}

/** Does a relationships test's `to` (ref('stg_x'), source('s', 't')) quote one of `names`? */
function pointsAt(to: unknown, names: ReadonlySet<string>): boolean {
  if (to === undefined || to === null) return false;
  for (const m of String(to).matchAll(/'([^']*)'|"([^"]*)"/g)) if (names.has(m[1] ?? m[2])) return true;
  return false;
}

export interface UnionedModels {
  /** the models it unions */
  models: Set<string>;
  /** string literals its SQL returns as a column ('gitlab' AS platform): the branch labels */
  tags: Set<string>;
  /** system → the nouns of the staging models of that system it reads */
  nouns: Map<string, Set<string>>;
}

/** Sets of models that one (non-staging) model unions: evidence that the project treats them as one thing. */
export function unionedModels(project: Project, staging: ReadonlyMap<string, SystemMember>): UnionedModels[] {
  const out: UnionedModels[] = [];
  for (const n of project.models) {
    if (staging.has(n.name) || !n.sqlPath || n.refs.length < 2) continue;
    let text = '';
    try { text = modelText(project, n.sqlPath); } catch { continue; }
    if (!/\bunion\b/i.test(text) && !/union_relations/.test(text)) continue;
    const nouns = new Map<string, Set<string>>();
    for (const r of n.refs) {
      const m = staging.get(r.name);
      if (!m?.source) continue;
      const l = nouns.get(m.source);
      if (l) l.add(snakeOf(m.tokens)); else nouns.set(m.source, new Set([snakeOf(m.tokens)]));
    }
    out.push({ models: new Set(n.refs.map((r) => r.name)), tags: new Set([...text.matchAll(/'([A-Za-z][\w ]*)'\s+as\s+\w+/gi)].map((m) => m[1].toLowerCase())), nouns });
  }
  return out;
}

/** system → the non-staging models that ref one of its staging models. */
function systemReaders(project: Project, staging: ReadonlyMap<string, SystemMember>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const n of project.models) {
    if (staging.has(n.name)) continue;
    for (const r of n.refs) {
      const m = staging.get(r.name);
      if (!m?.source) continue;
      const l = out.get(m.source);
      if (l) l.add(n.name); else out.set(m.source, new Set([n.name]));
    }
  }
  return out;
}

/** The name tokens a column gives another system's row (shopify in shopify_customer_id). */
export function namesOtherSystem(column: string, systems: ReadonlySet<string>): string | undefined {
  const t = columnTokens(column);
  for (let n = Math.min(3, t.length - 1); n >= 1; n--) {
    const s = t.slice(0, n).join('_');
    if (systems.has(s)) return s;
  }
  return undefined;
}


/**
 * The words that qualify a noun by its system: the system's, unless they only say where it is stored
 * (stg_postgres__users): then the dbt source its models read (cloud_product → CloudProductUser).
 */
/** Words that name the staging layer, not a system. */
const LAYER_WORDS = new Set(['stg', 'staging']);

function qualifierTokens(system: string, members: readonly SystemMember[]): string[] {
  const own = systemTokens(system);
  // a database engine in a system's name says where it is kept (oracle_neshu is Neshu's Oracle database): Neshu's products
  if (!own.every((t) => STORAGE_WORDS.has(t))) return own.filter((t) => !ENGINE_WORDS.has(t));
  const read = members.map((m) => m.node.sourceRefs[0]?.split('.')[0]).find((x) => x);
  // (a source named for the layer, `staging`, names no system)
  const words = read ? systemTokens(read).filter((t) => !LOADER_WORDS.has(t) && !LAYER_WORDS.has(t)) : [];
  if (words.length && !words.every((t) => STORAGE_WORDS.has(t))) return words;
  // a system known only by its engine and read from a source named for the layer (postgres/ reading `staging`): the
  // application's own database, whose nouns keep their plain names beside another system's qualified ones
  return read && !words.length && systemTokens(read).some((t) => LAYER_WORDS.has(t)) ? [] : own;
}

export interface QualifiedNouns {
  /** `<noun>|<system>` → the entity name tokens, system words first (['elavon', 'transaction']). */
  names: Map<string, string[]>;
  /** Nouns kept as one entity across systems, with the evidence (for notes). */
  merged: string[];
  /** Nouns split by system (for notes). */
  split: string[];
}

export const nounKey = (tokens: readonly string[], system: string) => `${snakeOf(tokens)}|${system}`;

/**
 * The same noun in several source systems: one entity per system, named with the system's words
 * (ElavonTransaction, EnghouseTransaction), unless the project says they are one. Only models that
 * read a dbt source are from a source system; the others join the noun's first group.
 */
export function qualifyNouns(project: Project, members: SystemMember[], sourced: ReadonlySet<string>): QualifiedNouns {
  const out: QualifiedNouns = { names: new Map(), merged: [], split: [] };
  const byNoun = new Map<string, SystemMember[]>();
  for (const m of members) {
    const k = snakeOf(m.tokens);
    const list = byNoun.get(k);
    if (list) list.push(m); else byNoun.set(k, [m]);
  }
  let unions: UnionedModels[] | undefined;
  let readers: Map<string, Set<string>> | undefined;
  // a system's first word names it where no other system of the project begins with it (mitxresidential_openedx beside
  // mitxonline and mitxonline_openedx: MitxresidentialCourseRun), the words after it only where they tell systems apart
  // (the words dropped are an application's the project keeps beside a product's own system, mitxonline_openedx beside
  // mitxonline; a name's own words stay: france_travail, google_ads beside facebook_ads)
  const named = [...new Set(members.map((m) => m.source).filter(Boolean))].map(systemTokens);
  const firsts = new Map<string, number>();
  for (const t of named) if (t[0]) firsts.set(t[0], (firsts.get(t[0]) ?? 0) + 1);
  const alone = new Set(named.filter((t) => t.length === 1).map((t) => t[0]));
  const applications = new Set(named.filter((t) => t.length > 1 && alone.has(t[0])).flatMap((t) => t.slice(1)));
  const shortest = (tokens: string[]) => (tokens.length > 1 && firsts.get(tokens[0]) === 1 && tokens.slice(1).every((w) => applications.has(w)) ? tokens.slice(0, 1) : tokens);
  for (const [noun, list] of byNoun) {
    const bySystem = new Map<string, SystemMember[]>();
    for (const m of list) {
      if (!m.source || !sourced.has(m.node.name)) continue;
      const l = bySystem.get(m.source);
      if (l) l.push(m); else bySystem.set(m.source, [m]);
    }
    if (bySystem.size < 2) continue;
    unions ??= unionedModels(project, new Map(members.map((m) => [m.node.name, m])));
    readers ??= systemReaders(project, new Map(members.map((m) => [m.node.name, m])));
    // systems the project ties together stay one entity
    const systems = [...bySystem.keys()].sort();
    const group = new Map(systems.map((s) => [s, s]));
    const find = (s: string): string => (group.get(s) === s ? s : find(group.get(s)!));
    for (let i = 0; i < systems.length; i++) {
      for (let j = i + 1; j < systems.length; j++) {
        const why = sameThingEvidence(project, bySystem.get(systems[i])!, bySystem.get(systems[j])!, unions, readers);
        if (why) { group.set(find(systems[j]), find(systems[i])); out.merged.push(`${noun} (${systems[i]}, ${systems[j]}: ${why})`); }
      }
    }
    const roots = new Set(systems.map(find));
    if (roots.size < 2) continue;
    out.split.push(`${noun} (${[...roots].join(', ')})`);
    for (const s of systems) out.names.set(`${noun}|${s}`, [...shortest(qualifierTokens(find(s), bySystem.get(find(s)) ?? bySystem.get(s)!)), ...list[0].tokens]);
  }
  return out;
}
