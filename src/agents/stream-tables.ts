// A feed's streams: a system whose tables mostly carry one interval-typed column of the same name (live timing's
// session_ts: the time elapsed in the session when the feed sent the row) records readings as they arrive — car
// telemetry, positions, weather, gaps, the clock. A stamped table with no identifier of its own and nothing that
// makes a row one occurrence (a lap's or stint's ordinal, the key of a thing of the layer that few of the streams
// carry) is such a stream of readings over time: a log, not a thing.
import type { DbtNode } from '../core/project/types.js';
import { isTechnicalColumn, keyShape } from './columns.js';
import type { AgentColumn } from './node-columns.js';
import { snakeOf } from './naming.js';
import { systemTokens } from './systems.js';

interface StreamModel {
  node: DbtNode;
  parsed: { tokens: string[] };
  source: string;
  kind: string;
  columns: AgentColumn[];
  ownKeys: Set<string>;
}

/** An ordinal that counts occurrences (lap_number, stint_sequence). */
const ORDINAL = /^[a-z][a-z0-9_]*_(?:number|sequence|seq|ordinal)$/;

/** The stamped tables of each feed-like system that are streams of readings, with the stamp column. */
export function streamReadings<M extends StreamModel>(models: readonly M[]): { model: M; stamp: string }[] {
  const bySystem = new Map<string, M[]>();
  for (const m of models) {
    if (!m.source) continue;
    const l = bySystem.get(m.source);
    if (l) l.push(m); else bySystem.set(m.source, [m]);
  }
  const nouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => snakeOf(m.parsed.tokens)));
  const out: { model: M; stamp: string }[] = [];
  for (const [system, members] of bySystem) {
    const stamps = new Map<string, number>();
    for (const m of members) {
      for (const n of new Set(m.columns.filter((c) => /^interval\b/i.test(c.data_type ?? '')).map((c) => c.name.toLowerCase()))) {
        if (!isTechnicalColumn(n)) stamps.set(n, (stamps.get(n) ?? 0) + 1);
      }
    }
    const [stamp, count] = [...stamps].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (count < 6 || count * 2 < members.length) continue;
    const stamped = members.filter((m) => m.columns.some((c) => c.name.toLowerCase() === stamp));
    // how many streams carry a column: one most of them carry (the car's number) is who the readings are about, not an occurrence
    const carried = new Map<string, number>();
    for (const m of stamped) for (const n of new Set(m.columns.map((c) => c.name.toLowerCase()))) carried.set(n, (carried.get(n) ?? 0) + 1);
    const rare = (n: string) => (carried.get(n) ?? 0) * 3 < stamped.length;
    const sys = systemTokens(system);
    // a key of a thing of the layer, read without the system's words (_live_timing_driver_id is the driver's)
    const namesThing = (n: string, own: string) => {
      const stem = keyShape(n.replace(/^_+/, ''))?.stem ?? [];
      let i = 0;
      while (i < stem.length - 1 && sys.includes(stem[i])) i++;
      const noun = snakeOf(stem.slice(i));
      return !!noun && noun !== own && nouns.has(noun);
    };
    for (const m of stamped) {
      if (m.kind !== 'entity' || m.ownKeys.size) continue;
      const own = snakeOf(m.parsed.tokens);
      const last = m.parsed.tokens[m.parsed.tokens.length - 1];
      const names = m.columns.map((c) => c.name.toLowerCase());
      if (names.some((n) => n === 'id' || n === `${own}_id` || n === `${last}_id`)) continue;
      if (names.some((n) => rare(n) && !isTechnicalColumn(n) && (ORDINAL.test(n) || namesThing(n, own)))) continue;
      out.push({ model: m, stamp });
    }
  }
  return out;
}

/** A column holding when a device took its reading (sample_time, sample_timestamp, sampled_at). */
const SAMPLE_TIME = /^(?:[a-z0-9]+_)*(?:sample_(?:time|timestamp|ts|datetime)|sampled_at)$/;

/**
 * A device's samples: rows stamped with the time a reading was taken (sample_timestamp), holding the device's key and its
 * measures (a detector station's 30-second volumes, occupancies and speeds per lane) and no identifier of their own, are
 * readings over time — a log, not a thing. A sample with an identifier of its own (a lab's sample_id) is a thing.
 */
export function sampledReadings<M extends StreamModel>(models: readonly M[]): { model: M; stamp: string }[] {
  const out: { model: M; stamp: string }[] = [];
  for (const m of models) {
    if (m.kind !== 'entity' || m.ownKeys.size) continue;
    const names = m.columns.map((c) => c.name.toLowerCase());
    const stamp = names.find((n) => SAMPLE_TIME.test(n));
    if (!stamp || names.some((n) => n === 'sample_id' || n === `${snakeOf(m.parsed.tokens)}_id`)) continue;
    out.push({ model: m, stamp });
  }
  return out;
}

/** A measure named with its unit (speed_kmh, temperature_c, humidity_percent, engine_rpm, precipitation_mm, delay_minutes). */
const UNIT_MEASURE = /^[a-z][a-z0-9_]*_(?:kmh|kph|mph|rpm|c|f|percent|pct|mm|cm|km|miles|degrees|psi|inhg|hpa|lph|kw|kwh|volts|minutes|seconds)$/;
/** When the reading was taken: a timestamp of its own, or a date beside the hour of day. */
const readingTime = (names: readonly string[]) => names.find((n) => ['timestamp', 'ts', 'reading_time', 'read_at', 'recorded_at', 'measured_at', 'observed_at'].includes(n))
  ?? (names.includes('hour') && names.some((n) => n === 'date' || n.endsWith('_date')) ? 'date and hour' : undefined);

/**
 * Measurements: rows stamped with when they were taken (a timestamp, or a date and an hour), holding the key of the one thing
 * measured (a vehicle, a location) and three or more measures named with their units (speed_kmh, temperature_c,
 * humidity_percent) — a vehicle's telemetry, a place's weather or traffic each hour — are readings over time, a log, whatever
 * row id the feed gives them, so long as no other model of the layer holds that id.
 */
export function measuredReadings<M extends StreamModel>(models: readonly M[]): { model: M; stamp: string }[] {
  const out: { model: M; stamp: string }[] = [];
  const nouns = new Set(models.map((m) => snakeOf(m.parsed.tokens)));
  for (const m of models) {
    if (m.kind !== 'entity') continue;
    const names = m.columns.map((c) => c.name.toLowerCase()).filter((n) => !isTechnicalColumn(n) && !n.startsWith('_'));
    const stamp = readingTime(names);
    if (!stamp || names.filter((n) => UNIT_MEASURE.test(n)).length < 3) continue;
    // the row's own id, named for its noun, its first or its last words (telemetry_id of the vehicle telemetry, traffic_id of
    // the traffic conditions)
    const t = m.parsed.tokens;
    // (not a thing of the layer's own: vehicle_id of the vehicle telemetry is the vehicle's)
    const own = new Set([...m.ownKeys, ...t.flatMap((_, i) => [snakeOf(t.slice(i)), snakeOf(t.slice(0, i + 1))]).filter((n) => n === snakeOf(t) || !nouns.has(n)).map((n) => `${n}_id`)]);
    const keys = names.filter((n) => !own.has(n) && n.endsWith('_id'));
    if (keys.length !== 1 || [...own].some((k) => names.includes(k) && models.some((o) => o !== m && o.columns.some((c) => c.name.toLowerCase() === k)))) continue;
    out.push({ model: m, stamp });
  }
  return out;
}
