// Settings of a table, each with the file and line that decides it: materialization, schema,
// tags, owner, Interface state and contract, a source's loaded_at_field and freshness, access
// and group. A group of models ("the staging models") is answered for the group.
import type { DbtNode, Project } from '../../../core/project/types.js';
import { ownerOf } from '../../index/build-nodes.js';
import { interfaceState } from '../facts.js';
import { projectConfigAnswer } from './config-wide.js';
import { at, cannot, lineIn, lineInEntry, list, plural, q, where, type Direct, type KindInput } from './shared.js';

type Facet = 'materialized' | 'schema' | 'tags' | 'owner' | 'interface' | 'freshness' | 'access';
const FACETS: [Facet, RegExp][] = [
  ['materialized', /materiali[sz]|\btables? or (an? )?views?\b|\bviews? or (an? )?tables?\b|incremental|ephemeral|\b(are|is) (tables?|views?)\b/i],
  ['schema', /\bschema|database|alias\b/i],
  ['tags', /\btag/i],
  ['owner', /\bown(er|ers|s|ed)\b|\bwho\b.*\b(responsible|maintains)/i],
  ['interface', /\binterface|contract|stability|domain\b/i],
  ['freshness', /loaded_at|freshness|fresh\b|stale/i],
  ['access', /\baccess\b|\bgroup\b/i],
];

export function configAnswer({ project, subject, message }: KindInput): Direct | undefined {
  const facets = FACETS.filter(([, re]) => re.test(message)).map(([f]) => f);
  if (!facets.length) return undefined;
  if (subject.group && facets.includes('materialized')) return groupMaterialized(project, subject.group.label, subject.group.nodes);
  const n = subject.node;
  // no table named or selected: the setting across the project (or the group asked about)
  if (!n) return projectConfigAnswer(project, message, facets, subject.group);
  const lead: string[] = [];
  const evidence: string[] = [];
  for (const f of facets) {
    const s = sentence(project, n, f, evidence);
    if (s) lead.push(s);
  }
  if (!lead.length) return undefined;
  return { lead: lead.join(' '), evidence };
}

function sentence(project: Project, n: DbtNode, f: Facet, evidence: string[]): string | undefined {
  const name = q(n.name);
  switch (f) {
    case 'materialized': {
      if (n.resourceType === 'source') return `${name} is a source table: dbt does not materialize it (${where(n)}).`;
      return `${name} is materialized as ${q(n.materialized ?? 'view')}, ${materializedWhere(project, n)}.`;
    }
    case 'schema': {
      const schema = n.config?.schema ?? n.raw?.schema;
      const db = n.config?.database ?? n.raw?.database;
      if (n.resourceType === 'source') return `${name} is read from ${db ? `database ${q(String(db))}, ` : ''}schema ${q(String(schema ?? n.sourceName))} (${where(n)}).`;
      if (!schema) return `${name} sets no custom schema: it is built in the target's schema (profiles.yml) (${where(n)}).`;
      return `${name} is built in the custom schema ${q(String(schema))} (${configAt(project, n, 'schema')}); with dbt's default generate_schema_name that is <target schema>_${schema}.`;
    }
    case 'tags':
      return n.tags.length ? `${name} is tagged ${list(n.tags.map(q))} (${configAt(project, n, 'tags')}).` : `${name} has no tags (${where(n)}).`;
    case 'owner': {
      const o = ownerOf(n);
      const grp = n.config?.group ?? n.raw?.group;
      if (o) return `${name} is owned by ${q(o)} (${at(n.file, lineInEntry(project, n, /owner/) ?? n.line)}).`;
      return `${name} has no owner set: no meta.owner, meta.modeler.interface.owner${grp ? '' : ' or group'} (${where(n)})${grp ? `; it belongs to the group ${q(String(grp))}` : ''}.`;
    }
    case 'interface': {
      const st = interfaceState(n);
      if (st) {
        evidence.push(`meta.modeler.interface: ${JSON.stringify(n.interface)} (${where(n)}).`);
        return `${name} is an Interface (${st}) (${at(n.file, lineInEntry(project, n, /interface:/) ?? n.line)}).`;
      }
      return `${name} is not an Interface: it has no meta.modeler.interface (${where(n)}); its contract is ${n.contractEnforced ? 'enforced' : 'not enforced'}.`;
    }
    case 'freshness': {
      if (n.resourceType !== 'source') return `${name} is a ${n.resourceType}; loaded_at_field and freshness are set on sources (${where(n)}).`;
      const fr = n.freshness ? JSON.stringify(n.freshness) : undefined;
      const laf = n.loadedAtField;
      const line = at(n.file, lineInEntry(project, n, /loaded_at_field/) ?? sourceLine(project, n) ?? n.line);
      return `${name} ${laf ? `has loaded_at_field ${q(laf)}` : 'has no loaded_at_field'}${fr ? ` and freshness ${fr}` : ', no freshness check'} (${line}).`;
    }
    case 'access': {
      const access = n.config?.access ?? n.raw?.access;
      const grp = n.config?.group ?? n.raw?.group;
      return `${name} has access ${q(String(access ?? 'protected'))}${access ? '' : ' (dbt\'s default)'}${grp ? ` and belongs to group ${q(String(grp))}` : ', no group'} (${where(n)}).`;
    }
  }
}

function materializedWhere(project: Project, n: DbtNode): string {
  switch (n.materializedFrom) {
    case 'sql': return `set in its SQL config() (${at(n.sqlPath, lineIn(project, n.sqlPath, /materialized/))})`;
    case 'yaml': return `set in its YAML config (${at(n.file, lineInEntry(project, n, /materialized/) ?? n.line)})`;
    case 'dbt_project': return `set in dbt_project.yml (${at('dbt_project.yml', projectLine(project, n))})`;
    default: return 'dbt\'s default (nothing sets it)';
  }
}

/** The dbt_project.yml line that sets the materialization for the node's folder, best effort. */
function projectLine(project: Project, n: DbtNode): number | undefined {
  let text: string;
  try { text = project.readText('dbt_project.yml'); } catch { return undefined; }
  const lines = text.split('\n');
  const folders = n.fqn.slice(1, -1).reverse();
  for (const f of folders) {
    const i = lines.findIndex((l) => new RegExp(`^\\s*\\+?${f}:\\s*$`).test(l));
    if (i >= 0) { const j = lines.slice(i + 1).findIndex((l) => /materialized/.test(l)); if (j >= 0 && j < 12) return i + j + 2; }
  }
  const k = lines.findIndex((l) => /materialized/.test(l));
  return k >= 0 ? k + 1 : undefined;
}

function configAt(project: Project, n: DbtNode, key: string): string {
  const re = new RegExp(`\\+?${key}\\s*[:=]`);
  const inSql = lineIn(project, n.sqlPath, re);
  if (inSql) return at(n.sqlPath, inSql);
  const inYaml = lineInEntry(project, n, re);
  if (inYaml) return at(n.file, inYaml);
  const inProject = lineIn(project, 'dbt_project.yml', re);
  return inProject ? at('dbt_project.yml', inProject) : where(n);
}

function groupMaterialized(project: Project, label: string, nodes: DbtNode[]): Direct {
  if (!nodes.length) return cannot(`There are no ${label} in this project.`, []);
  const by = new Map<string, DbtNode[]>();
  for (const n of nodes) { const m = n.materialized ?? 'view'; by.set(m, [...(by.get(m) ?? []), n]); }
  const ranked = [...by.entries()].sort((a, b) => b[1].length - a[1].length);
  const [top, topNodes] = ranked[0];
  const whereSet = materializedWhere(project, topNodes[0]);
  const lead = ranked.length === 1
    ? `All ${plural(nodes.length, label.replace(/s$/, ''), label)} are materialized as ${q(top)}, ${whereSet}.`
    : `Most ${label} (${topNodes.length} of ${nodes.length}) are materialized as ${q(top)}, ${whereSet}; ${ranked.slice(1).map(([m, ns]) => `${list(ns.map((x) => q(x.name)), 4)} ${ns.length === 1 ? 'is' : 'are'} ${q(m)}`).join('; ')}.`;
  return { lead, evidence: ranked.map(([m, ns]) => `- ${m}: ${list(ns.map((x) => x.name), 12)}`) };
}

/** The loaded_at_field a source table inherits: the line in its source's block. */
function sourceLine(project: Project, n: DbtNode): number | undefined {
  if (!n.file || !n.sourceName) return undefined;
  let lines: string[];
  try { lines = project.readText(n.file).split('\n'); } catch { return undefined; }
  const start = lines.findIndex((l) => new RegExp(`^\\s*- name:\\s*['"]?${n.sourceName}['"]?\\s*$`).test(l));
  if (start < 0) return undefined;
  for (let i = start + 1; i < lines.length && !/^\s*tables:/.test(lines[i]); i++) if (/loaded_at_field/.test(lines[i])) return i + 1;
  return undefined;
}
