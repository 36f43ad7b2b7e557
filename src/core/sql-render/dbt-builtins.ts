// dbt's own cross-database macros (`dbt.hash`, `dbt.concat`, `dbt.type_string()`, `dbt.date_trunc`,
// …), which dbt ships with its adapters rather than with the project: packages build SQL from them
// (dbt_utils.generate_surrogate_key is `dbt.hash(dbt.concat(...))`), so without them a column made
// by such a macro could not be traced. Each is written here as the SQL its default implementation
// makes, in our own words — the columns it reads are what matters for columns and lineage; a
// dialect whose SQL differs gives its own template (its file's `dbtMacroSql` trait), and types are
// the dialect's spelling of the type family.
import { jinjaCallable, UNKNOWN, type JCallable } from '../project/jinja-expr.js';
import { dbtMacroSql, dbtTypeName } from '../../sql/dialects/index.js';

/** Each macro's parameters, in order (positional or by name), and its default SQL (`{param}` holes). */
const MACROS: Record<string, { params: string[]; sql: string }> = {
  hash: { params: ['field'], sql: 'md5(cast({field} as {type_string}))' },
  concat: { params: ['fields'], sql: 'concat({fields})' },
  date_trunc: { params: ['datepart', 'date'], sql: "date_trunc('{datepart}', {date})" },
  dateadd: { params: ['datepart', 'interval', 'from_date_or_timestamp'], sql: 'dateadd({datepart}, {interval}, {from_date_or_timestamp})' },
  datediff: { params: ['first_date', 'second_date', 'datepart'], sql: 'datediff({datepart}, {first_date}, {second_date})' },
  split_part: { params: ['string_text', 'delimiter_text', 'part_number'], sql: 'split_part({string_text}, {delimiter_text}, {part_number})' },
  safe_cast: { params: ['field', 'type'], sql: 'try_cast({field} as {type})' },
  cast: { params: ['field', 'type'], sql: 'cast({field} as {type})' },
  any_value: { params: ['expression'], sql: 'any_value({expression})' },
  bool_or: { params: ['expression'], sql: 'bool_or({expression})' },
  replace: { params: ['field', 'old_chars', 'new_chars'], sql: 'replace({field}, {old_chars}, {new_chars})' },
  length: { params: ['expression'], sql: 'length({expression})' },
  right: { params: ['string_text', 'length_expression'], sql: 'right({string_text}, {length_expression})' },
  position: { params: ['substring_text', 'string_text'], sql: 'position({substring_text} in {string_text})' },
  last_day: { params: ['date', 'datepart'], sql: "cast(date_trunc('{datepart}', {date}) + interval '1 {datepart}' - interval '1 day' as date)" },
  current_timestamp: { params: [], sql: 'current_timestamp' },
  string_literal: { params: ['value'], sql: "'{value}'" },
  escape_single_quotes: { params: ['expression'], sql: '{expression}' },
};

const TYPES: Record<string, string> = {
  type_string: 'string', type_int: 'integer', type_bigint: 'bigint', type_float: 'float', type_numeric: 'decimal',
  type_timestamp: 'timestamp', type_boolean: 'boolean',
};

/** `dbt.<name>` (or `<name>` unqualified, as dbt's global macros are) for the target's adapter; undefined when not one of them. */
export function dbtBuiltin(name: string, adapter: string | undefined): JCallable | undefined {
  const type = Object.hasOwn(TYPES, name) ? TYPES[name] : undefined; // (a macro named constructor is no type)
  if (type) return jinjaCallable(() => dbtTypeName(adapter, type));
  const m = Object.prototype.hasOwnProperty.call(MACROS, name) ? MACROS[name] : undefined;
  if (!m) return undefined;
  const sql = dbtMacroSql(adapter, name) ?? m.sql;
  return jinjaCallable((args, kw) => {
    const vals: Record<string, string> = { type_string: dbtTypeName(adapter, 'string') };
    for (const [i, p] of m.params.entries()) {
      const v = Object.prototype.hasOwnProperty.call(kw, p) ? kw[p] : args[i];
      if (v === undefined || v === null || v === UNKNOWN || typeof v === 'object' && !Array.isArray(v)) return UNKNOWN;
      if (Array.isArray(v)) { if (!v.every((x) => typeof x === 'string' || typeof x === 'number')) return UNKNOWN; vals[p] = v.join(', '); }
      else vals[p] = String(v);
    }
    return sql.replace(/\{(\w+)\}/g, (all, p: string) => vals[p] ?? all);
  });
}
