// The Conceptualizer, issue 23's twenty-ninth blind round: classes of error read off a logistics and fleet analytics
// platform (shipments, customers, vehicles, their maintenance, routes and the vehicles' telemetry, one source system,
// every staging model named tbl_stg_<table> in one staging folder). Each project is written in that shape and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (table: string, columns: string, distinct = false) => `select ${distinct ? 'distinct ' : ''}${columns} from {{ source('raw_logistics', '${table}') }}\n`;

// a transport operator's shipments, customers and vehicles, staged as tbl_stg_<table>
const fleet = (extra: Record<string, string> = {}) => ({
  'models/staging/sources.yml': sourcesYaml(sources('raw_logistics', 'SHIPMENTS', 'CUSTOMERS', 'VEHICLES', 'TRAFFIC')),
  'models/staging/tbl_stg_shipments.sql': select('SHIPMENTS', 'shipment_id, customer_id, vehicle_id, origin_location_id, destination_location_id, weight_lbs, revenue'),
  'models/staging/tbl_stg_customers.sql': select('CUSTOMERS', 'customer_id, customer_name, credit_limit'),
  'models/staging/tbl_stg_vehicles.sql': select('VEHICLES', 'vehicle_id, vehicle_type, capacity_lbs'),
  'models/staging/tbl_stg_traffic_conditions.sql': select('TRAFFIC', 'traffic_id, location_id, date, hour, traffic_level, congestion_delay_minutes'),
  ...extra,
});

describe('a storage word before the layer\'s prefix', () => {
  it('is no word of the noun (tbl_stg_traffic_conditions is TrafficCondition, not TblStgTrafficCondition)', () => {
    const n = names(run(fleet()));
    expect(n).toContain('TrafficCondition');
    expect(n.filter((x) => /^(?:Tbl|Stg)/.test(x))).toEqual([]);
  });
});

describe('a second reader of a source table drawing a thing out of its rows', () => {
  // the shipments' distinct origin and destination pairs as routes, under a route_id the shipments hold too
  const routes = {
    'models/staging/tbl_stg_shipments.sql': select('SHIPMENTS', "shipment_id, customer_id, vehicle_id, concat(origin_location_id, '_', destination_location_id) as route_id, weight_lbs, revenue"),
    'models/staging/tbl_stg_routes.sql': select('SHIPMENTS', 'concat(origin_location_id, destination_location_id) as route_id, origin_location_id, destination_location_id, distance_miles', true),
  };

  it('is that thing, not the table again, where the table\'s own model holds its identifier (route_id in the shipments)', () => {
    expect(names(run(fleet(routes)))).toContain('Route');
  });

  it('is the table again where the table\'s own model does not hold it (a shipment summary with no key the shipments hold)', () => {
    const again = run(fleet({ 'models/staging/tbl_stg_shipment_summaries.sql': select('SHIPMENTS', 'customer_id, vehicle_id, weight_lbs') }));
    expect(names(again)).not.toContain('ShipmentSummary');
  });
});

describe('a log of a thing the layer has no table of', () => {
  const logs = (columns: string) => fleet({
    // the maintenance table's key tested on the source, as the fleet system's tables are
    'models/staging/sources.yml': sourcesYaml(sources('raw_logistics', 'SHIPMENTS', 'CUSTOMERS', 'VEHICLES', 'TRAFFIC')
      + '      - name: MAINTENANCE\n        columns:\n          - name: maintenance_id\n            data_tests: [unique, not_null]\n'),
    'models/staging/tbl_stg_maintenance_logs.sql': select('MAINTENANCE', columns),
  });

  it('keyed by that thing\'s own id is the records of those things (maintenance_logs: maintenance_id, a job done on a vehicle)', () => {
    const p = run(logs('maintenance_id, vehicle_id, maintenance_type, maintenance_date, parts_cost, labor_cost'));
    expect(names(p).filter((n) => n.startsWith('Maintenance'))).toHaveLength(1);
    expect(refs(p).filter((r) => r.startsWith('Vehicle>Maintenance'))).toHaveLength(1);
  });

  it('with no such id is a log (maintenance_logs holding only the vehicle, a message and when)', () => {
    expect(names(run(logs('vehicle_id, message, logged_at'))).filter((n) => n.startsWith('Maintenance'))).toEqual([]);
  });
});

describe('measurements stamped with when they were taken', () => {
  const readings = (columns: string) => run(fleet({
    'models/staging/sources.yml': sourcesYaml(sources('raw_logistics', 'SHIPMENTS', 'CUSTOMERS', 'VEHICLES', 'TRAFFIC', 'TELEMATICS')),
    'models/staging/tbl_stg_vehicle_telemetry.sql': select('TELEMATICS', columns),
  }));

  it('are readings over time, a log, whatever row id the feed gives them (a vehicle\'s telemetry; a place\'s weather and traffic each hour)', () => {
    const p = readings('telemetry_id, vehicle_id, timestamp, latitude, longitude, speed_kmh, fuel_level_percent, engine_rpm, engine_temp_c');
    expect(names(p)).not.toContain('VehicleTelemetry');
    expect(names(p)).toContain('Vehicle');
    const hourly = run(fleet({ 'models/staging/tbl_stg_traffic_conditions.sql': select('TRAFFIC', 'traffic_id, date, hour, location_id, traffic_level, average_speed_kmh, free_flow_speed_kmh, congestion_delay_minutes') }));
    expect(names(hourly)).not.toContain('TrafficCondition');
  });

  it('are things where they hold the keys of several things (a shipment\'s weight_kg, volume_m3, distance_km on its pickup date)', () => {
    const p = run(fleet({ 'models/staging/tbl_stg_shipments.sql': select('SHIPMENTS', 'shipment_id, customer_id, vehicle_id, timestamp, weight_kg, volume_m3, distance_km') }));
    expect(names(p)).toContain('Shipment');
  });
});
