// Model-file entities and dbt nodes brought to one Subject shape, so each rule is written once
// and works on a model file, a dbt property file and a whole project alike.
import type { LoadedModel } from '../../core/model/load.js';
import type { Column, Entity, Model } from '../../core/model/types.js';
import { docReference } from '../../core/project/docs.js';
import { effectiveConfig } from '../../core/project/model-config.js';
import { activeTests, hasNotNullTest, hasUniqueTest, keyCombinations, parseRefTarget } from '../../core/project/dbt-tests.js';
import type { DbtColumn, DbtNode, InterfaceMeta, Project } from '../../core/project/types.js';
import type { PathSeg } from '../../core/yaml-source.js';
import { inferLayers } from '../layers.js';
import type { Subject, SubjectColumn } from './types.js';

/** `enabled: true`, or stability shared/contracted unless explicitly disabled (spec §2.5). */
export function interfaceEnabled(i: InterfaceMeta | undefined): boolean {
  if (!i || typeof i !== 'object') return false;
  if (i.enabled === true) return true;
  return i.enabled !== false && (i.stability === 'shared' || i.stability === 'contracted');
}

const present = (v: unknown) => typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;

export function modelSubjects(m: Model, lm?: LoadedModel): Subject[] {
  const file = lm?.file;
  const deprecatedEntities = new Set(m.entities.filter((e) => e.deprecated === true || e.meta?.deprecated === true).map((e) => e.name));
  return m.entities.map((e, ei) => {
    const base: PathSeg[] = ['entities', ei];
    const meta = e.meta ?? {};
    const fkTargets = new Map<string, { to: string; field?: string }[]>();
    for (const r of m.relationships) {
      const pc = relEnds(r.from, r.to, r.cardinality);
      if (pc && pc.child.entity === e.name) for (const c of pc.child.columns) fkTargets.set(c, [...(fkTargets.get(c) ?? []), { to: pc.parent.entity, field: pc.parent.columns[0] }]);
    }
    const columns = e.columns.map((c, ci) => entityColumn(c, ['columns', ci], fkTargets.get(c.name) ?? []));
    const contract = (e as any).contract ?? meta.contract;
    return {
      resource: 'entity', name: e.name, file, layers: inferLayers({ name: e.name, path: file, declared: meta.layer ?? (isDbtLayer(e.layer) ? e.layer : undefined) }),
      tags: e.tags ?? [], description: e.description, hasDescription: present(e.description) || !!e.description_ref,
      owner: e.owner ?? meta.owner, meta,
      materialized: (e.materialization as string | undefined) ?? meta.materialized ?? (e.type === 'view' ? 'view' : e.type === 'table' ? 'table' : undefined),
      contractEnforced: contract?.enforced === true || meta.modeler?.contracts === 'enforced',
      contractHint: meta.modeler?.contracts === 'enforced',
      deprecated: e.deprecated === true || meta.deprecated === true || deprecatedEntities.has(e.name),
      deprecationMessage: (e.deprecated_message as string | undefined) ?? meta.deprecation_message,
      interface: meta.modeler?.interface, interfaceEnabled: interfaceEnabled(meta.modeler?.interface),
      raw: e as Record<string, any>, columns, declaredKey: [], at: base,
      locate: (at: PathSeg[]) => (lm?.source ? lm.source.locate([...base, ...at]) : {}),
    } satisfies Subject;
  });
}

function isDbtLayer(l: unknown): boolean {
  return typeof l === 'string' && !['conceptual', 'logical', 'physical'].includes(l);
}

function relEnds(from: any, to: any, card?: string) {
  const ep = (x: any) => typeof x === 'string' ? { entity: x.split('.')[0], columns: x.includes('.') ? x.slice(x.indexOf('.') + 1).split(',') : [] }
    : { entity: x.entity, columns: x.columns ?? (x.column ? [x.column] : x.field ? [x.field] : []) };
  const f = ep(from), t = ep(to);
  if (card === 'many_to_many') return undefined;
  return card === 'many_to_one' ? { parent: t, child: f } : { parent: f, child: t };
}

function entityColumn(c: Column, at: PathSeg[], refs: { to: string; field?: string }[]): SubjectColumn {
  const tests = testNames([...(c.tests ?? []), ...(c.data_tests ?? [])]);
  const ref = c.references ?? (typeof c.foreign_key === 'object' ? c.foreign_key : undefined);
  const references = [...refs];
  if (ref) references.push({ to: String(ref.entity ?? ref.model ?? ref.to ?? ''), field: ref.column ?? ref.field });
  const meta = c.meta ?? {};
  return {
    name: c.name, description: c.description, hasDescription: present(c.description) || !!c.description_ref,
    dataType: c.data_type ?? c.type, primaryKey: !!c.primary_key, unique: !!c.unique || !!c.primary_key,
    notNull: c.nullable === false || !!c.primary_key, tests, references,
    constraints: (c.constraints ?? []).map((k: any) => String(k?.type ?? '')).filter(Boolean),
    sensitivity: c.sensitivity ?? meta.sensitivity ?? meta.classification, tags: c.tags ?? [], meta,
    deprecated: c.deprecated === true || meta.deprecated === true, deprecationMessage: (c.deprecated_message as string | undefined) ?? meta.deprecation_message,
    at,
  };
}

function testNames(list: unknown[]): string[] {
  return list.map((t) => (typeof t === 'string' ? t : t && typeof t === 'object' ? String((t as any).test_name ?? Object.keys(t)[0]) : '')).filter(Boolean);
}

/** dbt nodes (models by default; sources, seeds and snapshots too) of a project or one property file. */
export function dbtSubjects(nodes: DbtNode[], project?: Project): Subject[] {
  return nodes.map((n) => dbtSubject(n, project));
}

function dbtSubject(n: DbtNode, project?: Project): Subject {
  const meta = n.meta ?? {};
  const cfg = project && n.resourceType === 'model' ? effectiveConfig(project, n) : undefined;
  const iface = n.interface;
  const docs = project?.docs;
  const hasDesc = (d: unknown, ref?: { doc: string }) => {
    const doc = docReference(d) ?? ref?.doc;
    if (doc) return docs ? docs.has(doc) : true;
    return present(d);
  };
  const modelConstraints: any[] = Array.isArray(n.raw?.constraints) ? n.raw.constraints : [];
  const declaredKey: string[] = [];
  for (const k of modelConstraints) if (k?.type === 'primary_key' && Array.isArray(k.columns)) declaredKey.push(...k.columns.map(String));
  // a key proven by a model-level test (dbt_utils.unique_combination_of_columns, …) is a declared key too
  if (!declaredKey.length) { const combo = keyCombinations(n)[0]; if (combo) declaredKey.push(...combo); }
  const columns: SubjectColumn[] = n.columns.map((c, i) => dbtColumn(c, i, hasDesc(c.description, c.description_ref), declaredKey, n));
  const deprecationDate = n.raw?.deprecation_date ?? n.config?.deprecation_date;
  return {
    resource: n.resourceType === 'model' || n.resourceType === 'source' || n.resourceType === 'seed' || n.resourceType === 'snapshot' ? n.resourceType : 'model',
    name: n.name, file: n.file, layers: inferLayers({ name: n.tableName ?? n.name, path: n.sqlPath ?? n.file, declared: meta.layer ?? meta.modeler?.layer }),
    tags: n.tags, description: n.description, hasDescription: hasDesc(n.description),
    owner: meta.owner ?? n.config?.meta?.owner ?? iface?.owner ?? n.raw?.group, meta,
    materialized: cfg?.materialized ?? n.materialized, contractEnforced: cfg?.contractEnforced ?? n.contractEnforced,
    contractHint: meta.modeler?.contracts === 'enforced',
    deprecated: deprecationDate !== undefined || meta.deprecated === true || iface?.status === 'deprecated',
    deprecationMessage: meta.deprecation_message ?? (deprecationDate ? `deprecated on ${deprecationDate}` : undefined),
    interface: iface, interfaceEnabled: interfaceEnabled(iface), raw: n.raw, columns, declaredKey, at: [],
    locate: (at: PathSeg[]) => {
      const col = at[0] === 'columns' && typeof at[1] === 'number' ? n.columns[at[1]] : undefined;
      return { line: col?.line ?? n.line, column: col?.line ? undefined : 1 };
    },
  } satisfies Subject;
}

function dbtColumn(c: DbtColumn, i: number, hasDescription: boolean, declaredKey: string[], node: DbtNode): SubjectColumn {
  const constraints = c.constraints.map((k) => String(k?.type ?? '')).filter(Boolean);
  // only tests dbt would run count (a test disabled by its config is not credited)
  const running = activeTests(c.tests);
  const tests = running.map((t) => t.name.replace(/^dbt\./, ''));
  const references: { to: string; field?: string }[] = [];
  for (const t of running) {
    if (t.name !== 'relationships' && t.name !== 'dbt.relationships') continue;
    const target = parseRefTarget(t.args.to);
    references.push({ to: target?.name ?? String(t.args.to ?? ''), field: t.args.field as string | undefined });
  }
  for (const k of c.constraints) if (k?.type === 'foreign_key') references.push({ to: String(k.to ?? k.expression ?? ''), field: k.to_columns?.[0] });
  const mref = c.meta?.references;
  if (mref && typeof mref === 'object') references.push({ to: String(mref.model ?? mref.entity ?? mref.to ?? ''), field: mref.column ?? mref.field });
  const meta = c.meta ?? {};
  return {
    name: c.name, description: c.description, hasDescription, dataType: c.data_type ?? c.type,
    primaryKey: constraints.includes('primary_key') || declaredKey.includes(c.name), unique: hasUniqueTest(c, node),
    notNull: hasNotNullTest(c),
    tests, references, constraints, sensitivity: meta.sensitivity ?? meta.classification ?? c.raw?.sensitivity,
    tags: c.tags, meta, deprecated: meta.deprecated === true, deprecationMessage: meta.deprecation_message, at: ['columns', i],
  };
}

/** Entities of a project's Modeler/ files plus its dbt models, sources, seeds and snapshots. */
export function projectSubjects(p: Project): Subject[] {
  const out: Subject[] = [];
  for (const lm of p.modelerFiles) if (lm.model && lm.model.kind !== 'glossary' && lm.model.kind !== 'diagram') out.push(...modelSubjects(lm.model, lm));
  // models known only from manifest.json come from packages: not this project's to govern
  out.push(...dbtSubjects([...p.models.filter((m) => m.origins.some((o) => o !== 'manifest')), ...p.sources, ...p.seeds, ...p.snapshots], p));
  return out;
}

export type { Entity };
