// How a staging model's own key is found where its YAML declares none: the unique column its SQL names
// it by, the one key-shaped column naming no other thing, a semantic model's primary entity, the key a
// neighbouring model declares for the same noun, or a column described as the row's unique identifier.
import type { DbtNode, Project } from '../core/project/types.js';
import { isTechnicalColumn, keyShape, keyStem } from './columns.js';
import type { StagingModel } from './entities.js';
import { singularPhrase } from './inflection.js';
import { containsRun } from './key-inference.js';
import { primaryKeyColumn } from './keys.js';
import { parseModelName, snakeOf } from './naming.js';
import type { semanticKeys } from './node-columns.js';

/**
 * The declared unique column that keys the model; else (given `known`, the row's own identifiers read off its SQL and
 * grain) the one its SQL names it by: journeys' `id as workflow_id` keys Journey, so campaigns' workflow_id points at it.
 */
export function ownKeyColumn(m: StagingModel, known: ReadonlySet<string> = m.ownKeys): string | undefined {
  const keys = [...known].filter((k) => m.columns.some((c) => c.name.toLowerCase() === k));
  const noun = snakeOf(m.parsed.tokens);
  return keys.find((k) => k === 'id' || k === `${noun}_id`) ?? (keys.length === 1 ? keys[0] : keys.find((k) => keyStem(k).length > 0 && keyShape(k)?.suffix === 'id'));
}

/** Columns of a per-period grain (calendar_dates: service_id + date): a key beside one is not the row's key alone. */
export const PERIOD_NAMES = new Set(['date', 'day', 'month', 'year', 'week', 'period', 'date_day', 'report_date']);

/**
 * A table whose one key-shaped column names no thing of its own system is keyed by it: the GTFS calendar by
 * service_id, fare_attributes by fare_id (not when a date beside it makes the grain a key per period).
 */
export function soleKey(m: StagingModel, namesEntity: (stem: string[]) => boolean, namesAnyEntity: (words: string[]) => boolean): string | undefined {
  if (m.ownIds.size || m.columns.some((c) => PERIOD_NAMES.has(c.name.toLowerCase()))) return undefined;
  const keys = m.columns.filter((c) => !isTechnicalColumn(c.name) && keyShape(c.name)?.stem.length);
  if (keys.length !== 1 || keyShape(keys[0].name)!.suffix !== 'id') return undefined;
  const stem = keyShape(keys[0].name)!.stem;
  for (let k = 1; k <= stem.length; k++) if (namesEntity(stem.slice(stem.length - k))) return undefined;
  // a key named for the word that qualifies the model's own noun, where those words name a table of its system
  // (vehicle_id in fleet_vehicle_insurance_claims beside fleet_vehicles): the claim belongs to a vehicle, it is not one
  const own = m.parsed.tokens;
  for (let end = 0; end < own.length - 1; end++) {
    if (own[end] !== stem.at(-1)) continue;
    for (let start = 0; start <= end; start++) if (namesEntity(own.slice(start, end + 1))) return undefined;
  }
  // <thing>_<qualifier>_id (GA's user_pseudo_id): a thing's identifier under a qualifier, in any system, is that
  // thing's, not the key of a table of events about it (unless the table is named for the thing)
  for (let k = 1; k < stem.length; k++) if (namesAnyEntity(stem.slice(0, k)) && !containsRun(m.parsed.tokens, stem.slice(0, k))) return undefined;
  // described as the identifier of another thing ("a unique identifier for a person" in eligible_benes): not this row's key
  const thing = describedThing(keys[0].description);
  return thing && thing !== m.parsed.tokens.join(' ') ? undefined : keys[0].name;
}

/**
 * A reference table keyed by its noun alone (districts: district, region, area, geometry) where nothing else keys it: its
 * system names the key the same wherever a row holds it (a county's district), as a code list does.
 */
export function nounColumnKey(m: StagingModel): string | undefined {
  if (m.ownIds.size || m.ownKeys.size) return undefined;
  const noun = snakeOf(singularPhrase(m.parsed.tokens));
  // (beside an id named for the noun, sk_postcode_id, the noun's column is its value: the postcode's text)
  if (m.columns.some((c) => { const stem = keyShape(c.name)?.stem; return !!stem?.length && snakeOf(stem).endsWith(noun); })) return undefined;
  return m.columns.find((c) => c.name.toLowerCase() === noun)?.name;
}

/** The column a semantic model built on this model declares its primary entity (entities: [{type: primary, expr: customer_id}]). */
export function semanticPrimary(m: StagingModel, semantic: ReturnType<typeof semanticKeys>): string | undefined {
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  for (const [expr, keys] of semantic) if (names.has(expr) && keys.some((k) => k.type === 'primary' && k.model === m.node.name)) return expr;
  return undefined;
}

/** Models one ref away (either way) from each model, by name; read once per project. */
export function neighbours(project: Project): (name: string) => DbtNode[] {
  let map: Map<string, DbtNode[]> | undefined;
  return (name) => {
    if (!map) {
      map = new Map();
      const push = (k: string, n: DbtNode) => { const l = map!.get(k); if (l) l.push(n); else map!.set(k, [n]); };
      for (const n of project.models) for (const r of n.refs) { const up = project.modelByName.get(r.name); if (up) { push(n.name, up); push(up.name, n); } }
    }
    return map.get(name) ?? [];
  };
}

/**
 * The key a model next to this one declares for the same noun (core__patient.person_id is unique,
 * and the staging patient feeds it or is copied from it): the staging entity's key.
 */
export function neighbourKey(m: StagingModel, nextTo: (name: string) => DbtNode[]): string | undefined {
  const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
  const noun = snakeOf(m.parsed.tokens);
  for (const n of nextTo(m.node.name)) {
    if (snakeOf(parseModelName(n.name, [], { otherLayers: true }).tokens) !== noun) continue;
    const key = primaryKeyColumn(n, noun)?.toLowerCase();
    if (key && names.has(key) && keyStem(key).length) return key;
  }
  return undefined;
}

/** The key-shaped column documented as the row's unique identifier ("Unique identifier for each person"). */
export function describedKey(m: StagingModel): string | undefined {
  // the thing described must be the model's own noun: "a unique identifier for a person" in eligible_benes is the person's key
  const noun = m.parsed.tokens.join(' ');
  const hits = m.columns.filter((c) => keyStem(c.name).length > 0 && describedThing(c.description) === noun);
  return hits.length === 1 ? hits[0].name : undefined;
}

/** The thing a column's description says it uniquely identifies ("Unique identifier for each person" → person). */
export function describedThing(description: string | undefined): string | undefined {
  const d = /\bunique(?:ly)?\s+(?:identif(?:ier|ies)|id|key)\s+(?:for|of)\s+(?:the|each|a|an|every)\s+([a-z][a-z ]*?)(?=\s+(?:in|of|from|that|which|record|row)\b|\s*[.,;:()]|$)/i.exec(description ?? '');
  return d ? singularPhrase(d[1].toLowerCase().split(/\s+/)).join(' ') : undefined;
}
