// Databricks (Delta on Unity Catalog): `backticks`, informational PRIMARY/FOREIGN KEY
// constraints, CHECK only through ALTER TABLE ADD CONSTRAINT, no UNIQUE or secondary indexes.
// Column defaults, renames and drops need Delta table features, enabled in TBLPROPERTIES.
import type { PhysCheck, PhysColumn, PhysIndex, PhysTable } from '../physical.js';
import type { TypeFamily, TypeParts } from '../types.js';
import { Dialect, type ColumnChange, type DialectCaps, type Statement } from './base.js';

export class DatabricksDialect extends Dialect {
  readonly name = 'databricks';
  override readonly aliases = ['spark'];
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: false, indexes: false, uniqueConstraints: false, checkConstraints: true, transactionalDdl: false };
  protected override quoteOpen = '`';
  protected override quoteClose = '`';
  protected override foldsToLower = false;
  protected override nativeNow = new Set(['NOW()', 'CURRENT_TIMESTAMP()']);

  protected mapType(f: TypeFamily, t: TypeParts): string | undefined {
    switch (f) {
      case 'string': case 'text': case 'char': case 'uuid': case 'json': return 'STRING';
      case 'tinyint': return 'TINYINT';
      case 'smallint': return 'SMALLINT';
      case 'integer': return 'INT';
      case 'bigint': return 'BIGINT';
      case 'decimal': return this.decimal('DECIMAL', t);
      case 'float': return 'DOUBLE';
      case 'real': return 'FLOAT';
      case 'boolean': return 'BOOLEAN';
      case 'date': return 'DATE';
      case 'timestamp': return 'TIMESTAMP_NTZ';
      case 'timestamptz': return 'TIMESTAMP';
      case 'binary': return 'BINARY';
      default: return undefined;
    }
  }

  override stringLiteral(s: string): string {
    return `'${s.split('\\').join('\\\\').split("'").join("\\'")}'`;
  }

  override columnDef(t: PhysTable, c: PhysColumn): string {
    let s = super.columnDef(t, c);
    if (c.description) s += ` COMMENT ${this.stringLiteral(c.description)}`;
    return s;
  }

  protected override tableSuffix(t: PhysTable): string {
    // Delta is the default table format on Databricks, so no USING clause is needed
    let s = '';
    if (t.description) s += `\nCOMMENT ${this.stringLiteral(t.description)}`;
    s += `\nTBLPROPERTIES ('delta.feature.allowColumnDefaults' = 'supported', 'delta.columnMapping.mode' = 'name')`;
    return s;
  }

  override createTable(t: PhysTable, inline: any[] = []): Statement[] {
    // CHECK constraints cannot be declared in CREATE TABLE on Delta: add them right after
    const out = super.createTable({ ...t, checks: [] }, inline);
    for (const ck of t.checks) out.push(...this.addCheck(t, ck));
    return out;
  }

  private addCheck(t: PhysTable, ck: PhysCheck): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD ${this.checkClause(ck)}`, kind: 'add_constraint' }];
  }

  override commentStatements(_t: PhysTable): Statement[] {
    return [];
  }

  override dropIndex(_t: PhysTable, _ix: PhysIndex): Statement[] {
    return [];
  }

  override addColumn(t: PhysTable, c: PhysColumn): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD COLUMN ${this.columnDef(t, c)}`, kind: 'add_column' }];
  }

  override alterColumn(t: PhysTable, _old: PhysColumn, c: PhysColumn, ch: ColumnChange): Statement[] {
    const q = `ALTER TABLE ${this.qualified(t)} ALTER COLUMN ${this.quoteIdent(c.name)}`;
    const out: Statement[] = [];
    if (ch.type) out.push({ sql: `${q} TYPE ${this.renderType(c.type)}`, kind: 'alter_column_type' });
    if (ch.nullable) out.push({ sql: `${q} ${c.nullable ? 'DROP NOT NULL' : 'SET NOT NULL'}`, kind: 'alter_column_nullability' });
    if (ch.default) {
      const d = this.renderDefault(c.default, c.type);
      out.push({ sql: d === undefined ? `${q} DROP DEFAULT` : `${q} SET DEFAULT ${d}`, kind: 'alter_column_default' });
    }
    return out;
  }
}
