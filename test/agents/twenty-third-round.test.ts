// The Conceptualizer, issue 23's twenty-third blind round: classes of error read off a human-resources system (Fivetran's
// Workday HCM package: workers, positions, organizations and their roles, job profiles and families, their link tables,
// leaves, and a person's personal information, names and emails). Each project is written in that shape and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
// a model described by a doc block, its columns documented (a trailing ! marks a not_null key)
const documented = (model: string, doc: string, ...columns: string[]) => `  - name: ${model}\n    description: '{{ doc("${doc}") }}'\n    columns:\n${columns.map((c) => `      - name: ${c.replace('!', '')}\n${c.endsWith('!') ? '        data_tests: [not_null]\n' : ''}`).join('')}`;

const hcm = {
  'models/staging/src_hr.yml': sourcesYaml(sources('hr', 'position', 'job_profile', 'position_job_profile')),
  'models/staging/stg_hr__position.sql': select('hr', 'position', 'id as position_id, job_posting_title, availability_date'),
  'models/staging/stg_hr__job_profile.sql': select('hr', 'job_profile', 'id as job_profile_id, job_title, management_level'),
  'models/staging/stg_hr__position_job_profile.sql': select('hr', 'position_job_profile', 'position_id, job_profile_id, name as position_job_profile_name, management_level_code, job_category_code, difficulty_to_fill_code, is_critical_job'),
  'models/docs.md': '{% docs position_job_profile %}Captures the associations between specific positions and the job profiles they are linked to.{% enddocs %}\n'
    + '{% docs position %}Each record is a position.{% enddocs %}\n{% docs job_profile %}Each record is a job profile.{% enddocs %}\n',
  'models/staging/stg_hr.yml': `version: 2\nmodels:\n${documented('stg_hr__position', 'position', 'position_id!')}${documented('stg_hr__job_profile', 'job_profile', 'job_profile_id!')}`
    + documented('stg_hr__position_job_profile', 'position_job_profile', 'position_id!', 'job_profile_id!', 'position_job_profile_name', 'management_level_code', 'job_category_code', 'difficulty_to_fill_code', 'is_critical_job'),
};

describe('a model described by a doc block', () => {
  it('is read by what the block says: "the associations between positions and job profiles" is a link, whatever values of the pair it carries', () => {
    const p = run(hcm);
    expect(names(p)).toEqual(['JobProfile', 'Position']);
    const m2m = p.relationships.filter((r) => r.cardinality === 'many_to_many').map((r) => `${r.from}<>${r.to}`);
    expect(m2m).toEqual(['Position<>JobProfile']);
  });
});
