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
