// The Conceptualizer, issue 23's eighteenth blind round: classes of error read off a state government's civic-engagement
// warehouse (cagov/caldata-engaged-california: three deliberations on Ethelo, Go Vocal's participation platform, Mailchimp,
// SendGrid, Bitly, Facebook Pages and Instagram, one staging folder per system). Each project is written in that shape and
// read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe("a key's description names a noun two systems have", () => {
  it("reads the noun in the column's own system (a platform's ideas' author is its own user, not another tool's)", () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('govocal', 'users', 'ideas'), sources('bitly', 'users', 'links')),
      'models/staging/go_vocal/stg_govocal_users.sql': select('govocal', 'users', 'id as user_id, email, first_name'),
      'models/staging/go_vocal/stg_govocal_ideas.sql': select('govocal', 'ideas', 'id as idea_id, title, author_id'),
      'models/staging/go_vocal/_models.yml': 'version: 2\nmodels:\n  - name: stg_govocal_ideas\n    columns:\n      - name: author_id\n        description: User ID of the idea author.\n',
      'models/staging/bitly/stg_bitly_users.sql': select('bitly', 'users', 'login, name'),
      'models/staging/bitly/stg_bitly_links.sql': select('bitly', 'links', 'id, long_url, title'),
    });
    expect(names(p)).toEqual(expect.arrayContaining(['BitlyUser', 'GovocalUser', 'Idea']));
    expect(refs(p)).toContain('GovocalUser>Idea.author_id');
  });
});

describe('who posted a comment, where the people of the system are its participants', () => {
  it("draws posted_by_id to the system's participants", () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('ethelo', 'participants', 'comments')),
      'models/staging/ethelo/stg_ethelo_participants.sql': select('ethelo', 'participants', 'id_number as participant_id, status, joined_on'),
      'models/staging/ethelo/stg_ethelo_comments.sql': select('ethelo', 'comments', 'comment_id, content, posted_by_id, posted_on'),
    });
    expect(names(p)).toEqual(['Comment', 'Participant']);
    expect(refs(p)).toEqual(['Participant>Comment.posted_by_id']);
  });
});

describe('a parent role on a thing whose key the layer cannot tell', () => {
  it("draws a comment's parent_comment_id to its own entity (an Instagram media comment's parent comment)", () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('instagram', 'media', 'media_comment')),
      'models/staging/social/stg_instagram__media.sql': select('instagram', 'media', 'id as media_id, caption, media_type'),
      'models/staging/social/stg_instagram__media_comment.sql': select('instagram', 'media_comment', 'to_varchar(media_id) as media_id, to_varchar(id) as comment_id, to_varchar(parent_id) as parent_comment_id, to_varchar(owner_id) as comment_user_id, text, hidden, like_count, created_time'),
    });
    expect(names(p)).toEqual(['Media', 'MediaComment']);
    expect(refs(p)).toEqual(['Media>MediaComment.media_id', 'MediaComment>MediaComment.parent_comment_id']);
  });
});

describe("a thing's metrics or insights", () => {
  const layer = (metrics: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('facebook_pages', 'post_history', 'lifetime_post_metrics_total')),
    'models/staging/social/stg_facebook_pages__posts.sql': select('facebook_pages', 'post_history', 'id as post_id, page_id, message as post_message, permalink_url, created_time'),
    'models/staging/social/stg_facebook_pages__post_metrics.sql': select('facebook_pages', 'lifetime_post_metrics_total', metrics),
  });

  it("leaves a post's figures per day out as a report, not a thing the post has", () => {
    const p = run(layer('post_id, cast(date as date) as metrics_date, post_clicks as clicks_total, post_reactions_like_total as reactions_like, post_reactions_love_total as reactions_love, post_video_views, post_video_length'));
    expect(names(p)).toEqual(['Post']);
    expect(refs(p)).toEqual([]);
    expect(p.notes.join('\n')).toMatch(/stg_facebook_pages__post_metrics → Post \(a metric table/);
  });

  it('keeps a metrics table that holds no figure (a definition of what is measured) as a thing', () => {
    const p = run(layer('id as metric_id, post_id, metric_name, description'));
    expect(names(p)).toContain('PostMetric');
  });
});

describe("a thing's insights kept incrementally on its loader's row id", () => {
  it('is still a report: _fivetran_id as the unique_key is no key of its own', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('instagram', 'media_history', 'media_insights')),
      'models/staging/social/stg_instagram__media.sql': select('instagram', 'media_history', 'id as media_id, caption, media_type, permalink'),
      'models/staging/social/stg_instagram__media_insights.sql': `{{ config(materialized='incremental', unique_key='_fivetran_id') }}\n${select('instagram', 'media_insights', 'id as media_id, like_count, comment_count, reel_reach, reel_saved, story_impressions, _fivetran_id, _fivetran_synced')}`,
      'models/staging/social/_models.yml': 'version: 2\nmodels:\n  - name: stg_instagram__media_insights\n    columns:\n      - name: media_id\n      - name: like_count\n      - name: _fivetran_id\n',
    });
    expect(names(p)).toEqual(['Media']);
    expect(refs(p)).toEqual([]);
  });
});

describe('a table built from a seed alone', () => {
  const layer = (columns: string) => ({
    'seeds/evacuation_zones.csv': 'objectid,zoneid,incident_name,status\n1,Z-1,Palisades,Order\n',
    'models/staging/ethelo/stg_maximum_extent_evac_zones.sql': `select ${columns} from {{ ref('evacuation_zones') }}\n`,
    'models/staging/_sources.yml': sourcesYaml(sources('ethelo', 'participants')),
    'models/staging/ethelo/stg_participants.sql': select('ethelo', 'participants', 'id_number as participant_id, status, joined_on'),
  });

  it("is reference data a modeler keeps when it carries its head noun's id, glued (an evacuation zone's zoneid)", () => {
    expect(names(run(layer('objectid, zoneid, incident_name, status')))).toEqual(['MaximumExtentEvacZone', 'Participant']);
  });

  it('is left out when nothing identifies its rows (a seed of values)', () => {
    expect(names(run(layer('objectid, incident_name, status')))).toEqual(['Participant']);
  });
});

describe("a key whose description names the thing it identifies (\"identifier for the Bitly link …\")", () => {
  it("draws it to that thing of its system, the system's name before the noun no part of it", () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('bitly', 'bitlink', 'qr_code_ids')),
      'models/staging/bitly/stg_bitly_links.sql': select('bitly', 'bitlink', 'id, link, long_url, title, created_at'),
      'models/staging/bitly/stg_bitly_qr_codes.sql': select('bitly', 'qr_code_ids', 'qr_code_id, title, qr_code_type, bitlink_id, created as created_time'),
      'models/staging/bitly/_models.yml': 'version: 2\nmodels:\n  - name: stg_bitly_links\n    columns:\n      - name: id\n        description: Unique identifier for the Bitly link\n'
        + '  - name: stg_bitly_qr_codes\n    columns:\n      - name: qr_code_id\n        description: Unique identifier for the QR code\n      - name: bitlink_id\n        description: Unique identifier for the Bitly link associated with the QR code\n',
    });
    expect(names(p)).toEqual(['Link', 'QrCode']);
    expect(refs(p)).toEqual(['Link>QrCode.bitlink_id']);
  });
});

describe("a survey's hand-kept tables beside its participants", () => {
  const layer = (extra: Record<string, string>) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('ethelo', 'participants', 'comments'), sources('ux_and_research', 'hand_labelled_main_ideas'), sources('gov', 'department_dropdown')),
    'models/staging/ethelo_e3/stg_ethelo_e3_participants.sql': select('ethelo', 'participants', 'id_number as participant_id, status, joined_on'),
    'models/staging/ethelo_e3/stg_ethelo_e3_comments.sql': select('ethelo', 'comments', 'comment_id, content, posted_by_id, posted_on'),
    ...extra,
  });

  it('leaves out the choices of a form field (a department dropdown) as configuration', () => {
    const p = run(layer({ 'models/staging/ethelo_e3/stg_ethelo_e3_department_dropdown.sql': select('gov', 'department_dropdown', 'id, statedepartments') }));
    expect(names(p)).toEqual(['Comment', 'Participant']);
    expect(p.notes.join('\n')).toMatch(/stg_ethelo_e3_department_dropdown \(the choices a form offers/);
  });

  it("leaves out a research team's hand labels of the comments as labels, not a thing", () => {
    const p = run(layer({ 'models/staging/ethelo_e3/stg_e3_hand_labelled_main_ideas.sql': select('ux_and_research', 'hand_labelled_main_ideas', 'participant_id, main_idea, main_idea_type, main_idea_primary_theme, reviewer') }));
    expect(names(p)).toEqual(['Comment', 'Participant']);
    expect(refs(p)).toEqual(['Participant>Comment.posted_by_id']);
  });
});
