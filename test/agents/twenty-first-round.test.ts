// The Conceptualizer, issue 23's twenty-first blind round: classes of error read off a government service's housing
// warehouse (MTES-MCT/zero-logement-vacant: the application's database staged as select *, a yearly file of vacant
// dwellings staged once per year, land-registry extracts, public datasets per commune). Each project is written in that
// shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

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

describe('an application database staged as select * of undocumented sources, read through intermediate copies', () => {
  const app = {
    'models/staging/_sources.yml': sourcesYaml(sources('prod', 'campaigns', 'housing', 'campaigns_housing')),
    'models/staging/app/stg_app_campaigns.sql': select('prod', 'campaigns', 'id, title, sent_at'),
    'models/staging/app/stg_app_housing.sql': select('prod', 'housing', 'id, address, vacancy_start_year'),
    'models/staging/app/stg_app_campaigns_housing.sql': select('prod', 'campaigns_housing', '*'),
    // the intermediate layer passes the link table on whole; the marts read its columns there
    'models/intermediate/int_campaigns_housing.sql': "select * from {{ ref('stg_app_campaigns_housing') }}\n",
    'models/marts/campaign_reach.sql': "select c.title, count(distinct ch.housing_id) as dwellings\nfrom {{ ref('stg_app_campaigns') }} c\njoin {{ ref('int_campaigns_housing') }} ch on ch.campaign_id = c.id\ngroup by c.title\n",
  };

  it('reads the columns the models built on a pass-through copy name on it as the staging model’s (a link table, not a thing)', () => {
    const p = run(app);
    expect(names(p)).toEqual(['Campaign', 'Housing']);
    expect(p.relationships.map((r) => `${r.from}-${r.to}:${r.cardinality}`)).toEqual(['Campaign-Housing:many_to_many']);
  });

  it('keeps a column the copy computes itself out of the staging model’s columns', () => {
    const p = run({ ...app,
      'models/intermediate/int_campaigns_housing.sql': "select *, 'Campagne ' || campaign_id as campaign_label, 'Logement ' || housing_id as housing_label from {{ ref('stg_app_campaigns_housing') }}\n",
      'models/marts/campaign_flags.sql': "select ch.campaign_id, ch.campaign_label, ch.housing_label from {{ ref('int_campaigns_housing') }} ch\n" });
    expect(names(p)).toEqual(['Campaign', 'Housing']);
  });
});

describe('a select * of an undocumented source, its columns known only as the models built on it read them', () => {
  it('does not read a thing whose readers name its owner’s key and a few values as values of that owner: its own id is simply unread', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('prod', 'establishments', 'perimeters')),
      'models/staging/app/stg_app_establishments.sql': select('prod', 'establishments', 'id, name, kind'),
      'models/staging/app/stg_app_perimeters.sql': select('prod', 'perimeters', '*'),
      'models/marts/establishment_perimeters.sql': "select p.establishment_id, count(distinct p.name) as perimeters, count(distinct p.kind) as kinds\nfrom {{ ref('stg_app_perimeters') }} p\ngroup by p.establishment_id\n",
    });
    expect(names(p)).toEqual(['Establishment', 'Perimeter']);
  });
});

describe('a historical series of figures per another thing and year (a census: population per commune and year)', () => {
  it('is a report, not the thing its history word would make of it', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('stats', 'communes', 'population_history')),
      'models/staging/stats/stg_stats_communes.sql': select('stats', 'communes', 'geo_code, commune_name, date_debut, date_fin'),
      'models/staging/stats/stg_stats_population_history.sql': select('stats', 'population_history', 'geo_code, commune_name, population, year'),
    });
    expect(names(p)).toEqual(['Commune']);
  });
});

describe('open data per commune: figures keyed by another thing’s code, nothing of their own', () => {
  it('reads a table of rates, amounts and measures per commune code as a report, not a thing', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('opendata', 'communes', 'rents', 'tax_rates')),
      'models/staging/opendata/stg_opendata_communes.sql': select('opendata', 'communes', 'geo_code, commune_name, date_debut, date_fin'),
      'models/staging/opendata/stg_opendata_rents.sql': select('opendata', 'rents',
        'cast(insee_c as varchar) as geo_code, libgeo as commune_name, cast(epci as varchar) as epci_code, try_cast(loypredm2 as double) as loyer_predit_m2, try_cast(lwr as double) as loyer_bas_m2, try_cast(upr as double) as loyer_haut_m2, try_cast(nbobs as integer) as nb_observations, typpred as type_prediction'),
      'models/staging/opendata/stg_opendata_tax_rates.sql': select('opendata', 'tax_rates',
        'geo_code, commune_name, department_code, tfb_taux_commune, tfb_taux_global, th_taux_commune, teom_taux, population_ponderee'),
    });
    expect(names(p)).toEqual(['Commune']);
  });
});

describe('a pass-through copy that adds columns of its own beside the star (select c.id as campaign_id, *, … from stg)', () => {
  it('still passes the staging model’s columns on: what its readers name there, beyond its own, is the staging model’s', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('prod', 'campaigns', 'establishments')),
      'models/staging/app/stg_app_establishments.sql': select('prod', 'establishments', 'id, name, kind'),
      'models/staging/app/stg_app_campaigns.sql': select('prod', 'campaigns', '*'),
      'models/intermediate/int_campaigns.sql': "select\n    c.id as campaign_id,\n    *,\n    case when sent_at is not null then 1 else 0 end as is_sent\nfrom {{ ref('stg_app_campaigns') }} as c\n",
      'models/marts/establishment_campaigns.sql': "select e.name, count(distinct pc.id) as campaigns, sum(pc.is_sent) as sent\nfrom {{ ref('stg_app_establishments') }} e\nleft join {{ ref('int_campaigns') }} pc on pc.establishment_id = e.id\ngroup by e.name\n",
    });
    expect(refs(p)).toEqual(['Establishment>Campaign.establishment_id']);
  });
});

describe('a mart that stars a select * staging model beside named columns of others, its YAML documenting the star’s columns', () => {
  it('reads the documented columns its SQL does not name as the staging model’s (a relationships test on group_id)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('prod', 'campaigns', 'groups')),
      'models/staging/app/stg_app_groups.sql': select('prod', 'groups', 'id, title'),
      'models/staging/app/stg_app_campaigns.sql': select('prod', 'campaigns', '*'),
      'models/marts/campaign_stats.sql': "select 1 as n\n",
      'models/marts/marts_campaigns.sql': "select cast(c.id as varchar) as campaign_id, c.*, s.n as housing_count\nfrom {{ ref('stg_app_campaigns') }} c\nleft join {{ ref('campaign_stats') }} s on true\n",
      'models/marts/_marts.yml': 'version: 2\nmodels:\n  - name: marts_campaigns\n    columns:\n      - name: campaign_id\n      - name: id\n      - name: title\n      - name: group_id\n        data_tests:\n          - relationships:\n              arguments:\n                to: ref(\'stg_app_groups\')\n                field: id\n      - name: housing_count\n',
    });
    expect(refs(p)).toEqual(['Group>Campaign.group_id']);
  });
});

describe('a copy that stars the staging model beside a joined table’s named columns (select h.*, c.city_code from stg join cities)', () => {
  it('passes the staging model’s columns on to the marts that document them', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('prod', 'housing', 'buildings')),
      'models/staging/app/stg_app_buildings.sql': select('prod', 'buildings', 'id, housing_count'),
      'models/staging/app/stg_app_housing.sql': select('prod', 'housing', '*'),
      'models/intermediate/cities_map.sql': "select '75056' as geo_code, '75056' as city_code\n",
      'models/intermediate/int_housing.sql': "select h.*, c.city_code\nfrom {{ ref('stg_app_housing') }} h\njoin {{ ref('cities_map') }} c on h.geo_code = c.geo_code\n",
      'models/marts/marts_housing.sql': "select cast(h.id as varchar) as housing_id, h.*\nfrom {{ ref('int_housing') }} h\n",
      'models/marts/_marts.yml': 'version: 2\nmodels:\n  - name: marts_housing\n    columns:\n      - name: housing_id\n      - name: id\n      - name: building_id\n      - name: geo_code\n      - name: city_code\n',
    });
    expect(refs(p)).toEqual(['Building>Housing.building_id']);
  });
});

describe('a denormalised hierarchy of surrogate keys with their codes and names', () => {
  it('is not read as figures: keys with their role after the id (sk_organisation_id_practice) are no figures', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('dict', 'organisations', 'practice_matrix')),
      'models/staging/dict/stg_dict_organisations.sql': select('dict', 'organisations', 'sk_organisation_id, organisation_code, organisation_name'),
      'models/staging/dict/stg_dict_practice_matrix.sql': select('dict', 'practice_matrix',
        'cast(a as integer) as sk_organisation_id_practice, practice_code, practice_name, cast(b as integer) as sk_organisation_id_network, network_code, network_name, cast(c as integer) as sk_organisation_id_commissioner, commissioner_code, commissioner_name, cast(d as integer) as sk_organisation_id_stp, stp_code, stp_name'),
    });
    expect(p.notes.join(' ')).not.toMatch(/figures per practice_code/);
  });
});

// (the tuning pass after the twenty-second round)
describe('a table named for exactly its two ends, holding their keys and no identity of its own', () => {
  it('is their link, whatever values it carries (owners_housing: an owner’s rank and property right in each dwelling)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('prod', 'owners', 'housing', 'owners_housing')),
      'models/staging/app/stg_app_owners.sql': select('prod', 'owners', 'id as owner_id, full_name, birth_date'),
      'models/staging/app/stg_app_housing.sql': select('prod', 'housing', 'id as housing_id, geo_code, rooms_count'),
      'models/staging/app/stg_app_owners_housing.sql': select('prod', 'owners_housing', 'owner_id, housing_id, rank, property_right, distance_km, relative_location'),
    });
    expect(names(p)).toEqual(['Housing', 'Owner']);
    expect(p.relationships.filter((r) => r.cardinality === 'many_to_many').map((r) => `${r.from}<>${r.to}`)).toHaveLength(1);
  });
});
