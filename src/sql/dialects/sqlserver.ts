// SQL Server (T-SQL): [brackets], named DEFAULT constraints (so a default can be changed),
// ALTER COLUMN with the full type and nullability, sp_rename for renames, 1/0 booleans.
import type { PhysColumn, PhysIndex, PhysTable } from '../physical.js';
import { constraintName } from '../physical.js';
import { Dialect, type ColumnChange, type DialectCaps, type DialectTraits, type Statement } from './base.js';
import { BASE_TYPES, sized, withFraction, withPrecision, type TypeTable } from './type-table.js';

const RESERVED = new Set(`backup break browse bulk checkpoint close clustered compute contains containstable continue convert
database dbcc deallocate declare deny disk distributed double dump errlvl escape exec execute exit external file fillfactor
freetext freetexttable function goto holdlock identity identity_insert identitycol if kill lineno load merge national nocheck
nonclustered nullif of off offsets open opendatasource openquery openrowset openxml option over percent pivot plan precision print
proc procedure public raiserror read readtext reconfigure replication restore restrict return revert revoke rowcount rowguidcol rule
save schema securityaudit semantickeyphrasetable set setuser shutdown statistics system_user tablesample textsize top tran
transaction trigger truncate try_convert tsequal unpivot updatetext use varying view waitfor while writetext`.split(/\s+/));

const NVARCHAR = sized('NVARCHAR', 'NVARCHAR(255)');

export class SqlServerDialect extends Dialect {
  readonly name = 'sqlserver';
  override readonly aliases = ['mssql', 'tsql', 'transactsql'];
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: true, indexes: true, uniqueConstraints: true, checkConstraints: true, transactionalDdl: true };
  readonly traits: DialectTraits = {
    lex: { bracketIdents: true }, goBatches: true, parser: { kind: 'sqlparser-rs', dialect: 'mssql' }, catalogPlatform: 'mssql',
    dbtAdapters: { sqlserver: 'mssql', fabric: 'mssql', synapse: 'mssql' },
    dbtAdapterParents: { fabric: ['sqlserver'], synapse: ['fabric', 'sqlserver'] },
    detect: { order: 1, words: ['nvarchar', 'datetime2', 'uniqueidentifier', 'getdate', 'sysdatetime', 'clustered', 'nonclustered'], marks: ['brackets', 'go'] },
  };
  protected override reserved = RESERVED;
  protected override quoteOpen = '[';
  protected override quoteClose = ']';
  protected override foldsToLower = false;
  protected override nativeNow = new Set(['GETDATE()', 'SYSDATETIME()', 'GETUTCDATE()']);

  protected override types: TypeTable = {
    ...BASE_TYPES, string: (t) => (t.args[0]?.toLowerCase() === 'max' ? 'NVARCHAR(MAX)' : NVARCHAR(t)), text: 'NVARCHAR(MAX)',
    char: sized('NCHAR', 'NCHAR(1)'), tinyint: 'TINYINT', integer: 'INT', decimal: withPrecision('DECIMAL'), float: 'FLOAT', boolean: 'BIT',
    timestamp: withFraction('DATETIME2'), timestamptz: withFraction('DATETIMEOFFSET'), json: 'NVARCHAR(MAX)', uuid: 'UNIQUEIDENTIFIER',
    binary: sized('VARBINARY', 'VARBINARY(MAX)'),
  };

  override booleanLiteral(v: boolean): string {
    return v ? '1' : '0';
  }

  private defaultName(t: PhysTable, c: PhysColumn): string {
    return constraintName('df', t.name, c.name);
  }

  override columnDef(t: PhysTable, c: PhysColumn): string {
    const parts = [this.quoteIdent(c.name), this.renderType(c.type)];
    if (c.identity) parts.push('IDENTITY(1,1)');
    parts.push(c.nullable ? 'NULL' : 'NOT NULL');
    const d = this.renderDefault(c.default, c.type);
    if (d !== undefined) parts.push(`CONSTRAINT ${this.quoteIdent(this.defaultName(t, c))} DEFAULT ${d}`);
    return parts.join(' ');
  }

  override commentStatements(_t: PhysTable): Statement[] {
    return []; // descriptions would need sp_addextendedproperty; kept in the model only
  }

  /** CREATE SCHEMA has no IF NOT EXISTS and must be alone in its batch: run it through EXEC. */
  override createSchema(t: Pick<PhysTable, 'schema' | 'database'>): Statement[] {
    if (!t.schema) return [];
    const create = `CREATE SCHEMA ${this.quoteIdent(t.schema)}`;
    return [{ sql: `IF SCHEMA_ID(${this.stringLiteral(t.schema)}) IS NULL EXEC(${this.stringLiteral(create)})`, kind: 'create_schema' }];
  }

  override renameTable(old: PhysTable, t: PhysTable): Statement[] {
    const out: Statement[] = [];
    let cur = old;
    if ((old.schema ?? '') !== (t.schema ?? '') && t.schema) {
      out.push({ sql: `ALTER SCHEMA ${this.quoteIdent(t.schema)} TRANSFER ${this.qualified(old)}`, kind: 'rename_table' });
      cur = { ...old, schema: t.schema };
    }
    if (cur.name !== t.name) out.push({ sql: `EXEC sp_rename ${this.stringLiteral(this.plain(cur))}, ${this.stringLiteral(t.name)}`, kind: 'rename_table' });
    return out;
  }

  override renameColumn(t: PhysTable, from: string, to: string): Statement[] {
    return [{ sql: `EXEC sp_rename ${this.stringLiteral(`${this.plain(t)}.${from}`)}, ${this.stringLiteral(to)}, 'COLUMN'`, kind: 'rename_column' }];
  }

  private plain(t: PhysTable): string {
    return [t.database, t.schema, t.name].filter(Boolean).join('.');
  }

  override addColumn(t: PhysTable, c: PhysColumn): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD ${this.columnDef(t, c)}`, kind: 'add_column' }];
  }

  override dropIndex(t: PhysTable, ix: PhysIndex): Statement[] {
    return [{ sql: `DROP INDEX ${this.quoteIdent(ix.name)} ON ${this.qualified(t)}`, kind: 'drop_index' }];
  }

  override alterColumn(t: PhysTable, old: PhysColumn, c: PhysColumn, ch: ColumnChange): Statement[] {
    const out: Statement[] = [];
    const q = `ALTER TABLE ${this.qualified(t)}`;
    // a DEFAULT constraint depends on its column: SQL Server refuses a type change under it
    const redoDefault = ch.default || (ch.type && old.default !== undefined);
    if (redoDefault && old.default !== undefined) out.push({ sql: `${q} DROP CONSTRAINT ${this.quoteIdent(this.defaultName(t, old))}`, kind: 'alter_column_default' });
    if (ch.type || ch.nullable) {
      out.push({ sql: `${q} ALTER COLUMN ${this.quoteIdent(c.name)} ${this.renderType(c.type)} ${c.nullable ? 'NULL' : 'NOT NULL'}`, kind: ch.type ? 'alter_column_type' : 'alter_column_nullability' });
    }
    const d = this.renderDefault(c.default, c.type);
    if (redoDefault && d !== undefined) out.push({ sql: `${q} ADD CONSTRAINT ${this.quoteIdent(this.defaultName(t, c))} DEFAULT ${d} FOR ${this.quoteIdent(c.name)}`, kind: 'alter_column_default' });
    return out;
  }

  override transaction() {
    return { begin: 'BEGIN TRANSACTION', commit: 'COMMIT TRANSACTION' };
  }
}
