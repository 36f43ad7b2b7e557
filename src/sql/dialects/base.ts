// The tiny shared core every dialect extends: identifier quoting, type rendering from a table of
// spellings, default expressions, and DDL statements in their ANSI/PostgreSQL spelling. A dialect
// file overrides only what its engine spells differently, says what it cannot do (`caps`), and
// holds what the rest of the tool needs to know about it (`traits`): a new dialect is one file
// plus its line in the registry (index.ts).
import type { LexOptions } from '../lexer.js';
import type { PhysCheck, PhysColumn, PhysConstraint, PhysForeignKey, PhysIndex, PhysTable } from '../physical.js';
import { parseTypeString, typeFamily } from '../types.js';
import { BASE_TYPES, type TypeTable } from './type-table.js';

export interface DialectCaps {
  /** foreign keys can be added with ALTER TABLE (else they must be inline in CREATE TABLE) */
  alterForeignKeys: boolean;
  /** foreign keys are enforced; otherwise they are informational (NOT ENFORCED/RELY) */
  enforcedForeignKeys: boolean;
  indexes: boolean;
  uniqueConstraints: boolean;
  checkConstraints: boolean;
  /** DDL can run inside a transaction */
  transactionalDdl: boolean;
  /** PRIMARY KEY/UNIQUE/CHECK can be added and dropped with ALTER TABLE (default true) */
  alterConstraints?: boolean;
  /**
   * A table that foreign keys point at can still have its columns' types, nullability or the
   * column set changed, or be renamed (default true; DuckDB refuses with a dependency error).
   */
  alterReferencedTables?: boolean;
  /**
   * How a migration gets new columns to the model's position: `position` (ADD … AFTER),
   * `rebuild` (copy the table when a column is inserted before existing ones), or `append`
   * (new columns go last; order is not reconciled). Default `append`.
   */
  columnOrder?: 'position' | 'rebuild' | 'append';
  /** the engine keeps the names of PRIMARY KEY/UNIQUE/CHECK constraints (default true) */
  constraintNames?: boolean;
  /**
   * A column that an index or a CHECK covers can change type in place (default true). DuckDB
   * refuses, and an index dropped earlier in the same transaction still counts until commit.
   */
  alterCoveredColumnTypes?: boolean;
  /**
   * A unique index dropped in a transaction frees its name on that table at once (default true).
   * DuckDB keeps the name until commit, so a unique index re-created under its name (after an
   * ALTER of the table, or with other columns) needs the table rebuilt instead.
   */
  reuseUniqueIndexName?: boolean;
  /**
   * A column can be dropped while an index, key or foreign key covers it or a column after it
   * (default true; DuckDB refuses — "an index depends on a column after it" — even for an index
   * dropped earlier in the transaction), so such a table is rebuilt.
   */
  dropColumnBeforeKey?: boolean;
  /**
   * ADD COLUMN can carry NOT NULL (default true; DuckDB refuses constraints there, so the
   * column is added nullable and then set NOT NULL).
   */
  addColumnNotNull?: boolean;
  /** ALTER TABLE … SET SCHEMA moves a table to another schema (default true; DuckDB has none) */
  moveTableSchema?: boolean;
  /**
   * Foreign-key columns need an index, which the engine makes itself when none exists (InnoDB).
   * Generated DDL then declares that index explicitly, named like the constraint, unless an
   * index or key of the table already starts with those columns.
   */
  foreignKeyIndex?: boolean;
  /** the engine keeps the name of a PRIMARY KEY constraint (default true; MySQL calls every one PRIMARY) */
  primaryKeyNames?: boolean;
}

/** What other modules know about a dialect, kept with it. */
export interface DialectTraits {
  /** how the character scanner reads its text (src/sql/lexer.ts) */
  lex: LexOptions;
  /** `GO` alone on a line separates batches (T-SQL) */
  goBatches?: boolean;
  /** precision and scale of a DECIMAL/NUMERIC written without them; none: unbounded (PostgreSQL) */
  decimalDefault?: [precision: number, scale: number];
  /** VARCHAR(n) stores strings of any length (DuckDB), so a shorter n never narrows */
  unboundedVarchar?: boolean;
  /** the most characters TEXT holds (MySQL: 65,535); none: unbounded */
  textLength?: number;
  /**
   * How `import sql` recognises the dialect without --dialect: words only it uses (`order` says
   * which dialect is tried first); `marks` decide before any word, `fallbackMark` after all of them.
   */
  detect?: { order: number; words: string[]; marks?: DetectMark[]; fallbackMark?: DetectMark };
  /** the parser `import sql` reads it with: libpg_query, or sqlparser-rs in one of its dialects */
  parser: { kind: 'libpg_query' } | { kind: 'sqlparser-rs'; dialect: string };
  /** node-sql-parser's database name, for apply's destructive-statement analysis (none: tokens only) */
  nodeSqlParser?: string;
  /** the platform id data catalogs (Atlan, DataHub, OpenMetadata) use for it */
  catalogPlatform: string;
  /**
   * dbt adapters (a profile's `type:`) whose models are written in this dialect, each with the
   * sqlparser-rs dialect that reads their SQL (columns from SQL, lineage)
   */
  dbtAdapters?: Readonly<Record<string, string>>;
  /**
   * where a dbt project names no adapter and its SQL does not parse in the default dialect: the sqlparser-rs dialect
   * tried for it, and in which order (lowest first) — the warehouses whose own syntax projects use most
   */
  dbtUnknownAdapterParse?: { dialect: string; order: number };
  /** what a dbt profile of this adapter leaves out: dbt-duckdb's schema `main` and a database named after its file */
  dbtProfileDefaults?: { schema?: string; databaseFromPath?: boolean };
  /** dbt's adapter inheritance: adapters whose dispatched macros an adapter falls back to, nearest first */
  dbtAdapterParents?: Readonly<Record<string, readonly string[]>>;
  /** the character dbt's `adapter.quote()` wraps an identifier in for these adapters (else `"`) */
  dbtQuote?: string;
  /**
   * sqlparser-rs dialects (of dbtAdapters) whose simple SQL the token reader reads without the
   * parser (src/core/sql-columns/static-shape.ts): `"x"` an identifier, `'x'` a string with `''`
   * its only escape; `qualifyExclude`: `QUALIFY` and `select * exclude (…)` are SQL there
   */
  dbtTokenRead?: Readonly<Record<string, { qualifyExclude: boolean }>>;
  /**
   * Per sqlparser-rs dialect: functions whose argument at these positions is a date part written
   * as a bare word (`dateadd(day, 1, d)`), which is no column (columns from SQL, lineage)
   */
  dbtDatePartArgs?: Readonly<Record<string, Readonly<Record<string, readonly number[]>>>>;
  /** sqlparser-rs dialects where a select item may read an earlier item's alias (`a * 2 as b, b + 1 as c`) */
  dbtLateralAliases?: readonly string[];
  /** sqlparser-rs dialects whose PIVOT names a string value's column with its quotes (`'JAN'`) */
  dbtPivotQuotedNames?: readonly string[];
  /**
   * sqlparser-rs dialects where a select item that casts a bare column without an alias (`x::int`,
   * `cast(x as int)`) is named by that column, as PostgreSQL names it (DuckDB: `CAST(x AS INTEGER)`)
   */
  dbtCastNamedByColumn?: readonly string[];
  /**
   * sqlparser-rs dialects whose SQL may test `x IS [NOT] JSON [VALUE|ARRAY|OBJECT|SCALAR] [WITH[OUT] UNIQUE [KEYS]]`
   * (PostgreSQL 16), which the parser does not read: read as `x IS [NOT] NULL`, a test of the same columns
   */
  dbtIsJsonPredicate?: readonly string[];
  /**
   * Per dbt adapter: the SQL of dbt's own cross-database macros where it differs from their
   * default (src/core/sql-render/dbt-builtins.ts), with `{param}` holes named as dbt names them
   */
  dbtMacroSql?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Per sqlparser-rs dialect: table functions in FROM whose columns come from one argument
   * (`input`, by name or at `position`): `columns` are made from its value, `counters` are not
   */
  dbtTableFunctions?: Readonly<Record<string, Readonly<Record<string, { input: string; position: number; columns: readonly string[]; counters?: readonly string[] }>>>>;
  /**
   * Per sqlparser-rs dialect: set-returning functions that, in FROM, give one column of a base type,
   * named by the relation's alias (else the function's name): `lateral unnest(tags) as tag`
   */
  dbtScalarSetFunctions?: Readonly<Record<string, readonly string[]>>;
}

export type DetectMark = 'brackets' | 'go' | 'backticks';

const ANSI_RESERVED = new Set(`all alter and any array as asc authorization between both by case cast check collate column constraint
create cross current_date current_time current_timestamp current_user default delete desc distinct drop else end except exists false
fetch for foreign from full grant group having in index inner insert intersect into is join key leading left like limit natural not
null offset on only or order outer primary references right select session_user some table then to trailing true union unique
update user using values when where window with`.split(/\s+/));

export type Statement = { sql: string; kind: string };

export abstract class Dialect {
  abstract readonly name: string;
  readonly aliases: string[] = [];
  abstract readonly caps: DialectCaps;
  abstract readonly traits: DialectTraits;
  /** what an alias changes, e.g. mariadb: node-sql-parser's `mariadb` and the catalog platform `mariadb` */
  readonly aliasTraits: Readonly<Record<string, Partial<DialectTraits>>> = {};
  /** the dialect's type names by family */
  protected types: TypeTable = BASE_TYPES;
  /** extra reserved words of this dialect */
  protected reserved: Set<string> = new Set();
  protected quoteOpen = '"';
  protected quoteClose = '"';
  /** unquoted identifiers fold to lower case, so names with capitals must be quoted */
  protected foldsToLower = true;

  // ---- identifiers -------------------------------------------------------------------------
  needsQuote(name: string): boolean {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return true;
    if (this.foldsToLower && name !== name.toLowerCase()) return true;
    const low = name.toLowerCase();
    return ANSI_RESERVED.has(low) || this.reserved.has(low);
  }

  quoteIdent(name: string): string {
    if (!this.needsQuote(name)) return name;
    return this.quoteOpen + name.split(this.quoteClose).join(this.quoteClose + this.quoteClose) + this.quoteClose;
  }

  qualified(t: Pick<PhysTable, 'name' | 'schema' | 'database'>): string {
    return [t.database, t.schema, t.name].filter((p): p is string => !!p).map((p) => this.quoteIdent(p)).join('.');
  }

  cols(names: string[]): string {
    return names.map((n) => this.quoteIdent(n)).join(', ');
  }

  // ---- types -------------------------------------------------------------------------------
  /** Render a model type for this dialect: known families map through the table, everything else passes through. */
  renderType(type: string | undefined): string {
    const t = parseTypeString(type ?? 'string');
    const f = typeFamily(t);
    const spelling = f === 'other' ? undefined : this.types[f];
    return spelling === undefined ? t.raw : typeof spelling === 'string' ? spelling : spelling(t);
  }

  // ---- defaults ----------------------------------------------------------------------------
  booleanLiteral(v: boolean): string {
    return v ? 'TRUE' : 'FALSE';
  }

  stringLiteral(s: string): string {
    return `'${s.split("'").join("''")}'`;
  }

  /**
   * A model default is a SQL expression (`now()`, `0`, `'open'`, `CURRENT_TIMESTAMP`). A bare
   * word that is not a SQL keyword (the peer's `default: pending`) is read as a string literal,
   * and so is a number given for a text column.
   */
  renderDefault(value: PhysColumn['default'], type: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (value === null) return 'NULL';
    if (typeof value === 'boolean') return this.booleanLiteral(value);
    const fam = typeFamily(parseTypeString(type ?? 'string'));
    const textual = fam === 'string' || fam === 'text' || fam === 'char';
    if (typeof value === 'number') return textual ? this.stringLiteral(String(value)) : String(value);
    const s = value.trim();
    if (isNumberText(s)) return textual ? this.stringLiteral(s) : s;
    if (isQuotedLiteral(s)) return s;
    const up = s.toUpperCase();
    if (up === 'TRUE' || up === 'FALSE') return this.booleanLiteral(up === 'TRUE');
    if (NILADIC.has(up)) return this.niladic(up);
    // the current-time functions every engine has under some name
    if (NOW_FUNCTIONS.has(up.replace(/\s+/g, '')) && !this.nativeNow.has(up.replace(/\s+/g, ''))) return this.niladic('CURRENT_TIMESTAMP');
    if (s.includes('(') || s.includes('::') || s.includes("'")) return s;
    return this.stringLiteral(s);
  }

  /** current-time function calls this dialect understands as written */
  protected nativeNow = new Set<string>(['NOW()', 'CURRENT_TIMESTAMP()']);

  /** CURRENT_TIMESTAMP and friends, spelled the dialect's way. */
  protected niladic(word: string): string {
    return word;
  }

  // ---- column and table DDL ----------------------------------------------------------------
  /** How this dialect declares an identity (auto-numbered) column; undefined: it has none. */
  protected identityClause(_c: PhysColumn): string | undefined {
    return undefined;
  }

  columnDef(t: PhysTable, c: PhysColumn): string {
    const parts = [this.quoteIdent(c.name), this.renderType(c.type)];
    const ident = c.identity ? this.identityClause(c) : undefined;
    const d = ident ? undefined : this.renderDefault(c.default, c.type);
    if (ident) parts.push(ident);
    if (d !== undefined) parts.push(`DEFAULT ${d}`);
    if (!c.nullable) parts.push('NOT NULL');
    if (this.inlineColumnComments && c.description) parts.push(`COMMENT ${this.stringLiteral(c.description)}`);
    return parts.join(' ');
  }

  /** column descriptions go inline as `COMMENT '…'` (MySQL-style engines) rather than COMMENT ON */
  protected inlineColumnComments = false;

  primaryKeyClause(pk: PhysConstraint): string {
    return `CONSTRAINT ${this.quoteIdent(pk.name)} PRIMARY KEY (${this.cols(pk.columns)})`;
  }

  uniqueClause(u: PhysConstraint): string {
    return `CONSTRAINT ${this.quoteIdent(u.name)} UNIQUE (${this.cols(u.columns)})`;
  }

  checkClause(ck: PhysCheck): string {
    return `CONSTRAINT ${this.quoteIdent(ck.name)} CHECK (${ck.expr})`;
  }

  foreignKeyClause(fk: PhysForeignKey, ref: PhysTable): string {
    let s = `CONSTRAINT ${this.quoteIdent(fk.name)} FOREIGN KEY (${this.cols(fk.columns)}) REFERENCES ${this.qualified(ref)} (${this.cols(fk.refColumns)})`;
    if (fk.onDelete) s += ` ON DELETE ${action(fk.onDelete)}`;
    if (fk.onUpdate) s += ` ON UPDATE ${action(fk.onUpdate)}`;
    return s;
  }

  /** CREATE TABLE; `inlineFks` are rendered inside (dialects that cannot ALTER them in). */
  createTable(t: PhysTable, inlineFks: { fk: PhysForeignKey; ref: PhysTable }[] = []): Statement[] {
    const lines = t.columns.map((c) => this.columnDef(t, c));
    if (t.primaryKey) lines.push(this.primaryKeyClause(t.primaryKey));
    if (this.caps.uniqueConstraints) for (const u of t.uniques) lines.push(this.uniqueClause(u));
    if (this.caps.checkConstraints) for (const ck of t.checks) lines.push(this.checkClause(ck));
    for (const { fk, ref } of inlineFks) lines.push(this.foreignKeyClause(fk, ref));
    const out: Statement[] = [{ sql: `CREATE TABLE ${this.qualified(t)} (\n  ${lines.join(',\n  ')}\n)${this.tableSuffix(t)}`, kind: 'create_table' }];
    out.push(...this.unsupportedNotes(t));
    out.push(...this.commentStatements(t));
    return out;
  }

  protected tableSuffix(_t: PhysTable): string {
    return '';
  }

  /** Comments saying which constraints of a table this dialect cannot declare. */
  protected unsupportedNotes(t: PhysTable): Statement[] {
    const out: Statement[] = [];
    for (const c of t.computed ?? []) out.push(note(`computed column ${t.name}.${c.name}${c.expr ? ` = ${c.expr}` : ''} is derived in queries, not stored`));
    if (!this.caps.uniqueConstraints) for (const u of t.uniques) out.push(note(`${this.name} has no UNIQUE constraints: ${t.name} (${u.columns.join(', ')}) is unique in the model`));
    if (!this.caps.checkConstraints) for (const ck of t.checks) out.push(note(`${this.name} has no CHECK constraints: ${t.name} ${ck.name} CHECK (${ck.expr})`));
    return out;
  }

  /** Table and column descriptions (COMMENT ON in the ANSI/PostgreSQL spelling). */
  commentStatements(t: PhysTable): Statement[] {
    const out: Statement[] = [];
    if (t.description) out.push({ sql: `COMMENT ON TABLE ${this.qualified(t)} IS ${this.stringLiteral(t.description)}`, kind: 'comment' });
    for (const c of t.columns) if (c.description) out.push(this.columnComment(t, c.name, c.description));
    return out;
  }

  columnComment(t: PhysTable, column: string, text: string | undefined): Statement {
    return { sql: `COMMENT ON COLUMN ${this.qualified(t)}.${this.quoteIdent(column)} IS ${text ? this.stringLiteral(text) : 'NULL'}`, kind: 'comment' };
  }

  /**
   * The schema a table lives in, created when it does not exist yet (a fresh database has only
   * its default schema). Qualified by the table's database where the dialect allows.
   */
  createSchema(t: Pick<PhysTable, 'schema' | 'database'>): Statement[] {
    if (!t.schema) return [];
    return [{ sql: `CREATE SCHEMA IF NOT EXISTS ${this.qualified({ database: t.database, name: t.schema })}`, kind: 'create_schema' }];
  }

  dropTable(t: PhysTable): Statement[] {
    return [{ sql: `DROP TABLE ${this.qualified(t)}`, kind: 'drop_table' }];
  }

  /** A renamed table, or one moved to another schema (SET SCHEMA, then RENAME). */
  renameTable(old: PhysTable, t: PhysTable): Statement[] {
    const out: Statement[] = [];
    let cur = old;
    if ((old.schema ?? '') !== (t.schema ?? '') && t.schema) {
      out.push({ sql: `ALTER TABLE ${this.qualified(old)} SET SCHEMA ${this.quoteIdent(t.schema)}`, kind: 'rename_table' });
      cur = { ...old, schema: t.schema };
    }
    if (cur.name !== t.name) out.push({ sql: `ALTER TABLE ${this.qualified(cur)} RENAME TO ${this.quoteIdent(t.name)}`, kind: 'rename_table' });
    return out;
  }

  /** `indexed`: an index or key of `t` already starts with the foreign key's columns (see caps.foreignKeyIndex). */
  addForeignKey(t: PhysTable, fk: PhysForeignKey, ref: PhysTable, indexed = false): Statement[] {
    void indexed;
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD ${this.foreignKeyClause(fk, ref)}`, kind: 'add_foreign_key' }];
  }

  dropForeignKey(t: PhysTable, fk: PhysForeignKey, indexed = false): Statement[] {
    void indexed;
    return [{ sql: `ALTER TABLE ${this.qualified(t)} DROP CONSTRAINT ${this.quoteIdent(fk.name)}`, kind: 'drop_foreign_key' }];
  }

  createIndex(t: PhysTable, ix: PhysIndex): Statement[] {
    if (!this.caps.indexes) return [note(`${this.name} has no secondary indexes: ${ix.name} on ${t.name} (${ix.columns.join(', ')}) not created`)];
    return [{ sql: `CREATE ${ix.unique ? 'UNIQUE ' : ''}INDEX ${this.quoteIdent(ix.name)} ON ${this.qualified(t)} (${this.cols(ix.columns)})`, kind: 'create_index' }];
  }

  dropIndex(t: PhysTable, ix: PhysIndex): Statement[] {
    if (!this.caps.indexes) return [];
    const name = t.schema ? `${this.quoteIdent(t.schema)}.${this.quoteIdent(ix.name)}` : this.quoteIdent(ix.name);
    return [{ sql: `DROP INDEX ${name}`, kind: 'drop_index' }];
  }

  addConstraint(t: PhysTable, kind: 'primary_key' | 'unique' | 'check', c: PhysConstraint | PhysCheck): Statement[] {
    if (kind === 'unique' && !this.caps.uniqueConstraints) return [note(`${this.name} has no UNIQUE constraints: ${t.name} (${(c as PhysConstraint).columns.join(', ')})`)];
    if (kind === 'check' && !this.caps.checkConstraints) return [note(`${this.name} has no CHECK constraints: ${t.name} CHECK (${(c as PhysCheck).expr})`)];
    const clause = kind === 'primary_key' ? this.primaryKeyClause(c as PhysConstraint) : kind === 'unique' ? this.uniqueClause(c as PhysConstraint) : this.checkClause(c as PhysCheck);
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD ${clause}`, kind: 'add_constraint' }];
  }

  dropConstraint(t: PhysTable, kind: 'primary_key' | 'unique' | 'check', c: PhysConstraint | PhysCheck): Statement[] {
    if ((kind === 'unique' && !this.caps.uniqueConstraints) || (kind === 'check' && !this.caps.checkConstraints)) return [];
    return [{ sql: `ALTER TABLE ${this.qualified(t)} DROP CONSTRAINT ${this.quoteIdent(c.name)}`, kind: 'drop_constraint' }];
  }

  addColumn(t: PhysTable, c: PhysColumn): Statement[] {
    if (this.caps.addColumnNotNull === false && !c.nullable) {
      // added nullable (with its default, which fills existing rows), then made NOT NULL
      return [...this.addColumn(t, { ...c, nullable: true }), ...this.alterColumn(t, { ...c, nullable: true }, c, { type: false, nullable: true, default: false })];
    }
    return [{ sql: `ALTER TABLE ${this.qualified(t)} ADD COLUMN ${this.columnDef(t, c)}`, kind: 'add_column' }];
  }

  dropColumn(t: PhysTable, name: string): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(t)} DROP COLUMN ${this.quoteIdent(name)}`, kind: 'drop_column' }];
  }

  renameColumn(t: PhysTable, from: string, to: string): Statement[] {
    return [{ sql: `ALTER TABLE ${this.qualified(t)} RENAME COLUMN ${this.quoteIdent(from)} TO ${this.quoteIdent(to)}`, kind: 'rename_column' }];
  }

  /** Statements putting `kept` columns in the table's order (dialects with column positions). */
  reorderColumns(_t: PhysTable, _kept: string[]): Statement[] {
    return [];
  }

  /** Type, nullability and default changes of one column (old → new), in that order. */
  alterColumn(t: PhysTable, old: PhysColumn, c: PhysColumn, ch: ColumnChange): Statement[] {
    const q = `ALTER TABLE ${this.qualified(t)} ALTER COLUMN ${this.quoteIdent(c.name)}`;
    const out: Statement[] = [];
    // a default of the old type may not cast to the new one (PostgreSQL refuses): it goes first
    // and the model's default is set again after the type change
    const hadDefault = ch.type && this.renderDefault(old.default, old.type) !== undefined;
    if (hadDefault) out.push({ sql: `${q} DROP DEFAULT`, kind: 'alter_column_default' });
    if (ch.type) out.push({ sql: `${q} TYPE ${this.renderType(c.type)}${this.usingClause(c)}`, kind: 'alter_column_type' });
    if (ch.nullable) out.push({ sql: `${q} ${c.nullable ? 'DROP NOT NULL' : 'SET NOT NULL'}`, kind: 'alter_column_nullability' });
    if (ch.default || hadDefault) {
      const d = this.renderDefault(c.default, c.type);
      if (d !== undefined || !hadDefault) out.push({ sql: d === undefined ? `${q} DROP DEFAULT` : `${q} SET DEFAULT ${d}`, kind: 'alter_column_default' });
    }
    return out;
  }

  protected usingClause(_c: PhysColumn): string {
    return '';
  }

  /** Statements around the whole migration (transaction control), when the engine has it. */
  transaction(): { begin: string; commit: string } | undefined {
    return this.caps.transactionalDdl ? { begin: 'BEGIN', commit: 'COMMIT' } : undefined;
  }
}

export interface ColumnChange { type: boolean; nullable: boolean; default: boolean }

export function note(text: string): Statement {
  return { sql: `-- ${text.replace(/\n/g, ' ')}`, kind: 'note' };
}

function action(a: string): string {
  return a.replace('_', ' ').toUpperCase();
}

const NOW_FUNCTIONS = new Set(['NOW()', 'GETDATE()', 'SYSDATETIME()', 'SYSDATE()', 'CURRENT_TIMESTAMP()', 'GETUTCDATE()']);

const NILADIC = new Set(['CURRENT_TIMESTAMP', 'CURRENT_DATE', 'CURRENT_TIME', 'LOCALTIMESTAMP', 'LOCALTIME', 'CURRENT_USER', 'SESSION_USER', 'NULL']);

function isNumberText(s: string): boolean {
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s);
}

function isQuotedLiteral(s: string): boolean {
  if (s.length < 2 || s[0] !== "'" || s[s.length - 1] !== "'") return false;
  // one literal, not `'a' || 'b'`: every inner quote is doubled
  const inner = s.slice(1, -1);
  return inner.split("''").every((part) => !part.includes("'"));
}
