// Is changing a column from one SQL type to another able to lose or reject existing data?
// Types are reduced to a family plus size/length/precision, across the dialects we connect to
// (PostgreSQL internal names like int4/bpchar included, as the PostgreSQL parser reports them).
import { dialectTraits } from './dialects/index.js';
import { parseTypeString } from './types.js';

export type TypeFamily = 'int' | 'decimal' | 'float' | 'string' | 'binary' | 'bool' | 'date' | 'time'
  | 'timestamp' | 'json' | 'uuid' | 'other';

export interface TypeShape {
  family: TypeFamily;
  /** bytes for int/float; characters or bytes for string/binary (Infinity = unbounded) */
  size: number;
  precision?: number;
  scale?: number;
  text: string;
}

const INT_BYTES: Record<string, number> = {
  TINYINT: 1, INT1: 1, BYTEINT: 1, SMALLINT: 2, INT2: 2, SMALLSERIAL: 2, SERIAL2: 2, MEDIUMINT: 3,
  INT: 4, INTEGER: 4, INT4: 4, SERIAL: 4, SERIAL4: 4, BIGINT: 8, INT8: 8, INT64: 8, BIGSERIAL: 8,
  SERIAL8: 8, LONG: 8, HUGEINT: 16, INT128: 16,
};
/** Decimal digits needed to hold every value of an integer of n bytes. */
const INT_DIGITS: Record<number, number> = { 1: 3, 2: 5, 3: 8, 4: 10, 8: 19, 16: 39 };
const STRING_BOUNDS: Record<string, number> = { TINYTEXT: 255, MEDIUMTEXT: 16777215, LONGTEXT: Infinity };

/** Parse a type as written (`varchar(10)`, `NUMERIC(12, 2)`, `double precision`, `int4`). */
export function typeShape(text: string, dialect?: string): TypeShape {
  const parts = parseTypeString(text);
  // sign and time-zone words do not change the family or size here
  const base = parts.name.toUpperCase().replace(/ (UNSIGNED|SIGNED|ZEROFILL)$/, '').replace(/ WITH(OUT)? TIME ZONE$/, '');
  const args = parts.args.map((a) => (/^\d+$/.test(a) ? Number(a) : undefined));
  const shape = (family: TypeFamily, size: number, extra: Partial<TypeShape> = {}): TypeShape => ({ family, size, text, ...extra });
  if (parts.array) return shape('other', 0);
  if (base in INT_BYTES) return shape('int', INT_BYTES[base]);
  if (/^(DECIMAL|NUMERIC|NUMBER|DEC|BIGNUMERIC|BIGDECIMAL)$/.test(base)) {
    const [p, sc] = args[0] !== undefined ? [args[0], args[1] ?? 0] : decimalDefault(base, dialect);
    return shape('decimal', 0, { precision: p, scale: sc });
  }
  if (/^(REAL|FLOAT4|FLOAT32)$/.test(base)) return shape('float', 4);
  if (/^(DOUBLE|DOUBLE PRECISION|FLOAT8|FLOAT64)$/.test(base)) return shape('float', 8);
  if (base === 'FLOAT') return shape('float', args[0] !== undefined && args[0] <= 24 ? 4 : 8);
  if (/^(CHAR|CHARACTER|BPCHAR|NCHAR)$/.test(base)) return shape('string', args[0] ?? 1);
  if (/^(VARCHAR|CHARACTER VARYING|CHAR VARYING|NVARCHAR|VARCHAR2|STRING)$/.test(base)) {
    // DuckDB accepts VARCHAR(n) but stores every string unbounded, so lengths never narrow there
    return shape('string', dialectTraits(dialect)?.unboundedVarchar ? Infinity : args[0] ?? Infinity);
  }
  if (base === 'TEXT') return shape('string', dialectTraits(dialect)?.textLength ?? Infinity);
  if (base in STRING_BOUNDS) return shape('string', STRING_BOUNDS[base]);
  if (/^(CLOB|CITEXT|NTEXT)$/.test(base)) return shape('string', Infinity);
  if (/^(BINARY|VARBINARY)$/.test(base)) return shape('binary', args[0] ?? Infinity);
  if (/^(BYTEA|BLOB|LONGBLOB|MEDIUMBLOB|BYTES)$/.test(base)) return shape('binary', Infinity);
  if (base === 'TINYBLOB') return shape('binary', 255);
  if (/^(BOOL|BOOLEAN|BIT)$/.test(base) && !(base === 'BIT' && (args[0] ?? 1) > 1)) return shape('bool', 1);
  if (base === 'DATE') return shape('date', 0);
  if (/^(TIME|TIMETZ)$/.test(base)) return shape('time', 0);
  if (/^(TIMESTAMP|TIMESTAMPTZ|DATETIME|DATETIME2|TIMESTAMP_NTZ|TIMESTAMP_LTZ|TIMESTAMP_TZ|SMALLDATETIME)$/.test(base)) {
    return shape('timestamp', 0, { precision: args[0] ?? 6 });
  }
  if (/^(JSON|JSONB|VARIANT|OBJECT)$/.test(base)) return shape('json', Infinity);
  if (/^(UUID|UNIQUEIDENTIFIER)$/.test(base)) return shape('uuid', 16);
  return shape('other', 0);
}

/** Characters needed to print any value of a shape (Infinity when unbounded). */
function printedWidth(s: TypeShape): number {
  switch (s.family) {
    case 'int': return INT_DIGITS[s.size] + 1;
    case 'decimal': return (s.precision ?? Infinity) + 2;
    case 'float': return 24;
    case 'bool': return 5;
    case 'date': return 10;
    case 'time': return 18;
    case 'timestamp': return 32;
    case 'uuid': return 36;
    case 'string': return s.size;
    default: return Infinity;
  }
}

/** Precision and scale when none is written; PostgreSQL's bare NUMERIC is unbounded. */
function decimalDefault(base: string, dialect?: string): [number, number] {
  if (base === 'BIGNUMERIC' || base === 'BIGDECIMAL') return [76, 38];
  return dialectTraits(dialect)?.decimalDefault ?? (base === 'NUMBER' ? [38, 0] : [Infinity, Infinity]);
}

/** Digits left of the decimal point (Infinity for unbounded NUMERIC). */
function wholeDigits(s: TypeShape): number {
  return s.precision === Infinity ? Infinity : s.precision! - s.scale!;
}

function intDigits(s: TypeShape): number {
  return INT_DIGITS[s.size] ?? 39;
}

/**
 * True when converting existing values of `from` to `to` may truncate, round or fail.
 * Unknown or unrelated families count as narrowing: the safe answer for a guard.
 */
export function isNarrowing(from: string, to: string, dialect?: string): boolean {
  const a = typeShape(from, dialect);
  const b = typeShape(to, dialect);
  const same = a.text.replace(/\s+/g, '').toUpperCase() === b.text.replace(/\s+/g, '').toUpperCase();
  if (same) return false;
  if (b.family === 'string') return printedWidth(a) > b.size;
  switch (a.family) {
    case 'int':
      if (b.family === 'int') return b.size < a.size;
      if (b.family === 'decimal') return wholeDigits(b) < intDigits(a);
      if (b.family === 'float') return b.size === 4 ? a.size > 2 : a.size > 4;
      return true;
    case 'decimal':
      if (b.family === 'decimal') return wholeDigits(b) < wholeDigits(a) || b.scale! < a.scale!;
      if (b.family === 'int') return a.scale! > 0 || wholeDigits(a) >= intDigits(b);
      return true; // to float: loses exactness
    case 'float':
      return !(b.family === 'float' && b.size >= a.size);
    case 'string':
      return true; // to a non-string type: values may not parse
    case 'binary':
      return !(b.family === 'binary' && b.size >= a.size);
    case 'bool':
      return !(b.family === 'int' || b.family === 'bool');
    case 'date':
      return b.family !== 'timestamp' && b.family !== 'date';
    case 'timestamp':
      return !(b.family === 'timestamp' && (b.precision ?? 6) >= (a.precision ?? 6));
    case 'time':
      return b.family !== 'time';
    case 'json':
      return b.family !== 'json';
    case 'uuid':
      return b.family !== 'uuid';
    default:
      return true;
  }
}
