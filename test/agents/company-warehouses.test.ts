// The Conceptualizer on the shapes of company warehouses (issue 23, second round, second batch): keys a
// staging model inherits from its source, sources read through a project macro or listed inline, parts
// of a table (<table>__<part>), relationships tests that check children, mart copies and seeds, and the
// tables a modeler leaves out by their columns (calendars, request logs, count summaries, status changes).
// Each project is written to exercise one class and read by the real project reader.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { singularWord } from '../../src/agents/inflection.js';
import { parseModelName } from '../../src/agents/naming.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { writeProject, refs, names } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const run = (files: Record<string, string>) => conceptualize(loadProject(writeProject(files)));
const notes = (p: DiagramProposal) => p.notes.join('\n');
const rel = (p: DiagramProposal, column: string) => p.relationships.find((r) => r.from_column === column || r.to_column === column);
const src = (source: string, table: string, select: string) => `select ${select} from {{ source('${source}', '${table}') }}\n`;

describe('keys a staging model inherits from the source table it renames', () => {
  const files = {
    'models/staging/app/_sources.yml': `version: 2
sources:
  - name: app
    tables:
      - name: client_application
        columns: [{ name: client_id, data_tests: [unique] }]
      - name: scheme
        columns: [{ name: id, data_tests: [unique] }]
      - name: scheme_account
        columns: [{ name: id, data_tests: [unique] }]
      - name: account_status
        columns: [{ name: code, data_tests: [unique] }]
`,
    'models/staging/app/stg_app__client_application.sql': src('app', 'client_application', 'client_id::varchar as channel_id, name as channel_name, organisation_id'),
    'models/staging/app/stg_app__organisation.sql': src('app', 'organisation', 'id as organisation_id, name'),
    'models/staging/app/stg_app__scheme.sql': src('app', 'scheme', 'id as loyalty_plan_id, slug'),
    'models/staging/app/stg_app__scheme_account.sql': src('app', 'scheme_account', 'id as loyalty_card_id, scheme_id as loyalty_plan_id, card_number'),
    'models/staging/app/stg_app__user.sql': src('app', 'user', 'id as user_id, client_id::varchar as channel_id, email'),
    'models/staging/app/stg_app__account_status.sql': src('app', 'account_status', 'code, status, status_group, journey_type, api2_error_slug'),
  };

  it('the source YAML\'s unique column, renamed, is the model\'s key: other models\' columns of that name reference it', () => {
    const p = run(files);
    // client_id as channel_id: the client application has an identifier, so it is an entity, not values of Organisation;
    // the account status is keyed by its code, not values of another thing
    expect(names(p)).toEqual(['AccountStatus', 'ClientApplication', 'Organisation', 'Scheme', 'SchemeAccount', 'User']);
    expect(refs(p)).toEqual(['ClientApplication>User.channel_id', 'Organisation>ClientApplication.organisation_id', 'Scheme>SchemeAccount.loyalty_plan_id']);
    expect(rel(p, 'loyalty_plan_id')!.evidence).toMatchObject({ kind: 'inferred', rule: expect.stringMatching(/the column is the parent's own key/) });
  });
});

describe('a source read through a project macro, or rows listed inline, belong to the model\'s system', () => {
  const header = "{% macro stg_source_header(src_name, table_name) %}\n{% set s = source(src_name, table_name) %}\nselect * from {{ s }}\n{% endmacro %}\n";
  const files = {
    'macros/stg_source_header.sql': header,
    'models/staging/sources/dora/stg_dora__structures.sql': "with source as ({{ stg_source_header('dora', 'structures') }})\nselect data ->> 'id' as id, data ->> 'nom' as nom from source\n",
    'models/staging/sources/fredo/stg_fredo__structures.sql': "with source as ({{ stg_source_header('fredo', 'structures') }})\nselect data ->> 'id' as id, data ->> 'nom' as nom from source\n",
    'models/staging/sources/agefiph/stg_agefiph__profils.sql': "select x.* from (values ('a1', 'Employeur')) as x (id, name)\n",
    // a typed list with a code is a reference list of its system (a list of values only is a value map: see below)
    'models/staging/sources/cd35/stg_cd35__profils.sql': "select x.* from (values ('J', 'Jeunes')) as x (code, label)\n",
  };

  it('the same noun in two such systems is two entities, qualified by system', () => {
    const p = run(files);
    expect(names(p)).toEqual(['AgefiphProfil', 'Cd35Profil', 'DoraStructure', 'FredoStructure']);
    expect(notes(p)).toMatch(/kept apart, qualified by system: .*structure \(dora, fredo\)/);
  });
});

describe('parts of a table: stg_<system>__<table>__<part> beside stg_<system>__<table>', () => {
  const yaml = (model: string, column: string, to: string, field = 'id') =>
    `  - name: ${model}\n    columns:\n      - name: ${column}\n        data_tests:\n          - relationships:\n              arguments: { to: "ref('${to}')", field: ${field} }\n`;
  const files = {
    'models/staging/aides/stg_aides__aides.sql': src('aides', 'aides', 'id, nom, montant'),
    'models/staging/aides/stg_aides__aides__telephones.sql': src('aides', 'aides', 'id as aide_id, numero, libelle, horaires, contact'),
    'models/staging/aides/stg_aides__aides__themes.sql': src('aides', 'aides', 'id as aide_id, theme as value'),
    'models/staging/aides/stg_aides__aides__regions.sql': src('aides', 'aides', 'id as aide_id, code_region as code, nom_region as nom'),
    'models/staging/geo/stg_geo__regions.sql': src('geo', 'regions', 'code, nom'),
    'models/staging/geo/stg_geo__departements.sql': src('geo', 'departements', 'code, code_region, nom'),
    'models/staging/_models.yml': `version: 2\nmodels:\n  - name: stg_aides__aides\n    columns:\n      - name: id\n        data_tests:\n          - unique\n          - relationships:\n              arguments: { to: "ref('stg_aides__aides__themes')", field: aide_id }\n`
      + yaml('stg_aides__aides__telephones', 'aide_id', 'stg_aides__aides') + yaml('stg_aides__aides__themes', 'aide_id', 'stg_aides__aides')
      + `  - name: stg_aides__aides__regions\n    columns:\n      - name: aide_id\n        data_tests:\n          - relationships:\n              arguments: { to: "ref('stg_aides__aides')", field: id }\n      - name: code\n        data_tests:\n          - relationships:\n              arguments: { to: "ref('stg_geo__regions')", field: code }\n`
      + '  - name: stg_geo__regions\n    columns:\n      - name: code\n        data_tests: [unique]\n  - name: stg_geo__departements\n    columns:\n      - name: code\n        data_tests: [unique]\n',
  };

  it('a part holding the parent\'s key and values folds into the parent, however many values; a part listing another thing\'s key is a link', () => {
    const p = run(files);
    expect(names(p)).toEqual(['Aide', 'Departement', 'Region']);
    const aide = p.entities.find((e) => e.name === 'Aide')!;
    expect(aide.sources).toEqual(['stg_aides__aides', 'stg_aides__aides__telephones', 'stg_aides__aides__themes']);
    expect(notes(p)).toContain('stg_aides__aides__telephones → Aide (a part of stg_aides__aides (its key aide_id and values of its own rows, no identifier of its own))');
    // the aid's regions: a many-to-many through the part, declared on both ends; the departement's code_region is read off its name
    const link = p.relationships.find((r) => r.cardinality === 'many_to_many')!;
    expect(link).toMatchObject({ through: 'AideRegion', evidence: { kind: 'declared' } });
    expect(refs(p)).toEqual(['Aide>AideRegion.aide_id', 'Region>AideRegion.code', 'Region>Departement.code_region']);
    // the test from the aid's own key to the themes' aide_id checks that every aid has themes: no reference from Aide
    expect(refs(p).some((r) => r.endsWith('Aide.id'))).toBe(false);
  });

  it('the name of a part keeps both nouns singular, and the system stays the system', () => {
    const siblings = new Set(['stg_dora__services']);
    expect(parseModelName('stg_dora__services__thematiques', [], { siblings })).toMatchObject({ source: 'dora', tokens: ['service', 'thematique'], parent: 'stg_dora__services' });
    // without the parent model beside it, the middle part is a sub-system as before
    expect(parseModelName('stg_dora__services__thematiques', [])).toMatchObject({ source: 'dora', subsystem: ['services'], tokens: ['thematique'] });
  });
});

describe('declarations resolve to the right system; seeds are no entities', () => {
  it('a test pointing at the intermediate int_<system>__structures resolves to that system\'s structure; a ref to a seed names no entity', () => {
    const p = run({
      'models/staging/dora/stg_dora__structures.sql': src('dora', 'structures', 'id, nom'),
      'models/staging/dora/stg_dora__services.sql': src('dora', 'services', 'id, structure_id, frais'),
      'models/staging/alpha/stg_alpha__structures.sql': src('alpha', 'structures', 'id, nom'),
      'models/intermediate/int_dora__structures.sql': "select id, nom from {{ ref('stg_dora__structures') }}\n",
      'seeds/frais.csv': 'value,label\ngratuit,Gratuit\n',
      'models/_models.yml': `version: 2
models:
  - name: stg_dora__services
    columns:
      - name: id
        data_tests: [unique]
      - name: frais
        data_tests:
          - relationships: { to: ref('frais'), field: value }
      - name: structure_id
        data_tests:
          - relationships: { to: ref('int_dora__structures'), field: id }
`,
    });
    expect(names(p)).toEqual(['AlphaStructure', 'DoraStructure', 'Service']);
    expect(refs(p)).toEqual(['DoraStructure>Service.structure_id']);
    expect(rel(p, 'structure_id')!.evidence).toMatchObject({ kind: 'declared' });
    expect(notes(p)).toMatch(/stg_dora__services\.frais: relationships test .*ref\('frais'\), which is no staging model or entity/);
  });

  it('a model built only from seeds, with no identifier, is reference data the project ships; a seed of things with ids is an entity', () => {
    const p = run({
      'seeds/disease_factors.csv': 'hcc_code,coefficient\n1,0.5\n',
      'seeds/transit_facilities.csv': 'id,facility_name\n1,Depot\n',
      'models/staging/stg_reference__coef_hier.sql': "select distinct hcc_code, coefficient from {{ ref('disease_factors') }}\n",
      'models/staging/stg_transit__transit_facilities.sql': "select id, facility_name from {{ ref('transit_facilities') }}\n",
    });
    expect(names(p)).toEqual(['TransitFacility']);
    expect(notes(p)).toContain("stg_reference__coef_hier (built only from the project's seeds (reference data it ships))");
  });
});

describe('keys and nouns a modeler reads', () => {
  it('a noun completed from the model name must fit the target\'s key: a fact keyed by event_id is no parent of user_id', () => {
    const p = run({
      'models/staging/metrics/stg_metrics__fact_user.sql': "{{ config(materialized='incremental', unique_key='EVENT_ID') }}\nselect event_id, user_id, event_type from {{ source('metrics', 'fact_user') }}\n",
      'models/staging/metrics/stg_metrics__fact_card.sql': "{{ config(materialized='incremental', unique_key='EVENT_ID') }}\nselect event_id, user_id, card_id from {{ source('metrics', 'fact_card') }}\n",
    });
    expect(refs(p)).toEqual([]);
  });

  it('id_<noun> and code_<noun> are keys too (the key word first)', () => {
    const p = run({
      'models/staging/geo/stg_geo__regions.sql': src('geo', 'regions', 'code, nom'),
      'models/staging/geo/stg_geo__departements.sql': src('geo', 'departements', 'code, code_region, nom'),
      'models/staging/geo/stg_geo__structures.sql': src('geo', 'structures', 'id_structure, code_departement, nom'),
      'models/staging/geo/_models.yml': 'version: 2\nmodels:\n  - name: stg_geo__regions\n    columns: [{ name: code, data_tests: [unique] }]\n  - name: stg_geo__departements\n    columns: [{ name: code, data_tests: [unique] }]\n',
    });
    expect(refs(p)).toEqual(['Departement>Structure.code_departement', 'Region>Departement.code_region']);
  });

  it('provider_id points at Practitioner when the layer has no Provider (a modeler\'s synonym), marked as such', () => {
    const p = run({
      'models/staging/claims/stg_claims__practitioner.sql': src('claims', 'practitioner', 'practitioner_id, npi, specialty'),
      'models/staging/claims/stg_claims__encounter.sql': src('claims', 'encounter', 'encounter_id, attending_provider_id, encounter_start_date'),
      'models/staging/claims/_models.yml': 'version: 2\nmodels:\n  - name: stg_claims__practitioner\n    columns: [{ name: practitioner_id, data_tests: [unique] }]\n  - name: stg_claims__encounter\n    columns: [{ name: encounter_id, data_tests: [unique] }]\n',
    });
    expect(refs(p)).toEqual(['Practitioner>Encounter.attending_provider_id']);
    expect(rel(p, 'attending_provider_id')!.evidence).toMatchObject({ kind: 'inferred', rule: expect.stringMatching(/another word for the entity noun/), confidence: 0.6 });
  });

  it('French plurals in -eux/-eaux lose the x', () => {
    expect(['lieux', 'niveaux', 'bureaux'].map(singularWord)).toEqual(['lieu', 'niveau', 'bureau']);
  });
});

describe('tables a modeler leaves out by their columns', () => {
  const files = {
    'models/staging/ops/stg_ops__date.sql': src('ops', 'date', 'date, year, quarter, month, monthname, dayofmonth, dayofweek, weekofyear, dayofyear, dayname'),
    'models/staging/ops/stg_ops__apistats.sql': src('ops', 'apistats', 'id as api_id, path, method, client_ip, date_time, user_agent, status_code, response_time'),
    'models/staging/ops/stg_ops__sprint_wallet.sql': src('ops', 'wallet', 'name, goal, start_date, end_date, ticket_total, ticket_carry_over_count, user_story_count, investigation_count, bug_count, defect_count, tech_tickets, product_tickets, project'),
    'models/staging/ops/stg_ops__card.sql': src('ops', 'card', 'card_id, card_number'),
    'models/staging/ops/stg_ops__card_status_change.sql': src('ops', 'card_status_change', 'event_id, card_id, from_status, to_status, event_date_time'),
    'models/staging/ops/stg_ops__events.sql': "{{ config(materialized='incremental', unique_key='EVENT_ID') }}\nselect id as event_id, event_type, json from {{ source('ops', 'events') }}\n",
    'models/staging/ops/transformed_events.sql': "{{ config(materialized='incremental', unique_key='EVENT_ID') }}\nselect event_id, event_type, json, json:channel as channel, sysdate() as inserted_date_time from {{ ref('stg_ops__events') }}\n",
    'models/staging/ops/_models.yml': 'version: 2\nmodels:\n  - name: stg_ops__card\n    columns: [{ name: card_id, data_tests: [unique] }]\n',
  };

  it('a calendar, a request log, an unkeyed count summary and status changes are not entities; a copy stamping its load time is a copy', () => {
    const p = run(files);
    expect(names(p)).toEqual(['Card', 'Event']);
    const n = notes(p);
    expect(n).toContain('stg_ops__date (a calendar: 9 of its 10 columns are parts of a date)');
    expect(n).toMatch(/stg_ops__apistats \(a request log \(path, method, client_ip, user_agent, status_code, response_time\)\)/);
    expect(n).toMatch(/stg_ops__sprint_wallet \(.*counts or totals/);
    expect(n).toContain('stg_ops__card_status_change → Card (status changes of another thing)');
    expect(n).toContain('transformed_events → Event (a filtered subset of stg_ops__events');
  });
});

describe('private and filtered helpers', () => {
  it('_stg_x__actions_filtered joins the entity that selects from it; a filtered feed shared by several entities is left out', () => {
    const p = run({
      'models/staging/carif/_stg_carif__source_filtered.sql': src('carif', 'feed', 'data'),
      'models/staging/carif/_stg_carif__actions_filtered.sql': "select data from {{ ref('_stg_carif__source_filtered') }}\n",
      'models/staging/carif/stg_carif__actions.sql': "select data ->> 'numero' as numero from {{ ref('_stg_carif__actions_filtered') }}\n",
      'models/staging/carif/stg_carif__formations.sql': "select data ->> 'numero' as numero from {{ ref('_stg_carif__source_filtered') }}\n",
    });
    expect(names(p)).toEqual(['Action', 'Formation']);
    expect(p.entities.find((e) => e.name === 'Action')!.sources).toEqual(['stg_carif__actions', '_stg_carif__actions_filtered']);
    expect(notes(p)).toContain('Helper model _stg_carif__source_filtered feeds several entities (Action, Formation); it is left out.');
  });
});

describe('staging copies of marts', () => {
  it('stg_metrics__fact_user selecting from the mart fact_user is the users again; a copy about a noun the layer lacks stays', () => {
    const p = run({
      'models/staging/app/stg_app__users.sql': src('app', 'users', 'id as user_id, email'),
      'models/marts/fact_user.sql': "select user_id, 'created' as event_type from {{ ref('stg_app__users') }}\n",
      'models/marts/fact_transaction.sql': "select 1 as transaction_id, user_id from {{ ref('stg_app__users') }}\n",
      // (more columns than the mart has: not a filtered subset of it)
      'models/staging/metrics/stg_metrics__fact_user.sql': "select user_id, event_type, 'web' as channel, 'bink' as brand, 'api' as origin from {{ ref('fact_user') }}\n",
      'models/staging/metrics/stg_metrics__fact_transaction.sql': "select transaction_id, user_id from {{ ref('fact_transaction') }}\n",
    });
    // (a fact table keyed by its thing is that thing: the word fact leaves its name)
    expect(names(p)).toEqual(['Transaction', 'User']);
    expect(p.entities.find((e) => e.name === 'User')!.sources).toEqual(['stg_app__users', 'stg_metrics__fact_user']);
    expect(notes(p)).toContain('stg_metrics__fact_user → User (a staging copy of the mart fact_user, about User)');
  });
});
