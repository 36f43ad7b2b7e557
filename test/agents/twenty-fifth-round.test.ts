// The Conceptualizer, issue 23's twenty-fifth blind round: classes of error read off a behavioral-health provider's EMR
// (Lightning Step, replicated by Precog: facilities, admissions, the daily census, the EMR's users and their facility
// assignments, every source column suffixed with its table's name). Each project is written in that shape and read by
// the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe('a key name a relationships test ties to a thing under another name', () => {
  const emr = (test: string) => ({
    'models/staging/src_emr.yml': sourcesYaml(sources('emr', 'users', 'locations', 'census', 'stafflocations')),
    'models/staging/stg_emr__users.sql': select('emr', 'users', 'id as user_id, email, name, title, role, is_active'),
    'models/staging/stg_emr__locations.sql': select('emr', 'locations', 'id, name, facility_address, facility_type'),
    'models/staging/stg_emr__census.sql': select('emr', 'census', 'id, location_id, staff_id, payor, bed_number, billed_amount'),
    'models/staging/stg_emr__staff_locations.sql': select('emr', 'stafflocations', 'staff_id, location_id, is_primary, is_active'),
    'models/staging/stg_emr.yml': `version: 2\nmodels:\n  - name: stg_emr__users\n    columns:\n      - name: user_id\n        data_tests: [unique, not_null]\n`
      + `  - name: stg_emr__locations\n    columns:\n      - name: id\n        data_tests: [unique, not_null]\n`
      + `  - name: stg_emr__census\n    columns:\n      - name: id\n        data_tests: [unique, not_null]\n`
      + `  - name: stg_emr__staff_locations\n    columns:\n      - name: staff_id\n        data_tests:\n          - not_null\n          - relationships:\n              to: ref('stg_emr__users')\n              field: ${test}\n`,
  });

  it('names that thing in the other models of its system (staff_id tested against the users\' user_id is a user in the census too)', () => {
    expect(refs(run(emr('user_id')))).toContain('User>Census.staff_id');
  });

  it('says nothing where the test is to a column of the same name', () => {
    expect(refs(run({ ...emr('staff_id'), 'models/staging/stg_emr__users.sql': select('emr', 'users', 'id as user_id, id as staff_id, email, name') }))).not.toContain('User>Census.staff_id');
  });
});

describe('a key renamed from a column its loader named with its table\'s name after it', () => {
  // every replicated column is <column>_table_<table>, as Precog names them
  const replicated = (census: string) => ({
    'models/staging/src_emr.yml': sourcesYaml(sources('emr', 'table_locations', 'table_census')),
    'models/staging/stg_emr__locations.sql': select('emr', 'table_locations', 'id_table_locations as id, name_table_locations as name, facilitytype_table_locations as facility_type'),
    'models/staging/stg_emr__census.sql': select('emr', 'table_census', `id_table_census as id, ${census}, payor_table_census as payor, billedamount_table_census as billed_amount`),
    'models/staging/stg_emr.yml': `version: 2\nmodels:\n  - name: stg_emr__locations\n    columns:\n      - name: id\n        data_tests: [unique, not_null]\n`
      + `  - name: stg_emr__census\n    columns:\n      - name: id\n        data_tests: [unique, not_null]\n`,
  });

  it('is read by that column\'s name when its own words name nothing staged (location_id_table_census as facility_id: the location)', () => {
    expect(refs(run(replicated('location_id_table_census as facility_id')))).toContain('Location>Census.facility_id');
  });

  it('is not read so when the source column is named for itself alone (location_id as facility_id)', () => {
    const files = { ...replicated('location_id as facility_id') };
    expect(refs(run(files))).not.toContain('Location>Census.facility_id');
  });
});

describe('a table named for its two ends, one by its key\'s word and the other by its thing\'s noun', () => {
  it('is their link, with the flags, dates and the end\'s name it carries (staff_locations: staff_id, a user, and facility_id, a location)', () => {
    const p = run({
      'models/staging/src_emr.yml': sourcesYaml(sources('emr', 'users', 'locations', 'stafflocations')),
      'models/staging/stg_emr__users.sql': select('emr', 'users', 'id as user_id, email, name, role'),
      'models/staging/stg_emr__locations.sql': select('emr', 'locations', 'id as location_id, name, facility_type'),
      'models/staging/stg_emr__staff_locations.sql': select('emr', 'stafflocations', 'staff_id, location_id as facility_id, trim(name) as facility_name, is_primary, is_active, to_varchar(updated_at) as updated_at_text, to_varchar(datedoc) as datedoc_text'),
      'models/staging/stg_emr.yml': `version: 2\nmodels:\n  - name: stg_emr__users\n    columns:\n      - name: user_id\n        data_tests: [unique, not_null]\n`
        + `  - name: stg_emr__locations\n    columns:\n      - name: location_id\n        data_tests: [unique, not_null]\n`
        + `  - name: stg_emr__staff_locations\n    columns:\n      - name: staff_id\n        data_tests:\n          - relationships:\n              to: ref('stg_emr__users')\n              field: user_id\n`
        + `      - name: facility_id\n        data_tests:\n          - relationships:\n              to: ref('stg_emr__locations')\n              field: location_id\n`,
    });
    expect(names(p)).toEqual(['Location', 'User']);
    expect(p.relationships.filter((r) => r.cardinality === 'many_to_many').map((r) => `${r.from}<>${r.to}`)).toEqual(['User<>Location']);
  });
});
