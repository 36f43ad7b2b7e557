// The Conceptualizer, issue 23's sixteenth blind round: classes of error read off a Formula 1 warehouse on DuckDB
// (memadore/duck-f1: the Ergast motor-racing database beside Formula 1's live-timing feed, their events and sessions
// conformed at the staging root). Each project is written in that shape and read by the real project reader, with the
// SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe("words that are also members of JavaScript's Object (a racing team is a constructor)", () => {
  it('reads constructors and their constructor_id like any other noun and key', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('ergast', 'constructors', 'results')),
      'models/staging/stg_ergast__constructors.sql': select('ergast', 'constructors', 'constructorid as constructor_id, name, nationality'),
      'models/staging/stg_ergast__results.sql': select('ergast', 'results', 'resultid as result_id, constructorid as constructor_id, points'),
    });
    expect(names(p)).toEqual(['Constructor', 'Result']);
    expect(refs(p)).toEqual(['Constructor>Result.constructor_id']);
  });
});

describe("one noun's tables of two systems conformed by a staging model that unions them", () => {
  const layer = (conformed: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('ergast', 'races', 'results'), sources('live_timing', 'sessions', 'laps')),
    'models/staging/ergast/stg_ergast__sessions.sql': select('ergast', 'races', "race_key as session_id, raceid as _ergast_race_id, 'race' as session_type, date as session_start"),
    'models/staging/ergast/stg_ergast__results.sql': "select r.resultid as result_id, s.session_id, r.driverid as driver_ref, r.points from {{ source('ergast', 'results') }} r join {{ ref('stg_sessions') }} s on r.raceid = s._ergast_race_id\n",
    'models/staging/live_timing/stg_live_timing__sessions.sql': select('live_timing', 'sessions', 'session_key as session_id, session_type, session_date as session_start'),
    'models/staging/live_timing/stg_live_timing__laps.sql': select('live_timing', 'laps', 'lap_key as lap_id, session_key as session_id, car_number, lap_number, lap_time'),
    'models/staging/stg_sessions.sql': conformed,
  });

  it("reads the union as the thing, keys both systems' session_id to it and folds each system's sessions into it", () => {
    const p = run(layer("select session_id, _ergast_race_id, session_type, session_start from {{ ref('stg_ergast__sessions') }}\nunion all\nselect session_id, null as _ergast_race_id, session_type, session_start from {{ ref('stg_live_timing__sessions') }}\n"));
    expect(names(p)).toEqual(['Lap', 'Result', 'Session']);
    expect(refs(p)).toEqual(['Session>Lap.session_id', 'Session>Result.session_id']);
    expect(p.notes.join('\n')).toMatch(/stg_ergast__sessions → Session \(the ergast rows of stg_sessions, which conforms the session of ergast and live_timing under one key\)/);
  });

  it("folds a system's table named for the conformed noun plus a word, one row per its key, into it (the feed's session info)", () => {
    const p = run({ ...layer("select session_id, _ergast_race_id, session_type, session_start from {{ ref('stg_ergast__sessions') }}\nunion all\nselect session_id, null as _ergast_race_id, session_type, session_start from {{ ref('stg_live_timing__sessions') }}\n"),
      'models/staging/live_timing/stg_live_timing__session_info.sql': "select session_key as session_id, meetingname as meeting_name, path as session_path from {{ source('live_timing', 'sessions') }}\n" });
    expect(names(p)).toEqual(['Lap', 'Result', 'Session']);
    expect(refs(p)).toEqual(['Session>Lap.session_id', 'Session>Result.session_id']);
  });

  it("keeps each system's sessions apart when the root model reads one system's alone", () => {
    const p = run(layer("select session_id, _ergast_race_id, session_type, session_start from {{ ref('stg_ergast__sessions') }} where session_type = 'race'\n"));
    expect(names(p)).toEqual(expect.arrayContaining(['ErgastSession', 'LiveTimingSession']));
  });
});

describe("a feed whose tables mostly carry one interval stamp (the time elapsed in the session)", () => {
  const feed = (stamp: string) => {
    const t = (table: string, columns: string) => select('live_timing', table, `session_key as session_id, ${columns}, _streamtimestamp${stamp} as session_ts`);
    return {
      'models/staging/_sources.yml': sourcesYaml(sources('live_timing', 'sessions', 'car_data', 'weather_data', 'position', 'track_status', 'race_control_messages', 'tyre_stint_series', 'pit_lane_times')),
      'models/staging/stg_live_timing__sessions.sql': select('live_timing', 'sessions', 'session_key as session_id, session_type, session_name, session_date'),
      'models/staging/stg_live_timing__car_data.sql': t('car_data', 'carnumber as car_number, rpm as engine_rpm, speed as car_speed, gear as engine_gear'),
      'models/staging/stg_live_timing__weather_data.sql': t('weather_data', 'airtemp as air_temperature, humidity, windspeed as wind_speed'),
      'models/staging/stg_live_timing__position.sql': t('position', 'driver as car_number, x as x_position, y as y_position'),
      'models/staging/stg_live_timing__track_status.sql': t('track_status', 'status as _track_status_id, message as status_message'),
      'models/staging/stg_live_timing__race_control_messages.sql': t('race_control_messages', 'messageid as message_id, lap as lap_number, category, message'),
      'models/staging/stg_live_timing__tyre_stint_series.sql': t('tyre_stint_series', 'driver as car_number, stint as stint_sequence, compound as tyre_compound, totallaps as total_laps'),
      'models/staging/stg_live_timing__pit_lane_times.sql': t('pit_lane_times', 'driver as car_number, lap as lap_number, duration as pit_lane_duration'),
    };
  };

  it('leaves out the stamped readings (telemetry, weather, positions, track status) and keeps messages, stints and pit-lane passes', () => {
    const p = run(feed('::interval'));
    expect(names(p)).toEqual(['PitLaneTime', 'RaceControlMessage', 'Session', 'TyreStintSeries']);
    expect(p.notes.join('\n')).toMatch(/stg_live_timing__car_data \(a stream of readings of the live_timing feed: stamped with session_ts/);
  });

  it('keeps them when the shared stamp is no interval (a time of day says nothing of a stream)', () => {
    const p = run(feed('::timestamp'));
    expect(names(p)).toEqual(expect.arrayContaining(['CarData', 'WeatherData']));
  });
});

describe("one source table read twice for other columns", () => {
  const layer = (fastest: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('ergast', 'drivers', 'races', 'results')),
    'models/staging/stg_ergast__drivers.sql': select('ergast', 'drivers', 'driverid as driver_id, forename, surname'),
    'models/staging/stg_ergast__races.sql': select('ergast', 'races', 'raceid as race_id, year, round, name'),
    'models/staging/stg_ergast__race_results.sql': select('ergast', 'results', 'raceid as race_id, driverid as driver_id, grid as grid_position, position, points, laps'),
    'models/staging/stg_ergast__fastest_laps.sql': select('ergast', 'results', fastest),
  });

  it('folds the model that keeps fewer columns and no identifier into the fuller one', () => {
    const p = run(layer('raceid as race_id, driverid as driver_id, fastestlap as fastest_lap, fastestlaptime as fastest_lap_time'));
    expect(names(p)).toEqual(['Driver', 'Race', 'RaceResult']);
    expect(p.notes.join('\n')).toMatch(/stg_ergast__fastest_laps → RaceResult \(ergast\.results's rows read again for other columns/);
  });

  it('keeps it when it has an identifier of its own', () => {
    const p = run(layer('resultid as fastest_lap_id, raceid as race_id, driverid as driver_id, fastestlaptime as fastest_lap_time'));
    expect(names(p)).toContain('FastestLap');
  });
});

describe("a word between the system and the table that is a word of the table read (stg_ergast__standings__drivers over driver_standings)", () => {
  it('reads it as part of the noun, not a sub-system', async () => {
    const { parseModelName } = await import('../../src/agents/naming.js');
    expect(parseModelName('stg_ergast__standings__drivers', [], { reads: ['src_ergast.ergast__driver_standings'] })).toEqual({ source: 'ergast', tokens: ['standings', 'driver'], helper: false });
    // (a sub-system names the database the table lives in, not the table: openedx's auth_user)
    expect(parseModelName('stg__mitxonline__openedx__mysql__auth_user', [], { reads: ['raw.raw__mitxonline__openedx__mysql__auth_user'] }).subsystem).toEqual(['openedx']);
  });

  it("leaves a championship's standings out as running totals, and its drivers and teams as they are", () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('ergast', 'drivers', 'constructors', 'races', 'driver_standings', 'constructor_standings')),
      'models/staging/ergast/stg_ergast__drivers.sql': select('ergast', 'drivers', 'driverid as driver_id, forename, surname'),
      'models/staging/ergast/stg_ergast__constructors.sql': select('ergast', 'constructors', 'constructorid as constructor_id, name'),
      'models/staging/ergast/stg_ergast__races.sql': select('ergast', 'races', 'raceid as race_id, year, round, name'),
      'models/staging/ergast/stg_ergast__standings__drivers.sql': select('ergast', 'driver_standings', 'driverid as driver_id, raceid as race_id, points, position, wins as win_count'),
      'models/staging/ergast/stg_ergast__standings__constructors.sql': select('ergast', 'constructor_standings', 'constructorid as constructor_id, raceid as race_id, points, position, wins as win_count'),
    });
    expect(names(p)).toEqual(['Constructor', 'Driver', 'Race']);
    expect(refs(p)).toEqual([]);
  });
});

describe("a metric's name beside its value, with no identifier of its own", () => {
  it('is figures published as name and value pairs, a report', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('feed', 'sessions', 'session_data')),
      'models/staging/stg_feed__sessions.sql': select('feed', 'sessions', 'session_key as session_id, session_name'),
      'models/staging/stg_feed__session_data.sql': select('feed', 'session_data', 'session_key as session_id, key as serie_key, utc as utc_ts, metricname as metric_name, metricvalue as metric_value'),
    });
    expect(names(p)).toEqual(['Session']);
    expect(p.notes.join('\n')).toMatch(/stg_feed__session_data \(figures as name and value pairs \(metric_name, metric_value\)/);
  });
});
