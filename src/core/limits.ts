// The one table of input limits. Every reader, parser and face checks its input against these
// numbers before work that grows with the input starts, and refuses with the limit's code: a
// located diagnostic (file:line) in a file, exit 1 on the CLI, the limit's HTTP status (413 for a
// size, 422 for a shape) over HTTP — `details` naming the limit. docs/server.md lists the table
// (generated from it).
import { UserError } from './diagnostics.js';

export interface Limit {
  /** the number; bytes, characters, levels or a count as `unit` says */
  max: number;
  unit: 'bytes' | 'characters' | 'levels' | 'keys' | 'aliases' | 'nodes';
  code: string;
  /** the HTTP status the server answers when a request goes over it */
  status: 413 | 414 | 422 | 431;
  /** one line: what is limited, and where it applies */
  what: string;
  /** what to do about it */
  fix: string;
}

const MiB = 1024 * 1024;

export const LIMITS = {
  file_size: { max: 10 * MiB, unit: 'bytes', code: 'FILE_TOO_LARGE', status: 413,
    what: 'a project text file, read or written: model files, dbt YAML, SQL, Markdown, the editor\'s reads and writes, a proposal\'s content, an imported file',
    fix: 'split the file, or leave it out of the project' },
  artifact_size: { max: 256 * MiB, unit: 'bytes', code: 'FILE_TOO_LARGE', status: 413,
    what: 'a dbt artifact modeler only reads (catalog.json, run_results.json, …); dbt writes them minified on one line',
    fix: 'run dbt on a smaller selection, or remove the artifact from target/' },
  manifest_size: { max: 2048 * MiB, unit: 'bytes', code: 'FILE_TOO_LARGE', status: 413,
    what: "dbt's target/manifest.json: read through a window of a few MB, only the members modeler uses kept, so it may be larger than other artifacts (≈460 MiB at 50,000 models)",
    fix: 'run dbt on a smaller selection, or remove the artifact from target/' },
  line_length: { max: 100_000, unit: 'characters', code: 'LINE_TOO_LONG', status: 422,
    what: 'one line of a YAML, SQL or Markdown file the project reader or a YAML check parses',
    fix: 'break the line; a YAML string can continue on the next line (a block scalar: `|` or `>`)' },
  nesting_depth: { max: 100, unit: 'levels', code: 'NESTING_TOO_DEEP', status: 422,
    what: 'nested YAML collections (mappings, lists) in a file, and nested JSON arrays/objects in a request body',
    fix: 'flatten the structure' },
  keys_per_mapping: { max: 10_000, unit: 'keys', code: 'TOO_MANY_KEYS', status: 422,
    what: 'keys of one YAML mapping, or of one JSON object in a request body',
    fix: 'split the mapping, or make it a list' },
  yaml_aliases: { max: 10_000, unit: 'aliases', code: 'YAML_TOO_MANY_ALIASES', status: 422,
    what: 'aliases (*name) in one YAML document',
    fix: 'write the repeated parts out, or use fewer aliases' },
  yaml_alias_expansion: { max: 1_000_000, unit: 'nodes', code: 'YAML_ALIAS_LIMIT', status: 422,
    what: 'nodes a YAML document gains when its aliases are expanded — an alias bomb (a "billion laughs") is refused at the alias that crosses it',
    fix: 'write the repeated parts out; aliases of aliases multiply' },
  name_length: { max: 255, unit: 'bytes', code: 'NAME_TOO_LONG', status: 422,
    what: 'one file or folder name in a path a request or command writes (NAME_MAX); temp files use fixed-length names, so any name up to it can be written',
    fix: 'use a shorter file or folder name' },
  path_length: { max: 1024, unit: 'bytes', code: 'PATH_TOO_LONG', status: 422,
    what: 'a project-relative path a request names',
    fix: 'use a shorter path' },
  url_length: { max: 8192, unit: 'bytes', code: 'URL_TOO_LONG', status: 414,
    what: 'the request target (path and query) of an HTTP request',
    fix: 'send long values in a JSON body (POST) instead of the query' },
  header_size: { max: 16384, unit: 'bytes', code: 'HEADERS_TOO_LARGE', status: 431,
    what: 'the request line and headers of an HTTP request together',
    fix: 'send fewer or shorter headers' },
  request_body: { max: 1 * MiB, unit: 'bytes', code: 'BODY_TOO_LARGE', status: 413,
    what: 'an HTTP request body, on every route but those that carry file contents (request_body_content)',
    fix: 'send less in one request' },
  request_body_content: { max: 32 * MiB, unit: 'bytes', code: 'BODY_TOO_LARGE', status: 413,
    what: 'an HTTP request body of the routes that carry file contents: PUT/POST /api/projects/:id/file, /api/ai/proposals/validate|apply, /api/import, /api/forward/apply',
    fix: 'send fewer or smaller files in one request' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** The limit a code stands for (FILE_TOO_LARGE: the file size; an artifact says so in its details). */
export function limitOfCode(code: string): LimitName | undefined {
  return (Object.keys(LIMITS) as LimitName[]).find((k) => LIMITS[k].code === code);
}

/** `10 MiB`, `100,000 characters`: a limit as a person reads it. */
export function showLimit(name: LimitName): string {
  const l: Limit = LIMITS[name];
  if (l.unit === 'bytes') return l.max % MiB === 0 ? `${l.max / MiB} MiB` : l.max % 1024 === 0 && l.max >= 1024 * 8 ? `${l.max / 1024} KiB` : `${grouped(l.max)} bytes`;
  return `${grouped(l.max)} ${l.unit}`;
}

/** 1,000,000 (as toLocaleString('en-US') writes a whole number, without loading the locale data at start-up: ~10 ms). */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What a refusal carries for a client: which limit, its value, what was found, where. */
export interface LimitDetails {
  limit: LimitName;
  max: number;
  actual?: number;
  location?: { file: string; line?: number; column?: number };
  [k: string]: unknown;
}

/** Input over a limit: exit 1 on the CLI, the limit's status over HTTP, `details` naming it. */
export class LimitError extends UserError {
  readonly details: LimitDetails;
  readonly status: number;
  /** `reason` is the message without its location prefix (which the message starts with). */
  constructor(public limit: LimitName, public reason: string, extra: { actual?: number; file?: string; line?: number; column?: number } = {}) {
    super(`${at(extra.file, extra.line, extra.column)}${reason}`, 1, LIMITS[limit].code);
    this.name = 'LimitError';
    this.status = LIMITS[limit].status;
    this.details = {
      limit, max: LIMITS[limit].max,
      ...(extra.actual !== undefined ? { actual: extra.actual } : {}),
      ...(extra.file !== undefined ? { location: { file: extra.file, ...(extra.line !== undefined ? { line: extra.line, column: extra.column ?? 1 } : {}) } } : {}),
    };
  }
}

/** `file:line:col: ` or `file: ` or nothing. */
function at(file?: string, line?: number, column?: number): string {
  if (!file) return '';
  return line === undefined ? `${file}: ` : `${file}:${line}:${column ?? 1}: `;
}

/** The first line longer than the limit, 1-based, or undefined; one pass over the text. */
export function longLine(text: string, max = LIMITS.line_length.max): { line: number; length: number } | undefined {
  let line = 1;
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (end - start > max) return { line, length: end - start };
    if (nl < 0) return undefined;
    start = nl + 1;
    line++;
  }
}

/** Refuse a text over the file size, or with a line over the line length (when `lines`). */
export function checkTextLimits(text: string, file: string, o: { lines?: boolean; size?: LimitName } = {}): void {
  const size = o.size ?? 'file_size';
  // a JS string of n units holds at most 3n UTF-8 bytes: count exactly only near the limit
  if (text.length * 3 > LIMITS[size].max) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > LIMITS[size].max) throw new LimitError(size, `${file} is ${bytes.toLocaleString('en-US')} bytes, over the ${showLimit(size)} limit`, { actual: bytes, file });
  }
  if (o.lines === false) return;
  const long = longLine(text);
  if (long) {
    throw new LimitError('line_length', `line ${long.line} is ${long.length.toLocaleString('en-US')} characters long, over the ${showLimit('line_length')} limit`,
      { actual: long.length, file, line: long.line, column: LIMITS.line_length.max + 1 });
  }
}

/** A limit refusal as a located diagnostic (for readers that report instead of throwing). */
export function limitDiagnostic(e: LimitError, file: string): { code: string; severity: 'error'; file: string; line?: number; column?: number; message: string; hint: string } {
  const loc = e.details.location;
  return {
    code: e.code, severity: 'error', file, ...(loc?.line !== undefined ? { line: loc.line, column: loc.column } : {}),
    message: e.reason,
    hint: `${LIMITS[e.limit].fix} (the ${e.limit} limit is ${showLimit(e.limit)})`,
  };
}

/** The longest question or search query the assistant takes (here, so the CLI refuses one before it loads the assistant). */
export const MAX_MESSAGE = 20_000;
