// dbt's node selection syntax, parsed: `--select`/`--exclude` values are unions of their
// space-separated words; a word's comma-separated parts intersect; each part is one criterion,
// `[@][n+][method[.arg…]:]value[+n]`, as dbt's documentation defines it. A method dbt does not
// know, a `@` with a trailing `+`, an empty criterion: a SelectorError naming it (a usage error).
import { UserError } from '../diagnostics.js';
import { didYouMeanSuffix } from '../suggest.js';

/** The methods modeler evaluates (dbt's names). */
export const METHODS = ['fqn', 'tag', 'path', 'file', 'config', 'resource_type', 'source', 'package', 'exposure', 'metric', 'semantic_model', 'group', 'access', 'version', 'test_name', 'test_type'] as const;
export type Method = (typeof METHODS)[number];
/** dbt methods that need a previous run or state (`state:`, `result:`, …): known, not evaluated here. */
const STATEFUL = ['state', 'result', 'source_status', 'saved_query', 'unit_test'];

export interface Criterion {
  raw: string;
  method: Method;
  /** `config.materialized` → ['materialized'] */
  args: string[];
  value: string;
  /** `@`: the node, its descendants and every ancestor of those. */
  childrensParents: boolean;
  /** `+x` / `2+x`: ancestors (undefined depth: all). */
  parents: boolean; parentsDepth?: number;
  /** `x+` / `x+2`: descendants. */
  children: boolean; childrenDepth?: number;
}
/** A union of intersections of criteria (one `--select` or `--exclude`). */
export type Union = Criterion[][];
export interface Selection { select?: Union; exclude?: Union; raw: { select: string[]; exclude: string[] } }

export class SelectorError extends UserError {
  constructor(message: string) { super(message, 64, 'SELECTOR'); }
}

const CRITERION = /^(@)?(?:(\d*)\+)?(?:([\w.]+):)?(.*?)(?:\+(\d*))?$/;

/** One criterion, e.g. `+tag:nightly+2`. */
export function parseCriterion(raw: string): Criterion {
  const m = CRITERION.exec(raw);
  if (!m) throw new SelectorError(`invalid selector '${raw}'`);
  const [, at, parentsDepth, methodText, value, childrenDepth] = m;
  const parents = parentsDepth !== undefined;
  const children = childrenDepth !== undefined;
  if (!value) throw new SelectorError(`invalid selector '${raw}': no value to select (write e.g. 'tag:nightly' or 'orders+')`);
  if (at && children) throw new SelectorError(`invalid selector '${raw}': the "@" prefix and a "+" suffix cannot be combined`);
  const [name, ...args] = methodText === undefined ? [defaultMethod(value)] : methodText.split('.');
  if (STATEFUL.includes(name)) throw new SelectorError(`selector method '${name}' (in '${raw}') needs dbt's run state, which modeler does not read; use one of: ${METHODS.join(', ')}`);
  if (!(METHODS as readonly string[]).includes(name)) throw new SelectorError(`'${name}' is not a valid selector method (in '${raw}')${didYouMeanSuffix(name, [...METHODS])}; use one of: ${METHODS.join(', ')}`);
  if (name === 'config' && !args.length) throw new SelectorError(`selector '${raw}' names no config key; write e.g. 'config.materialized:table'`);
  return {
    raw, method: name as Method, args, value,
    childrensParents: at !== undefined,
    parents, ...(parentsDepth ? { parentsDepth: Number(parentsDepth) } : {}),
    children, ...(childrenDepth ? { childrenDepth: Number(childrenDepth) } : {}),
  };
}

/** dbt's method when none is written: a path when the value has a slash, a file by its extension, else the node's name/fqn. */
function defaultMethod(value: string): Method {
  if (value.includes('/') || value.includes('\\')) return 'path';
  if (/\.(sql|py|csv)$/i.test(value)) return 'file';
  return 'fqn';
}

/** The values of one flag (each may hold several space-separated words): their union. */
export function parseUnion(values: readonly string[]): Union | undefined {
  const words = values.flatMap((v) => v.split(' ')).filter((w) => w !== '');
  if (!words.length) return undefined;
  return words.map((w) => {
    const parts = w.split(',');
    if (parts.some((p) => p === '')) throw new SelectorError(`invalid selector '${w}': an empty part around ','`);
    return parts.map(parseCriterion);
  });
}

export function parseSelection(select: readonly string[] = [], exclude: readonly string[] = []): Selection {
  return { select: parseUnion(select), exclude: parseUnion(exclude), raw: { select: [...select], exclude: [...exclude] } };
}

export const isEmptySelection = (s: Selection): boolean => !s.select && !s.exclude;
