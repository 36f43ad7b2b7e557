// How each dialect spells the type families of src/sql/types.ts: a table per dialect, built from
// BASE_TYPES (the ANSI/PostgreSQL spellings) with the dialect's own names over it.
import { lengthArg, precisionArgs, type TypeFamily, type TypeParts } from '../types.js';

/** How a type family is spelled: a fixed name, or built from the type's arguments. */
export type TypeSpelling = string | ((t: TypeParts) => string);
/** A dialect's spelling of each type family; a family left out has no type there (the type passes through as written). */
export type TypeTable = Partial<Record<Exclude<TypeFamily, 'other'>, TypeSpelling>>;

/** `VARCHAR(n)` with a length, else `fallback` (default: the bare name). */
export const sized = (base: string, fallback = base) => (t: TypeParts): string => {
  const n = lengthArg(t);
  return n ? `${base}(${n})` : fallback;
};
/** `DECIMAL(p,s)` with the arguments as written, or the bare name. */
export const withPrecision = (base: string) => (t: TypeParts): string => `${base}${precisionArgs(t)}`;
/** `DATETIME2(3)`: the first argument (fractional seconds) kept. */
export const withFraction = (base: string) => (t: TypeParts): string => (t.args.length ? `${base}(${t.args[0]})` : base);

/** The ANSI/PostgreSQL spellings every dialect's table starts from. */
export const BASE_TYPES: TypeTable = {
  string: sized('VARCHAR', 'TEXT'), text: 'TEXT', char: sized('CHAR'), tinyint: 'SMALLINT', smallint: 'SMALLINT', integer: 'INTEGER',
  bigint: 'BIGINT', decimal: withPrecision('NUMERIC'), float: 'DOUBLE PRECISION', real: 'REAL', boolean: 'BOOLEAN', date: 'DATE',
  time: 'TIME', timestamp: 'TIMESTAMP', timestamptz: 'TIMESTAMPTZ', json: 'JSONB', uuid: 'UUID', binary: 'BYTEA',
};
