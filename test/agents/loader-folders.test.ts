// The Conceptualizer on a warehouse loaded by one tool into one folder per system (issue 23, fifth blind
// round: staging/airbyte_source/<system>/stg_airbyte_source__<system>_<table>): the loader's prefix is no
// system, its bookkeeping columns are nobody's identity, one table split per state is one entity, an
// archived copy is its table's, and an analytics API's daily figures and a connector's settings are not
// entities. Each project is written to exercise one class and read by the real project reader.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { parseModelName } from '../../src/agents/naming.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { names, refs, writeProject } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const run = (files: Record<string, string>) => conceptualize(loadProject(writeProject(files)));
const LOADER = '_airbyte_raw_id, _airbyte_extracted_at, _airbyte_meta';
const src = (table: string, select: string) => `select ${LOADER}, ${select} from {{ source('airbyte_source', '${table}') }}\n`;
const loaderYaml = (models: string[]) => `version: 2\nmodels:\n${models.map((m) => `  - name: ${m}\n    columns:\n      - name: _airbyte_raw_id\n        data_tests: [unique, not_null]\n`).join('')}`;

describe('a loader folder holding one folder per system', () => {
  it('parses the system from the inner folder, without its storage words, and drops them from the noun', () => {
    const folders = ['airbyte_source', 'gp_api_db'];
    expect(parseModelName('stg_airbyte_source__gp_api_db_campaign', [], { folder: 'airbyte_source', folders })).toMatchObject({ source: 'gp', tokens: ['campaign'] });
    expect(parseModelName('stg_airbyte_source__ballotready_s3_candidacies_v3', [], { folder: 'airbyte_source', folders: ['airbyte_source', 'ballotready_s3'] }))
      .toMatchObject({ source: 'ballotready', tokens: ['candidacy'] });
    // a folder whose name is misspelt still names the system by its first word; gdrive is storage
    expect(parseModelName('stg_airbyte_source__techspeed_gdrive_candidates', [], { folder: 'airbyte_source', folders: ['airbyte_source', 'techspeed_grive'] }))
      .toMatchObject({ source: 'techspeed', tokens: ['candidate'] });
    // the usual layout is untouched: staging/stripe/stg_stripe__charges
    expect(parseModelName('stg_stripe__charges', [], { folder: 'stripe', folders: ['stripe'] })).toMatchObject({ source: 'stripe', tokens: ['charge'] });
  });

  it('names the entities by their nouns and draws the declared and inferred keys between them', () => {
    const p = run({
      'models/staging/airbyte_source/gp_api_db/stg_airbyte_source__gp_api_db_user.sql': src('gp_api_db_user', 'id, email'),
      'models/staging/airbyte_source/gp_api_db/stg_airbyte_source__gp_api_db_campaign.sql': src('gp_api_db_campaign', 'id, slug, user_id'),
      'models/staging/airbyte_source/gp_api_db/_gp.yml': `version: 2
models:
  - name: stg_airbyte_source__gp_api_db_campaign
    columns:
      - name: id
        data_tests: [unique]
      - name: user_id
        data_tests:
          - relationships: { to: ref('stg_airbyte_source__gp_api_db_user'), field: id }
`,
      'models/staging/airbyte_source/hubspot_api/stg_airbyte_source__hubspot_api_deals.sql': src('hubspot_api_deals', 'id, dealname, amount'),
    });
    expect(names(p)).toEqual(['Campaign', 'Deal', 'User']);
    expect(refs(p)).toEqual(['User>Campaign.user_id']);
  });
});

describe('a loader\'s bookkeeping columns', () => {
  it('are no model\'s key and no evidence that two models hold the same rows', () => {
    // both document only the loader's unique row id; their own columns differ
    const p = run({
      'models/staging/stripe/stg_stripe__transactions.sql': src('stripe_transactions', 'id, card, cardholder, amount, balance_transaction_id'),
      'models/staging/stripe/stg_stripe__balance_transactions.sql': src('stripe_balance_transactions', 'id, fee, net, amount, reporting_category'),
      'models/staging/stripe/_stripe.yml': loaderYaml(['stg_stripe__transactions', 'stg_stripe__balance_transactions']),
    });
    expect(names(p)).toEqual(['BalanceTransaction', 'Transaction']);
    expect(refs(p)).toEqual(['BalanceTransaction>Transaction.balance_transaction_id']);
  });

  it('are no key of the thing: an API\'s bare reference (charge.invoice) points at the invoice\'s own id', () => {
    // the invoices' YAML tests only the loader's row id as unique; the thing's identity is its API id
    const p = run({
      'models/staging/stripe/stg_stripe__invoices.sql': src('stripe_invoices', 'id, number, total, customer'),
      'models/staging/stripe/stg_stripe__customers.sql': src('stripe_customers', 'id, email'),
      'models/staging/stripe/stg_stripe__charges.sql': src('stripe_charges', 'id, amount, invoice'),
      'models/staging/stripe/_stripe.yml': loaderYaml(['stg_stripe__invoices', 'stg_stripe__customers']),
    });
    expect(refs(p)).toEqual(['Customer>Invoice.customer', 'Invoice>Charge.invoice']);
    expect(p.relationships.map((r) => [r.from_column, r.to_column].sort().join('|')).sort()).toEqual(['customer|id', 'id|invoice']);
  });
});

describe('one table split per state', () => {
  it('is one entity, and its per-state data dictionaries are left out', () => {
    const files: Record<string, string> = {};
    for (const state of ['ak', 'al', 'ar', 'az', 'ca', 'co']) {
      files[`models/staging/l2_s3/stg_l2_s3__${state}_uniform.sql`] = `select voter_id, first_name, last_name from {{ source('l2', '${state}_uniform') }}\n`;
      files[`models/staging/l2_s3/stg_l2_s3__${state}_uniform_data_dictionary.sql`] = `select field_name, field_value, description from {{ source('l2', '${state}_uniform_dd') }}\n`;
    }
    const p = run(files);
    expect(p.entities.map((e) => e.name)).toContain('Uniform');
    expect(p.entities.find((e) => e.name === 'Uniform')!.sources).toHaveLength(6);
    expect(p.entities.some((e) => /^(?:Ak|Al|Ca)/.test(e.name))).toBe(false);
  });

  it('needs five codes: two regional tables are two things', () => {
    const p = run({
      'models/staging/shop/stg_shop__eu_orders.sql': "select id, amount from {{ source('shop', 'eu_orders') }}\n",
      'models/staging/shop/stg_shop__us_orders.sql': "select id, amount from {{ source('shop', 'us_orders') }}\n",
    });
    expect(names(p)).toEqual(['EuOrder', 'UsOrder']);
  });
});

describe('tables a modeler leaves out', () => {
  it('an archived copy beside its table belongs to that table\'s entity', () => {
    const p = run({
      'models/staging/hubspot/stg_hubspot__owners.sql': "select id, email, first_name from {{ source('hubspot', 'owners') }}\n",
      'models/staging/hubspot/stg_hubspot__owners_archived.sql': "select id, email, first_name from {{ source('hubspot', 'owners_archived') }}\n",
    });
    expect(names(p)).toEqual(['Owner']);
    expect(p.entities[0].sources).toEqual(['stg_hubspot__owners', 'stg_hubspot__owners_archived']);
  });

  it('a day and a value with no key of any kind is a figure per day; a credential beside its sync state is a connector\'s settings', () => {
    const p = run({
      'models/staging/amplitude/stg_amplitude__active_users.sql': src('amplitude_active_users', 'date, statistics'),
      'models/staging/amplitude/stg_amplitude__cohorts.sql': src('amplitude_cohorts', 'id, name, size'),
      'models/staging/app/stg_app__campaigns.sql': "select id, name from {{ source('app', 'campaigns') }}\n",
      'models/staging/app/stg_app__canvassing_accounts.sql': "select id, api_key, last_sync, error, campaign_id from {{ source('app', 'canvassing_accounts') }}\n",
      'models/staging/app/stg_app__users.sql': "select id, email, password, last_login from {{ source('app', 'users') }}\n",
    });
    // (a user's password beside no sync state keeps the user an entity)
    expect(names(p)).toEqual(['Campaign', 'Cohort', 'User']);
    const notes = p.notes.join('\n');
    expect(notes).toMatch(/stg_amplitude__active_users \(no key of any kind: statistics per date\)/);
    expect(notes).toMatch(/stg_app__canvassing_accounts \(a connector's settings \(api_key, last_sync\)\)/);
  });

  it('a matching model\'s output (an LLM\'s best match and its confidence) is no entity', () => {
    const p = run({
      'models/staging/app/stg_app__candidacies.sql': "select id, full_name, office from {{ source('app', 'candidacies') }}\n",
      'models/staging/predictions/stg_predictions__candidacy_result_matches.sql':
        "select gp_candidacy_id, result_id, embedding_text, llm_best_match, llm_confidence, llm_reasoning from {{ source('predictions', 'candidacy_result_matches') }}\n",
      'models/staging/predictions/stg_predictions__turnout.sql': "select id, district, ballots_projected, confidence from {{ source('predictions', 'turnout') }}\n",
    });
    // (a confidence alone, with no embedding or LLM answer beside it, says nothing of how the rows were made)
    expect(names(p)).toEqual(['Candidacy', 'Turnout']);
    expect(p.notes.join('\n')).toMatch(/stg_predictions__candidacy_result_matches \(a matching model's output \(embedding_text, llm_best_match, llm_confidence\)\)/);
  });
});
