// DuckDB: PostgreSQL's spelling, but foreign keys only inline in CREATE TABLE (no ALTER TABLE
// ADD/DROP CONSTRAINT), and no type change of a column an index or CHECK covers, so migrations
// rebuild such tables (see migrate.ts).
import type { PhysForeignKey, PhysTable } from '../physical.js';
import { Dialect, note, type DialectCaps, type DialectTraits, type Statement } from './base.js';
import { BASE_TYPES, sized, withPrecision, type TypeTable } from './type-table.js';

export class DuckDbDialect extends Dialect {
  readonly name = 'duckdb';
  readonly caps: DialectCaps = { alterForeignKeys: false, enforcedForeignKeys: true, indexes: true, uniqueConstraints: true, checkConstraints: true, transactionalDdl: true, alterConstraints: false, alterReferencedTables: false, columnOrder: 'rebuild', constraintNames: false, alterCoveredColumnTypes: false, moveTableSchema: false, reuseUniqueIndexName: false, dropColumnBeforeKey: false, addColumnNotNull: false };
  readonly traits: DialectTraits = {
    lex: { dollarQuotes: true }, decimalDefault: [18, 3], unboundedVarchar: true, parser: { kind: 'libpg_query' }, nodeSqlParser: 'postgresql', catalogPlatform: 'duckdb',
    dbtAdapters: { duckdb: 'duckdb' }, dbtTokenRead: { duckdb: { qualifyExclude: true } }, dbtLateralAliases: ['duckdb'],
    // `from unnest(list) as t`: one column, named t (as the alias names the relation)
    dbtScalarSetFunctions: { duckdb: ['unnest', 'generate_series', 'range'] },
    dbtMacroSql: { duckdb: { dateadd: "({from_date_or_timestamp} + ((interval '1 {datepart}') * ({interval})))", datediff: "date_diff('{datepart}', {first_date}, {second_date})" } }, dbtProfileDefaults: { schema: 'main', databaseFromPath: true },
    detect: { order: 6, words: ['hugeint', 'uhugeint', 'ubigint', 'utinyint'] },
  };

  /** DuckDB cannot reference a table in another schema: such foreign keys become comments. */
  override createTable(t: PhysTable, inlineFks: { fk: PhysForeignKey; ref: PhysTable }[] = []): Statement[] {
    const same = inlineFks.filter(({ ref }) => (ref.schema ?? '') === (t.schema ?? '') && (ref.database ?? '') === (t.database ?? ''));
    const out = super.createTable(t, same);
    for (const { fk, ref } of inlineFks.filter((x) => !same.includes(x))) {
      out.push(note(`DuckDB has no foreign keys across schemas: ${fk.name} ${t.name} (${fk.columns.join(', ')}) -> ${this.qualified(ref)} (${fk.refColumns.join(', ')})`));
    }
    return out;
  }

  /**
   * The schema alone: a database is a DuckDB file attached under that name, which a script cannot
   * create, and PostgreSQL's grammar (which `import sql` reads DuckDB with) has no qualified form.
   */
  override createSchema(t: Pick<PhysTable, 'schema' | 'database'>): Statement[] {
    return super.createSchema({ schema: t.schema });
  }

  /** DuckDB rejects ON DELETE/ON UPDATE actions other than the default (NO ACTION). */
  override foreignKeyClause(fk: PhysForeignKey, ref: PhysTable): string {
    const plain = super.foreignKeyClause({ ...fk, onDelete: undefined, onUpdate: undefined }, ref);
    const dropped = [fk.onDelete && `ON DELETE ${fk.onDelete}`, fk.onUpdate && `ON UPDATE ${fk.onUpdate}`].filter((x) => x && !/no_action|restrict/.test(x));
    return dropped.length ? `${plain} /* DuckDB supports no ${dropped.join(', ')} */` : plain;
  }

  protected override types: TypeTable = {
    ...BASE_TYPES, string: sized('VARCHAR'), text: 'VARCHAR', char: sized('VARCHAR'), tinyint: 'TINYINT', decimal: withPrecision('DECIMAL'),
    float: 'DOUBLE', json: 'JSON', binary: 'BLOB',
  };
}
