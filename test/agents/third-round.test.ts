// The Conceptualizer, issue 23 third round: classes of error read off projects it had not seen.
// Names singular in the project's own language (French adresses → Adresse, not "Adress"), lists
// typed into the SQL that only map values (left out) as against typed code lists (kept), the
// metrics layer's forecasts, chart set-ups and test-user lists (left out), and a status-change
// table that is the only model of its noun (not promoted to an entity). Each project is written to
// exercise one class and read by the real project reader.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { labelScope } from '../../src/agents/evaluate.js';
import { singularPhrase, singularWord, withLanguage } from '../../src/agents/inflection.js';
import { projectLanguage } from '../../src/agents/language.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { loadFiles as load, refs, names } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const notes = (p: DiagramProposal) => p.notes.join('\n');
const src = (source: string, table: string, select: string) => `select ${select} from {{ source('${source}', '${table}') }}\n`;

describe('plurals in the project\'s own language', () => {
  // a French project: its columns say nom, adresse, commune, courriel, libelle …
  const fr = 'id, nom, adresse, commune, courriel, ville, numero, libelle, date_maj';
  const french = {
    'models/staging/carif/stg_carif__adresses.sql': src('carif', 'adresses', `hash_adresse as id, nom, adresse, commune, courriel, ville, numero, libelle, date_maj`),
    'models/staging/carif/stg_carif__creches.sql': src('carif', 'creches', `${fr}, adresse_id`),
    'models/staging/agefiph/stg_agefiph__types_de_solution.sql': src('agefiph', 'types_de_solution', fr),
    'models/staging/agefiph/stg_agefiph__journaux.sql': src('agefiph', 'journaux', fr),
  };

  it('a French project\'s adresses are an Adresse and its creches a Creche; the head noun comes first (TypeDeSolution)', () => {
    const project = load(french);
    expect(projectLanguage(project)).toBe('fr');
    const p = conceptualize(project);
    expect(names(p)).toEqual(['Adresse', 'Creche', 'Journal', 'TypeDeSolution']);
    // the reference reads the same singular: adresse_id → Adresse
    expect(refs(p)).toContain('Adresse>Creche.adresse_id');
    // the scorer's scope reads names the same way
    expect([...labelScope(project)]).toEqual(expect.arrayContaining(['Adresse', 'Creche', 'TypeDeSolution']));
  });

  it('an English project keeps English plurals (addresses → Address, matches → Match), and French rules stay inside the French reading', () => {
    const project = load({
      'models/staging/shop/stg_shop__addresses.sql': src('shop', 'addresses', 'id, first_name, last_name, city, email, address_line_1, created_at'),
      'models/staging/shop/stg_shop__matches.sql': src('shop', 'matches', 'id, address_id, name, created_at, updated_at'),
    });
    expect(projectLanguage(project)).toBe('en');
    const p = conceptualize(project);
    expect(names(p)).toEqual(['Address', 'Match']);
    expect(refs(p)).toEqual(['Address>Match.address_id']);
    expect(singularWord('adresses')).toBe('adress'); // outside a French reading, English rules
    expect(withLanguage('fr', () => singularWord('adresses'))).toBe('adresse');
    expect(withLanguage('fr', () => singularPhrase(['services', 'thematiques']))).toEqual(['service', 'thematique']);
    expect(withLanguage('fr', () => singularPhrase(['types', 'de', 'solutions']))).toEqual(['type', 'de', 'solutions']);
  });
});

describe('lists typed into the SQL', () => {
  const files = {
    'models/staging/cd35/stg_cd35__organisations.sql': src('cd35', 'organisations', 'id, name, profil'),
    // (raw label, schema value): a value map the project wrote by hand
    'models/staging/cd35/stg_cd35__profils.sql': "select x.* from (\n  values\n  ('Allocataires RSA', 'allocataires-rsa'),\n  ('Jeunes', 'jeunes')\n) as x (raw, value)\n",
    // the same as literal selects, without a VALUES list
    'models/staging/cd35/stg_cd35__publics.sql': "select 'Jeunes' as raw, 'jeunes' as value\nunion all\nselect 'Famille' as raw, 'familles' as value\n",
    // a taxonomy's terms with their ids: a reference list other tables point at by key
    'models/staging/agefiph/stg_agefiph__thematiques.sql': "{{ config(materialized='ephemeral') }}\nselect x.* from (values ('t1', 'Emploi'), ('t2', 'Santé')) as x (id, name)\n",
    'models/staging/agefiph/stg_agefiph__services.sql': src('agefiph', 'services', 'id, title, thematique_id'),
  };

  it('a list of values only is a hand-made value map, left out with its reason; a typed list with ids stays an entity', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Organisation', 'Service', 'Thematique']);
    expect(refs(p)).toEqual(['Thematique>Service.thematique_id']);
    expect(notes(p)).toMatch(/stg_cd35__profils \(its rows are written in its SQL \(raw, value: a VALUES list/);
    expect(notes(p)).toMatch(/stg_cd35__publics \(its rows are written in its SQL/);
  });
});

describe('the metrics layer: forecasts, chart set-ups, test-user lists', () => {
  const files = {
    'models/staging/hermes/stg_hermes__users.sql': src('hermes', 'users', 'id as user_id, email, created_at'),
    'models/staging/hermes/stg_hermes__loyalty_plans.sql': src('hermes', 'loyalty_plans', 'id as loyalty_plan_id, name'),
    'models/metrics_staging/retailer_forecast/src__retailer_forecast.sql': src('retailer_forecast', 'retailer_forecast', 'date::date as date, loyalty_plan_name, channel, joins, active_users, spend'),
    'models/metrics_staging/lookup/src__lookup_sankey_model.sql': src('lookup', 'sankey_model', 'source_node, target_node, weight'),
    'models/metrics_staging/lookup/src__lookup_testers.sql': src('lookup', 'testers', 'user_id, external_user_ref, email'),
  };

  it('a forecast, a Sankey chart\'s model and a list of testers are not entities, each with its reason', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['LoyaltyPlan', 'User']);
    const n = notes(p);
    expect(n).toMatch(/src__retailer_forecast \(a forecast: planned or predicted figures/);
    expect(n).toMatch(/src__lookup_sankey_model \(the set-up of a chart/);
    expect(n).toMatch(/src__lookup_testers \(a list the pipeline uses to keep rows in or out/);
    expect(n).toMatch(/Not entities, per reason: .*2 configuration.*1 report\/aggregate|Not entities, per reason: .*1 report\/aggregate.*2 configuration/);
  });
});

describe('a status-change table that is the only model of its noun', () => {
  it('is not promoted to the entity it changes (it holds from/to values, not the thing); a lone full history still is', () => {
    const p = conceptualize(load({
      'models/staging/ops/stg_ops__user.sql': src('ops', 'user', 'id as user_id, email'),
      'models/staging/ops/stg_ops__pll_link_status_change.sql': src('ops', 'pll_link_status_change', 'event_id, user_id, from_status, to_status, event_date_time'),
      'models/staging/ads/stg_ads__ad_history.sql': src('ads', 'ad_history', 'id, name, status, updated_at'),
    }));
    expect(names(p)).toEqual(['Ad', 'User']);
    expect(notes(p)).toMatch(/stg_ops__pll_link_status_change \(status changes of another thing\)/);
  });
});

describe('a link\'s own count and a reporting line', () => {
  it('a bundle\'s items with item_quantity are a link; a stock level\'s available_quantity makes a thing; reports_to_id is the same entity', () => {
    const p = conceptualize(load({
      'models/staging/qb/stg_qb__bundle.sql': src('qb', 'bundle', 'id as bundle_id, name'),
      'models/staging/qb/stg_qb__item.sql': src('qb', 'item', 'id as item_id, name'),
      'models/staging/qb/stg_qb__bundle_item.sql': src('qb', 'bundle_item', 'bundle_id, item_id, item_quantity'),
      'models/staging/qb/stg_qb__location.sql': src('qb', 'location', 'id as location_id, name'),
      'models/staging/qb/stg_qb__inventory_level.sql': src('qb', 'inventory_level', 'item_id, location_id, available_quantity, updated_at'),
      'models/staging/qb/stg_qb__contact.sql': src('qb', 'contact', 'id as contact_id, name, reports_to_id'),
    }));
    expect(names(p)).toEqual(['Bundle', 'Contact', 'InventoryLevel', 'Item', 'Location']);
    expect(p.relationships.find((r) => r.cardinality === 'many_to_many')).toMatchObject({ through: 'BundleItem' });
    expect(refs(p)).toEqual(expect.arrayContaining(['Bundle>BundleItem.bundle_id', 'Item>BundleItem.item_id', 'Contact>Contact.reports_to_id',
      'Item>InventoryLevel.item_id', 'Location>InventoryLevel.location_id']));
    expect(p.relationships.find((r) => r.from_column === 'reports_to_id')!.evidence).toMatchObject({ kind: 'inferred', rule: expect.stringMatching(/self|same entity/) });
  });
});

describe('a link stamped with who wrote it', () => {
  it('created_by_id and last_modified_by_id on a link are bookkeeping: opportunity_contact_role is still a link', () => {
    const p = conceptualize(load({
      'models/staging/crm/stg_crm__user.sql': src('crm', 'user', 'id as user_id, email'),
      'models/staging/crm/stg_crm__opportunity.sql': src('crm', 'opportunity', 'id as opportunity_id, name, owner_id'),
      'models/staging/crm/stg_crm__contact.sql': src('crm', 'contact', 'id as contact_id, name'),
      'models/staging/crm/stg_crm__opportunity_contact_role.sql': src('crm', 'opportunity_contact_role',
        'id as opportunity_contact_role_id, opportunity_id, contact_id, role, is_primary, created_by_id, last_modified_by_id, created_at'),
    }));
    expect(names(p)).toEqual(['Contact', 'Opportunity', 'User']);
    expect(p.relationships.find((r) => r.cardinality === 'many_to_many')).toMatchObject({ through: 'OpportunityContactRole', from: 'Opportunity', to: 'Contact' });
  });
});

describe('a staging copy of a mart built from one staging model', () => {
  it('is that model\'s rows again (folded into its entity); a copy of a mart built from several is not read so', () => {
    const p = conceptualize(load({
      'models/staging/service_data/stg_service_data__freshservice.sql': src('snowstorm', 'freshservice', 'id as ticket_id, status, created_at'),
      'models/staging/hermes/stg_hermes__user.sql': src('hermes', 'user', 'id as user_id, email'),
      'models/staging/harmonia/stg_harmonia__transaction.sql': src('harmonia', 'transaction', 'id as transaction_id, amount, user_id'),
      'models/prod/service_management.sql': "select ticket_id, status from {{ ref('stg_service_data__freshservice') }}\n",
      'models/prod/fact_transaction.sql': "select t.transaction_id as event_id, t.transaction_id, t.amount, u.user_id\nfrom {{ ref('stg_harmonia__transaction') }} t join {{ ref('stg_hermes__user') }} u on u.user_id = t.user_id\n",
      'models/metrics_staging/stg_metrics__service_management.sql': "select * from {{ ref('service_management') }}\n",
      'models/metrics_staging/stg_metrics__payment.sql': "select event_id, transaction_id, user_id, amount * 100 as amount_pence from {{ ref('fact_transaction') }}\n",
    }));
    expect(names(p)).toContain('Freshservice');
    expect(names(p)).not.toContain('ServiceManagement');
    expect(notes(p)).toMatch(/stg_metrics__service_management → Freshservice \(a staging copy of service_management, which is built from stg_service_data__freshservice alone: its rows again\)/);
    // fact_transaction is built from two staging models: this rule says nothing about a copy of it
    expect(notes(p)).not.toMatch(/stg_metrics__payment[^;]*which is built from/);
  });
});
