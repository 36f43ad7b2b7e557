// Snowflake: keys and foreign keys are declared but not enforced (except NOT NULL), no secondary
// indexes, column defaults cannot be changed in place except dropped.
import type { PhysColumn, PhysTable } from '../physical.js';
import type { TypeFamily, TypeParts } from '../types.js';
import { Dialect, note, type ColumnChange, type DialectCaps, type Statement } from './base.js';

export class SnowflakeDialect extends Dialect {
  readonly name = 'snowflake';
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: false, indexes: false, uniqueConstraints: true, checkConstraints: false, transactionalDdl: false };
  // Snowflake folds unquoted names to upper case and compares them case-insensitively:
  // all-lower or all-upper names stay unquoted, mixed case is quoted to keep it.
  protected override foldsToLower = false;
  protected override nativeNow = new Set(['CURRENT_TIMESTAMP()', 'SYSDATE()', 'GETDATE()']);

  override needsQuote(name: string): boolean {
    if (super.needsQuote(name)) return true;
    return name !== name.toLowerCase() && name !== name.toUpperCase();
  }

  protected mapType(f: TypeFamily, t: TypeParts): string | undefined {
    switch (f) {
      case 'string': return this.sized('VARCHAR', t, 'VARCHAR');
      case 'text': return 'VARCHAR';
      case 'char': return this.sized('CHAR', t, 'CHAR');
      case 'tinyint': case 'smallint': return 'SMALLINT';
      case 'integer': return 'INTEGER';
      case 'bigint': return 'BIGINT';
      case 'decimal': return this.decimal('NUMBER', t);
      case 'float': case 'real': return 'FLOAT';
      case 'boolean': return 'BOOLEAN';
      case 'date': return 'DATE';
      case 'time': return 'TIME';
      case 'timestamp': return t.args.length ? `TIMESTAMP_NTZ(${t.args[0]})` : 'TIMESTAMP_NTZ';
      case 'timestamptz': return t.args.length ? `TIMESTAMP_TZ(${t.args[0]})` : 'TIMESTAMP_TZ';
      case 'json': return 'VARIANT';
      case 'uuid': return 'VARCHAR(36)';
      case 'binary': return 'BINARY';
      default: return undefined;
    }
  }

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
