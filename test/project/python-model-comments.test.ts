// A Python model's comments are not read: dbt reads the file with Python's ast, so a `# …` inside
// dbt.config(…) or a dbt.ref() commented out is nothing to it. goodparty-data-platform's
// ballotready models comment their config (`submission_method="all_purpose_cluster",  # required
// for .cache()`): six files had their materialization and tags ignored, each with a warning; a
// seventh (write__election_api_db.py) had Python after the call (`& (df.x < y)`) read as its arguments.
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/api.js';
import { blankPythonComments } from '../../src/core/project/python-source.js';
import { dbtOn, TINY, tinyProject } from '../helpers/tiny-dbt.js';

describe("a Python model's comments", () => {
  it('are blanked out, strings (triple-quoted too) kept, the length and lines the same', () => {
    const py = 'x = "a # b"  # note\ny = """\n# not a comment\n"""\nz = \'q\\\'#\'  # two\n';
    const out = blankPythonComments(py);
    expect(out.length).toBe(py.length);
    expect(out.split('\n')).toEqual(['x = "a # b"        ', 'y = """', '# not a comment', '"""', "z = 'q\\'#'       ", '']);
  });

  it('inside dbt.config(…) and around dbt.ref() are ignored, as a real dbt parse ignores them', () => {
    const dir = tinyProject({
      'models/stg_a.sql': 'select 1 as id\n',
      'models/py_model.py': [
        'def model(dbt, session):',
        '    # configure the model',
        '    dbt.config(',
        '        materialized="incremental",  # required for .cache()',
        '        unique_key="id",',
        '        tags=["api", "pandas_udf"],  # see ballotready',
        '    )',
        '    # old = dbt.ref("ghost_model")',
        '    df = dbt.ref("stg_a")',
        '    return df.filter((df.id > 0) & (df.id < 9))',
        '',
      ].join('\n'),
    });
    const dbt = dbtOn(dir);
    expect(dbt.code, dbt.output).toBe(0);
    const theirs = dbt.manifest.nodes[`model.${TINY}.py_model`];
    const p = loadProject(dir);
    const ours = p.models.find((n) => n.name === 'py_model')!;
    expect(p.diagnostics.filter((d) => d.file === 'models/py_model.py')).toEqual([]);
    expect(ours.materialized).toBe(theirs.config.materialized);
    expect(ours.tags).toEqual(theirs.config.tags);
    expect(ours.refs.map((r) => r.name)).toEqual(theirs.refs.map((r: any) => r.name));
  }, 240_000);
});
