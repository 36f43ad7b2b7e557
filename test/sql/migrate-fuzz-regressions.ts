// Counterexamples the migrate property (migrate-fuzz.test.ts, bench/migrate-fuzz.mjs) found,
// shrunk to what each needs and kept as named scenarios; migrate-engines.test.ts runs them on
// DuckDB, PostgreSQL and MariaDB like the hand-written ones (catalog equal, rows kept).
import { model, type Scenario } from './migrate-scenarios.js';

const drivers = (cols: string, more = '', version = '1.0.0') => model(`entities:
  - name: Driver
    columns:
      - {name: driver_id, data_type: integer, primary_key: true}
${cols}${more}`, version);

const lap = `  - name: Lap
    columns:
      - {name: lap_id, data_type: integer, primary_key: true}
      - {name: driver_id, data_type: integer}
relationships:
  - {name: lap_driver, from: Driver.driver_id, to: Lap.driver_id, cardinality: one_to_many}
`;

export const FUZZ_SCENARIOS: Scenario[] = [
  {
    // issue 22: the new table was created (with its foreign key) before drivers was altered, and
    // DuckDB refused: Cannot alter entry "drivers" because there are entries that depend on it
    name: 'fuzz: a new table references a table the migration also alters (data kept)',
    old: drivers('      - {name: code, data_type: varchar(3)}\n'),
    new: drivers('      - {name: code, data_type: varchar(3), nullable: false}\n', lap, '1.1.0'),
    seed: "INSERT INTO driver (driver_id, code) VALUES (1, 'HAM')",
    verify: { sql: 'SELECT driver_id, code FROM driver', rows: [{ driver_id: 1, code: 'HAM' }] },
    expectKinds: ['create_table', 'alter_column_nullability'],
  },
  {
    // DuckDB keeps a dropped unique index's name until commit: "An index with the name … already exists"
    name: 'fuzz: a table with a unique index has a default changed (data kept)',
    old: drivers("      - {name: code, data_type: varchar(3)}\n      - {name: wins, data_type: integer}\n", 'indexes:\n  - {name: ix_driver_code, entity: Driver, columns: [code], unique: true}\n'),
    new: drivers("      - {name: code, data_type: varchar(3)}\n      - {name: wins, data_type: integer, default: 0}\n", 'indexes:\n  - {name: ix_driver_code, entity: Driver, columns: [code], unique: true}\n', '1.1.0'),
    seed: "INSERT INTO driver (driver_id, code, wins) VALUES (1, 'HAM', 103)",
    verify: { sql: 'SELECT driver_id, code, wins FROM driver', rows: [{ driver_id: 1, code: 'HAM', wins: 103 }] },
  },
  {
    name: 'fuzz: a unique index becomes a plain one under the same name',
    old: drivers('      - {name: code, data_type: varchar(3)}\n', 'indexes:\n  - {name: ix_driver_code, entity: Driver, columns: [code], unique: true}\n'),
    new: drivers('      - {name: code, data_type: varchar(3)}\n', 'indexes:\n  - {name: ix_driver_code, entity: Driver, columns: [code]}\n', '1.1.0'),
  },
  {
    // DuckDB: "Cannot drop this column: an index depends on a column after it"
    name: 'fuzz: a column before a unique key is dropped (data kept)',
    old: drivers('      - {name: nickname, data_type: varchar(20)}\n      - {name: code, data_type: varchar(3), unique: true}\n'),
    new: drivers('      - {name: code, data_type: varchar(3), unique: true}\n', '', '2.0.0'),
    seed: "INSERT INTO driver (driver_id, nickname, code) VALUES (1, 'Lewis', 'HAM')",
    verify: { sql: 'SELECT driver_id, code FROM driver', rows: [{ driver_id: 1, code: 'HAM' }] },
    expectDestructive: true,
  },
  {
    // DuckDB: "Adding columns with constraints not yet supported"
    name: 'fuzz: a NOT NULL column with a default is appended (data kept)',
    old: drivers('      - {name: code, data_type: varchar(3)}\n'),
    new: drivers('      - {name: code, data_type: varchar(3)}\n      - {name: wins, data_type: smallint, nullable: false, default: 0}\n', '', '1.1.0'),
    seed: "INSERT INTO driver (driver_id, code) VALUES (1, 'HAM')",
    verify: { sql: 'SELECT driver_id, wins FROM driver', rows: [{ driver_id: 1, wins: 0 }] },
  },
  {
    // DuckDB: ALTER … SET NOT NULL (how it adds a NOT NULL column) on a table a foreign key points at
    name: 'fuzz: a NOT NULL column is added to a table a foreign key points at (data kept)',
    old: drivers('      - {name: code, data_type: varchar(3)}\n', lap),
    new: drivers("      - {name: code, data_type: varchar(3)}\n      - {name: team, data_type: varchar(20), nullable: false, default: \"'none'\"}\n", lap, '1.1.0'),
    seed: "INSERT INTO driver (driver_id, code) VALUES (1, 'HAM'); INSERT INTO lap (lap_id, driver_id) VALUES (7, 1)",
    verify: { sql: 'SELECT d.driver_id, d.team, l.lap_id FROM driver d JOIN lap l ON l.driver_id = d.driver_id', rows: [{ driver_id: 1, team: 'none', lap_id: 7 }] },
  },
  {
    // DuckDB refuses to rename a table an index depends on: the index is dropped and re-created
    name: 'fuzz: a table with an index is renamed (data kept)',
    old: drivers('      - {name: code, data_type: varchar(3)}\n', 'indexes:\n  - {name: ix_driver_code, entity: Driver, columns: [code]}\n'),
    new: model(`entities:
  - name: Racer
    previous_name: Driver
    columns:
      - {name: driver_id, data_type: integer, primary_key: true}
      - {name: code, data_type: varchar(3)}
indexes:
  - {name: ix_driver_code, entity: Racer, columns: [code]}
`, '2.0.0'),
    seed: "INSERT INTO driver (driver_id, code) VALUES (1, 'HAM')",
    verify: { sql: 'SELECT driver_id, code FROM racer', rows: [{ driver_id: 1, code: 'HAM' }] },
    expectKinds: ['rename_table'],
  },
  {
    // PostgreSQL: the renamed table's primary key (pk_driver → pk_racer) was dropped while the
    // foreign key of a table the migration drops still depended on it
    name: 'fuzz: a table is renamed while the table referencing it is dropped (data kept)',
    old: drivers('      - {name: code, data_type: varchar(3)}\n', lap),
    new: model(`entities:
  - name: Racer
    previous_name: Driver
    columns:
      - {name: driver_id, data_type: integer, primary_key: true}
      - {name: code, data_type: varchar(3)}
`, '2.0.0'),
    seed: "INSERT INTO driver (driver_id, code) VALUES (1, 'HAM'); INSERT INTO lap (lap_id, driver_id) VALUES (7, 1)",
    verify: { sql: 'SELECT driver_id, code FROM racer', rows: [{ driver_id: 1, code: 'HAM' }] },
    expectKinds: ['rename_table', 'drop_table'],
  },
  {
    // PostgreSQL: "default for column … cannot be cast automatically to type double precision"
    name: 'fuzz: a column with a default changes type (data kept)',
    old: drivers("      - {name: rating, data_type: varchar(20), default: \"'5'\"}\n"),
    new: drivers('      - {name: rating, data_type: float, default: 5}\n', '', '2.0.0'),
    seed: "INSERT INTO driver (driver_id, rating) VALUES (1, '7.5')",
    verify: { sql: 'SELECT driver_id, rating FROM driver', rows: [{ driver_id: 1, rating: 7.5 }] },
    expectKinds: ['alter_column_type'],
  },
];
