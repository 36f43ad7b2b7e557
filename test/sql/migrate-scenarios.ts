// Migration scenarios shared by the engine tests: each is an old and a new model, optional
// rows to insert before migrating, and a check on the rows afterwards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModelText } from '../../src/core/model/load.js';
import type { Model } from '../../src/core/model/types.js';
import { PEER } from '../helpers/shared.js';

export interface Scenario {
  name: string;
  old: Model;
  new: Model;
  /** statement kinds the migration must contain (proves e.g. a rename is not drop + add) */
  expectKinds?: string[];
  forbidKinds?: string[];
  /** some statement must be flagged destructive (a dropped column, a narrowing type) */
  expectDestructive?: boolean;
  seed?: string;
  /** a query after migrating and the rows it must return */
  verify?: { sql: string; rows: Record<string, unknown>[] };
}

export function model(yaml: string, version = '1.0.0'): Model {
  const lm = loadModelText(`model: {name: scenario, version: ${version}}\n${yaml}`, 'scenario.yaml');
  const errors = lm.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length || !lm.model) throw new Error(`scenario model invalid: ${errors.map((e) => `${e.line}: ${e.message}`).join('; ')}`);
  return lm.model;
}

function peer(name: string): Model {
  const lm = loadModelText(readFileSync(join(PEER, 'model-examples/real-scenarios', name), 'utf8'), name);
  if (!lm.model) throw new Error(`cannot load ${name}`);
  return lm.model;
}

const customer = (cols: string) => `entities:
  - name: Customer
    columns:
      - {name: customer_id, data_type: integer, primary_key: true, identity: true}
${cols}`;

/**
 * MySQL serves a foreign key with an index of its table that starts with its columns, and gives
 * it an index of its own only when there is none: an index that starts serving it, stops, or is
 * replaced by another must leave the same catalog as a fresh generate.
 */
function fkIndexScenarios(): Scenario[] {
  const shop = (indexes: string, version: string) => model(customer('      - {name: email, data_type: varchar(100)}\n') + `  - name: Purchase
    columns:
      - {name: purchase_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
      - {name: placed_at, data_type: date}
relationships:
  - {name: purchase_customer, from: Customer.customer_id, to: Purchase.customer_id, cardinality: one_to_many}
${indexes}`, version);
  const seed = 'INSERT INTO customer (customer_id, email) VALUES (1, \'a@x.io\'); INSERT INTO purchase (purchase_id, customer_id) VALUES (10, 1)';
  const verify = { sql: 'SELECT purchase_id, customer_id FROM purchase', rows: [{ purchase_id: 10, customer_id: 1 }] };
  const none = shop('', '1.0.0');
  const byCustomer = shop('indexes:\n  - {name: ix_purchase_customer, entity: Purchase, columns: [customer_id, placed_at]}\n', '1.1.0');
  const byOther = shop('indexes:\n  - {name: ix_purchase_customer_only, entity: Purchase, columns: [customer_id]}\n', '1.2.0');
  return [
    { name: 'an index starts serving a foreign key (data kept)', old: none, new: byCustomer, expectKinds: ['create_index'], expectDestructive: false, seed, verify },
    { name: 'the index serving a foreign key is dropped (data kept)', old: byCustomer, new: shop('', '1.3.0'), expectKinds: ['drop_index'], expectDestructive: false, seed, verify },
    { name: 'the index serving a foreign key is replaced by another (data kept)', old: byCustomer, new: byOther, expectKinds: ['drop_index', 'create_index'], expectDestructive: false, seed, verify },
  ];
}

export const SCENARIOS: Scenario[] = [
  {
    // enums are a string column plus a CHECK of their values, so a value change is a check change
    name: 'an enum gains and loses values (data kept)',
    old: model(customer("      - {name: tier, data_type: tier, nullable: false, default: \"'basic'\"}\n") + 'enums:\n  - {name: tier, values: [basic, gold, legacy]}\n'),
    new: model(customer("      - {name: tier, data_type: tier, nullable: false, default: \"'basic'\"}\n") + 'enums:\n  - {name: tier, values: [basic, gold, platinum]}\n', '2.0.0'),
    seed: "INSERT INTO customer (customer_id, tier) VALUES (1, 'gold')",
    verify: { sql: 'SELECT customer_id, tier FROM customer', rows: [{ customer_id: 1, tier: 'gold' }] },
  },
  {
    // DuckDB refuses ALTERs on a table foreign keys point at; the migration must rebuild both
    name: 'alter columns of a table that a foreign key points at (data kept)',
    old: model(customer('      - {name: email, data_type: varchar(50)}\n') + `  - name: Purchase
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
relationships:
  - {name: purchase_customer, from: Customer.customer_id, to: Purchase.customer_id, cardinality: one_to_many}
`),
    new: model(customer('      - {name: email, data_type: varchar(100), nullable: false}\n') + `  - name: Purchase
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
relationships:
  - {name: purchase_customer, from: Customer.customer_id, to: Purchase.customer_id, cardinality: one_to_many}
`, '1.1.0'),
    expectDestructive: false,
    seed: "INSERT INTO customer (customer_id, email) VALUES (1, 'a@x.io'); INSERT INTO purchase (order_id, customer_id) VALUES (10, 1)",
    verify: { sql: 'SELECT o.order_id, c.email FROM purchase o JOIN customer c ON c.customer_id = o.customer_id', rows: [{ order_id: 10, email: 'a@x.io' }] },
  },
  {
    name: 'add a column at the end and one in the middle',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n')),
    new: model(customer('      - {name: status, data_type: varchar(20), nullable: false, default: "\'active\'"}\n      - {name: email, data_type: varchar(100)}\n      - {name: created_at, data_type: timestamp, default: CURRENT_TIMESTAMP}\n'), '1.1.0'),
    expectKinds: [],
    seed: "INSERT INTO customer (customer_id, email) VALUES (1, 'a@x.io')",
    verify: { sql: 'SELECT customer_id, status, email FROM customer', rows: [{ customer_id: 1, status: 'active', email: 'a@x.io' }] },
  },
  {
    name: 'reorder columns (data kept)',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n      - {name: city, data_type: varchar(50)}\n      - {name: zip, data_type: varchar(10)}\n')),
    new: model(customer('      - {name: zip, data_type: varchar(10)}\n      - {name: email, data_type: varchar(100)}\n      - {name: city, data_type: varchar(50)}\n'), '1.0.1'),
    forbidKinds: ['drop_column', 'add_column'],
    expectDestructive: false,
    seed: "INSERT INTO customer (customer_id, email, city, zip) VALUES (4, 'z@x.io', 'Oslo', 'N-0150')",
    verify: { sql: 'SELECT customer_id, zip, email, city FROM customer', rows: [{ customer_id: 4, zip: 'N-0150', email: 'z@x.io', city: 'Oslo' }] },
  },
  {
    name: 'drop a column',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n      - {name: legacy_code, data_type: varchar(10)}\n')),
    new: model(customer('      - {name: email, data_type: varchar(100)}\n'), '2.0.0'),
    expectKinds: ['drop_column'],
    expectDestructive: true,
  },
  {
    name: 'rename a column via previous_name (data kept)',
    old: model(customer('      - {name: mail, data_type: varchar(100), nullable: false}\n')),
    new: model(customer('      - {name: email, data_type: varchar(100), nullable: false, previous_name: mail}\n'), '1.1.0'),
    expectKinds: ['rename_column'],
    forbidKinds: ['drop_column', 'add_column', 'rebuild_table'],
    expectDestructive: false,
    seed: "INSERT INTO customer (customer_id, mail) VALUES (7, 'k@x.io')",
    verify: { sql: 'SELECT customer_id, email FROM customer', rows: [{ customer_id: 7, email: 'k@x.io' }] },
  },
  {
    name: 'widen types (varchar, decimal, integer → bigint)',
    old: model(customer('      - {name: email, data_type: varchar(50)}\n      - {name: balance, data_type: "decimal(10,2)"}\n      - {name: points, data_type: integer}\n')),
    new: model(customer('      - {name: email, data_type: varchar(200)}\n      - {name: balance, data_type: "decimal(14,4)"}\n      - {name: points, data_type: bigint}\n'), '1.1.0'),
    expectKinds: ['alter_column_type'],
    expectDestructive: false,
    seed: "INSERT INTO customer (customer_id, email, balance, points) VALUES (1, 'a', 12.5, 3)",
    verify: { sql: 'SELECT customer_id, points FROM customer', rows: [{ customer_id: 1, points: 3 }] },
  },
  {
    name: 'change a type across families (text → integer)',
    old: model(customer('      - {name: zip, data_type: varchar(10)}\n')),
    new: model(customer('      - {name: zip, data_type: integer}\n'), '2.0.0'),
    expectKinds: ['alter_column_type'],
    expectDestructive: true,
    seed: "INSERT INTO customer (customer_id, zip) VALUES (1, '12345')",
    verify: { sql: 'SELECT zip FROM customer', rows: [{ zip: 12345 }] },
  },
  {
    name: 'nullability both ways',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n      - {name: phone, data_type: varchar(20), nullable: false}\n')),
    new: model(customer('      - {name: email, data_type: varchar(100), nullable: false}\n      - {name: phone, data_type: varchar(20)}\n'), '2.0.0'),
    expectKinds: ['alter_column_nullability'],
  },
  {
    name: 'defaults added, changed and dropped (literals and expressions)',
    old: model(customer("      - {name: status, data_type: varchar(20), default: \"'open'\"}\n      - {name: tries, data_type: integer}\n      - {name: seen_at, data_type: timestamp, default: CURRENT_TIMESTAMP}\n")),
    new: model(customer("      - {name: status, data_type: varchar(20), default: \"'closed'\"}\n      - {name: tries, data_type: integer, default: 0}\n      - {name: seen_at, data_type: timestamp}\n"), '1.1.0'),
    expectKinds: ['alter_column_default'],
  },
  {
    name: 'add a table with a foreign key to an existing one',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n')),
    new: model(customer('      - {name: email, data_type: varchar(100)}\n') + `  - name: Order
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
      - {name: total, data_type: "decimal(12,2)", nullable: false, default: 0}
relationships:
  - {name: order_customer, from: Customer.customer_id, to: Order.customer_id, cardinality: one_to_many, on_delete: cascade}
`, '1.1.0'),
    expectKinds: ['create_table'],
  },
  {
    name: 'drop a table that a foreign key points at',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n') + `  - name: Order
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer}
  - name: Invoice
    columns:
      - {name: invoice_id, data_type: integer, primary_key: true}
      - {name: order_id, data_type: integer}
relationships:
  - {name: order_customer, from: Customer.customer_id, to: Order.customer_id, cardinality: one_to_many}
  - {name: invoice_order, from: Order.order_id, to: Invoice.order_id, cardinality: one_to_many}
`),
    new: model(customer('      - {name: email, data_type: varchar(100)}\n') + `  - name: Order
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer}
relationships:
  - {name: order_customer, from: Customer.customer_id, to: Order.customer_id, cardinality: one_to_many}
`, '2.0.0'),
    expectKinds: ['drop_table'],
  },
  {
    name: 'drop a parent table whose child stays',
    old: model(`entities:
  - name: Region
    columns:
      - {name: region_id, data_type: integer, primary_key: true}
  - name: Store
    columns:
      - {name: store_id, data_type: integer, primary_key: true}
      - {name: region_id, data_type: integer}
relationships:
  - {name: store_region, from: Region.region_id, to: Store.region_id, cardinality: one_to_many}
`),
    new: model(`entities:
  - name: Store
    columns:
      - {name: store_id, data_type: integer, primary_key: true}
      - {name: region_id, data_type: integer}
`, '2.0.0'),
    expectKinds: ['drop_table'],
    seed: 'INSERT INTO region (region_id) VALUES (1); INSERT INTO store (store_id, region_id) VALUES (10, 1)',
    verify: { sql: 'SELECT store_id, region_id FROM store', rows: [{ store_id: 10, region_id: 1 }] },
  },
  {
    name: 'add and drop indexes (plain, unique, composite)',
    old: model(customer('      - {name: email, data_type: varchar(100)}\n      - {name: city, data_type: varchar(50)}\n      - {name: country, data_type: varchar(2)}\n') +
      'indexes:\n  - {name: ix_customer_city, entity: Customer, columns: [city]}\n'),
    new: model(customer('      - {name: email, data_type: varchar(100)}\n      - {name: city, data_type: varchar(50)}\n      - {name: country, data_type: varchar(2)}\n') +
      'indexes:\n  - {name: ux_customer_email, entity: Customer, columns: [email], unique: true}\n  - {name: ix_customer_country_city, entity: Customer, columns: [country, city]}\n', '1.1.0'),
    expectKinds: ['drop_index', 'create_index'],
  },
  {
    name: 'composite keys: composite primary key and a composite foreign key to it',
    old: model(`entities:
  - name: OrderLine
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: line_no, data_type: integer, primary_key: true}
      - {name: qty, data_type: integer}
`),
    new: model(`entities:
  - name: OrderLine
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: line_no, data_type: integer, primary_key: true}
      - {name: qty, data_type: integer}
  - name: Allocation
    columns:
      - {name: allocation_id, data_type: integer, primary_key: true}
      - {name: order_id, data_type: integer, nullable: false}
      - {name: line_no, data_type: integer, nullable: false}
relationships:
  - name: allocation_line
    from: {entity: OrderLine, columns: [order_id, line_no]}
    to: {entity: Allocation, columns: [order_id, line_no]}
    cardinality: one_to_many
indexes:
  - {name: ix_allocation_line, entity: Allocation, columns: [order_id, line_no]}
`, '1.1.0'),
    expectKinds: ['create_table'],
  },
  {
    name: 'change a primary key and add a unique key and a check',
    old: model(`entities:
  - name: Account
    columns:
      - {name: account_id, data_type: integer, primary_key: true}
      - {name: code, data_type: varchar(20), nullable: false}
      - {name: balance, data_type: "decimal(12,2)"}
`),
    new: model(`entities:
  - name: Account
    columns:
      - {name: account_id, data_type: integer, nullable: false, unique: true}
      - {name: code, data_type: varchar(20), primary_key: true}
      - {name: balance, data_type: "decimal(12,2)", check: "balance >= 0"}
`, '2.0.0'),
  },
  {
    name: 'add and drop foreign keys between existing tables',
    old: model(`entities:
  - name: Team
    columns:
      - {name: team_id, data_type: integer, primary_key: true}
  - name: Person
    columns:
      - {name: person_id, data_type: integer, primary_key: true}
      - {name: team_id, data_type: integer}
      - {name: mentor_id, data_type: integer}
relationships:
  - {name: person_team, from: Team.team_id, to: Person.team_id, cardinality: one_to_many}
`),
    new: model(`entities:
  - name: Team
    columns:
      - {name: team_id, data_type: integer, primary_key: true}
  - name: Person
    columns:
      - {name: person_id, data_type: integer, primary_key: true}
      - {name: team_id, data_type: integer}
      - {name: mentor_id, data_type: integer}
relationships:
  - {name: person_mentor, from: Person.person_id, to: Person.mentor_id, cardinality: one_to_many, on_delete: set_null}
`, '2.0.0'),
    seed: 'INSERT INTO team (team_id) VALUES (1); INSERT INTO person (person_id, team_id) VALUES (5, 1)',
    verify: { sql: 'SELECT person_id, team_id FROM person', rows: [{ person_id: 5, team_id: 1 }] },
  },
  {
    // DuckDB keeps a dropped index's hold on its column until commit, and refuses type changes of
    // a column an index covers: the migration must rebuild the table instead of ALTER TYPE
    name: 'drop an index and change the type of its column; widen columns an index or a check keeps (data kept)',
    old: model(customer('      - {name: email, data_type: varchar(50)}\n      - {name: city, data_type: varchar(20)}\n      - {name: score, data_type: integer, check: "score >= 0"}\n') +
      'indexes:\n  - {name: ix_customer_email, entity: Customer, columns: [email]}\n  - {name: ix_customer_city, entity: Customer, columns: [city]}\n'),
    new: model(customer('      - {name: email, data_type: varchar(100)}\n      - {name: city, data_type: varchar(40)}\n      - {name: score, data_type: bigint, check: "score >= 0"}\n') +
      'indexes:\n  - {name: ix_customer_city, entity: Customer, columns: [city]}\n', '1.1.0'),
    expectDestructive: false,
    seed: "INSERT INTO customer (customer_id, email, city, score) VALUES (1, 'a@x.io', 'Oslo', 7)",
    verify: { sql: 'SELECT customer_id, email, city, score FROM customer', rows: [{ customer_id: 1, email: 'a@x.io', city: 'Oslo', score: 7 }] },
  },
  {
    // the check is the same condition under the column's new name: a rename, never a rebuild
    name: 'rename a column whose check follows the rename (data kept)',
    old: model(customer('      - {name: amount, data_type: "decimal(10,2)", check: "amount >= 0"}\n')),
    new: model(customer('      - {name: total, data_type: "decimal(10,2)", check: "total >= 0", previous_name: amount}\n'), '1.1.0'),
    expectKinds: ['rename_column'],
    forbidKinds: ['rebuild_table', 'drop_column', 'add_column'],
    expectDestructive: false,
    seed: 'INSERT INTO customer (customer_id, amount) VALUES (1, 12.5)',
    verify: { sql: 'SELECT customer_id FROM customer WHERE total = 12.5', rows: [{ customer_id: 1 }] },
  },
  {
    // DuckDB cannot change the type of a column a CHECK covers: it rebuilds; the others alter
    name: 'rename and widen a column whose check follows the rename (data kept)',
    old: model(customer('      - {name: amount, data_type: "decimal(10,2)", check: "amount >= 0"}\n')),
    new: model(customer('      - {name: total, data_type: "decimal(14,2)", check: "total >= 0", previous_name: amount}\n'), '1.1.0'),
    forbidKinds: ['drop_column', 'add_column'],
    expectDestructive: false,
    seed: 'INSERT INTO customer (customer_id, amount) VALUES (1, 12.5)',
    verify: { sql: 'SELECT customer_id FROM customer WHERE total = 12.5', rows: [{ customer_id: 1 }] },
  },
  ...fkIndexScenarios(),
  {
    name: 'rename a table via previous_name (data kept)',
    old: model(`entities:
  - name: Client
    columns:
      - {name: client_id, data_type: integer, primary_key: true}
      - {name: name, data_type: varchar(50)}
`),
    new: model(`entities:
  - name: Customer
    previous_name: Client
    columns:
      - {name: client_id, data_type: integer, primary_key: true}
      - {name: name, data_type: varchar(50)}
`, '2.0.0'),
    expectKinds: ['rename_table'],
    forbidKinds: ['drop_table', 'create_table'],
    seed: "INSERT INTO client (client_id, name) VALUES (3, 'Ada')",
    verify: { sql: 'SELECT client_id, name FROM customer', rows: [{ client_id: 3, name: 'Ada' }] },
  },
];

/** The peer's two real scenario pairs, read from ../shared: call only where hasShared() holds. */
export function peerScenarios(): Scenario[] {
  return [
    {
      name: 'peer pair retail-analytics baseline → change',
      old: peer('retail-analytics-baseline.model.yaml'),
      new: peer('retail-analytics-change.model.yaml'),
      expectKinds: ['create_table'],
      expectDestructive: true,
    },
    {
      name: 'peer pair fintech-risk baseline → change',
      old: peer('fintech-risk-baseline.model.yaml'),
      new: peer('fintech-risk-change.model.yaml'),
      expectKinds: ['create_table'],
      expectDestructive: true,
    },
  ];
}
