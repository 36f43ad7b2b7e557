// What the project holds: "how many models are there?", "what tables are in the marts?", "list the
// staging models" — counts by kind and by layer, or the tables of a group, each with file:line; and
// "where is patient_id used?" — every table that has a column of that name (declared in YAML or
// returned by its SQL), staging first.
import { projectColumns } from '../../../core/columns/project-columns.js';
import type { DbtNode, Project } from '../../../core/project/types.js';
import { activeTests } from '../../../core/project/dbt-tests.js';
import { inferLayers, LAYERS } from '../../../governance/layers.js';
import { at, bullets, colAt, layerRank, list, plural, q, tableBullets, where, type Direct, type KindInput } from './shared.js';

const SHOWN = 25;
const LAYER_WORDS: Record<string, string> = { stg: 'staging', int: 'intermediate', fct: 'fact', dim: 'dimension', mart: 'mart' };

export function inventoryAnswer({ project, subject, message }: KindInput): Direct | undefined {
  if (subject.node) return undefined;
  if (subject.group) return groupList(subject.group.label, subject.group.nodes);
  const live = (ns: DbtNode[]) => ns.filter((n) => n.enabled !== false);
  const models = live(project.models);
  if (/\bsources?\b/i.test(message) && !/\bmodels?\b/i.test(message)) {
    const sources = live(project.sources);
    const systems = new Map<string, number>();
    for (const s of sources) systems.set(s.sourceName ?? s.name, (systems.get(s.sourceName ?? s.name) ?? 0) + 1);
    return { lead: `The project reads ${plural(sources.length, 'source table')} from ${plural(systems.size, 'source')}: ${list([...systems].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([s, k]) => `${q(s)} ${k}`), 12)}.`, evidence: [] };
  }
  const byLayer = new Map<string, number>();
  for (const n of models) {
    const l = inferLayers({ name: n.name, path: n.sqlPath ?? n.file, declared: n.meta?.layer })[0];
    const w = l ? LAYER_WORDS[l] : 'other';
    byLayer.set(w, (byLayer.get(w) ?? 0) + 1);
  }
  const order = [...LAYERS.map((l) => LAYER_WORDS[l]), 'other'];
  const layers = order.filter((w) => byLayer.has(w)).map((w) => `${byLayer.get(w)} ${w}`);
  const others = ([['source table', project.sources], ['seed', project.seeds], ['snapshot', project.snapshots], ['exposure', project.exposures], ['semantic model', project.semanticModels], ['metric', project.metrics]] as const)
    .map(([w, ns]) => [w, live([...ns]).length] as const).filter(([, k]) => k > 0).map(([w, k]) => plural(k, w));
  const testsOf = (ns: DbtNode[]) => ns.reduce((k, n) => k + activeTests([...n.tests, ...n.columns.flatMap((c) => c.tests)]).length, 0);
  const tests = testsOf(models);
  // the tests on sources, seeds and snapshots too: `modeler summary` counts them (dental-clinic's 353 on its sources)
  const elsewhere = ([['sources', project.sources], ['seeds', project.seeds], ['snapshots', project.snapshots]] as const)
    .map(([w, ns]) => [w, testsOf(live([...ns]))] as const).filter(([, k]) => k > 0);
  const elsewhereText = elsewhere.length ? ` and ${elsewhere.reduce((k, [, n]) => k + n, 0)} on its ${list(elsewhere.map(([w]) => w))}` : '';
  const disabled = project.models.length - models.length;
  // singular tests (SQL files under test-paths) too: `modeler summary` counts them, and a count without them disagrees
  const singular = project.singularTests.filter((t) => t.enabled).length;
  const singularText = singular ? `, besides ${plural(singular, 'singular test')} (${singular === 1 ? 'a SQL file' : 'SQL files'} under test-paths)` : '';
  const lead = `The project has ${plural(models.length, 'model')} (${list(layers, 8)}, by name or folder)${others.length ? `, ${list(others, 8)}` : ''} and ${plural(tests, 'test')} on its models${elsewhereText}${singularText}.`;
  return { lead, evidence: disabled ? [`${plural(disabled, 'model is', 'models are')} disabled and not counted.`] : [] };
}

function groupList(label: string, nodes: DbtNode[]): Direct {
  const sorted = [...nodes].sort((a, b) => layerRank(a) - layerRank(b) || (a.name < b.name ? -1 : 1));
  const evidence = tableBullets(sorted, SHOWN);
  return { lead: `The ${label}: ${plural(nodes.length, 'model')}, ${list(sorted.map((n) => q(n.name)), 10)}.`, evidence };
}

/** Every table with a column of this name: its YAML lists it, or its SQL returns it. */
export function columnUsageAnswer({ project, subject }: KindInput): Direct | undefined {
  const name = subject.column?.name ?? subject.columnName;
  if (!name) return undefined;
  const lower = name.toLowerCase();
  let pc: ReturnType<typeof projectColumns> | undefined;
  try { pc = projectColumns(project); } catch { pc = undefined; }
  const has = (n: DbtNode) => n.columns.some((c) => c.name.toLowerCase() === lower)
    || (!!pc && (n.resourceType === 'model' || n.resourceType === 'snapshot') && safeOf(pc, n).some((c) => c.name.toLowerCase() === lower));
  const tables = [...project.sources, ...project.models, ...project.seeds, ...project.snapshots].filter((n) => n.enabled !== false && has(n));
  if (!tables.length) return undefined;
  tables.sort((a, b) => layerRank(a) - layerRank(b) || (a.name < b.name ? -1 : 1));
  // each table cited where the column is: its YAML entry, else the SQL line that returns it (the table's first line told nothing)
  const colLine = (n: DbtNode) => {
    const yaml = n.columns.find((c) => c.name.toLowerCase() === lower);
    if (yaml) return colAt(n, yaml);
    const sql = pc ? safeOf(pc, n).find((c) => c.name.toLowerCase() === lower) : undefined;
    return sql?.sql_line && n.sqlPath ? at(n.sqlPath, sql.sql_line) : where(n);
  };
  const evidence = bullets(tables.map((n) => `- ${n.name} (${colLine(n)})`), SHOWN);
  return { lead: `${plural(tables.length, 'table has', 'tables have')} a column ${q(name)}: ${list(tables.map((n) => q(n.name)), 10)}.`, evidence };
}

function safeOf(pc: ReturnType<typeof projectColumns>, n: DbtNode) {
  try { return pc.of(n); } catch { return []; }
}
