// The MCP tools that walk the project graph, read-only as the rest: `lineage` (a table's parents
// and children through ref() and source(), up to a depth; or, given NODE.COLUMN, the column
// lineage src/lineage traces) and `list_models` (the nodes dbt's --select/--exclude syntax
// selects, evaluated by src/core/select). Both read the graph dbt's selection sees.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { UserError } from '../core/diagnostics.js';
import type { Project } from '../core/project/types.js';
import { buildSelectGraph, selectInGraph, parseSelection, type SelectGraph, type SelNode } from '../core/select/index.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import { lineageOf, MAX_LINEAGE_DEPTH } from '../lineage/index.js';
import type { AssistantSession } from './session.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const json = (v: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(v, null, 2) }] });
export type Direction = 'upstream' | 'downstream' | 'both';

// the graph of one read of the project (a file changed on disk gives a new Project, so a new graph)
const graphs = new WeakMap<Project, SelectGraph>();
function graphOf(p: Project): SelectGraph {
  let g = graphs.get(p);
  if (!g) graphs.set(p, (g = buildSelectGraph(p)));
  return g;
}

/** The graph node a name means: a model, source (`source.table`), seed, snapshot, exposure, … or a unique id; the project's own before a package's. */
function nodeNamed(g: SelectGraph, name: string): SelNode {
  const all = [...g.nodes.values()].filter((n) => n.resourceType !== 'test');
  const byId = g.nodes.get(name);
  if (byId && byId.resourceType !== 'test') return byId;
  const hits = all.filter((n) => n.name === name || (n.resourceType === 'source' && n.node && `${n.node.sourceName}.${n.node.tableName}` === name));
  const hit = hits.find((n) => n.packageName === g.projectName && (n.node?.version === undefined || n.node.latestVersion)) ?? hits.find((n) => n.packageName === g.projectName) ?? hits[0];
  if (hit) return hit;
  throw new UserError(`no model, source, seed or snapshot named '${name}' in the project${didYouMeanSuffix(name, new Set(all.map((n) => n.name)))}`, 64, 'MODEL_NOT_FOUND');
}

const brief = (n: SelNode, depth: number) => ({ name: n.name, resource_type: n.resourceType, unique_id: n.id, path: n.file ?? null, depth });

function walk(g: SelectGraph, from: string, dir: 'parents' | 'children', depth: number): ReturnType<typeof brief>[] {
  const out: ReturnType<typeof brief>[] = [];
  const seen = new Set([from]);
  let layer = [from];
  for (let d = 1; d <= depth && layer.length; d++) {
    const next: string[] = [];
    for (const id of layer) {
      for (const x of [...(g[dir].get(id) ?? [])].sort()) {
        const n = g.nodes.get(x)!;
        if (seen.has(x) || n.resourceType === 'test') continue;
        seen.add(x); next.push(x); out.push(brief(n, d));
      }
    }
    layer = next;
  }
  return out;
}

/** A table's parents (what its ref() and source() calls read) and children (what reads it), up to `depth` hops. */
export function modelLineage(p: Project, name: string, opts: { depth?: number; direction?: Direction } = {}): Record<string, unknown> {
  const g = graphOf(p);
  const n = nodeNamed(g, name);
  const depth = opts.depth ?? 1;
  const dir = opts.direction ?? 'both';
  return {
    node: n.name, resource_type: n.resourceType, unique_id: n.id, path: n.file ?? null, depth,
    ...(dir !== 'downstream' ? { upstream: walk(g, n.id, 'parents', depth) } : {}),
    ...(dir !== 'upstream' ? { downstream: walk(g, n.id, 'children', depth) } : {}),
  };
}

/** A column's lineage as `column_lineage` gives it, with only the side asked for. */
export function columnLineageOf(p: Project, column: string, opts: { depth?: number; direction?: Direction } = {}): unknown {
  const l = lineageOf(p, column, { depth: opts.depth }) as unknown as Record<string, unknown>;
  const dir = opts.direction ?? 'both';
  const side = (c: Record<string, unknown>) => {
    const { upstream, downstream, ...rest } = c;
    return { ...rest, ...(dir !== 'downstream' ? { upstream } : {}), ...(dir !== 'upstream' ? { downstream } : {}) };
  };
  return Array.isArray(l.columns) ? { ...l, columns: (l.columns as Record<string, unknown>[]).map(side) } : side(l);
}

/** The nodes dbt's selection syntax selects (tests left out), in the order dbt ls prints them (by unique id). */
export function listModels(p: Project, opts: { select?: string; exclude?: string; limit?: number } = {}): Record<string, unknown> {
  const selection = parseSelection(opts.select ? [opts.select] : [], opts.exclude ? [opts.exclude] : []);
  const g = graphOf(p);
  const ids = [...selectInGraph(g, selection)].filter((id) => g.nodes.get(id)!.resourceType !== 'test').sort();
  const limit = opts.limit ?? 500;
  const nodes = ids.slice(0, limit).map((id) => {
    const n = g.nodes.get(id)!;
    const d = n.node?.description?.trim().split('\n')[0] ?? '';
    return {
      name: n.name, resource_type: n.resourceType, unique_id: id, path: n.file ?? null,
      materialized: typeof n.config.materialized === 'string' ? n.config.materialized : null,
      tags: n.tags, description: d || null,
    };
  });
  return { total: ids.length, ...(ids.length > limit ? { truncated: `the first ${limit} of ${ids.length}; raise limit or narrow select` } : {}), nodes };
}

export function registerGraphTools(session: AssistantSession, registerTool: McpServer['registerTool']): void {
  const p = () => session.project;
  const direction = z.enum(['upstream', 'downstream', 'both']).optional().describe('which side to return (default both)');

  registerTool('lineage', {
    title: 'Lineage (model or column)',
    description: 'A model\'s, source\'s, seed\'s or snapshot\'s parents (what its ref() and source() calls read) and children (models, snapshots, exposures, semantic models and metrics that read it), up to `depth` hops. Given `column` (NODE.COLUMN) instead, the column lineage column_lineage gives: each entry a node, column, kind and file:line.',
    inputSchema: {
      name: z.string().min(1).optional().describe('a model, seed, snapshot or source (source_name.table_name), e.g. orders'),
      column: z.string().min(1).optional().describe('NODE.COLUMN, e.g. orders.customer_id'),
      depth: z.number().int().min(1).max(MAX_LINEAGE_DEPTH).optional().describe(`hops to follow, 1 to ${MAX_LINEAGE_DEPTH} (default 1)`),
      direction,
    }, annotations: READ_ONLY,
  }, async ({ name, column, depth, direction: dir }) => {
    if (!name === !column) throw new UserError('give either name (a model, source, seed or snapshot) or column (NODE.COLUMN), not both', 64, 'USAGE');
    return json(column ? columnLineageOf(p(), column, { depth, direction: dir }) : modelLineage(p(), name!, { depth, direction: dir }));
  });

  registerTool('list_models', {
    title: 'List nodes by dbt selection',
    description: 'The nodes dbt\'s selection syntax selects, as dbt ls would (tests left out): name, resource_type, path, materialized, tags and the first line of the description. `select` and `exclude` are written as for dbt --select/--exclude, e.g. "tag:nightly +orders", "config.materialized:view", "path:models/staging".',
    inputSchema: {
      select: z.string().optional().describe('dbt --select value, e.g. "stg_orders+ tag:finance" (default: every node)'),
      exclude: z.string().optional().describe('dbt --exclude value'),
      limit: z.number().int().min(1).max(100_000).optional().describe('most nodes to return (default 500); total says how many were selected'),
    }, annotations: READ_ONLY,
  }, async ({ select, exclude, limit }) => json(listModels(p(), { select, exclude, limit })));
}
