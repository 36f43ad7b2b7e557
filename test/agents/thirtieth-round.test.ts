// The Conceptualizer, issue 23's thirtieth blind round: classes of error read off a source-control system's staging
// package (issues, pull requests, reviews, repositories, users and their link and history tables, one source system, every
// model named stg_<system>__<table>). Each project is written in that shape and read by the real project reader, with the
// SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (table: string, columns: string) => `select ${columns} from {{ source('forge', '${table}') }}\n`;

// a code-hosting service's merge requests, projects and users, staged as stg_forge__<table>
const forge = (extra: Record<string, string> = {}, yaml = '') => ({
  'models/staging/src_forge.yml': sourcesYaml(sources('forge', 'merge_request', 'project', 'user', 'review', 'label', 'label_history', 'assigned_reviewer_history')),
  'models/staging/stg_forge__merge_request.sql': select('merge_request', 'id as merge_request_id, project_id, user_id, title, created_at'),
  'models/staging/stg_forge__project.sql': select('project', 'id as project_id, full_name, is_private'),
  'models/staging/stg_forge__user.sql': select('user', 'id as user_id, login_name, company'),
  'models/staging/stg_forge__review.sql': select('review', 'id as review_id, merge_request_id, user_id, state, submitted_at'),
  ...(yaml ? { 'models/staging/stg_forge.yml': `version: 2\nmodels:\n${yaml}` } : {}),
  ...extra,
});

describe('a history with no identity of its own', () => {
  it('holding one thing\'s key is that thing\'s values over time, not a thing (assigned_reviewer_history: merge_request_id, assigned_id, created_at, removed)', () => {
    // (the requested user described as the users' key, so the table holds two references and is no values of one thing)
    const p = run(forge({ 'models/staging/stg_forge__assigned_reviewer_history.sql': select('assigned_reviewer_history', 'merge_request_id, assigned_id, created_at, removed') },
      '  - name: stg_forge__assigned_reviewer_history\n    columns:\n      - name: assigned_id\n        description: Foreign key that references the user table, representing the user that was requested to review.\n'));
    expect(names(p)).not.toContain('AssignedReviewer');
    expect(refs(p).filter((r) => r.includes('AssignedReviewer'))).toEqual([]);
  });

  it('is still the thing where it keeps each row\'s identity (label_history: id as label_id, the only table of labels)', () => {
    const p = run(forge({ 'models/staging/stg_forge__label_history.sql': select('label_history', 'id as label_id, name, color, updated_at') }));
    expect(names(p)).toContain('Label');
  });
});

describe('a key whose description names the table it references', () => {
  const described = (text: string) => forge({
    'models/staging/stg_forge__merge_request.sql': select('merge_request', 'id as merge_request_id, source_proj_id, user_id, title, created_at'),
  }, `  - name: stg_forge__merge_request\n    columns:\n      - name: source_proj_id\n        description: ${text}\n`);

  it('points at that table\'s thing where its name does not say it (source_proj_id: "Foreign key that references the project table")', () => {
    expect(refs(run(described('Foreign key that references the project table, referencing the source branch.')))).toContain('Project>MergeRequest.source_proj_id');
  });

  it('draws nothing where the table it names has no staging model ("references the milestone table")', () => {
    expect(refs(run(described('Foreign key that references the milestone table.'))).filter((r) => r.endsWith('.source_proj_id'))).toEqual([]);
  });
});
