// Build the modeler manifest of contracts from a project:
//   - every Interface model (meta.modeler.interface enabled, or stability shared/contracted)
//     becomes a contract `<domain>.<Entity>.<contract_name>@<version>` whose output signature is
//     the model's columns with their types;
//   - every entity of Modeler/logical/*.model.yaml becomes an entity with its fields, and names
//     the Entity of the Interfaces that realise it.
// Output is sorted-key JSON, validated against schemas/modeler-manifest.schema.json before it
// is written; nothing is written when there are errors.
import pluralize from 'pluralize';
import { hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/fs-atomic.js';
import { schemaErrorsToDiagnostics, schemaValidator } from '../core/json-schema.js';
import { columnType } from '../core/model/access.js';
import type { Entity as LogicalEntity } from '../core/model/types.js';
import { isTest, parseRefTarget } from '../core/project/dbt-tests.js';
import { docReference } from '../core/project/docs.js';
import { loadProject } from '../core/project/load.js';
import { readOptionsOf, type ReadOptions } from '../core/project/settings.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { stableStringify } from '../core/stable-json.js';
import { MODELER_SCHEMA, type ModelerContract, type ModelerDomain, type ModelerEntity, type ModelerField, type ModelerManifest } from './modeler-manifest.js';
import { packageVersion } from './version.js';

export const MANIFEST_SPEC_VERSION = '1.0.0';
const LOGICAL_FILE = /^Modeler\/logical\/.+\.model\.ya?ml$/i;

export interface BuildResult {
  manifest?: ModelerManifest;
  diagnostics: Diagnostic[];
  ok: boolean;
  entities: number;
  contracts: number;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function snakeName(s: string): string {
  return s.trim().replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^[^a-z]+|_+$/g, '');
}

export function pascalName(s: string): string {
  const words = s.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return /^[A-Z]/.test(out) ? out : `E${out}`;
}

/** `dim_customers` → `Customer`, `fct_order_items` → `OrderItem`. */
export function entityNameForModel(model: string): string {
  const words = snakeName(model).split('_').filter(Boolean);
  while (words.length > 1 && ['dim', 'fct', 'fact', 'stg', 'int', 'mart', 'rpt', 'base', 'obt'].includes(words[0])) words.shift();
  const last = words.length - 1;
  if (last >= 0 && /^[a-z]{3,}$/.test(words[last]) && !pluralize.isSingular(words[last])) words[last] = pluralize.singular(words[last]);
  return pascalName(words.join('_'));
}

/** `v3`, `3`, `3.1.0` → 3; anything else → undefined. */
export function interfaceVersion(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v >= 1 ? v : undefined;
  const m = /^v?([0-9]+)(\.[0-9]+)*$/i.exec(String(v ?? '').trim());
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 ? n : undefined;
}

export function isInterface(n: DbtNode): boolean {
  const i = n.interface;
  if (!i) return false;
  if (i.enabled === true) return true;
  return i.enabled !== false && (i.stability === 'shared' || i.stability === 'contracted');
}

interface LogicalRef { entity: LogicalEntity; domain?: string; file: string }

/** The logical entity an Interface model realises: explicit `interface.entity`, else a logical entity naming the model. */
function linkedEntity(n: DbtNode, logical: LogicalRef[]): LogicalRef | undefined {
  const explicit = typeof n.interface?.entity === 'string' ? n.interface.entity : undefined;
  if (explicit) return logical.find((l) => l.entity.name === explicit || pascalName(l.entity.name) === pascalName(explicit));
  const names = (l: LogicalEntity) => [l.physical_name, l.mapped_from, l.derived_from, ...(l.sources ?? [])]
    .filter((x): x is string => typeof x === 'string').map((x) => parseRefTarget(x)?.name ?? x);
  return logical.find((l) => names(l.entity).includes(n.name));
}

/** A description as prose: doc-block references (`description_ref` or `{{ doc("x") }}`) resolved. */
function prose(p: Project, description: string | undefined, ref?: { doc: string }): string | undefined {
  const name = ref?.doc ?? docReference(description);
  if (name) return p.docs.get(name)?.body.trim() ?? description;
  return description;
}

function catalogType(p: Project, n: DbtNode, column: string): string | undefined {
  const cols = p.target.catalog?.nodes?.[n.uniqueId]?.columns;
  if (!cols || typeof cols !== 'object') return undefined;
  const hit = cols[column] ?? cols[column.toUpperCase()] ?? Object.values(cols).find((c: any) => String(c?.name).toLowerCase() === column.toLowerCase());
  return typeof (hit as any)?.type === 'string' ? (hit as any).type : undefined;
}

export function buildModelerManifest(p: Project, generatedAt = defaultGeneratedAt()): BuildResult {
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, n: DbtNode, message: string, hint?: string) =>
    diagnostics.push({ code, severity: 'warning', file: n.file, line: n.line, column: n.line ? 1 : undefined, message, ...(hint ? { hint } : {}) });

  // a property file that does not read (broken YAML, wrong shape, duplicate model) may hold an
  // Interface; a contract manifest silently missing it would misreport drift, so fail closed
  diagnostics.push(...p.diagnostics.filter((d) => d.severity === 'error' && d.file && !d.file.startsWith('Modeler/')
    && !['SKILL_FRONTMATTER', 'DOC_UNCLOSED', 'DOC_DUPLICATE'].includes(d.code)));
  const logicalFiles = p.modelerFiles.filter((lm) => LOGICAL_FILE.test(lm.file));
  for (const lm of logicalFiles) diagnostics.push(...lm.diagnostics.filter((d) => d.severity === 'error'));
  const logical: LogicalRef[] = logicalFiles.flatMap((lm) => (lm.model?.entities ?? []).map((entity) => ({
    entity, domain: entity.domain ?? lm.model!.model.domain, file: lm.file,
  })));

  const domains = new Map<string, Map<string, ModelerEntity>>();
  const entityIn = (domain: string, name: string): ModelerEntity => {
    let d = domains.get(domain);
    if (!d) domains.set(domain, (d = new Map()));
    let e = d.get(name);
    if (!e) d.set(name, (e = { name, fields: [], contracts: [] }));
    return e;
  };
  for (const l of logical) {
    const e = entityIn(snakeName(l.domain ?? 'default') || 'default', pascalName(l.entity.name));
    if (l.entity.description && !e.description) e.description = l.entity.description;
    if (l.entity.tags?.length) e.tags = [...new Set([...(e.tags ?? []), ...l.entity.tags])].sort(byCodeUnits);
    if (!e.fields!.length) e.fields = l.entity.columns.map((c) => fieldOf(c.name, columnType(c), prose(p, c.description, c.description_ref), { primary_key: c.primary_key, nullable: c.nullable, unique: c.unique, tags: c.tags }));
  }

  const seen = new Map<string, string>();
  const interfaces = p.models.filter(isInterface).sort((a, b) => byCodeUnits(a.name, b.name));
  for (const n of interfaces) {
    const i = n.interface!;
    const link = linkedEntity(n, logical);
    const rawDomain = i.domain ?? link?.domain;
    if (!rawDomain) {
      warn('INTERFACE_NO_DOMAIN', n, `Interface '${n.name}' has no domain, so it gets no contract`, 'set meta.modeler.interface.domain');
      continue;
    }
    const version = interfaceVersion(i.version ?? 'v1');
    if (i.version === undefined) warn('INTERFACE_NO_VERSION', n, `Interface '${n.name}' has no version; its contract is version 1`, 'set meta.modeler.interface.version (e.g. v1)');
    if (version === undefined) {
      warn('INTERFACE_BAD_VERSION', n, `Interface '${n.name}' version '${i.version}' is not v<integer ≥ 1>, so it gets no contract`);
      continue;
    }
    const domain = snakeName(rawDomain);
    const explicitEntity = typeof i.entity === 'string' && i.entity.trim() ? i.entity : undefined;
    const entityName = link ? pascalName(link.entity.name) : explicitEntity ? pascalName(explicitEntity) : entityNameForModel(n.name);
    const name = snakeName(typeof i.contract === 'string' ? i.contract : n.name);
    if (!domain || !name) {
      warn('INTERFACE_BAD_NAME', n, `Interface '${n.name}': domain '${rawDomain}' or contract name '${i.contract ?? n.name}' has no letters to build a contract id from, so it gets no contract`);
      continue;
    }
    const id = `${domain}.${entityName}.${name}`;
    const key = `${id}@${version}`;
    if (seen.has(key)) {
      diagnostics.push({ code: 'DUPLICATE_CONTRACT', severity: 'error', file: n.file, line: n.line, column: n.line ? 1 : undefined,
        message: `Interfaces '${seen.get(key)}' and '${n.name}' both define contract ${key}`, hint: 'give one a different version or meta.modeler.interface.contract name' });
      continue;
    }
    seen.set(key, n.name);
    const untyped: string[] = [];
    const outputs = n.columns.map((c) => {
      const linkedField = link?.entity.columns.find((f) => f.name === c.name);
      const type = c.data_type ?? c.type ?? catalogType(p, n, c.name) ?? (linkedField ? columnType(linkedField) : undefined);
      if (!type) untyped.push(c.name);
      const constraints = [
        ...(c.tests.some((t) => isTest(t, 'not_null')) || c.constraints.some((k) => k.type === 'not_null' || k.type === 'primary_key') ? ['not_null'] : []),
        ...(c.tests.some((t) => isTest(t, 'unique')) || c.constraints.some((k) => k.type === 'unique' || k.type === 'primary_key') || i.unique_key === c.name ? ['unique'] : []),
      ];
      const description = prose(p, c.description, c.description_ref);
      return { name: c.name, type: type ?? 'unknown', ...(description ? { description } : {}), ...(constraints.length ? { constraints } : {}) };
    });
    if (!outputs.length) warn('INTERFACE_NO_COLUMNS', n, `Interface '${n.name}' documents no columns, so its contract promises no outputs`);
    if (untyped.length) {
      warn('INTERFACE_COLUMN_NO_TYPE', n, `Interface '${n.name}': column(s) ${untyped.join(', ')} have no data_type; the contract cannot check their types`,
        'add data_type to the columns (or run dbt docs generate so target/catalog.json has them)');
    }
    const contract: ModelerContract = {
      id, name, version,
      ...(i.description ?? n.description ? { description: (i.description ?? n.description)! } : {}),
      ...(i.owner ? { owner: i.owner } : {}),
      ...(n.tags.length ? { tags: [...n.tags].sort(byCodeUnits) } : {}),
      ...(i.status ? { status: i.status } : {}),
      ...(i.stability ? { stability: i.stability } : {}),
      tform_model: n.name,
      signature: { inputs: [], outputs },
    };
    const e = entityIn(domain, entityName);
    e.contracts!.push(contract);
    if (!e.binding) e.binding = { kind: 'tform_model', ref: n.name };
    if (!e.fields!.length) e.fields = n.columns.map((c, k) => fieldOf(c.name, outputs[k].type === 'unknown' ? undefined : outputs[k].type, outputs[k].description, { primary_key: i.unique_key === c.name || undefined }));
    if (!e.description && (link?.entity.description ?? n.description)) e.description = link?.entity.description ?? n.description;
  }

  const domainList: ModelerDomain[] = [...domains.keys()].sort(byCodeUnits).map((d) => ({
    name: d,
    entities: [...domains.get(d)!.values()].sort((a, b) => byCodeUnits(a.name, b.name)).map((e) => ({
      ...e, contracts: e.contracts!.sort((a, b) => byCodeUnits(a.id, b.id) || a.version - b.version),
    })),
  }));
  const contracts = domainList.reduce((n, d) => n + d.entities.reduce((m, e) => m + (e.contracts?.length ?? 0), 0), 0);
  const entities = domainList.reduce((n, d) => n + d.entities.length, 0);
  if (hasErrors(diagnostics)) return { diagnostics, ok: false, entities, contracts };
  const manifest: ModelerManifest = {
    manifestSpecVersion: MANIFEST_SPEC_VERSION, modelerVersion: packageVersion().replace(/[-+].*$/, ''), generatedAt,
    project: { name: p.name }, domains: domainList,
    diagnostics: diagnostics.map((d) => ({ severity: d.severity, code: d.code, message: d.message, ...(d.file ? { path: d.file } : {}) })),
  };
  const validate = schemaValidator(MODELER_SCHEMA);
  if (!validate(manifest)) {
    // our own output must satisfy our own schema; anything else is a bug worth a clear report
    const first = schemaErrorsToDiagnostics(validate.errors)[0];
    throw new Error(`built modeler manifest violates ${MODELER_SCHEMA}: ${first?.message ?? 'unknown'}`);
  }
  return { manifest, diagnostics, ok: true, entities, contracts };
}

function fieldOf(name: string, type: string | undefined, description: string | undefined, flags: Partial<Record<'primary_key' | 'nullable' | 'unique', boolean | undefined>> & { tags?: string[] }): ModelerField {
  const f: ModelerField = { name };
  if (type) f.type = type;
  if (description) f.description = description;
  for (const k of ['primary_key', 'nullable', 'unique'] as const) if (typeof flags[k] === 'boolean') f[k] = flags[k];
  if (flags.tags?.length) f.tags = flags.tags;
  return f;
}

/** SOURCE_DATE_EPOCH (reproducible builds) or now, as an RFC 3339 date-time. */
export function defaultGeneratedAt(): string {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000).toISOString();
  return new Date().toISOString();
}

export function buildModelerManifestTo(projectDir: string, out: string, opts: ReadOptions = {}): BuildResult & { written?: string } {
  const project = loadProject(projectDir, readOptionsOf(opts));
  const r = buildModelerManifest(project);
  if (!r.ok || !r.manifest) return r;
  writeFileAtomic(out, stableStringify(r.manifest));
  return { ...r, written: out };
}
