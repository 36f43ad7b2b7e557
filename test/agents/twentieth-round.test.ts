// The Conceptualizer, issue 23's twentieth blind round: classes of error read off a state transport department's sensor
// warehouse (cagov/caldata-mdsa-caltrans-pems: a legacy database's device configuration tables with their change logs,
// a public feed's metadata files and 30-second samples, reference geography). Each project is written in that shape and
// read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
const unique = (...pairs: [string, string][]) => `version: 2\nmodels:\n${pairs.map(([m, c]) => `  - name: ${m}\n    columns:\n      - name: ${c}\n        data_tests: [unique, not_null]\n`).join('')}`;

describe('a device registry that keeps each device as its configuration', () => {
  const registry = {
    'models/staging/_sources.yml': sourcesYaml(sources('fleet', 'sensor_config', 'sensor_config_log', 'gateway_config')),
    'models/staging/fleet/stg_fleet__sensor_config.sql': select('fleet', 'sensor_config', 'sensor_id, sensor_type, site_code, floor'),
    'models/staging/fleet/stg_fleet__sensor_config_log.sql': select('fleet', 'sensor_config_log', 'sensor_id, changed_at, status, gateway_id, firmware'),
    'models/staging/fleet/stg_fleet__gateway_config.sql': select('fleet', 'gateway_config', 'gateway_id, gateway_type, address'),
    'models/staging/fleet/_models.yml': unique(['stg_fleet__sensor_config', 'sensor_id'], ['stg_fleet__gateway_config', 'gateway_id']),
  };

  it('reads a configuration unique at its thing’s id (sensor_config: sensor_id) as that thing, named for it; its log stays versions', () => {
    expect(names(run(registry))).toEqual(['Gateway', 'Sensor']);
  });

  it('keeps settings keyed by another thing’s id, or beside a table of their thing, as settings', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('app', 'users', 'user_settings', 'notification_settings')),
      'models/staging/app/stg_app__users.sql': select('app', 'users', 'id as user_id, email'),
      'models/staging/app/stg_app__user_settings.sql': select('app', 'user_settings', 'user_id, theme, locale'),
      'models/staging/app/stg_app__notification_settings.sql': select('app', 'notification_settings', 'user_id, email_opt_in, sms_opt_in'),
      'models/staging/app/_models.yml': unique(['stg_app__user_settings', 'user_id'], ['stg_app__notification_settings', 'user_id']),
    });
    expect(names(p)).toEqual(['User']);
  });
});

describe('samples a device reports', () => {
  it('reads rows stamped with the time a reading was taken, with no identifier of their own, as readings over time, not a thing', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('feed', 'meters', 'meter_raw'), sources('lab', 'samples')),
      'models/staging/feed/stg_feed__meters.sql': select('feed', 'meters', 'id as meter_id, meter_type, site_code'),
      'models/staging/feed/stg_feed__meter_raw.sql': select('feed', 'meter_raw', 'id, sample_timestamp, reading_1, reading_2, voltage_1, voltage_2'),
      'models/staging/lab/stg_lab__samples.sql': select('lab', 'samples', 'sample_id, sample_time, specimen_type, collected_by'),
    });
    expect(names(p)).toEqual(['Meter', 'Sample']);
  });
});

describe('reference geography keyed by its noun (regions: region, area, geometry)', () => {
  const gis = {
    'models/staging/_sources.yml': sourcesYaml(sources('gis', 'regions', 'counties', 'roads')),
    'models/staging/gis/stg_gis__regions.sql': select('gis', 'regions', 'region, area, geometry'),
    'models/staging/gis/stg_gis__counties.sql': select('gis', 'counties', 'county_fips, geo_id, name, region, geometry'),
    'models/staging/gis/stg_gis__roads.sql': select('gis', 'roads', 'route, region, begin_mile, end_mile, geometry'),
  };

  it('draws the column of the same name in the other tables of its system to it', () => {
    expect(refs(run(gis))).toEqual(['Region>County.region', 'Region>Road.region']);
  });

  it('reads a bare noun as a value where the system keys its things <noun>_id (a user’s time_zone name)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('desk', 'users', 'time_zone')),
      'models/staging/desk/stg_desk__users.sql': select('desk', 'users', 'id as user_id, email, time_zone'),
      'models/staging/desk/stg_desk__time_zone.sql': select('desk', 'time_zone', 'time_zone, standard_offset'),
      'models/staging/desk/_models.yml': unique(['stg_desk__users', 'user_id']),
    });
    expect(refs(p)).toEqual([]);
  });
});
