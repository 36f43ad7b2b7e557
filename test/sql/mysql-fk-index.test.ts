// MySQL/MariaDB need an index on foreign-key columns; generate sql declares one only where no
// index or key of the table already starts with those columns, so a round trip import → generate
// → import never adds a second index on a foreign-key column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSql } from '../../src/sql/generate.js';
import { importSql } from '../../src/sql/import/index.js';
import { ENGINES, type Engine } from './engines.js';

// as mysqldump writes it: InnoDB's index for the foreign key appears as a KEY named after the column
const DUMP = `
CREATE TABLE customer (id int NOT NULL, PRIMARY KEY (id));
CREATE TABLE orders (
  id int NOT NULL,
  customer_id int NOT NULL,
  PRIMARY KEY (id),
  KEY customer_id (customer_id),
  CONSTRAINT orders_ibfk_1 FOREIGN KEY (customer_id) REFERENCES customer (id)
);
CREATE TABLE order_line (
  order_id int NOT NULL,
  line_no int NOT NULL,
  note_id int DEFAULT NULL,
  PRIMARY KEY (order_id, line_no),
  CONSTRAINT fk_line_order FOREIGN KEY (order_id) REFERENCES orders (id),
  CONSTRAINT fk_line_note FOREIGN KEY (note_id) REFERENCES customer (id)
);
`;

describe('MySQL round trip keeps one index per foreign key', () => {
  let engine: Engine;
  beforeAll(async () => { engine = await ENGINES.mariadb(); });
  afterAll(async () => { await engine?.close(); });

  const indexes = async () => (await engine.catalog()).tables;

  it('import → generate → run → import: the same indexes each time, none doubled', async () => {
    const first = await importSql(DUMP, 'dump.sql', { dialect: 'mysql', modelName: 'shop' });
    expect(first.unmodeled).toEqual([]);
    const sql = generateSql(first.model!, 'mysql');
    await engine.reset();
    await engine.exec(sql);
    const t = await indexes();
    // orders: the KEY from the dump serves the foreign key; order_line: the primary key serves
    // fk_line_order, note_id gets the index InnoDB would have made
    expect([...t.orders.indexes].sort()).toEqual(['PRIMARY: unique (id)', 'customer_id: (customer_id)'].sort());
    expect([...t.order_line.indexes].sort()).toEqual(['PRIMARY: unique (order_id,line_no)', 'fk_line_note: (note_id)'].sort());
    expect(t.orders.foreignKeys).toHaveLength(1);
    expect(t.order_line.foreignKeys).toHaveLength(2);

    const again = await importSql(sql, 'generated.sql', { dialect: 'mysql', modelName: 'shop' });
    expect(again.unmodeled).toEqual([]);
    expect(again.model!.indexes).toEqual(first.model!.indexes);
    expect(generateSql(again.model!, 'mysql').split('\n').slice(3)).toEqual(sql.split('\n').slice(3));
  });
});
