// The Conceptualizer, issue 23's thirty-fifth blind round: classes of error read off a white-label games company's
// warehouse (one folder per client product, each over that product's own database: stg_<client>_<game>__<table>; the
// same game deployed for two clients returns the same columns). Each project is written in that shape and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (system: string, table: string, columns: string) => `select ${columns} from {{ source('${system}', '${table}') }}\n`;
const userColumns = 'id as user_id, sso_user_id, email, display_name, favourite_team, created_at, updated_at';
const contestColumns = 'id as contest_id, contest_name, starts_at, ends_at, status, created_at, updated_at';
const selectionColumns = 'id as selection_id, user_id, pickem_id as contest_id, option_label, is_correct, created_at';

// one pick'em game deployed for two clients, each over its own database and in its own folder
const deployments = (extra: Record<string, string> = {}) => ({
  'models/_sources.yml': sourcesYaml(...['acme_picks', 'zenith_picks'].map((s) => sources(s, 'users', 'contests', 'user_selections', 'leagues', 'league_members', 'entries'))),
  ...Object.fromEntries(['acme_picks', 'zenith_picks'].flatMap((s) => [
    [`models/${s}/staging/stg_${s}__users.sql`, select(s, 'users', userColumns)],
    [`models/${s}/staging/stg_${s}__contests.sql`, select(s, 'contests', contestColumns)],
    [`models/${s}/staging/stg_${s}__user_selections.sql`, select(s, 'user_selections', selectionColumns)],
    [`models/${s}/staging/stg_${s}__leagues.sql`, select(s, 'leagues', 'id as league_id, league_name, invite_code, created_at')],
    [`models/${s}/staging/stg_${s}__league_members.sql`, select(s, 'league_members', 'id as league_member_id, league_id, user_id')],
    [`models/${s}/marts/${s}_entries.sql`, `select * from {{ ref('stg_${s}__user_selections') }} join {{ ref('stg_${s}__users') }} using (user_id)\n`],
  ])),
  ...extra,
});

describe('the same application deployed for two clients (the same columns in two systems)', () => {
  it('each deployment kept in its own pipeline (no model reads two of them) stays apart, qualified by its system', () => {
    const p = run(deployments());
    expect(names(p)).toEqual(expect.arrayContaining(['AcmePicksUser', 'ZenithPicksUser', 'AcmePicksContest', 'ZenithPicksContest']));
    expect(names(p)).not.toContain('User');
  });

  it('read together by a downstream model, they are one table of one application', () => {
    const p = run(deployments({ 'models/reporting/all_users.sql': "select a.user_id from {{ ref('stg_acme_picks__users') }} a join {{ ref('stg_zenith_picks__users') }} z on a.sso_user_id = z.sso_user_id\n" }));
    expect(names(p).filter((n) => n.endsWith('User'))).toHaveLength(1);
  });
});

describe('a link table each client\'s copy of the game has (league members)', () => {
  it('is named with its system\'s words, as the two things it links are', () => {
    const p = run(deployments());
    expect(refs(p)).toEqual(expect.arrayContaining([
      'AcmePicksLeague>AcmePicksLeagueMember.league_id', 'AcmePicksUser>AcmePicksLeagueMember.user_id',
      'ZenithPicksLeague>ZenithPicksLeagueMember.league_id', 'ZenithPicksUser>ZenithPicksLeagueMember.user_id',
    ]));
  });
});

describe('a key-shaped value of a thing copied onto a row that holds that thing\'s key', () => {
  it('is the thing\'s attribute (sso_user_id beside user_id, the users holding sso_user_id too), not a second reference', () => {
    const p = run(deployments({
      'models/acme_picks/staging/stg_acme_picks__entries.sql': "select s.id as entry_id, s.user_id, u.sso_user_id, s.points from {{ source('acme_picks', 'entries') }} s join {{ source('acme_picks', 'users') }} u on u.id = s.user_id\n",
    }));
    expect(refs(p)).toContain('AcmePicksUser>Entry.user_id');
    expect(refs(p).filter((r) => r.endsWith('.sso_user_id'))).toEqual([]);
  });
});
