// Snowflake: keys and foreign keys are declared but not enforced (except NOT NULL), no secondary
// indexes, column defaults cannot be changed in place except dropped.
import type { PhysColumn, PhysTable } from '../physical.js';
import { Dialect, note, type ColumnChange, type DialectCaps, type DialectTraits, type Statement } from './base.js';
import { BASE_TYPES, sized, withFraction, withPrecision, type TypeTable } from './type-table.js';

export class SnowflakeDialect extends Dialect {
  readonly name = 'snowflake';
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: false, indexes: false, uniqueConstraints: true, checkConstraints: false, transactionalDdl: false };
  readonly traits: DialectTraits = {
    lex: { dollarQuotes: true }, decimalDefault: [38, 0], parser: { kind: 'sqlparser-rs', dialect: 'snowflake' }, nodeSqlParser: 'snowflake', catalogPlatform: 'snowflake', dbtAdapters: { snowflake: 'snowflake' }, dbtUnknownAdapterParse: { dialect: 'snowflake', order: 2 }, dbtTokenRead: { snowflake: { qualifyExclude: true } },
    detect: { order: 3, words: ['variant', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz', 'autoincrement'] },
    // DATEADD(day, 1, d), DATE_TRUNC(week, d), LAST_DAY(d, month): the part is a bare word
    dbtDatePartArgs: { snowflake: {
      dateadd: [0], datediff: [0], date_trunc: [0], date_part: [0], timeadd: [0], timediff: [0], timestampadd: [0], timestampdiff: [0],
      time_slice: [2], last_day: [1],
    } },
    dbtLateralAliases: ['snowflake'],
    dbtPivotQuotedNames: ['snowflake'],
    // LATERAL FLATTEN(input => v): KEY, PATH, INDEX, VALUE, THIS are parts of v; SEQ numbers the input rows
    dbtTableFunctions: { snowflake: { flatten: { input: 'input', position: 0, columns: ['key', 'path', 'index', 'value', 'this'], counters: ['seq'] } } },
  };
  // Snowflake folds unquoted names to upper case and compares them case-insensitively:
  // all-lower or all-upper names stay unquoted, mixed case is quoted to keep it.
  protected override foldsToLower = false;
  protected override nativeNow = new Set(['CURRENT_TIMESTAMP()', 'SYSDATE()', 'GETDATE()']);

  override needsQuote(name: string): boolean {
    if (super.needsQuote(name)) return true;
    return name !== name.toLowerCase() && name !== name.toUpperCase();
  }

  protected override types: TypeTable = {
    ...BASE_TYPES, string: sized('VARCHAR'), text: 'VARCHAR', decimal: withPrecision('NUMBER'), float: 'FLOAT', real: 'FLOAT',
    timestamp: withFraction('TIMESTAMP_NTZ'), timestamptz: withFraction('TIMESTAMP_TZ'), json: 'VARIANT', uuid: 'VARCHAR(36)', binary: 'BINARY',
  };

  protected override identityClause(): string {
    return 'AUTOINCREMENT';
  }

  protected override inlineColumnComments = true;

  protected override tableSuffix(t: PhysTable): string {
    return t.description ? ` COMMENT = ${this.stringLiteral(t.description)}` : '';
  }

  override commentStatements(_t: PhysTable): Statement[] {
    return [];
  }

  /** Snowflake's RENAME TO takes a qualified name, which also moves the table. */
  override renameTable(old: PhysTable, t: PhysTable): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(old)} RENAME TO ${this.qualified(t)}`, kind: 'rename_table' }];
  }

  override alterColumn(t: PhysTable, _old: PhysColumn, c: PhysColumn, ch: ColumnChange): Statement[] {
    const q = `ALTER TABLE ${this.qualified(t)} ALTER COLUMN ${this.quoteIdent(c.name)}`;
    const out: Statement[] = [];
    if (ch.type) out.push({ sql: `${q} SET DATA TYPE ${this.renderType(c.type)}`, kind: 'alter_column_type' });
    if (ch.nullable) out.push({ sql: `${q} ${c.nullable ? 'DROP NOT NULL' : 'SET NOT NULL'}`, kind: 'alter_column_nullability' });
    if (ch.default) {
      const d = this.renderDefault(c.default, c.type);
      if (d === undefined) out.push({ sql: `${q} DROP DEFAULT`, kind: 'alter_column_default' });
      else out.push(note(`Snowflake cannot set a new default on an existing column: ${t.name}.${c.name} DEFAULT ${d} applies to new tables only`));
    }
    return out;
  }
}
