// The Conceptualizer, issue 23's twenty-fourth blind round: classes of error read off a public payment network's ledger
// warehouse (stellar/stellar-dbt-public: ledgers, transactions, operations, effects, trades, accounts, trust lines, offers,
// liquidity pools and assets, Soroban contract data and code, token transfers). Each project is written in that shape and
// read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { parseModelName } from '../../src/agents/naming.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (table: string, columns: string) => `select ${columns} from {{ source('ledger', '${table}') }}\n`;
const unique = (...pairs: [string, string][]) => `version: 2\nmodels:\n${pairs.map(([m, c]) => `  - name: ${m}\n    columns:\n      - name: ${c}\n        data_tests: [unique, not_null]\n`).join('')}`;

describe('a key named for a role beside copies of the thing\'s own columns (selling_asset_id, selling_asset_type)', () => {
  const ledger = {
    'models/staging/_sources.yml': sourcesYaml(sources('ledger', 'assets', 'accounts', 'offers', 'comments')),
    'models/staging/stg_assets.sql': select('assets', 'asset_id, asset_type, asset_code, asset_issuer'),
    'models/staging/stg_accounts.sql': select('accounts', 'account_id, balance, home_domain'),
    'models/staging/stg_offers.sql': select('offers', 'offer_id, seller_id, selling_asset_id, selling_asset_type, selling_asset_code, buying_asset_id, buying_asset_type, buying_asset_code, amount, price'),
    'models/staging/stg_comments.sql': select('comments', 'comment_id, body, target_account_id, target_account_type'),
    'models/staging/_models.yml': unique(['stg_accounts', 'account_id'], ['stg_offers', 'offer_id'], ['stg_comments', 'comment_id']),
    'models/staging/_assets.yml': 'version: 2\nmodels:\n  - name: stg_assets\n    columns:\n      - name: asset_id\n        data_tests: [unique, not_null]\n      - name: asset_type\n      - name: asset_code\n',
  };

  it('points at the thing when the thing itself carries that type (the assets hold asset_type): the sibling is a copy, not a discriminator', () => {
    expect(refs(run(ledger))).toEqual(expect.arrayContaining(['Asset>Offer.selling_asset_id', 'Asset>Offer.buying_asset_id']));
  });

  it('still reads a type beside a key as naming the table when the thing has no such type of its own (target_account_type)', () => {
    expect(refs(run(ledger))).not.toContain('Account>Comment.target_account_id');
  });
});

describe('a column named for a thing and then the column that thing is keyed by (ledger_sequence)', () => {
  const ledger = {
    'models/staging/_sources.yml': sourcesYaml(sources('ledger', 'history_ledgers', 'transactions', 'offers')),
    'models/staging/stg_history_ledgers.sql': select('history_ledgers', 'sequence, ledger_hash, closed_at, transaction_count'),
    'models/staging/stg_transactions.sql': select('transactions', 'transaction_id, ledger_sequence, fee_charged'),
    'models/staging/stg_offers.sql': select('offers', 'offer_id, ledger_hash, amount'),
    'models/staging/_models.yml': unique(['stg_history_ledgers', 'sequence'], ['stg_transactions', 'transaction_id'], ['stg_offers', 'offer_id']),
  };

  it('holds that thing\'s key (ledger_sequence where the ledgers are unique on sequence)', () => {
    expect(refs(run(ledger))).toContain('HistoryLedger>Transaction.ledger_sequence');
  });

  it('is a value when the thing is keyed otherwise (ledger_hash)', () => {
    expect(refs(run(ledger))).toEqual(['HistoryLedger>Transaction.ledger_sequence']);
  });
});

describe('a project\'s own variant of the unique test (incremental_unique)', () => {
  it('declares the column the row\'s key as dbt\'s unique does, so keys named after it are read', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('ledger', 'history_ledgers', 'transactions')),
      'models/staging/stg_history_ledgers.sql': select('history_ledgers', 'sequence, ledger_hash, closed_at'),
      'models/staging/stg_transactions.sql': select('transactions', 'transaction_id, ledger_sequence, fee_charged'),
      'models/staging/_models.yml': `version: 2\nmodels:\n${['stg_history_ledgers:sequence', 'stg_transactions:transaction_id'].map((x) => x.split(':'))
        .map(([m, c]) => `  - name: ${m}\n    columns:\n      - name: ${c}\n        data_tests:\n          - incremental_unique:\n              date_column_name: closed_at\n`).join('')}`,
      'tests/generic/incremental_unique.sql': '{% test incremental_unique(model, column_name, date_column_name) %}\nselect {{ column_name }} from {{ model }} group by 1 having count(*) > 1\n{% endtest %}\n',
    });
    expect(refs(p)).toEqual(['HistoryLedger>Transaction.ledger_sequence']);
  });
});

describe('a table named with _raw (token_transfers_raw)', () => {
  it('is named for what its rows are, the storage word left out', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('ledger', 'token_transfers_raw', 'accounts')),
      'models/staging/stg_token_transfers_raw.sql': select('token_transfers_raw', 'transfer_id, account_id, amount, closed_at'),
      'models/staging/stg_accounts.sql': select('accounts', 'account_id, balance'),
      'models/staging/_models.yml': unique(['stg_token_transfers_raw', 'transfer_id'], ['stg_accounts', 'account_id']),
    });
    expect(names(p)).toEqual(['Account', 'TokenTransfer']);
  });

  it('keeps the word beside other models of the same noun (station_raw beside station_meta and station_status: a station\'s raw samples)', () => {
    const siblings = new Set(['stg_pems__station_raw', 'stg_pems__station_meta', 'stg_pems__station_status']);
    expect(parseModelName('stg_pems__station_raw', ['pems'], { siblings }).tokens).toEqual(['station', 'raw']);
    expect(parseModelName('stg_ledger__token_transfers_raw', ['ledger'], { siblings: new Set(['stg_ledger__token_transfers_raw', 'stg_ledger__accounts']) }).tokens)
      .toEqual(['token', 'transfer']);
  });
});

describe('a column a description names by a thing\'s address (sponsor: "The account address of the sponsor")', () => {
  const col = (name: string, description: string) => `      - name: ${name}\n        description: "${description}"\n`;
  const ledger = {
    'models/staging/_sources.yml': sourcesYaml(sources('ledger', 'accounts', 'assets', 'offers', 'customers', 'orders')),
    'models/staging/stg_accounts.sql': select('accounts', 'account_id, balance, home_domain'),
    'models/staging/stg_assets.sql': select('assets', 'asset_id, asset_code, asset_issuer'),
    'models/staging/stg_offers.sql': select('offers', 'offer_id, sponsor, selling_account_address, selling_asset_issuer, amount'),
    'models/staging/stg_customers.sql': select('customers', 'customer_id, name, address, city'),
    'models/staging/stg_orders.sql': select('orders', 'order_id, ship_to, amount'),
    'models/staging/_models.yml': `version: 2\nmodels:\n  - name: stg_accounts\n    columns:\n      - name: account_id\n        data_tests: [unique, not_null]\n`
      + `  - name: stg_assets\n    columns:\n      - name: asset_id\n        data_tests: [unique, not_null]\n${col('asset_code', 'The asset code')}${col('asset_issuer', 'The account address of the issuer')}`
      + `  - name: stg_offers\n    columns:\n      - name: offer_id\n        data_tests: [unique, not_null]\n${col('sponsor', 'The account address of the sponsor paying the reserves')}`
      + `${col('selling_account_address', 'The account address of the selling party')}${col('selling_asset_issuer', 'The account address of the issuer of the asset sold')}`
      + `  - name: stg_customers\n    columns:\n      - name: customer_id\n        data_tests: [unique, not_null]\n${col('address', 'Street address')}`
      + `  - name: stg_orders\n    columns:\n      - name: order_id\n        data_tests: [unique, not_null]\n${col('ship_to', 'The customer address the order ships to')}`,
  };

  it('holds that thing\'s key where the thing keeps no address of its own (a ledger\'s accounts are their addresses)', () => {
    expect(refs(run(ledger))).toEqual(expect.arrayContaining(['Account>Offer.sponsor', 'Account>Offer.selling_account_address']));
  });

  it('is a copy of another thing\'s column when it names that thing (selling_asset_issuer: the asset\'s issuer), and a value where the thing has an address (customers)', () => {
    const drawn = refs(run(ledger));
    expect(drawn).not.toContain('Account>Offer.selling_asset_issuer');
    expect(drawn).not.toContain('Customer>Order.ship_to');
  });
});

describe('a key whose thing is keyed by the noun cut short (operations keyed op_id)', () => {
  it('points at the thing (an effect\'s operation_id is the operations\' op_id)', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('ledger', 'history_operations', 'history_effects')),
      'models/staging/stg_history_operations.sql': select('history_operations', 'id as op_id, transaction_id, type'),
      'models/staging/stg_history_effects.sql': select('history_effects', 'id, operation_id, address, type'),
      'models/staging/_models.yml': unique(['stg_history_operations', 'op_id'], ['stg_history_effects', 'id']),
    });
    expect(refs(p)).toContain('HistoryOperation>HistoryEffect.operation_id');
  });
});
