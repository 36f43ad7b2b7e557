// PostgreSQL: the ANSI core as is, plus its type names and `USING` casts for type changes.
import type { PhysColumn } from '../physical.js';
import type { TypeFamily, TypeParts } from '../types.js';
import { Dialect, type DialectCaps } from './base.js';

export class PostgresDialect extends Dialect {
  readonly name = 'postgres';
  override readonly aliases = ['postgresql', 'pg'];
  readonly caps: DialectCaps = { alterForeignKeys: true, enforcedForeignKeys: true, indexes: true, uniqueConstraints: true, checkConstraints: true, transactionalDdl: true, columnOrder: 'rebuild' };

  protected mapType(f: TypeFamily, t: TypeParts): string | undefined {
    switch (f) {
      case 'string': return this.sized('VARCHAR', t, 'TEXT');
      case 'text': return 'TEXT';
      case 'char': return this.sized('CHAR', t, 'CHAR');
      case 'tinyint': case 'smallint': return 'SMALLINT';
      case 'integer': return 'INTEGER';
      case 'bigint': return 'BIGINT';
      case 'decimal': return this.decimal('NUMERIC', t);
      case 'float': return 'DOUBLE PRECISION';
      case 'real': return 'REAL';
      case 'boolean': return 'BOOLEAN';
      case 'date': return 'DATE';
      case 'time': return 'TIME';
      case 'timestamp': return 'TIMESTAMP';
      case 'timestamptz': return 'TIMESTAMPTZ';
      case 'json': return 'JSONB';
      case 'uuid': return 'UUID';
      case 'binary': return 'BYTEA';
      default: return undefined;
    }
  }

  protected override usingClause(c: PhysColumn): string {
    return ` USING ${this.quoteIdent(c.name)}::${this.renderType(c.type)}`;
  }
}
