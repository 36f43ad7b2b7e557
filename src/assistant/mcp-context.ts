// What the MCP face gives coding agents beyond search and explain, read-only as the rest:
// resources (the project's files, models and sources at modeler:// URIs), prompts (reviewing a
// model for Interface readiness, documenting a model) and the tools model_details,
// propose_changes (the Local assistant's proposal for a request, validated, never applied and
// nothing written, not even chat history) and column_yaml (the YAML entry for a model's
// columns from its SQL).
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { stringify } from 'yaml';
import { z } from 'zod';
import { projectColumns } from '../core/columns/project-columns.js';
import { UserError } from '../core/diagnostics.js';
import { didYouMean, didYouMeanSuffix } from '../core/suggest.js';
import { activeTests } from '../core/project/dbt-tests.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { ownerOf } from './index/build-nodes.js';
import { localAnswer } from './local/answer.js';
import { describeTest, interfaceState } from './local/facts.js';
import { dependents } from './local/kinds/lineage.js';
import { findNode } from './local/question.js';
import { retrieve } from './retrieve.js';
import { nearLineage } from '../lineage/near.js';
import type { AssistantSession } from './session.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const json = (v: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(v, null, 2) }] });

const tableOf = (p: Project, name: string) => findNode(p, name) ?? p.sources.find((s) => s.name === name);

function tableNamed(p: Project, name: string): DbtNode {
  const n = tableOf(p, name);
  if (!n) throw new UserError(`no model, source, seed or snapshot named ${name} in the project${nearName(p, name)}; list them with the resources modeler://model/… and modeler://source/…`, 64, 'MODEL_NOT_FOUND');
  return n;
}

/** For a name that names nothing: the nearest table, or the nearest column of the table it names (` (did you mean 'orders.customer_id'?)`), else ''. */
export function nearName(p: Project, name: string): string {
  const dot = name.lastIndexOf('.');
  const t = dot > 0 ? tableOf(p, name.slice(0, dot)) : undefined;
  if (t) {
    let cols = t.columns.map((c) => c.name);
    try { cols = [...cols, ...projectColumns(p).of(t).map((c) => c.name)]; } catch { /* the YAML's columns */ }
    const c = didYouMean(name.slice(dot + 1), cols);
    return c ? ` (did you mean '${t.name}.${c}'?)` : '';
  }
  return didYouMeanSuffix(name, [...p.models, ...p.seeds, ...p.snapshots, ...p.sources].map((n) => n.name));
}

/** A table as an agent reads it: where it is, its settings, columns (YAML and SQL), tests and lineage. */
export function modelDetails(p: Project, n: DbtNode): Record<string, unknown> {
  let cols: ReturnType<ReturnType<typeof projectColumns>['of']> = [];
  try { cols = projectColumns(p).of(n); } catch { /* columns from YAML below */ }
  const yaml = new Map(n.columns.map((c) => [c.name.toLowerCase(), c]));
  const parents = [...n.refs.map((r) => r.name), ...n.sourceRefs];
  return {
    name: n.name, resource_type: n.resourceType, unique_id: n.uniqueId, file: n.file, line: n.line, sql_path: n.sqlPath,
    description: n.description ?? null, materialized: n.resourceType === 'source' ? null : n.materialized ?? null, enabled: n.enabled,
    owner: ownerOf(n) ?? null, tags: n.tags, interface: interfaceState(n) ?? null, contract_enforced: n.contractEnforced,
    ...(n.resourceType === 'source' ? { loaded_at_field: n.loadedAtField ?? null, freshness: n.freshness ?? null } : {}),
    columns: (cols.length ? cols : n.columns.map((c) => ({ name: c.name, origin: 'yaml', origins: ['yaml'], data_type: c.data_type }))).map((c) => {
      const y = yaml.get(c.name.toLowerCase());
      return { name: c.name, origins: c.origins, data_type: c.data_type ?? null, description: y?.description ?? null, tests: y ? activeTests(y.tests).map(describeTest) : [] };
    }),
    tests: activeTests(n.tests).map(describeTest),
    parents, children: dependents(p, n).map((d) => d.node.name),
  };
}

/** The YAML entry for a model's columns from its SQL: name, type when known, the description YAML already has. */
export function columnYaml(p: Project, n: DbtNode): string {
  const cols = projectColumns(p).of(n).filter((c) => c.origins.includes('sql') || n.resourceType !== 'model');
  if (!cols.length) throw new UserError(`the columns of ${n.name}'s SQL could not be read${projectColumns(p).sql(n)?.gaps[0] ? ` (${projectColumns(p).sql(n)!.gaps[0]})` : ''}`, 65, 'COLUMNS_UNKNOWN');
  const yaml = new Map(n.columns.map((c) => [c.name.toLowerCase(), c]));
  const section = n.resourceType === 'seed' ? 'seeds' : n.resourceType === 'snapshot' ? 'snapshots' : 'models';
  const entry = {
    name: n.name,
    ...(n.description ? { description: n.description } : {}),
    columns: cols.map((c) => {
      const y = yaml.get(c.name.toLowerCase());
      return { name: c.name, ...(c.data_type ? { data_type: c.data_type } : {}), description: y?.description ?? '' };
    }),
  };
  return stringify({ version: 2, [section]: [entry] }, { lineWidth: 0 });
}

export function registerContext(mcp: McpServer, session: AssistantSession, registerTool: McpServer['registerTool']): void {
  const p = () => session.project;
  const sync = () => session.syncWithDisk();

  registerTool('model_details', {
    title: 'Model details',
    description: 'A model, source, seed or snapshot: file and line, description, materialization, owner, tags, Interface state, its columns (from YAML and from its SQL) with types, descriptions and tests, and its parents and children.',
    inputSchema: { name: z.string().min(1).describe('e.g. orders, or shop.orders for a source table') }, annotations: READ_ONLY,
  }, async ({ name }) => json(modelDetails(p(), tableNamed(p(), name))));

  registerTool('propose_changes', {
    title: 'Propose changes (never applied)',
    description: 'The Local assistant\'s proposal for a request ("add key tests to stg_orders"): its answer and the changes, each validated. Nothing is applied and nothing is written; apply them from the review plan in the app or with your own tools.',
    inputSchema: { request: z.string().min(1).max(20_000), model: z.string().optional().describe('the table the request is about, when it does not name it') }, annotations: READ_ONLY,
  }, async ({ request, model }) => {
    const context = model ? { kind: 'model', name: tableNamed(p(), model).name } : undefined;
    const r = retrieve(session.index, p().skills, { message: request, context, columnLineage: nearLineage(p()) });
    const la = localAnswer(p(), session.index, r, request, { context });
    const verdicts = session.validate(la.changes);
    return json({ answer: la.answer, applied: false, changes: la.changes.map((c, i) => ({ ...c, valid: verdicts[i].valid, ...(verdicts[i].blocked ? { blocked: verdicts[i].blocked } : {}), warnings: verdicts[i].warnings })) });
  });

  registerTool('column_yaml', {
    title: 'Column YAML from SQL',
    description: 'The property-YAML entry for a model\'s columns as its SQL returns them (name, data_type when known, the description YAML already has), to paste into a schema file.',
    inputSchema: { model: z.string().min(1) }, annotations: READ_ONLY,
  }, async ({ model }) => ({ content: [{ type: 'text' as const, text: columnYaml(p(), tableNamed(p(), model)) }] }));

  const tableResource = (kind: 'model' | 'source') => new ResourceTemplate(`modeler://${kind}/{name}`, {
    list: () => {
      sync();
      const nodes = kind === 'model' ? p().models : p().sources;
      return { resources: nodes.map((n) => ({ uri: `modeler://${kind}/${encodeURIComponent(n.name)}`, name: n.name, mimeType: 'application/json', description: (n.description ?? '').slice(0, 200) })) };
    },
  });
  for (const kind of ['model', 'source'] as const) {
    mcp.registerResource(`${kind}s`, tableResource(kind), { title: `The project's ${kind}s`, description: `Each ${kind} as model_details returns it`, mimeType: 'application/json' }, (uri, vars) => {
      sync();
      const name = decodeURIComponent(String(vars.name));
      const n = kind === 'model' ? p().modelByName.get(name) : p().sources.find((s) => s.name === name);
      if (!n) throw new Error(`no ${kind} named ${name}`);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(modelDetails(p(), n), null, 2) }] };
    });
  }
  mcp.registerResource('files', new ResourceTemplate('modeler://file/{+path}', {
    list: () => { sync(); return { resources: [...p().files.keys()].sort().map((f) => ({ uri: `modeler://file/${f}`, name: f, mimeType: mimeOf(f) })) }; },
  }), { title: 'The project\'s files', description: 'dbt project files (YAML, SQL, Markdown, seeds) and Modeler files, as read by the tool' }, (uri, vars) => {
    sync();
    const rel = decodeURIComponent(String(vars.path));
    // only files the project reader knows: no path outside the project, no ../
    if (!p().files.has(rel)) throw new Error(`no project file ${rel}`);
    return { contents: [{ uri: uri.href, mimeType: mimeOf(rel), text: p().readText(rel) }] };
  });

  mcp.registerPrompt('review_interface_readiness', {
    title: 'Review a model for Interface readiness',
    description: 'Check whether a model can be shared as an Interface (owner, contract, tested key, column types and descriptions) and say what to change.',
    argsSchema: { model: z.string() },
  }, ({ model }) => {
    sync();
    const n = tableNamed(p(), model);
    return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text:
      `Review the dbt model ${n.name} (${n.file ?? n.sqlPath}:${n.line ?? 1}) for Interface readiness: an owner, meta.modeler.interface (status, version), an enforced contract with a data_type on every column, a key tested unique and not_null, and described columns. State first whether it is ready, then each missing item with the file:line to change and the exact YAML. Use only these facts; propose changes with the propose_changes tool, never apply them.\n\nFacts (model_details):\n${JSON.stringify(modelDetails(p(), n), null, 2)}` } }] };
  });

  mcp.registerPrompt('document_model', {
    title: 'Document a model\'s columns',
    description: 'Write the property YAML for a model\'s columns from its SQL, keeping the descriptions and doc blocks it has.',
    argsSchema: { model: z.string() },
  }, ({ model }) => {
    sync();
    const n = tableNamed(p(), model);
    return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text:
      `Document the columns of ${n.name} (${n.file ?? n.sqlPath}). Start from this entry (its columns as the SQL returns them), keep every existing description and {{ doc() }} call, and describe each empty one from the SQL and the upstream models:\n\n${columnYaml(p(), n)}` } }] };
  });
}

function mimeOf(f: string): string {
  return /\.ya?ml$/.test(f) ? 'application/yaml' : /\.md$/.test(f) ? 'text/markdown' : /\.json$/.test(f) ? 'application/json' : /\.csv$/.test(f) ? 'text/csv' : 'text/plain';
}
