// The Conceptualizer, issue 23's thirty-sixth blind round: classes of error read off a live-music company's warehouse (the
// platform's nightly batches of artists, events and venues in one staging folder; featured events, their changelog, the
// packages bought to feature them and the impressions, RSVPs and clicks they get in another). Each project is written in that
// shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (system: string, table: string, columns: string) => `select ${columns} from {{ source('${system}', '${table}') }}\n`;

// the platform's nightly batches: named for how they are delivered, keyed by the thing
const live = {
  'models/staging/live/sources.yml': sourcesYaml(sources('live', 'artist_batch', 'shows_batch_v2', 'halls_batch')),
  'models/staging/live/stg_artist_batch.sql': select('live', 'artist_batch', 'cast(id as integer) as artist_id, name, tracker_count, verified'),
  'models/staging/live/stg_shows_batch_v2.sql': select('live', 'shows_batch_v2', 'show_id, title, artist_id, hall_id, starts_at, sold_out'),
  'models/staging/live/stg_halls_batch.sql': select('live', 'halls_batch', 'cast(id as varchar) as hall_id, name, city_name, capacity'),
};

describe('a word saying how a table is delivered, after its noun', () => {
  it('is no word of the noun where the table is keyed by the noun (artist_batch keyed artist_id is Artist)', () => {
    const p = run(live);
    expect(names(p)).toEqual(expect.arrayContaining(['Artist', 'Show', 'Hall']));
    expect(names(p).filter((n) => n.endsWith('Batch'))).toEqual([]);
  });

  it('stays where the table is keyed by itself (production_batch keyed production_batch_id) or its noun has a table', () => {
    const p = run({
      'models/staging/plant/sources.yml': sourcesYaml(sources('plant', 'production_batch', 'level', 'level_batch')),
      'models/staging/plant/stg_production_batch.sql': select('plant', 'production_batch', 'id as production_batch_id, production_id, quantity, made_at'),
      'models/staging/plant/stg_level.sql': select('plant', 'level', 'id as level_id, name'),
      'models/staging/plant/stg_level_batch.sql': select('plant', 'level_batch', 'level_id, batch_number, size'),
    });
    expect(names(p)).toContain('ProductionBatch');
    expect(names(p)).not.toContain('Production');
  });
});

// featured shows and their changelog, read from a system named for them: the changelog's name is its history word alone
const featured = (changelog: string) => ({
  'models/staging/featured/sources.yml': sourcesYaml(sources('featured_shows', 'featured_shows', 'featured_shows_changelog')),
  'models/staging/featured/stg_featured_shows.sql': select('featured_shows', 'featured_shows', 'cast(show_id as integer) as show_id, artist_id, hall_id, boost_start_date, boost_end_date'),
  'models/staging/featured/stg_featured_shows_changelog.sql': select('featured_shows', 'featured_shows_changelog', changelog),
});

describe('a table named by a history word alone once its system\'s words leave the name', () => {
  it('holding things\' keys and no identifier of its own, is a history, not a thing (Changelog)', () => {
    const p = run(featured('show_id, artist_id, hall_id, boost_start_date, campaign_state, change_type, tracked_at'));
    expect(names(p)).toEqual(['Show']); // (the featured shows, keyed by the show's id)
  });

  it('with an identifier of its own stays to the other rules (an audit keyed audit_id)', () => {
    const p = run({
      'models/staging/site/sources.yml': sourcesYaml(sources('site', 'audit')),
      'models/staging/site/stg_site_audit.sql': select('site', 'audit', 'audit_id, site_id, inspector_id, score, audited_at'),
    });
    expect(names(p)).toContain('Audit');
  });
});

// featured listings with no test of their own, a dimension built on them tested unique on their id, clicks on them under an
// integer id the mart joins to that id
const listings = (dim: string) => ({
  'models/staging/promo/sources.yml': sourcesYaml(sources('promo', 'featured_listings', 'ticket_clicks')),
  'models/staging/promo/stg_promo_featured_listings.sql': select('promo', 'featured_listings', 'cast(listing_id as integer) as listing_id, boost_start_date, boost_end_date, fe_source'),
  'models/staging/promo/stg_promo_ticket_clicks.sql': select('promo', 'ticket_clicks', 'cast(partner_listing_int_id as integer) as partner_listing_int_id, ds, click_datetime, user_id, user_agent, ticket_seller_url, referer, came_from'),
  'models/marts/dim_featured_listing.sql': dim,
  'models/marts/schema.yml': 'version: 2\nmodels:\n  - name: dim_featured_listing\n    columns:\n      - name: listing_id\n        tests: [unique, not_null]\n',
  'models/marts/fct_click.sql': "select c.click_datetime, fl.listing_id from {{ ref('stg_promo_ticket_clicks') }} c\nleft join {{ ref('dim_featured_listing') }} fl on fl.listing_id = c.partner_listing_int_id\n",
});

describe('a column a model built on a staging model tests unique where it passes it on', () => {
  it('is that staging model\'s own id, so a consumer\'s join of another key to it draws the reference', () => {
    const p = run(listings("select fl.listing_id, fl.boost_start_date from {{ ref('stg_promo_featured_listings') }} fl\n"));
    expect(refs(p)).toContain('FeaturedListing>TicketClick.partner_listing_int_id');
  });

  it('not where the model built on it groups its rows (one row per listing out of many)', () => {
    const p = run(listings("select listing_id, min(boost_start_date) as first_boost from {{ ref('stg_promo_featured_listings') }} group by listing_id\n"));
    expect(refs(p)).not.toContain('FeaturedListing>TicketClick.partner_listing_int_id');
  });
});

// the platform's artists in one system; packages bought for artists and featured shows in another, both holding artist_id,
// and an intermediate model joining the packages' artist_id to the artists
const shared = (join: boolean) => ({
  ...live,
  'models/staging/boost/sources.yml': sourcesYaml(sources('boost', 'artist_packages', 'featured_shows')),
  'models/staging/boost/stg_artist_packages.sql': select('boost', 'artist_packages', 'id as artist_package_id, artist_id, price, status, start_date_time'),
  'models/staging/boost/stg_featured_gigs.sql': select('boost', 'featured_shows', 'id as featured_gig_id, artist_id, boost_start_date, boost_end_date'),
  'models/intermediate/int_packaged_artists.sql': join
    ? "select a.artist_id, a.name from {{ ref('stg_artist_batch') }} a inner join {{ ref('stg_artist_packages') }} p on p.artist_id = a.artist_id\n"
    : "select a.artist_id, a.name from {{ ref('stg_artist_batch') }} a\n",
});

describe('a key a consumer joins from one system\'s table to another system\'s thing under the same name', () => {
  it('says the systems share it: the same column in the first system\'s other tables points at that thing too', () => {
    expect(refs(run(shared(true)))).toEqual(expect.arrayContaining(['Artist>ArtistPackage.artist_id', 'Artist>FeaturedGig.artist_id']));
  });

  it('with no such join, the key is not drawn across systems', () => {
    expect(refs(run(shared(false)))).not.toContain('Artist>FeaturedGig.artist_id');
  });
});
