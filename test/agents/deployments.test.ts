// The Conceptualizer: one application kept in several places (each product's own Open edX instance, mitxonline_openedx and
// mitxpro_openedx) is one set of things, while systems that only publish in one standard's schema stay apart. Each project
// is read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const stg = (system: string, table: string, columns: string) => ({
  [`models/staging/${system}/stg_${system}__${table}.sql`]: `select ${columns} from {{ source('${system}', '${table}') }}\n`,
});
const COMPLETION = 'id as completion_id, user_id, course_key, block_key, block_type, completion, created_on';

describe('the same table of one application in each of its deployments', () => {
  it('is one thing where the systems name the same application and the columns are the same', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('alpha_edx', 'completion'), sources('beta_edx', 'completion')),
      ...stg('alpha_edx', 'completion', COMPLETION),
      ...stg('beta_edx', 'completion', COMPLETION),
    });
    expect(names(p)).toEqual(['Completion']);
    expect(p.notes.join('\n')).toMatch(/completion \(alpha_edx, beta_edx: their models return the same columns \(7 of 7\)\)/);
  });

  it('stays two where the systems share no word, though they publish the same schema', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('alpha', 'completion'), sources('beta', 'completion')),
      ...stg('alpha', 'completion', COMPLETION),
      ...stg('beta', 'completion', COMPLETION),
    });
    expect(names(p)).toEqual(['AlphaCompletion', 'BetaCompletion']);
  });

  it('stays two where the deployments’ columns differ', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('alpha_edx', 'completion'), sources('beta_edx', 'completion')),
      ...stg('alpha_edx', 'completion', COMPLETION),
      ...stg('beta_edx', 'completion', 'id as completion_id, learner_email, unit_code, finished_at, score, attempts, grader'),
    });
    expect(names(p)).toEqual(['AlphaEdxCompletion', 'BetaEdxCompletion']);
  });
});

describe('the words that qualify a noun kept apart by system', () => {
  it('are the system’s first word alone where the words after it are an application the project keeps beside a product’s own system', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('alpha', 'course'), sources('alpha_edx', 'grade'), sources('beta_edx', 'course')),
      ...stg('alpha', 'course', 'id as course_id, title, price'),
      ...stg('alpha_edx', 'grade', 'id as grade_id, course_key, score'),
      ...stg('beta_edx', 'course', 'id as course_id, course_key, display_name, start_date, end_date, pacing'),
    });
    expect(names(p)).toEqual(['AlphaCourse', 'BetaCourse', 'Grade']);
  });

  it('keep a system name’s own words (france_travail beside action_logement)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('france_travail', 'service'), sources('action_logement', 'service')),
      ...stg('france_travail', 'service', 'id as service_id, nom, thematiques'),
      ...stg('action_logement', 'service', 'id as service_id, label, audience, zone, price'),
    });
    expect(names(p)).toEqual(['ActionLogementService', 'FranceTravailService']);
  });
});
