// DuckDB: PostgreSQL's spelling, but foreign keys only inline in CREATE TABLE (no ALTER TABLE
// ADD/DROP CONSTRAINT), so migrations rebuild tables whose keys change (see migrate.ts).
import type { PhysForeignKey, PhysTable } from '../physical.js';
import type { TypeFamily, TypeParts } from '../types.js';
import { Dialect, note, type DialectCaps, type Statement } from './base.js';

export class DuckDbDialect extends Dialect {
  readonly name = 'duckdb';
  readonly caps: DialectCaps = { alterForeignKeys: false, enforcedForeignKeys: true, indexes: true, uniqueConstraints: true, checkConstraints: true, transactionalDdl: true, alterConstraints: false, alterReferencedTables: false, columnOrder: 'rebuild', constraintNames: false };

  /** DuckDB cannot reference a table in another schema: such foreign keys become comments. */
  override createTable(t: PhysTable, inlineFks: { fk: PhysForeignKey; ref: PhysTable }[] = []): Statement[] {
    const same = inlineFks.filter(({ ref }) => (ref.schema ?? '') === (t.schema ?? '') && (ref.database ?? '') === (t.database ?? ''));
    const out = super.createTable(t, same);
    for (const { fk, ref } of inlineFks.filter((x) => !same.includes(x))) {
      out.push(note(`DuckDB has no foreign keys across schemas: ${fk.name} ${t.name} (${fk.columns.join(', ')}) -> ${this.qualified(ref)} (${fk.refColumns.join(', ')})`));
    }
    return out;
  }

  /** DuckDB rejects ON DELETE/ON UPDATE actions other than the default (NO ACTION). */
  override foreignKeyClause(fk: PhysForeignKey, ref: PhysTable): string {
    const plain = super.foreignKeyClause({ ...fk, onDelete: undefined, onUpdate: undefined }, ref);
    const dropped = [fk.onDelete && `ON DELETE ${fk.onDelete}`, fk.onUpdate && `ON UPDATE ${fk.onUpdate}`].filter((x) => x && !/no_action|restrict/.test(x));
    return dropped.length ? `${plain} /* DuckDB supports no ${dropped.join(', ')} */` : plain;
  }

  protected mapType(f: TypeFamily, t: TypeParts): string | undefined {
    switch (f) {
      case 'string': return this.sized('VARCHAR', t, 'VARCHAR');
      case 'text': return 'VARCHAR';
      case 'char': return this.sized('VARCHAR', t, 'VARCHAR');
      case 'tinyint': return 'TINYINT';
      case 'smallint': return 'SMALLINT';
      case 'integer': return 'INTEGER';
      case 'bigint': return 'BIGINT';
      case 'decimal': return this.decimal('DECIMAL', t);
      case 'float': return 'DOUBLE';
      case 'real': return 'REAL';
      case 'boolean': return 'BOOLEAN';
      case 'date': return 'DATE';
      case 'time': return 'TIME';
      case 'timestamp': return 'TIMESTAMP';
      case 'timestamptz': return 'TIMESTAMPTZ';
      case 'json': return 'JSON';
      case 'uuid': return 'UUID';
      case 'binary': return 'BLOB';
      default: return undefined;
    }
  }
}
