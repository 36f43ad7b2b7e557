// The MCP face: coding agents in editors call the same core functions as the CLI and the HTTP
// server, read-only — search the index, explain an object, validate, mesh/readiness, run the
// deterministic agents, and validate a proposal (never apply it). Served over stdio. Every call
// first reads again the files changed on disk since the last one (a cheap check of sizes and
// times), so an answer is about the project as it is, not as it was when the server started.
// Messages (answers and errors) name inputs as the tools take them (`min_score`), never as flags.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { canonicalize, DEFAULT_MIN_RECURRENCE } from '../agents/canonicalizer.js';
import { conceptualize } from '../agents/conceptualizer.js';
import { formatDiagnostic, sortDiagnostics, UserError } from '../core/diagnostics.js';
import { renderOptionNames } from '../core/option-names.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import { meshCheck } from '../governance/mesh/check.js';
import { readinessGate } from '../governance/readiness/gate.js';
import { impactOf, lineageOf, MAX_LINEAGE_DEPTH } from '../lineage/index.js';
import type { ProposalChange } from '../proposals/types.js';
import { preview } from './ask.js';
import { DamagedFile } from './index/section-file.js';
import { explain } from './local/explain.js';
import { nearName, registerContext } from './mcp-context.js';
import { registerGraphTools } from './mcp-graph.js';
import { resolveContext } from './retrieve.js';
import { RECORD_KINDS } from './index/records.js';
import type { AssistantSession } from './session.js';

/** The kinds explain takes: the index's, and the UI's names for two of them (retrieve.ts resolveContext). */
const EXPLAIN_KINDS: string[] = [...RECORD_KINDS, 'table', 'validation'];

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
interface ToolReply { content: { type: 'text'; text: string }[]; isError?: boolean }
const json = (v: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(v, null, 2) }] });
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const failure = (t: string) => ({ content: [{ type: 'text' as const, text: t }], isError: true });

// a change as any face returns it (the assistant's proposed_changes, an agent's proposal): the
// review fields beside it (valid, blocked, …) are accepted and dropped, so it passes through as is
const changeShape = z.object({
  op: z.enum(['create_file', 'update_file', 'patch_yaml', 'delete_file', 'rename_file']),
  path: z.string(),
  content: z.string().optional(),
  patch: z.array(z.object({ op: z.enum(['add', 'replace', 'remove', 'test']), path: z.string(), value: z.unknown().optional(), anchor: z.string().optional() })).optional(),
  to: z.string().optional(),
  base_etag: z.string().optional(),
  rationale: z.string().optional(),
  review_summary: z.string().optional(),
  source_context: z.array(z.string()).optional(),
});

/**
 * How every tool is registered: it answers about the project as it is on disk now, a UserError
 * becomes the tool's error text, and the text names inputs as the tools take them (`min_score`).
 */
export function liveTools(mcp: McpServer, session: AssistantSession): McpServer['registerTool'] {
  return ((name: string, def: unknown, handler: (...a: any[]) => Promise<ToolReply>) =>
    (mcp.registerTool as any)(name, def, async (...a: any[]): Promise<ToolReply> => {
      let r: ToolReply;
      try {
        session.syncWithDisk();
        try {
          r = await handler(...a);
        } catch (e) {
          // a record of the kept index found damaged (records are read when a query reaches them): build it from the project, answer again
          if (!(e instanceof DamagedFile) || session.indexSource !== 'kept') throw e;
          session.rebuild();
          r = await handler(...a);
        }
      } catch (e: any) {
        if (!(e instanceof UserError)) throw e;
        r = failure(e.message);
      }
      return { ...r, content: r.content.map((c) => ({ ...c, text: renderOptionNames(c.text, 'param') })) };
    })) as McpServer['registerTool'];
}

export function createMcpServer(session: AssistantSession, version = '0.0.0'): McpServer {
  const mcp = new McpServer({ name: 'modeler', version }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
  const project = () => session.project;
  session.syncWithDisk(); // what is on disk now: later calls read again what changed since
  const server = { registerTool: liveTools(mcp, session) };

  server.registerTool('search_index', {
    title: 'Search the project index',
    description: 'Ranked sources for a question or name (models, columns, tests, doc blocks, glossary terms, files, findings, skills), through the retrieval pipeline the assistant uses.',
    inputSchema: { query: z.string().min(1), limit: z.number().int().min(1).max(100).optional() }, annotations: READ_ONLY,
  }, async ({ query, limit }) => {
    const r = preview(session, { message: query, limit: limit ?? 10, field: 'query' });
    return json({ sources: r.sources.map(({ kind, name, path, line, score, stage }) => ({ kind, name, path, line, score, stage })), stages: r.stages.map((s) => ({ stage: s.stage, contributed: s.contributed })) });
  });

  server.registerTool('explain', {
    title: 'Explain an object',
    description: 'What a model, source, column (table.column), doc block, glossary term, relationship, file or finding is: columns and types, tests, relationships, lineage, owner, Interface status, open findings, with file:line.',
    inputSchema: { name: z.string().min(1).describe('e.g. orders, orders.customer_id, models/marts/_marts.yml'), kind: z.string().optional().describe(`only a record of this kind: ${EXPLAIN_KINDS.join(', ')}`) }, annotations: READ_ONLY,
  }, async ({ name, kind }) => {
    if (kind !== undefined && !EXPLAIN_KINDS.includes(kind)) return failure(`unknown kind '${kind}'${didYouMeanSuffix(kind, EXPLAIN_KINDS)}; kinds: ${EXPLAIN_KINDS.join(', ')}`);
    const ctx = /[/\\]/.test(name) || /\.(ya?ml|sql|md|json)$/.test(name) ? { kind: kind ?? 'file', path: name } : { kind, name };
    const rec = resolveContext(session.index, ctx)[0];
    if (rec) return text(explain(project(), session.index, rec).text);
    // the name is there under another kind: say which, rather than "nothing named" it
    const other = kind !== undefined && ctx.name ? resolveContext(session.index, { name })[0] : undefined;
    if (other) return failure(`no ${kind} named ${name}; ${name} is a ${other.kind} (give kind '${other.kind}', or no kind)`);
    // no exact name: say so and offer the closest names rather than explain a guess
    const near = preview(session, { message: name, limit: 5 }).sources.map((x) => `${x.kind} ${x.name}`);
    return failure(`nothing named ${name} in the project index${nearName(project(), name)}${near.length ? `; closest: ${near.join('; ')}` : ''}`);
  });

  server.registerTool('column_lineage', {
    title: 'Column lineage',
    description: 'Where a column comes from and what it feeds, from the project\'s SQL: each entry a node, column, kind (passthrough, rename, transform, aggregate) and file:line; join keys and filters apart; unresolved with the reason; a source column its YAML does not list but a package\'s staging macro declares carries declared_by (the evidence). `impact`: every downstream column, test, contract and Interface that dropping it breaks. A node alone lists each column\'s direct upstream.',
    inputSchema: {
      column: z.string().min(1).describe('NODE.COLUMN, e.g. orders.customer_id (a source: source_name.table_name.column), or a node alone'),
      depth: z.number().int().min(1).max(MAX_LINEAGE_DEPTH).optional().describe(`hops to follow, 1 to ${MAX_LINEAGE_DEPTH} (default 1); entries then carry their depth`),
      impact: z.boolean().optional().describe('list what dropping the column breaks instead'),
    }, annotations: READ_ONLY,
  }, async ({ column, depth, impact }) => json(impact ? impactOf(project(), column) : lineageOf(project(), column, { depth })));

  server.registerTool('validate', {
    title: 'Validate the project',
    description: 'Errors and warnings the project reader found (YAML, dbt properties, doc blocks, Modeler model files, skills), with file:line and the fix.',
    inputSchema: {}, annotations: READ_ONLY,
  }, async () => {
    const ds = sortDiagnostics(project().diagnostics.filter((d) => d.severity !== 'info'));
    return text(ds.length ? ds.map(formatDiagnostic).join('\n') : 'no errors or warnings');
  });

  server.registerTool('mesh_check', {
    title: 'Interface (mesh) readiness check', description: 'The Interface readiness report of the project (spec §4.7).',
    inputSchema: { strict: z.boolean().optional() }, annotations: READ_ONLY,
  }, async ({ strict }) => {
    const r = meshCheck(project().root, { project: project(), strict });
    return json({ ready: r.ready, summary: r.summary, interfaces: r.interfaces, findings: r.findings.map((f) => ({ code: f.code, severity: f.severity, model: f.model, column: f.columnName, file: f.file, line: f.line, message: f.message, hint: f.hint })) });
  });

  server.registerTool('readiness', {
    title: 'Readiness gate score', description: 'Red/yellow/green readiness scores per file and the findings behind them.',
    inputSchema: { min_score: z.number().optional(), max_red: z.number().int().optional() }, annotations: READ_ONLY,
  }, async ({ min_score, max_red }) => {
    // the project this server keeps (read with its --vars and --target, kept current per call), not a fresh read of the folder
    const r = readinessGate({ project: project().root, loaded: project(), artifacts: false, minScore: min_score, maxRed: max_red });
    return json({ passed: r.passed, failures: r.failures, summary: r.summary, files: r.files.map((f) => ({ path: f.path, score: f.score, status: f.status, findings: f.findings.length })) });
  });

  server.registerTool('conceptualize', {
    title: 'Conceptualizer', description: 'Propose a conceptual diagram (entities, relationships, domains) from the staging models. Returns a proposal; writes nothing.',
    inputSchema: {}, annotations: READ_ONLY,
  }, async () => json(conceptualize(project())));

  server.registerTool('canonicalize', {
    title: 'Canonicalizer', description: 'Propose a canonical logical layer with shared doc blocks from recurring staging columns. Returns a proposal; writes nothing.',
    inputSchema: { min_recurrence: z.number().int().min(1).optional() }, annotations: READ_ONLY,
  }, async ({ min_recurrence }) => json(canonicalize(project(), { minRecurrence: min_recurrence ?? DEFAULT_MIN_RECURRENCE })));

  server.registerTool('validate_proposal', {
    title: 'Validate proposed changes',
    description: 'Check changes (create_file, update_file, patch_yaml, delete_file, rename_file) for invalid YAML, unsafe paths, wrong layers, duplicate relationships and entries, doc-block overwrites and files changed since the change was made (STALE_PROPOSAL). Never applies them.',
    inputSchema: { changes: z.array(changeShape).min(1) }, annotations: READ_ONLY,
  }, async ({ changes }) => {
    const full: ProposalChange[] = changes.map((c) => ({ ...c, patch: c.patch as ProposalChange['patch'], rationale: c.rationale ?? '', review_summary: c.review_summary ?? '', source_context: c.source_context ?? [], validation_impact: '' }));
    const verdicts = session.validate(full);
    return json(verdicts.map((v, i) => ({ index: i, path: full[i].path, valid: v.valid, ...(v.blocked ? { blocked: v.blocked } : {}), warnings: v.warnings })));
  });
  registerContext(mcp, session, server.registerTool);
  registerGraphTools(session, server.registerTool);
  return mcp;
}

/** Serve the tools over stdio (or the given transport) until the client disconnects. */
export async function startMcpServer(session: AssistantSession, opts: { version?: string; transport?: Transport } = {}): Promise<McpServer> {
  const server = createMcpServer(session, opts.version);
  await server.connect(opts.transport ?? new StdioServerTransport());
  return server;
}
