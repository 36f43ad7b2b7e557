// BigQuery (GoogleSQL): `backticks`, dataset-qualified names, primary and foreign keys only as
// NOT ENFORCED, no UNIQUE/CHECK/secondary indexes, descriptions as OPTIONS(description=…).
import type { PhysColumn, PhysConstraint, PhysForeignKey, PhysTable } from '../physical.js';
import { precisionArgs } from '../types.js';
import { Dialect, note, type ColumnChange, type DialectCaps, type DialectTraits, type Statement } from './base.js';
import { BASE_TYPES, type TypeTable } from './type-table.js';

export class BigQueryDialect extends Dialect {
  readonly name = 'bigquery';
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: false, indexes: false, uniqueConstraints: false, checkConstraints: false, transactionalDdl: false };
  readonly traits: DialectTraits = {
    lex: { hashComments: true, backslashEscapes: true, doubleQuotedStrings: true }, decimalDefault: [38, 9],
    parser: { kind: 'sqlparser-rs', dialect: 'bigquery' }, nodeSqlParser: 'bigquery', catalogPlatform: 'bigquery', dbtAdapters: { bigquery: 'bigquery' }, dbtUnknownAdapterParse: { dialect: 'bigquery', order: 1 }, dbtQuote: '`',
    detect: { order: 2, words: ['int64', 'float64', 'bignumeric'] },
    // DATE_TRUNC(d, MONTH), DATE_DIFF(a, b, DAY), LAST_DAY(d, WEEK): the part is a bare word
    dbtMacroSql: { bigquery: {
      date_trunc: 'timestamp_trunc(cast({date} as timestamp), {datepart})',
      dateadd: 'datetime_add(cast({from_date_or_timestamp} as datetime), interval {interval} {datepart})',
      datediff: 'datetime_diff(cast({second_date} as datetime), cast({first_date} as datetime), {datepart})',
      safe_cast: 'safe_cast({field} as {type})', hash: 'to_hex(md5(cast({field} as {type_string})))',
    } },
    dbtDatePartArgs: { bigquery: {
      date_trunc: [1], datetime_trunc: [1], timestamp_trunc: [1], time_trunc: [1], date_diff: [2], datetime_diff: [2], timestamp_diff: [2], time_diff: [2], last_day: [1],
    } },
  };
  protected override quoteOpen = '`';
  protected override quoteClose = '`';
  protected override foldsToLower = false;
  protected override nativeNow = new Set(['CURRENT_TIMESTAMP()']);
  protected override reserved = new Set(['assert_rows_modified', 'contains', 'define', 'enum', 'escape', 'exclude', 'following', 'groups', 'hash', 'ignore', 'interval', 'lateral', 'lookup', 'merge', 'new', 'no', 'nulls', 'of', 'over', 'partition', 'preceding', 'proto', 'qualify', 'range', 'recursive', 'respect', 'rollup', 'rows', 'set', 'struct', 'tablesample', 'treat', 'unbounded', 'within']);

  protected override types: TypeTable = {
    ...BASE_TYPES, string: 'STRING', text: 'STRING', char: 'STRING', tinyint: 'INT64', smallint: 'INT64', integer: 'INT64', bigint: 'INT64',
    // NUMERIC holds precision ≤ 38 with scale ≤ 9; anything larger needs BIGNUMERIC
    decimal: (t) => (Number(t.args[0] ?? 0) > 38 || Number(t.args[1] ?? 0) > 9 ? 'BIGNUMERIC' : 'NUMERIC') + precisionArgs(t),
    float: 'FLOAT64', real: 'FLOAT64', boolean: 'BOOL', timestamp: 'DATETIME', timestamptz: 'TIMESTAMP', json: 'JSON', uuid: 'STRING', binary: 'BYTES',
  };

  override stringLiteral(s: string): string {
    return `'${s.split('\\').join('\\\\').split("'").join("\\'")}'`;
  }

  override columnDef(t: PhysTable, c: PhysColumn): string {
    let s = super.columnDef(t, c);
    if (c.description) s += ` OPTIONS(description=${this.stringLiteral(c.description)})`;
    return s;
  }

  override primaryKeyClause(pk: PhysConstraint): string {
    return `PRIMARY KEY (${this.cols(pk.columns)}) NOT ENFORCED`;
  }

  override foreignKeyClause(fk: PhysForeignKey, ref: PhysTable): string {
    return `CONSTRAINT ${this.quoteIdent(fk.name)} FOREIGN KEY (${this.cols(fk.columns)}) REFERENCES ${this.qualified(ref)} (${this.cols(fk.refColumns)}) NOT ENFORCED`;
  }

  protected override tableSuffix(t: PhysTable): string {
    return t.description ? `\nOPTIONS(description=${this.stringLiteral(t.description)})` : '';
  }

  override commentStatements(_t: PhysTable): Statement[] {
    return [];
  }

  /** BigQuery renames within a dataset only. */
  override renameTable(old: PhysTable, t: PhysTable): Statement[] {
    const out: Statement[] = [];
    if ((old.schema ?? '') !== (t.schema ?? '') || (old.database ?? '') !== (t.database ?? '')) {
      out.push(note(`BigQuery cannot move a table to another dataset: copy ${this.qualified(old)} to ${this.qualified(t)} (CREATE TABLE … COPY) and drop the old one`));
    }
    if (old.name !== t.name) out.push({ sql: `ALTER TABLE ${this.qualified(old)} RENAME TO ${this.quoteIdent(t.name)}`, kind: 'rename_table' });
    return out;
  }

  override dropConstraint(t: PhysTable, kind: 'primary_key' | 'unique' | 'check', c: PhysConstraint): Statement[] {
    if (kind !== 'primary_key') return [];
    void c;
    return [{ sql: `ALTER TABLE ${this.qualified(t)} DROP PRIMARY KEY`, kind: 'drop_constraint' }];
  }

  override addConstraint(t: PhysTable, kind: 'primary_key' | 'unique' | 'check', c: any): Statement[] {
    if (kind === 'primary_key') return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD ${this.primaryKeyClause(c)}`, kind: 'add_constraint' }];
    return super.addConstraint(t, kind, c);
  }

  override addColumn(t: PhysTable, c: PhysColumn): Statement[] {
    // BigQuery cannot add a REQUIRED column to an existing table: add it nullable and say so
    if (!c.nullable) {
      return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD COLUMN ${this.columnDef(t, { ...c, nullable: true })}`, kind: 'add_column' },
        note(`BigQuery cannot add a NOT NULL column to an existing table: ${t.name}.${c.name} was added nullable`)];
    }
    return super.addColumn(t, c);
  }

  override alterColumn(t: PhysTable, _old: PhysColumn, c: PhysColumn, ch: ColumnChange): Statement[] {
    const q = `ALTER TABLE ${this.qualified(t)} ALTER COLUMN ${this.quoteIdent(c.name)}`;
    const out: Statement[] = [];
    if (ch.type) out.push({ sql: `${q} SET DATA TYPE ${this.renderType(c.type)}`, kind: 'alter_column_type' });
    if (ch.nullable) {
      if (c.nullable) out.push({ sql: `${q} DROP NOT NULL`, kind: 'alter_column_nullability' });
      else out.push(note(`BigQuery cannot make an existing column NOT NULL: ${t.name}.${c.name} stays nullable`));
    }
    if (ch.default) {
      const d = this.renderDefault(c.default, c.type);
      out.push({ sql: d === undefined ? `${q} DROP DEFAULT` : `${q} SET DEFAULT ${d}`, kind: 'alter_column_default' });
    }
    return out;
  }
}
