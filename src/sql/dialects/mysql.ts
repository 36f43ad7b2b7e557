// MySQL and MariaDB: backticks, inline COMMENT, MODIFY COLUMN with the full definition for any
// column change, DROP FOREIGN KEY / DROP INDEX spellings, no transactional DDL.
import type { PhysColumn, PhysConstraint, PhysCheck, PhysForeignKey, PhysIndex, PhysTable } from '../physical.js';
import { Dialect, type ColumnChange, type DialectCaps, type DialectTraits, type Statement } from './base.js';
import { BASE_TYPES, sized, withFraction, withPrecision, type TypeTable } from './type-table.js';

const RESERVED = new Set(`accessible add analyze before bigint binary blob call cascade change char character condition continue
convert cursor database databases dec decimal declare delayed describe deterministic div double dual each elseif enclosed escaped
exit explain float float4 float8 force fulltext generated get high_priority hour_minute if ignore infile inout int int1 int2 int3
int4 int8 integer interval iterate keys kill lead leave linear lines load localtime localtimestamp lock long longblob longtext loop
low_priority match maxvalue mediumblob mediumint mediumtext middleint mod modifies numeric optimize option optionally out outfile
over partition precision procedure purge range rank read reads real regexp release rename repeat replace require resignal restrict
return revoke rlike row rows schema schemas separator set show signal smallint spatial specific sql sqlexception sqlstate sqlwarning
ssl starting stored straight_join terminated tinyblob tinyint tinytext trigger undo unlock unsigned usage utc_date utc_time
utc_timestamp varbinary varchar varcharacter varying virtual while write xor year_month zerofill`.split(/\s+/));

export class MySqlDialect extends Dialect {
  readonly name = 'mysql';
  override readonly aliases = ['mariadb'];
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: true, indexes: true, uniqueConstraints: true, checkConstraints: true, transactionalDdl: false, columnOrder: 'position', foreignKeyIndex: true, primaryKeyNames: false };
  readonly traits: DialectTraits = {
    lex: { hashComments: true, backslashEscapes: true, doubleQuotedStrings: true }, decimalDefault: [10, 0], textLength: 65535,
    parser: { kind: 'sqlparser-rs', dialect: 'mysql' }, nodeSqlParser: 'mysql', catalogPlatform: 'mysql', dbtAdapters: { mysql: 'mysql' },
    detect: { order: 5, words: ['auto_increment', 'unsigned', 'mediumtext', 'longtext', 'charset'], fallbackMark: 'backticks' },
  };
  override readonly aliasTraits = { mariadb: { nodeSqlParser: 'mariadb', catalogPlatform: 'mariadb' } };
  protected override reserved = RESERVED;
  protected override quoteOpen = '`';
  protected override quoteClose = '`';
  protected override foldsToLower = false;
  protected override nativeNow = new Set(['NOW()', 'CURRENT_TIMESTAMP()', 'SYSDATE()']);

  protected override types: TypeTable = {
    // VARCHAR(255) rather than TEXT so keys and indexes work without prefix lengths
    ...BASE_TYPES, string: sized('VARCHAR', 'VARCHAR(255)'), char: sized('CHAR', 'CHAR(1)'), tinyint: 'TINYINT', integer: 'INT',
    decimal: withPrecision('DECIMAL'), float: 'DOUBLE', real: 'FLOAT', timestamp: withFraction('DATETIME'), timestamptz: withFraction('TIMESTAMP'),
    json: 'JSON', uuid: 'CHAR(36)', binary: sized('VARBINARY', 'BLOB'),
  };

  override columnDef(t: PhysTable, c: PhysColumn): string {
    const parts = [this.quoteIdent(c.name), this.renderType(c.type)];
    parts.push(c.nullable ? 'NULL' : 'NOT NULL');
    const d = c.identity ? undefined : this.renderDefault(c.default, c.type);
    if (d !== undefined) parts.push(`DEFAULT ${d}`);
    if (c.identity) parts.push('AUTO_INCREMENT');
    if (c.description) parts.push(`COMMENT ${this.stringLiteral(c.description)}`);
    void t;
    return parts.join(' ');
  }

  override stringLiteral(s: string): string {
    return `'${s.split('\\').join('\\\\').split("'").join("''")}'`;
  }

  protected override tableSuffix(t: PhysTable): string {
    return t.description ? ` COMMENT=${this.stringLiteral(t.description)}` : '';
  }

  override commentStatements(_t: PhysTable): Statement[] {
    return []; // descriptions are inline COMMENT clauses
  }

  override columnComment(): Statement {
    throw new Error('MySQL column comments are part of MODIFY COLUMN');
  }

  override primaryKeyClause(pk: PhysConstraint): string {
    return `PRIMARY KEY (${this.cols(pk.columns)})`; // MySQL always names it PRIMARY
  }

  // InnoDB needs an index on foreign-key columns and silently creates one when none exists; an
  // implicit index outlives its constraint. Creating it explicitly (named like the constraint)
  // keeps generate and migrate on the same catalog — unless an index or key of the table already
  // starts with those columns, which InnoDB uses instead (a second one would only cost writes).
  override addForeignKey(t: PhysTable, fk: PhysForeignKey, ref: PhysTable, indexed = false): Statement[] {
    return [
      ...(indexed ? [] : [{ sql: `CREATE INDEX ${this.quoteIdent(fk.name)} ON ${this.qualified(t)} (${this.cols(fk.columns)})`, kind: 'add_foreign_key' }]),
      ...super.addForeignKey(t, fk, ref),
    ];
  }

  override dropForeignKey(t: PhysTable, fk: PhysForeignKey, indexed = false): Statement[] {
    return [
      { sql: `ALTER TABLE ${this.qualified(t)} DROP FOREIGN KEY ${this.quoteIdent(fk.name)}`, kind: 'drop_foreign_key' },
      ...(indexed ? [] : [{ sql: `DROP INDEX ${this.quoteIdent(fk.name)} ON ${this.qualified(t)}`, kind: 'drop_foreign_key' }]),
    ];
  }

  override dropIndex(t: PhysTable, ix: PhysIndex): Statement[] {
    return [{ sql: `DROP INDEX ${this.quoteIdent(ix.name)} ON ${this.qualified(t)}`, kind: 'drop_index' }];
  }

  override dropConstraint(t: PhysTable, kind: 'primary_key' | 'unique' | 'check', c: PhysConstraint | PhysCheck): Statement[] {
    const q = `ALTER TABLE ${this.qualified(t)}`;
    if (kind === 'primary_key') return [{ sql: `${q} DROP PRIMARY KEY`, kind: 'drop_constraint' }];
    if (kind === 'unique') return [{ sql: `${q} DROP INDEX ${this.quoteIdent(c.name)}`, kind: 'drop_constraint' }];
    return [{ sql: `${q} DROP CONSTRAINT ${this.quoteIdent(c.name)}`, kind: 'drop_constraint' }];
  }

  /**
   * In MySQL and MariaDB a schema is a database (`CREATE SCHEMA` is a synonym of `CREATE
   * DATABASE`): `shop.orders` is the table orders of the database shop, so that database is
   * created when missing, with the server's default character set.
   */
  override createSchema(t: Pick<PhysTable, 'schema' | 'database'>): Statement[] {
    if (!t.schema) return [];
    return [{ sql: `CREATE DATABASE IF NOT EXISTS ${this.quoteIdent(t.schema)}`, kind: 'create_schema' }];
  }

  override renameTable(old: PhysTable, t: PhysTable): Statement[] {
    return [{ sql: `RENAME TABLE ${this.qualified(old)} TO ${this.qualified(t)}`, kind: 'rename_table' }];
  }

  /**
   * MariaDB gives a JSON column a CHECK (json_valid) named after the column; RENAME COLUMN keeps
   * the old name on it, CHANGE COLUMN renames it with the column (as a fresh CREATE names it).
   */
  override renameColumn(t: PhysTable, from: string, to: string): Statement[] {
    const c = t.columns.find((x) => x.name === to);
    if (!c || this.renderType(c.type) !== 'JSON') return super.renameColumn(t, from, to);
    return [{ sql: `ALTER TABLE ${this.qualified(t)} CHANGE COLUMN ${this.quoteIdent(from)} ${this.columnDef(t, c)}`, kind: 'rename_column' }];
  }

  override addColumn(t: PhysTable, c: PhysColumn): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD COLUMN ${this.columnDef(t, c)}${this.position(t, c)}`, kind: 'add_column' }];
  }

  /** MySQL can place a new column where the model has it, keeping the catalog order. */
  private position(t: PhysTable, c: PhysColumn): string {
    const i = t.columns.findIndex((x) => x.name === c.name);
    return i === 0 ? ' FIRST' : i > 0 ? ` AFTER ${this.quoteIdent(t.columns[i - 1].name)}` : '';
  }

  /** MODIFY … FIRST/AFTER for each kept column, in the model's order. */
  override reorderColumns(t: PhysTable, kept: string[]): Statement[] {
    const keep = new Set(kept);
    return t.columns.filter((c) => keep.has(c.name)).map((c) => ({
      sql: `ALTER TABLE ${this.qualified(t)} MODIFY COLUMN ${this.columnDef(t, c)}${this.position(t, c)}`, kind: 'reorder_column',
    }));
  }

  override alterColumn(t: PhysTable, _old: PhysColumn, c: PhysColumn, ch: ColumnChange): Statement[] {
    const kind = ch.type ? 'alter_column_type' : ch.nullable ? 'alter_column_nullability' : 'alter_column_default';
    return [{ sql: `ALTER TABLE ${this.qualified(t)} MODIFY COLUMN ${this.columnDef(t, c)}`, kind }];
  }
}
