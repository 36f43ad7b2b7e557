// `generate tform`: a dbt-style project scaffold from a model — dbt_project.yml, one staging model
// per table selecting its columns in model order from a source, models/staging/schema.yml with
// descriptions, data_type and tests (unique + not_null for keys, not_null for required columns,
// relationships for foreign keys, accepted_values for enums), models/sources.yml, and
// models/docs.md with the doc blocks descriptions are bound to.
// Every YAML file is built with the yaml library, never by string concatenation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Document } from 'yaml';
import { UserError } from '../core/diagnostics.js';
import { opt } from '../core/option-names.js';
import type { Column, Model } from '../core/model/types.js';
import { boundDoc, hasDocCall, proseDescription, type DocTexts } from '../metadata/doc-blocks.js';
import { buildPhysicalSchema, snakeCase, type PhysTable } from '../sql/physical.js';

export interface ScaffoldOptions {
  /** dbt project name (default: the model name in snake_case) */
  projectName?: string;
  /** dbt profile name (default: the project name) */
  profile?: string;
  /** source name (default: raw) */
  sourceName?: string;
  /** text of the doc blocks descriptions are bound to (src/metadata/doc-blocks.ts) */
  docs?: DocTexts;
  /** told about each description left out (its doc block's text was not found) */
  warn?: (message: string) => void;
}

export interface ScaffoldFile { path: string; content: string }


export function scaffoldTform(model: Model, opts: ScaffoldOptions = {}): ScaffoldFile[] {
  const project = opts.projectName ?? dbtName(model.model.name);
  if (!/^[a-z_][a-z0-9_]*$/.test(project)) throw new UserError(`${opt('project_name')} '${project}' is not a valid dbt project name (lower-case letters, digits and _)`);
  const schema = buildPhysicalSchema(model, opts.docs);
  if (!schema.tables.length) throw new UserError(`model '${model.model.name}' has no tables to scaffold (entities need columns)`, 1);
  const sourceBase = opts.sourceName ?? 'raw';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(sourceBase)) throw new UserError(`${opt('source_name')} '${sourceBase}' is not a valid dbt source name (letters, digits and _)`);
  const entityByKey = new Map(model.entities.map((e) => [e.name, e]));
  // staging model names must be unique in a dbt project: tables of the same name in different
  // schemas get the schema in theirs
  const clash = new Map<string, number>();
  for (const t of schema.tables) clash.set(snakeCase(t.name), (clash.get(snakeCase(t.name)) ?? 0) + 1);
  const stgName = (t: PhysTable) => `stg_${(clash.get(snakeCase(t.name)) ?? 0) > 1 && t.schema ? `${snakeCase(t.schema)}_` : ''}${snakeCase(t.name)}`;
  const tableByKey = new Map(schema.tables.map((t) => [t.key, t]));

  // a description bound to a doc block stays bound in the scaffold, whose models/docs.md holds
  // the block: its text from the model's project, else the model's own prose; with neither, the
  // description is left out (dbt refuses a doc() of a block it cannot find)
  const blocks = new Map<string, string>();
  const missing = new Set<string>();
  const describe = (where: string, description: string | undefined, ref: unknown): string | undefined => {
    const name = boundDoc(description, ref);
    if (name === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return proseDescription(description, undefined, opts.docs);
    const body = opts.docs?.get(name) ?? (hasDocCall(description) ? undefined : description);
    if (body?.trim()) {
      blocks.set(name, body.trim());
      return `{{ doc("${name}") }}`;
    }
    if (!missing.has(name)) opts.warn?.(`doc block '${name}' (${where}) not found in the model's dbt project; its description is left out`);
    missing.add(name);
    return undefined;
  };

  // one source per (database, schema): dbt sources have a single schema each
  const groups = new Map<string, PhysTable[]>();
  for (const t of schema.tables) {
    const k = `${t.database ?? ''}.${t.schema ?? ''}`;
    groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  const sourceOf = new Map<string, string>();
  const sources = [...groups.values()].map((tables) => {
    const t0 = tables[0];
    const name = groups.size === 1 ? sourceBase : dbtName(`${sourceBase}_${t0.schema ?? 'default'}`);
    for (const t of tables) sourceOf.set(t.key, name);
    const src: Record<string, unknown> = { name };
    if (t0.database) src.database = t0.database;
    if (t0.schema) src.schema = t0.schema;
    src.tables = tables.map((t) => withDescription({ name: t.name }, t.description, {
      columns: t.columns.map((c) => withDescription({ name: c.name }, c.description, c.type ? { data_type: c.type } : {})),
    }));
    return src;
  });

  const files: ScaffoldFile[] = [];
  files.push({
    path: 'dbt_project.yml',
    content: yamlText({
      name: project,
      version: model.model.version,
      'config-version': 2,
      profile: opts.profile ?? project,
      'model-paths': ['models'],
      models: { [project]: { staging: { '+materialized': 'view' } } },
    }),
  });
  files.push({ path: 'models/sources.yml', content: yamlText({ version: 2, sources }) });

  const models = schema.tables.map((t) => {
    const e = entityByKey.get(t.key)!;
    const pk = t.primaryKey?.columns ?? [];
    const columns = t.columns.map((c) => {
      const col = e.columns.find((x) => x.name === c.name)!;
      const tests: unknown[] = [];
      if ((pk.length === 1 && pk[0] === c.name) || col.unique) tests.push('unique');
      if (!c.nullable) tests.push('not_null');
      for (const fk of schema.foreignKeys) {
        if (fk.table !== t.key || fk.columns.length !== 1 || fk.columns[0] !== c.name) continue;
        const parent = tableByKey.get(fk.refTable)!;
        tests.push({ relationships: { arguments: { to: `ref('${stgName(parent)}')`, field: fk.refColumns[0] } } });
      }
      const values = enumValues(model, col);
      if (values) tests.push({ accepted_values: { arguments: { values } } });
      const out = withDescription({ name: c.name }, describe(`${e.name}.${c.name}`, col.description, col.description_ref), c.type ? { data_type: c.type } : {});
      if (tests.length) out.data_tests = tests;
      return out;
    });
    return withDescription({ name: stgName(t) }, describe(e.name, e.description, (e as { description_ref?: unknown }).description_ref), { columns });
  });
  files.push({ path: 'models/staging/schema.yml', content: yamlText({ version: 2, models }) });
  if (blocks.size) files.push({ path: 'models/docs.md', content: docsMarkdown(blocks) });

  for (const t of schema.tables) {
    const cols = t.columns.map((c) => `    ${sqlIdent(c.name)}`).join(',\n');
    files.push({
      path: `models/staging/${stgName(t)}.sql`,
      content: `-- staging model for ${t.key}, ${GENERATED_MARK}\nselect\n${cols}\nfrom {{ source('${sourceOf.get(t.key)}', ${jinjaString(t.name)}) }}\n`,
    });
  }
  return files;
}

const GENERATED_MARK = 'generated by modeler generate tform';

/** YAML through the yaml library, its first line a comment carrying our mark. */
function yamlText(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  doc.commentBefore = ` ${GENERATED_MARK}`;
  return doc.toString({ lineWidth: 0 });
}

/**
 * Files of this scaffold that already exist in `root` without our mark on their first line:
 * someone else's project files (a real dbt_project.yml, a hand-written schema.yml) that a run
 * would replace.
 */
export function foreignScaffoldFiles(root: string, files: ScaffoldFile[]): string[] {
  return files.filter((f) => existsSync(join(root, f.path)) && !firstLine(join(root, f.path)).includes(GENERATED_MARK)).map((f) => f.path);
}

/**
 * Staging models an earlier run generated into `root` that this run does not (their entity was
 * removed or renamed). Left behind they select from a source sources.yml no longer declares and
 * `dbt parse` fails; only files whose first line carries our mark are considered.
 */
export function staleScaffoldFiles(root: string, files: ScaffoldFile[]): string[] {
  const dir = join(root, 'models', 'staging');
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const fresh = new Set(files.map((f) => f.path));
  return readdirSync(dir).filter((n) => n.endsWith('.sql') && !fresh.has(`models/staging/${n}`))
    .filter((n) => firstLine(join(dir, n)).includes(GENERATED_MARK))
    .map((n) => `models/staging/${n}`);
}

function firstLine(path: string): string {
  try { return readFileSync(path, 'utf8').split('\n', 1)[0]; } catch { return ''; } // a directory or unreadable file is not ours
}

/** The doc blocks as dbt reads them; a body cannot close or open a block of its own. */
function docsMarkdown(blocks: Map<string, string>): string {
  const safe = (b: string) => b.replace(/\{%-?\s*(end)?docs\b[^%]*-?%\}/g, '').trim();
  return `<!-- ${GENERATED_MARK}: the doc blocks the descriptions in models/staging/schema.yml use -->\n\n`
    + [...blocks].map(([n, b]) => `{% docs ${n} %}\n${safe(b)}\n{% enddocs %}\n`).join('\n');
}

function withDescription(base: Record<string, unknown>, description: string | undefined, rest: Record<string, unknown>): Record<string, unknown> {
  return { ...base, ...(description ? { description } : {}), ...rest };
}

/** An enum column's allowed values: inline `enum: [..]`, or the name of one of the model's enums. */
function enumValues(m: Model, c: Column): (string | number)[] | undefined {
  if (Array.isArray(c.enum)) return c.enum;
  if (typeof c.enum === 'string') return m.enums.find((e) => e.name === c.enum)?.values;
  return undefined;
}

/** A dbt project/source name: lower snake case, starting with a letter or _. */
export function dbtName(s: string): string {
  const n = snakeCase(s).replace(/[^a-z0-9_]/g, '_');
  return /^[a-z_]/.test(n) ? n : `_${n}`;
}

/**
 * A Jinja string literal: a table named `o'brien` must not end the literal early. Quote with the
 * other quote character rather than escape: dbt's static parser reads the literal without unescaping.
 */
function jinjaString(s: string): string {
  return s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s}'`;
}

function sqlIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.split('"').join('""')}"`;
}
