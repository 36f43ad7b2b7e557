// The Conceptualizer, issue 23's twenty-first blind round: classes of error read off a government service's housing
// warehouse (MTES-MCT/zero-logement-vacant: the application's database staged as select *, a yearly file of vacant
// dwellings staged once per year, land-registry extracts, public datasets per commune). Each project is written in that
// shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe('a yearly file staged once per year, named by its system and the year (stg_vacancy_2019)', () => {
  it('reads the copies as one thing named for the system, not as things named by their year', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('raw', 'vacancy_2019_raw', 'vacancy_2020_raw', 'vacancy_2021_raw')),
      'models/staging/vacancy/stg_vacancy_2019.sql': select('raw', 'vacancy_2019_raw', 'local_id, invariant, geo_code, vacancy_start_year'),
      'models/staging/vacancy/stg_vacancy_2020.sql': select('raw', 'vacancy_2020_raw', 'local_id, invariant, geo_code, vacancy_start_year'),
      'models/staging/vacancy/stg_vacancy_2021.sql': select('raw', 'vacancy_2021_raw', 'local_id, invariant, geo_code, vacancy_start_year'),
    });
    expect(names(p)).toEqual(['Vacancy']);
  });
});
