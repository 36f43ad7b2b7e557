// Column types as written in models (`decimal(12,2)`, `string`, `varchar(40)`, `timestamp with
// time zone`, `int[]`): split into name, arguments and array suffix, and sorted into families so
// each dialect can render the same intent its own way. Unknown names pass through verbatim.

export interface TypeParts {
  /** lower-case base name with single spaces, e.g. `double precision`, `decimal` */
  name: string;
  /** arguments inside the first parentheses, trimmed, e.g. ['12', '2'] or ['max'] */
  args: string[];
  /** number of trailing `[]` */
  array: number;
  /** words after the parentheses, e.g. `with time zone` in `timestamp(3) with time zone` */
  suffix: string;
  raw: string;
}

export type TypeFamily =
  | 'string' | 'text' | 'char' | 'smallint' | 'integer' | 'bigint' | 'tinyint' | 'decimal' | 'float' | 'real'
  | 'boolean' | 'date' | 'time' | 'timestamp' | 'timestamptz' | 'json' | 'uuid' | 'binary' | 'other';

/** Split a type string; never throws (a string it cannot split is returned as its own name). */
export function parseTypeString(raw: string): TypeParts {
  const s = raw.trim();
  let i = 0;
  let name = '';
  while (i < s.length && s[i] !== '(' && s[i] !== '[') { name += s[i]; i++; }
  const args: string[] = [];
  let suffix = '';
  if (s[i] === '(') {
    let depth = 0;
    let cur = '';
    let j = i;
    for (; j < s.length; j++) {
      const c = s[j];
      if (c === '(') { depth++; if (depth === 1) continue; }
      if (c === ')') { depth--; if (depth === 0) break; }
      if (c === ',' && depth === 1) { args.push(cur.trim()); cur = ''; continue; }
      cur += c;
    }
    if (cur.trim() || args.length) args.push(cur.trim());
    i = j + 1;
    while (i < s.length && s[i] !== '[') { suffix += s[i]; i++; }
  }
  let array = 0;
  const rest = s.slice(i).replace(/\s+/g, '');
  for (let k = 0; k + 1 < rest.length; k += 2) if (rest[k] === '[' && rest[k + 1] === ']') array++;
  return { name: name.trim().toLowerCase().replace(/\s+/g, ' '), args, array, suffix: suffix.trim().toLowerCase().replace(/\s+/g, ' '), raw: s };
}

const FAMILY: Record<string, TypeFamily> = {
  string: 'string', varchar: 'string', 'character varying': 'string', nvarchar: 'string', 'varchar2': 'string',
  text: 'text', clob: 'text', longtext: 'text', mediumtext: 'text', ntext: 'text',
  char: 'char', character: 'char', nchar: 'char', bpchar: 'char',
  smallint: 'smallint', int2: 'smallint', smallserial: 'smallint', serial2: 'smallint',
  tinyint: 'tinyint',
  integer: 'integer', int: 'integer', int4: 'integer', mediumint: 'integer', serial: 'integer', serial4: 'integer',
  bigint: 'bigint', int8: 'bigint', int64: 'bigint', long: 'bigint', bigserial: 'bigint', serial8: 'bigint',
  decimal: 'decimal', numeric: 'decimal', number: 'decimal', dec: 'decimal', bignumeric: 'decimal', money: 'decimal',
  float: 'float', double: 'float', 'double precision': 'float', float8: 'float', float64: 'float',
  real: 'real', float4: 'real',
  boolean: 'boolean', bool: 'boolean', bit: 'boolean',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp', datetime: 'timestamp', datetime2: 'timestamp', timestamp_ntz: 'timestamp', smalldatetime: 'timestamp',
  timestamptz: 'timestamptz', timestamp_tz: 'timestamptz', timestamp_ltz: 'timestamptz', datetimeoffset: 'timestamptz',
  json: 'json', jsonb: 'json', variant: 'json', object: 'json',
  uuid: 'uuid', uniqueidentifier: 'uuid',
  binary: 'binary', varbinary: 'binary', bytea: 'binary', blob: 'binary', bytes: 'binary', longblob: 'binary', image: 'binary',
};

export function typeFamily(t: TypeParts): TypeFamily {
  if (t.array) return 'other';
  if ((t.name === 'timestamp' || t.name === 'time') && t.suffix === 'with time zone') return t.name === 'time' ? 'other' : 'timestamptz';
  if (t.name === 'timestamp with time zone') return 'timestamptz';
  if (t.name === 'timestamp without time zone') return 'timestamp';
  if (t.suffix && t.suffix !== 'without time zone') return 'other';
  // `number` with no arguments is a whole number in Snowflake's sense only when scale is 0
  if (t.name === 'number' && t.args.length === 0) return 'decimal';
  if (t.name === 'bit' && t.args.length && t.args[0] !== '1') return 'other';
  return FAMILY[t.name] ?? 'other';
}

/** Length argument of a string type, or undefined (`max` counts as none). */
export function lengthArg(t: TypeParts): string | undefined {
  const a = t.args[0];
  return a && /^\d+$/.test(a) ? a : undefined;
}

/** Precision/scale arguments, kept exactly as written. */
export function precisionArgs(t: TypeParts): string {
  return t.args.length ? `(${t.args.join(',')})` : '';
}

/** Canonical spelling of a type string for comparisons: lower case, single spaces, no spaces in parentheses. */
export function normalizeTypeText(raw: string): string {
  let out = '';
  let quote: string | undefined;
  for (const ch of raw.trim()) {
    if (quote) { out += ch; if (ch === quote) quote = undefined; continue; }
    if (ch === '"' || ch === '`') { quote = ch; out += ch; continue; }
    out += ch.toLowerCase();
  }
  return out.replace(/\s+/g, ' ').replace(/\s+\(/g, '(').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')').replace(/\s*,\s*/g, ',');
}

/** PostgreSQL's serial types are an integer plus an identity; other engines need them spelled out. */
export function isSerialType(raw: string | undefined): boolean {
  return /^(small|big)?serial[248]?$/i.test((raw ?? '').trim());
}
