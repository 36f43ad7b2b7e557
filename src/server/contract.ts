// The HTTP contract in one place: every request and response shape as a zod schema, its
// TypeScript type inferred from it, and its JSON Schema generated into schemas/server/ (which the
// routes declare, which @fastify/swagger turns into /api/openapi.json, and from which the web UI
// generates its client types). test/server/contract.test.ts fails when the two drift apart;
// `node scripts/server-schemas.mjs` writes the files again.
import { z } from 'zod';
import { LIMITS, MAX_LINEAGE_DEPTH } from '../api.js';

const relPath = z.string().min(1).max(LIMITS.path_length.max).describe('project-relative POSIX path; never absolute, never leaving the project');
const projectId = z.string().min(1).describe('the id from GET /api/projects');
const diagnostic = z.object({
  code: z.string(), severity: z.enum(['error', 'warning', 'info']), message: z.string(),
  file: z.string().optional(), line: z.int().optional(), column: z.int().optional(), path: z.string().optional(), hint: z.string().optional(),
});
const location = z.object({ file: z.string(), line: z.int().optional(), column: z.int().optional(), pointer: z.string().optional() });
const open = z.looseObject({});

export const ErrorBody = z.object({
  error: z.object({
    code: z.string().describe('UPPER_SNAKE code, stable; see docs/server.md'),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
}).describe('the body of every error response');

// ---- projects, health -------------------------------------------------------------------------
const recovered = z.object({
  id: z.string(), state: z.string(), files: z.array(z.string()), outcome: z.enum(['rolled_back', 'cleaned', 'quarantined']),
  quarantine: z.string().optional().describe('where the journal and its backups were moved (project-relative)'), problems: z.array(z.string()).optional(),
});
export const Health = z.object({
  status: z.literal('ok'), version: z.string().describe('modeler\'s version'),
  project: z.object({ id: z.string(), name: z.string(), git: z.boolean().describe('whether the project folder is inside a git work tree (the git routes answer 409 NOT_A_REPO otherwise)') }),
  recovery: z.array(recovered).optional().describe('applies interrupted by a crash that the server finished when it started; `quarantined` ones it could not finish'),
});
export const ProjectRef = z.object({ id: z.string(), name: z.string(), path: z.string() });
export const ProjectList = z.object({ projects: z.array(ProjectRef) });
export const ProjectParams = z.strictObject({ id: projectId });

export const ProjectSummaryResponse = z.looseObject({ name: z.string(), root: z.string(), isDbtProject: z.boolean(), models: open, diagnostics: open })
  .describe('what the project reader found, as counts a user can check against `dbt parse`');

// ---- files -----------------------------------------------------------------------------------
export const FileList = z.object({
  project: z.string(), version: z.int(),
  files: z.array(z.object({ path: z.string(), kind: z.string(), layer: z.string().optional() })),
});
export const PathQuery = z.strictObject({ path: relPath });
export const FileRead = z.object({ path: z.string(), content: z.string(), etag: z.string() });
export const FileWriteBody = z.strictObject({ path: relPath, content: z.string() });
export const IfMatchHeaders = z.looseObject({
  'if-match': z.string().min(1).describe('the ETag the file was read with (GET …/file answers it), or * to replace whatever is there; without it 428 IF_MATCH_REQUIRED'),
}).describe('the headers of a write that must not overwrite a change it has not seen');
export const FileWritten = z.object({ path: z.string(), etag: z.string(), version: z.int() });
export const FileRenameBody = z.strictObject({ path: relPath, to: relPath });
export const FileRenamed = z.object({ path: z.string(), from: z.string(), etag: z.string(), version: z.int() });
export const FileDeleteBody = z.strictObject({ path: relPath });
export const FileDeleted = z.object({ path: z.string(), deleted: z.literal(true), version: z.int() });

// ---- model views -----------------------------------------------------------------------------
const viewColumn = z.looseObject({
  name: z.string(), data_type: z.string().optional(), description: z.string().optional(), doc: z.string().optional().describe('the doc block the description is bound to'),
  primary_key: z.boolean(), nullable: z.boolean(), unique: z.boolean(), references: z.object({ entity: z.string().optional(), column: z.string().optional() }).optional(),
  tests: z.array(z.string()), glossary_term: z.string().optional(), line: z.int().optional(),
});
const viewEntity = z.looseObject({
  name: z.string(), type: z.string().optional(), layer: z.string().optional(), domain: z.string().optional(), description: z.string().optional(),
  physical_name: z.string().optional(), owner: z.string().optional(), tags: z.array(z.string()), line: z.int().optional(), columns: z.array(viewColumn),
});
const viewEnd = z.object({ entity: z.string(), columns: z.array(z.string()), role: z.string().optional() });
const cardinality = z.enum(['one_to_one', 'one_to_many', 'many_to_one', 'many_to_many']);
export const ModelViewResponse = z.looseObject({
  path: z.string(), kind: z.string(), name: z.string().optional(), version: z.string().optional(), layer: z.string().optional(), valid: z.boolean(),
  entities: z.array(viewEntity),
  relationships: z.array(z.looseObject({ name: z.string().optional(), from: viewEnd, to: viewEnd, cardinality, verb: z.string().optional(), description: z.string().optional(), line: z.int().optional() })),
  display: z.record(z.string(), z.unknown()).optional().describe('the file\'s free-form display settings; display.positions holds the canvas positions placed by hand'),
  domains: z.array(z.object({ name: z.string(), description: z.string().optional() })).optional(),
  diagnostics: z.array(diagnostic),
}).describe('a model or diagram file: entities with columns, relationships, diagnostics');
const columnOrigin = z.enum(['yaml', 'sql', 'catalog']);
const graphColumn = z.looseObject({
  name: z.string(), data_type: z.string().optional(), description: z.string().optional(), doc: z.string().optional(), line: z.int().optional(),
  origin: columnOrigin.describe('where the column is known from: yaml (documented), sql (the model\'s SQL returns it), catalog (target/catalog.json)'),
  origins: z.array(columnOrigin), type_origin: columnOrigin.optional().describe('where data_type comes from'), sql_line: z.int().optional().describe('line of the SQL file that returns it'),
  primary_key: z.boolean(), unique: z.boolean(), not_null: z.boolean(), tests: z.array(z.string()), glossary_term: z.string().optional(), tags: z.array(z.string()),
});
const graphNode = z.looseObject({
  id: z.string(), name: z.string(), resource_type: z.string(), file: z.string().optional(), sql_path: z.string().optional(), line: z.int().optional(),
  layer: z.string().optional(), materialized: z.string().optional(), description: z.string().optional(), owner: z.string().optional(), domain: z.string().optional(),
  tags: z.array(z.string()), contract_enforced: z.boolean(), interface: z.boolean(), interface_status: z.string().optional(), stability: z.string().optional(),
  interface_version: z.string().optional(), columns: z.array(graphColumn),
});
const graphEnd = z.object({ node: z.string(), column: z.string().optional() });
const graphLod = z.object({
  total_nodes: z.int().describe('tables in the whole project'), total_edges: z.int().describe('edges in the whole project'),
  focus: z.array(z.string()).optional().describe('the focus in effect (the table `auto` chose)'), hops: z.int().optional(),
  truncated: z.boolean().describe('tables were left out by `limit`'),
}).describe('what part of the whole project this is (only with a level-of-detail query)');
const edgeKind = z.enum(['relationship', 'foreign_key', 'ref', 'source']);
export const GraphResponse = z.looseObject({
  project: z.string(), nodes: z.array(graphNode),
  edges: z.array(z.looseObject({ kind: edgeKind, from: graphEnd, to: graphEnd, via: z.string(), cardinality: cardinality.optional() })),
  unresolved: z.array(z.looseObject({ from: graphEnd, target: z.string(), via: z.string() })),
  lod: graphLod.optional(),
}).describe('the dbt project as tables (with columns) and edges: relationship/foreign_key between columns, ref/source lineage; with a level-of-detail query only the tables asked for and the edges among them');
export const GraphQuery = z.strictObject({
  focus: z.string().min(1).max(16384).optional().describe('`auto` (the best-connected table, where the canvas starts on a big project) or table ids (or names) separated by commas: these tables and their neighbours'),
  hops: z.string().regex(/^[1-9]$/).optional().describe('how many edges from the focus (default 1)'),
  lineage: z.enum(['true', 'false']).optional().describe('find neighbours along ref()/source() lineage too, not only keys (default false)'),
  inferred: z.enum(['true', 'false']).optional().describe('find neighbours along the keys the Conceptualizer infers too (GET …/graph/inferred); with `focus=auto` only when no declared key meets the tables (default false)'),
  folder: z.string().min(1).max(LIMITS.path_length.max).optional().describe('only tables whose SQL (else YAML) file is in this folder or under it, e.g. models/marts'),
  layer: z.string().min(1).max(64).optional().describe('only tables of this layer (staging, intermediate, marts, …)'),
  limit: z.string().regex(/^[1-9][0-9]{0,4}$/).optional().describe('at most this many tables (a focus keeps the nearest)'),
}).describe('the level of detail of the graph: without any, the whole project');
export const TableList = z.object({
  project: z.string(),
  tables: z.array(z.object({ id: z.string(), name: z.string(), resource_type: z.string(), file: z.string().optional(), line: z.int().optional(), layer: z.string().optional() })),
}).describe('every table of the project by name, without columns or edges (what a search box needs of a big project)');
export const GraphClustersQuery = z.strictObject({ by: z.enum(['folder', 'layer']).optional().describe('one cluster per folder (default) or per layer') });
export const GraphClustersResponse = z.object({
  project: z.string(), by: z.enum(['folder', 'layer']),
  clusters: z.array(z.object({ key: z.string().describe('the folder or layer (empty: none)'), nodes: z.int(), by_type: z.record(z.string(), z.int()).describe('tables per resource type') })),
  edges: z.array(z.object({ from: z.string(), to: z.string(), kind: edgeKind, count: z.int() })).describe('edges between tables of two clusters (or within one), counted by kind'),
  lod: graphLod,
}).describe('the project summarised: a cluster per folder or layer and the edges between them counted');
const graphColumnEnd = z.object({ node: z.string(), column: z.string() });
export const InferredEdgesResponse = z.object({
  project: z.string(),
  edges: z.array(z.object({
    kind: z.literal('inferred'), from: graphColumnEnd.describe('the referencing column'), to: graphColumnEnd.describe('the key it refers to'), via: z.string(), cardinality,
    evidence: z.object({ rule: z.string(), confidence: z.number().min(0).max(1) }).describe('the key-inference rule and its confidence'),
    entities: z.object({ from: z.string(), to: z.string() }).describe('the entities it relates, as the Conceptualizer names them'), verb: z.string().optional(),
  })),
  counts: z.object({ inferred: z.int(), declared_elsewhere: z.int().describe('inferred ones left out because the project declares that column\'s key') }),
}).describe('relationships the project does not declare that the Conceptualizer infers from column names (drawn dashed on the canvas)');
export const GraphDiffQuery = z.strictObject({ ref: z.string().min(1).max(256).describe('a branch, tag or commit to compare the work tree with') });
const change = z.enum(['added', 'changed', 'removed']);
export const GraphDiffResponse = z.object({
  ref: z.string(), commit: z.string(),
  nodes: z.record(z.string(), change).describe('node id → how it differs from the ref; unchanged nodes are absent'),
  columns: z.record(z.string(), z.record(z.string(), change)).describe('node id → column → how it differs'),
  removed: z.array(graphNode).describe('tables the ref has and the work tree does not, as the ref held them'),
  removed_columns: z.record(z.string(), z.array(graphColumn)),
  counts: z.object({ added: z.int(), changed: z.int(), removed: z.int() }),
}).describe('the project graph against another git ref (the canvas diff overlay)');
export const FileValidationResponse = z.object({ file: z.string(), ok: z.boolean(), valid: z.boolean(), errors: z.int(), warnings: z.int(), diagnostics: z.array(diagnostic) })
  .describe('the JSON of `modeler validate FILE --output-json`');
export const ValidationQuery = z.strictObject({ path: relPath.optional() });
export const ProjectValidationResponse = z.looseObject({
  project: z.string(), valid: z.boolean(),
  column_checks: z.enum(['done', 'pending']).describe('pending: the column findings (a model\'s YAML and SQL disagreeing) are not in yet — the server reads every model\'s SQL in the background after it starts, then sends the event `columns_checked`'),
  summary: open, files: z.array(FileValidationResponse), loader: open,
}).describe('every Modeler/ file as `modeler validate --output-json` prints it, plus the project reader\'s diagnostics');
export const ValidationResponse = z.union([ProjectValidationResponse, FileValidationResponse])
  .describe('without ?path=: the whole project (ProjectValidationResponse); with ?path=: that one file (FileValidationResponse)');
// ---- column lineage ---------------------------------------------------------------------------
const lineageEntry = z.object({
  node: z.string().describe('a model, seed or snapshot name, or source_name.table_name'), column: z.string(),
  kind: z.enum(['passthrough', 'rename', 'transform', 'aggregate']), file: z.string().optional(), line: z.int().optional(), depth: z.int().optional(),
  declared_by: z.string().optional().describe('a source column its YAML does not list, known from the package\'s declared staging columns (fivetran_utils.fill_staging_columns): the evidence'),
});
export const LineageQuery = z.strictObject({
  column: z.string().min(1).max(1024).describe('NODE.COLUMN, e.g. orders.customer_id (a source: source_name.table_name.column)'),
  // the range is checked by the route (lineageDepth), so a bad one is refused in one clear line, as the CLI does
  depth: z.string().max(32).optional().describe(`hops to follow, 1 to ${MAX_LINEAGE_DEPTH} (default 1: direct parents and children); entries then carry their depth; another value is 400 BAD_REQUEST`),
});
export const LineageResponse = z.object({
  column: z.string(),
  declared_by: z.string().optional().describe('the column is a source\'s that its YAML does not list: the package declaration it is known from'),
  upstream: z.array(lineageEntry), downstream: z.array(lineageEntry),
  unresolved: z.array(z.object({ node: z.string(), column: z.string(), reason: z.string(), depth: z.int().optional() })),
  influence: z.array(z.object({ node: z.string(), column: z.string(), kind: z.enum(['join', 'filter']), file: z.string().optional(), line: z.int().optional() }))
    .describe('columns deciding which rows the model has (join keys, filters): not value lineage'),
  made: z.object({
    file: z.string(),
    steps: z.array(z.object({
      scope: z.string().optional().describe('the CTE or subquery alias the item is in; absent for the select that returns the rows'),
      branch: z.int().optional().describe('in a UNION (or another set operation), the branch the item is in, from 1'),
      line: z.int(), text: z.string().describe('the select item as written (whitespace collapsed, comments dropped)'),
      groupBy: z.string().optional().describe('the GROUP BY of an aggregating item'), passthrough: z.boolean().optional(),
    })),
  }).optional().describe('how the column is made in its model\'s file: the select items that make it, through its CTEs and subqueries; absent when it only passes a column on'),
}).describe('`modeler lineage NODE.COLUMN --output-json`');
export const LineageImpactQuery = z.strictObject({ column: LineageQuery.shape.column });
export const LineageImpactResponse = z.looseObject({
  column: z.string(), summary: z.string(),
  columns: z.array(z.looseObject({ node: z.string(), column: z.string(), depth: z.int(), kind: z.string(), contracted: z.boolean(), interface: z.boolean() })),
  tests: z.array(open), contracts: z.array(open), interfaces: z.array(open), rows: z.array(open),
}).describe('`modeler lineage --impact NODE.COLUMN --output-json`');

export const MeshQuery = z.strictObject({ strict: z.enum(['true', 'false']).optional() });
const finding = z.looseObject({
  code: z.string(), severity: z.enum(['error', 'warning', 'info']), message: z.string(), hint: z.string().optional(), file: z.string().optional(),
  line: z.int().optional(), column: z.int().optional(),
});
export const MeshResponse = z.looseObject({ project: z.string(), ready: z.boolean(), findings: z.array(finding.extend({ model: z.string().optional(), columnName: z.string().optional() })), summary: open })
  .describe('the JSON of `modeler mesh check --output-json`');
const count = z.string().regex(/^\d+$/);
export const ReadinessQuery = z.strictObject({ min_score: count.optional(), max_red: count.optional(), max_yellow: count.optional() });
export const ReadinessResponse = z.looseObject({
  passed: z.boolean(), summary: open,
  files: z.array(z.looseObject({ path: z.string(), score: z.number(), status: z.enum(['red', 'yellow', 'green']), findings: z.array(finding.extend({ target: z.string().optional(), category: z.string().optional() })) })),
}).describe('the JSON of `modeler readiness-gate --output-json`');
const validationCounts = z.object({ valid: z.boolean(), modelFiles: z.int(), validModelFiles: z.int(), errors: z.int(), warnings: z.int(), infos: z.int() });
const readinessSummary = z.looseObject({ score: z.number(), files: z.int(), red: z.int(), yellow: z.int(), green: z.int() });
export const StatusResponse = z.object({ project: z.string(), version: z.int(), validation: validationCounts, readiness: readinessSummary })
  .describe('what the server keeps up to date after every change (the watcher, writes)');
export const LayoutBody = z.strictObject({
  path: relPath.describe('the model or diagram file that keeps the positions (created as an empty diagram when absent)'),
  positions: z.record(z.string().min(1), z.strictObject({ x: z.number(), y: z.number() })).optional().describe('node (entity name or dbt unique id) → position placed by hand'),
  release: z.array(z.string().min(1)).optional().describe('nodes given back to the automatic layout'),
  name: z.string().min(1).optional().describe('the model name of a new diagram file'),
});
export const LayoutResponse = z.object({ path: z.string(), etag: z.string(), created: z.boolean(), positions: z.int(), version: z.int() });
export const DocBlocks = z.object({ blocks: z.array(z.object({ name: z.string(), file: z.string(), line: z.int() })) });

// ---- agents ----------------------------------------------------------------------------------
export const ConceptualizeBody = z.strictObject({ projectId });
export const CanonicalizeBody = z.strictObject({ projectId, minRecurrence: z.int().min(1).optional() });
export const AgentProposal = z.looseObject({ kind: z.string(), agent: z.string(), notes: z.array(z.string()), changes: z.array(open) })
  .describe('a proposal as schemas/proposal.schema.json describes it');

// ---- proposals -------------------------------------------------------------------------------
export const PatchOp = z.strictObject({
  op: z.enum(['add', 'replace', 'remove', 'test']), path: z.string().describe('JSON Pointer into the YAML document; `-` appends'), value: z.unknown().optional(),
  anchor: z.string().min(1).optional().describe('the identity of the element `path` named when the change was made (models[name=orders].columns[name=customer_id]); the operation acts where it is now'),
});
export const Change = z.strictObject({
  op: z.enum(['create_file', 'update_file', 'patch_yaml', 'delete_file', 'rename_file']),
  path: relPath,
  content: z.string().optional(),
  patch: z.array(PatchOp).min(1).optional(),
  to: relPath.optional(),
  base_etag: z.string().optional().describe('the ETag of `path` when the change was made; a file changed since is re-anchored by identity or refused 409 STALE_PROPOSAL'),
  rationale: z.string().min(1),
  source_context: z.array(z.string()).optional(),
  validation_impact: z.string().optional(),
  review_summary: z.string().optional(),
  // what a face returned beside the change for review (POST /api/ai/ask's verdicts): accepted back as it is, ignored
  valid: z.boolean().optional().describe('review only (ignored): the verdict a face returned with the change'),
  blocked: open.optional().describe('review only (ignored)'),
  warnings: z.array(z.unknown()).optional().describe('review only (ignored)'),
  reanchored: z.array(z.unknown()).optional().describe('review only (ignored)'),
  already: z.boolean().optional().describe('review only (ignored)'),
});
export const ProposalBody = z.strictObject({ projectId, changes: z.array(Change).min(1).max(1000) });
export const ValidateBody = ProposalBody.extend({ preview: z.boolean().optional().describe('also answer `files`: each touched file now and as the valid changes leave it') });
const name = z.string().min(1).max(256);
export const CanvasEdit = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('rename'), table: name, column: name.optional(), to: name }),
  z.strictObject({ action: z.literal('describe'), table: name, column: name.optional(), description: z.string().max(100_000) }),
  z.strictObject({ action: z.literal('set_type'), table: name, column: name, data_type: name }),
  z.strictObject({ action: z.literal('add_column'), table: name, column: name, data_type: name.optional(), description: z.string().max(100_000).optional() }),
  z.strictObject({ action: z.literal('delete'), table: name, column: name.optional() }),
  z.strictObject({ action: z.literal('relate'), table: name, column: name, to_table: name, to_column: name }),
]).describe('one edit asked for on the diagram: `table` is the model, seed, snapshot or source table (or the entity of model_path)');
export const EditBody = z.strictObject({ projectId, model_path: relPath.optional().describe('edit the entities of this Modeler model file instead of the dbt project'), edit: CanvasEdit });
export const EditResponse = z.object({ title: z.string(), changes: z.array(Change), notes: z.array(z.string()) });
export const ChangeResult = z.object({
  index: z.int(), op: z.string(), path: z.string(), to: z.string().optional(), valid: z.boolean(),
  code: z.string().optional(), message: z.string(), location: location.optional(), details: z.record(z.string(), z.unknown()).optional(), validation_impact: z.string(),
  already: z.boolean().optional().describe('the change\'s effect is already in the file: applying it writes nothing'),
  reanchored: z.array(z.object({ op: z.int(), anchor: z.string(), from: z.string(), to: z.string(), note: z.string().optional() })).optional()
    .describe('operations that act where their element is now (the file changed since the change was made), or on the entry dbt keeps of a duplicate'),
});
const proposalSummary = z.object({ total: z.int(), valid: z.int(), blocked: z.int(), codes: z.record(z.string(), z.int()) });
export const ValidateResponse = z.object({
  valid: z.boolean(), results: z.array(ChangeResult), summary: proposalSummary,
  files: z.array(z.object({ path: z.string(), before: z.string().nullable(), after: z.string().nullable() })).optional().describe('with preview: true; null is a file that does not exist (before) or is deleted (after)'),
});
export const ApplyResponse = z.object({
  applied: z.array(z.object({ index: z.int(), op: z.string(), path: z.string(), to: z.string().optional() })),
  written: z.array(z.string()), deleted: z.array(z.string()), primary_file: z.string().optional(),
  results: z.array(ChangeResult), summary: proposalSummary, validation: validationCounts, version: z.int(),
});

// ---- forward engineering ---------------------------------------------------------------------
export const GenerateSqlBody = z.strictObject({ projectId: projectId.optional(), model_path: relPath, dialect: z.string().min(1), out: relPath.optional() });
export const GenerateSqlResponse = z.object({ sql: z.string(), dialect: z.string(), model_path: z.string(), out: z.string().optional() });
export const MigrateBody = z.strictObject({ projectId: projectId.optional(), old_model: relPath, new_model: relPath, dialect: z.string().min(1), out: relPath.optional() });
export const MigrateResponse = z.object({
  sql: z.string(), dialect: z.string(), out: z.string().optional(),
  statements: z.array(z.object({ sql: z.string(), kind: z.string(), destructive: z.boolean() })),
});
export const ForwardApplyBody = z.looseObject({
  projectId: projectId.optional(), connector: z.string().optional(), dialect: z.string().optional(),
  sql_file: relPath.optional(), sql: z.string().optional(), old_model: relPath.optional(), new_model: relPath.optional(), model_schema: relPath.optional(),
  dry_run: z.boolean().optional(), skip_ledger: z.boolean().optional(), ledger_table: z.string().optional(), migration_name: z.string().optional(),
  allow_destructive: z.boolean().optional(), policy_pack: z.string().optional(), skip_policy_check: z.boolean().optional(),
  output_json: z.boolean().optional(), report_json: relPath.optional(), write_sql: relPath.optional(),
}).describe('exactly one input mode (sql_file | sql | old_model+new_model), options, and the connector\'s connection parameters (schemas/apply-request.schema.json)');
export const ForwardApplyResponse = z.looseObject({ status: z.string(), connector: z.string(), statements: z.array(open) }).describe('the apply report (secrets scrubbed)');
export const TformSyncBody = z.strictObject({ projectId, model: relPath.optional(), dry_run: z.boolean().optional() });
export const TformSyncResponse = z.looseObject({ ok: z.boolean(), changes: z.array(open), filesChanged: z.array(z.string()), version: z.int().optional() });

// ---- contracts, import -----------------------------------------------------------------------
export const ContractsBody = z.strictObject({
  projectId, selectors: z.strictObject({ layer: z.string().min(1).optional(), files: z.array(relPath).optional() }), enforce: z.boolean(),
  force: z.boolean().optional(), dry_run: z.boolean().optional(),
});
export const ContractsResponse = z.looseObject({ enforce: z.boolean(), ok: z.boolean(), selected: z.array(open), refused: z.array(open),
  typed: z.array(z.object({ model: z.string(), column: z.string(), data_type: z.string(), file: z.string(), line: z.int().optional() })).optional().describe('columns whose missing data_type was taken from target/catalog.json'),
  filesChanged: z.array(z.string()), version: z.int().optional() });
export const ImportBody = z.strictObject({ format: z.enum(['sql', 'dbml']), content: z.string(), dialect: z.string().optional(), modelName: z.string().min(1) });
export const ImportResponse = z.object({
  yaml: z.string(), format: z.enum(['sql', 'dbml']), model_name: z.string(), dialect: z.string().optional(), detected: z.string().optional(),
  counts: z.object({ entities: z.int(), columns: z.int(), relationships: z.int(), indexes: z.int() }),
  unmodeled: z.array(z.object({ line: z.int(), what: z.string(), reason: z.string().optional() })),
  diagnostics: z.array(diagnostic),
});

// ---- git automation ----------------------------------------------------------------------------
const gitRef = z.string().min(1).max(250);
export const GitBranchBody = z.strictObject({ projectId, branch: gitRef, from: gitRef.optional() });
export const GitPushBody = z.strictObject({ projectId, branch: gitRef.optional(), remote: gitRef.optional(), set_upstream: z.boolean().optional() });
export const GitPullBody = z.strictObject({ projectId, remote: gitRef.optional(), branch: gitRef.optional(), ff_only: z.boolean().optional() });
export const GitCommitBody = z.strictObject({ projectId, message: z.string().min(1), paths: z.array(relPath).optional() });
export const GitPrBody = z.strictObject({
  projectId, token: z.string().min(1), title: z.string().min(1), body: z.string().optional(), base: gitRef.optional(), head: gitRef.optional(),
  draft: z.boolean().optional(), remote: gitRef.optional(), api_url: z.string().url().optional(), include_report: z.boolean().optional(),
}).describe('the token is used for this one request and never stored or logged');
export const GitQuery = z.strictObject({ projectId: projectId.optional() });
export const GitDiffQuery = z.strictObject({ projectId: projectId.optional(), path: relPath.optional(), staged: z.enum(['true', 'false']).optional() });
export const GitLogQuery = z.strictObject({ projectId: projectId.optional(), limit: z.string().regex(/^(?:[1-9]\d?|100)$/).describe("1 to 100 (default 20)").optional(), ref: gitRef.optional(), path: relPath.optional() });
export const GitResult = z.looseObject({}).describe('the git operation\'s result (docs/git.md)');
export const GitPrResult = z.looseObject({ number: z.int(), url: z.string(), state: z.string(), head: z.string(), base: z.string(), draft: z.boolean() });

// ---- the AI assistant (Ask AI) -----------------------------------------------------------------
const selectedContext = z.looseObject({
  kind: z.string().optional(), name: z.string().optional(), path: z.string().optional(), line: z.int().optional(), selectedText: z.string().optional(),
  layer: z.string().optional(), diagram: z.string().optional(), code: z.string().optional(),
}).describe('what the user had selected: an object ({kind, name}), a file ({path}), a validation row ({kind: "issue", code, path, line}), text, the open diagram');
const skillsRequest = z.strictObject({ pinned: z.array(z.string()).optional(), disabled: z.array(z.string()).optional() });
const providerSettings = z.strictObject({
  kind: z.enum(['local', 'openai', 'anthropic', 'google', 'openai-compatible']), model: z.string().optional(), baseUrl: z.string().optional(), apiKey: z.string().optional(),
}).describe('used for this one request; the key is sent only to the provider (or the openai-compatible base URL) and never stored or logged');
const aiSource = z.object({ id: z.string(), kind: z.string(), name: z.string(), path: z.string().optional(), line: z.int().optional(), score: z.number(), stage: z.string(), title: z.string() });
const stageReport = z.object({ stage: z.string(), contributed: z.int(), ms: z.number(), note: z.string().optional() });
const checkedChange = z.looseObject({
  op: z.string(), path: z.string(), valid: z.boolean(), blocked: z.object({ code: z.string(), message: z.string(), details: open.optional() }).optional(),
  rationale: z.string(), review_summary: z.string(), validation_impact: z.string(),
}).describe('a proposed change (create_file | update_file | patch_yaml) with its validation verdict; never applied by ask');
const aiMemory = z.object({ id: z.string(), text: z.string(), category: z.string(), chatIds: z.array(z.string()), createdAt: z.string(), updatedAt: z.string() });
export const AskBody = z.strictObject({
  projectId: projectId.optional(), message: z.string().min(1).max(20_000), context: selectedContext.optional(), skills: skillsRequest.optional(),
  provider: providerSettings.optional(), chatId: z.string().min(1).max(200).optional(),
});
export const AskResponse = z.object({
  chatId: z.string(), answer: z.string(), sources: z.array(aiSource), proposed_changes: z.array(checkedChange),
  agent_run: z.looseObject({
    modes: z.array(open), skills: z.array(open), memory: z.object({ used: z.array(open), added: z.array(open) }), retrieval_pipeline: z.array(stageReport),
    scope: z.enum(['specific', 'repo_wide']), provider: z.object({ kind: z.string(), model: z.string().optional() }), agent: z.string().optional(),
  }),
  requires_user_approval: z.boolean(), review_plan: z.object({ summary: z.string(), steps: z.array(open) }),
}).describe('with Accept: text/event-stream: `event: delta` ({text}) while the answer is written, then `event: result` (this object) or `event: error` (ErrorBody)');
export const PreviewBody = z.strictObject({ projectId: projectId.optional(), message: z.string().min(1).max(20_000), context: selectedContext.optional(), skills: skillsRequest.optional(), limit: z.int().min(1).max(100).optional() });
export const PreviewResponse = z.object({
  sources: z.array(aiSource), scope: z.enum(['specific', 'repo_wide']), modes: z.array(open), skills: z.array(open), memory: z.array(open), findings: z.array(aiSource), retrieval_pipeline: z.array(stageReport),
});
export const AiProjectBody = z.strictObject({ projectId: projectId.optional() });
export const AiQuery = z.strictObject({ projectId: projectId.optional() });
export const IndexStatus = z.object({
  state: z.enum(['building', 'ready', 'failed']).describe('building: the server builds the index in the background after serving the project; questions wait for it'),
  source: z.enum(['built', 'kept']), message: z.string().optional().describe('why it failed'),
  records: z.int().optional(), build_ms: z.int().optional().describe('wall time of the build, slices of it interleaved with requests'),
}).describe('the assistant\'s index: being built, ready or failed');
export const IndexStats = z.object({ records: z.int(), byKind: z.record(z.string(), z.int()), buildMs: z.number(), builtAt: z.string() });
const chatSummary = z.object({ id: z.string(), title: z.string(), createdAt: z.string(), updatedAt: z.string(), messages: z.int() });
export const ChatList = z.object({ chats: z.array(chatSummary) });
export const ChatDeleted = z.object({ deleted: chatSummary });
export const ChatCreateBody = z.strictObject({ projectId: projectId.optional(), title: z.string().min(1).max(200).optional() });
export const ChatParams = z.strictObject({ chatId: z.string().min(1).max(200) });
export const ChatResponse = z.object({
  id: z.string(), title: z.string(), createdAt: z.string(), updatedAt: z.string(),
  messages: z.array(z.looseObject({ id: z.string(), role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string(), result: open.optional() })),
});
export const MemoryList = z.object({ memories: z.array(aiMemory) });
export const MemoryParams = z.strictObject({ memoryId: z.string().min(1).max(200) });
export const MemoryDeleted = z.object({ deleted: aiMemory });
export const SkillList = z.object({ skills: z.array(z.looseObject({ name: z.string(), file: z.string(), priority: z.number() })), diagnostics: z.array(diagnostic) });
export const ProviderList = z.object({
  providers: z.array(z.object({ kind: z.string(), label: z.string(), needs: z.array(z.string()), defaultModel: z.string().optional(), keyEnv: z.array(z.string()), endpoint: z.string().optional() })),
});
export const SettingsTestBody = z.strictObject({ projectId: projectId.optional(), provider: providerSettings });
export const SettingsTestResponse = z.object({ ok: z.literal(true), kind: z.string(), model: z.string().optional() });

// ---- events ----------------------------------------------------------------------------------
export const ServerEvent = z.object({
  type: z.enum(['hello', 'files_changed', 'files_written', 'proposal_applied', 'columns_checked']),
  paths: z.array(z.string()), version: z.int(),
  summary: z.object({ validation: validationCounts, readiness: readinessSummary }).optional(),
}).describe('one server-sent event (GET /api/events): data is this JSON');

/** Every shape with a JSON Schema under schemas/server/, by name; `input` shapes are requests. */
export const SHAPES = {
  ErrorBody: { schema: ErrorBody, io: 'output' }, Health: { schema: Health, io: 'output' }, ProjectList: { schema: ProjectList, io: 'output' },
  ProjectParams: { schema: ProjectParams, io: 'input' }, ProjectSummaryResponse: { schema: ProjectSummaryResponse, io: 'output' }, FileList: { schema: FileList, io: 'output' }, PathQuery: { schema: PathQuery, io: 'input' },
  FileRead: { schema: FileRead, io: 'output' }, FileWriteBody: { schema: FileWriteBody, io: 'input' }, IfMatchHeaders: { schema: IfMatchHeaders, io: 'input' }, FileWritten: { schema: FileWritten, io: 'output' },
  FileRenameBody: { schema: FileRenameBody, io: 'input' }, FileRenamed: { schema: FileRenamed, io: 'output' }, FileDeleteBody: { schema: FileDeleteBody, io: 'input' },
  FileDeleted: { schema: FileDeleted, io: 'output' }, ModelViewResponse: { schema: ModelViewResponse, io: 'output' }, GraphResponse: { schema: GraphResponse, io: 'output' }, GraphQuery: { schema: GraphQuery, io: 'input' },
  GraphClustersQuery: { schema: GraphClustersQuery, io: 'input' }, TableList: { schema: TableList, io: 'output' }, GraphClustersResponse: { schema: GraphClustersResponse, io: 'output' }, InferredEdgesResponse: { schema: InferredEdgesResponse, io: 'output' },
  FileValidationResponse: { schema: FileValidationResponse, io: 'output' }, ValidationQuery: { schema: ValidationQuery, io: 'input' },
  ProjectValidationResponse: { schema: ProjectValidationResponse, io: 'output' }, ValidationResponse: { schema: ValidationResponse, io: 'output' }, MeshQuery: { schema: MeshQuery, io: 'input' }, MeshResponse: { schema: MeshResponse, io: 'output' },
  ReadinessQuery: { schema: ReadinessQuery, io: 'input' }, ReadinessResponse: { schema: ReadinessResponse, io: 'output' }, StatusResponse: { schema: StatusResponse, io: 'output' },
  DocBlocks: { schema: DocBlocks, io: 'output' }, LayoutBody: { schema: LayoutBody, io: 'input' }, GraphDiffQuery: { schema: GraphDiffQuery, io: 'input' }, GraphDiffResponse: { schema: GraphDiffResponse, io: 'output' }, LayoutResponse: { schema: LayoutResponse, io: 'output' }, ConceptualizeBody: { schema: ConceptualizeBody, io: 'input' }, CanonicalizeBody: { schema: CanonicalizeBody, io: 'input' },
  AgentProposal: { schema: AgentProposal, io: 'output' }, ProposalBody: { schema: ProposalBody, io: 'input' }, ValidateBody: { schema: ValidateBody, io: 'input' }, EditBody: { schema: EditBody, io: 'input' }, EditResponse: { schema: EditResponse, io: 'output' }, ValidateResponse: { schema: ValidateResponse, io: 'output' },
  ApplyResponse: { schema: ApplyResponse, io: 'output' }, GenerateSqlBody: { schema: GenerateSqlBody, io: 'input' }, GenerateSqlResponse: { schema: GenerateSqlResponse, io: 'output' },
  MigrateBody: { schema: MigrateBody, io: 'input' }, MigrateResponse: { schema: MigrateResponse, io: 'output' }, ForwardApplyBody: { schema: ForwardApplyBody, io: 'input' },
  ForwardApplyResponse: { schema: ForwardApplyResponse, io: 'output' }, TformSyncBody: { schema: TformSyncBody, io: 'input' }, TformSyncResponse: { schema: TformSyncResponse, io: 'output' },
  ContractsBody: { schema: ContractsBody, io: 'input' }, ContractsResponse: { schema: ContractsResponse, io: 'output' }, ImportBody: { schema: ImportBody, io: 'input' },
  ImportResponse: { schema: ImportResponse, io: 'output' }, ServerEvent: { schema: ServerEvent, io: 'output' },
  GitBranchBody: { schema: GitBranchBody, io: 'input' }, GitPushBody: { schema: GitPushBody, io: 'input' }, GitPullBody: { schema: GitPullBody, io: 'input' },
  GitCommitBody: { schema: GitCommitBody, io: 'input' }, GitPrBody: { schema: GitPrBody, io: 'input' }, GitQuery: { schema: GitQuery, io: 'input' },
  GitDiffQuery: { schema: GitDiffQuery, io: 'input' }, GitLogQuery: { schema: GitLogQuery, io: 'input' }, GitResult: { schema: GitResult, io: 'output' },
  GitPrResult: { schema: GitPrResult, io: 'output' },
  AskBody: { schema: AskBody, io: 'input' }, AskResponse: { schema: AskResponse, io: 'output' }, PreviewBody: { schema: PreviewBody, io: 'input' },
  PreviewResponse: { schema: PreviewResponse, io: 'output' }, AiProjectBody: { schema: AiProjectBody, io: 'input' }, AiQuery: { schema: AiQuery, io: 'input' },
  IndexStats: { schema: IndexStats, io: 'output' }, IndexStatus: { schema: IndexStatus, io: 'output' }, ChatList: { schema: ChatList, io: 'output' }, ChatCreateBody: { schema: ChatCreateBody, io: 'input' },
  ChatParams: { schema: ChatParams, io: 'input' }, ChatResponse: { schema: ChatResponse, io: 'output' }, ChatDeleted: { schema: ChatDeleted, io: 'output' }, MemoryList: { schema: MemoryList, io: 'output' },
  MemoryParams: { schema: MemoryParams, io: 'input' }, MemoryDeleted: { schema: MemoryDeleted, io: 'output' }, SkillList: { schema: SkillList, io: 'output' },
  ProviderList: { schema: ProviderList, io: 'output' }, LineageQuery: { schema: LineageQuery, io: 'input' }, LineageResponse: { schema: LineageResponse, io: 'output' },
  LineageImpactQuery: { schema: LineageImpactQuery, io: 'input' }, LineageImpactResponse: { schema: LineageImpactResponse, io: 'output' }, SettingsTestBody: { schema: SettingsTestBody, io: 'input' }, SettingsTestResponse: { schema: SettingsTestResponse, io: 'output' },
} as const;
export type ShapeName = keyof typeof SHAPES;

/** The JSON Schema of a shape, as schemas/server/<name>.schema.json holds it. */
export function jsonSchemaOf(name: ShapeName): Record<string, unknown> {
  const { schema, io } = SHAPES[name];
  const js = z.toJSONSchema(schema, { target: 'draft-7', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete js.$schema;
  return { $id: `https://modeler.dev/schemas/server/${name}.schema.json`, title: name, ...js };
}

export type ErrorBody = z.infer<typeof ErrorBody>;
export type Health = z.infer<typeof Health>;
export type ProjectList = z.infer<typeof ProjectList>;
export type ProjectParams = z.infer<typeof ProjectParams>;
export type PathQuery = z.infer<typeof PathQuery>;
export type FileWriteBody = z.infer<typeof FileWriteBody>;
export type FileRenameBody = z.infer<typeof FileRenameBody>;
export type FileDeleteBody = z.infer<typeof FileDeleteBody>;
export type ValidationQuery = z.infer<typeof ValidationQuery>;
export type MeshQuery = z.infer<typeof MeshQuery>;
export type LineageQuery = z.infer<typeof LineageQuery>;
export type LineageImpactQuery = z.infer<typeof LineageImpactQuery>;
export type ReadinessQuery = z.infer<typeof ReadinessQuery>;
export type StatusResponse = z.infer<typeof StatusResponse>;
export type ConceptualizeBody = z.infer<typeof ConceptualizeBody>;
export type CanonicalizeBody = z.infer<typeof CanonicalizeBody>;
export type ProposalBody = z.infer<typeof ProposalBody>;
export type ValidateBody = z.infer<typeof ValidateBody>;
export type EditBody = z.infer<typeof EditBody>;
export type EditResponse = z.infer<typeof EditResponse>;
export type ValidateResponse = z.infer<typeof ValidateResponse>;
export type ApplyResponse = z.infer<typeof ApplyResponse>;
export type GenerateSqlBody = z.infer<typeof GenerateSqlBody>;
export type GenerateSqlResponse = z.infer<typeof GenerateSqlResponse>;
export type MigrateBody = z.infer<typeof MigrateBody>;
export type MigrateResponse = z.infer<typeof MigrateResponse>;
export type ForwardApplyBody = z.infer<typeof ForwardApplyBody>;
export type TformSyncBody = z.infer<typeof TformSyncBody>;
export type ContractsBody = z.infer<typeof ContractsBody>;
export type ImportBody = z.infer<typeof ImportBody>;
export type ImportResponse = z.infer<typeof ImportResponse>;
export type ServerEvent = z.infer<typeof ServerEvent>;
export type FileList = z.infer<typeof FileList>;
export type FileRead = z.infer<typeof FileRead>;
export type FileWritten = z.infer<typeof FileWritten>;
export type FileRenamed = z.infer<typeof FileRenamed>;
export type FileDeleted = z.infer<typeof FileDeleted>;
export type LayoutBody = z.infer<typeof LayoutBody>;
export type LayoutResponse = z.infer<typeof LayoutResponse>;
export type GitBranchBody = z.infer<typeof GitBranchBody>;
export type GitPushBody = z.infer<typeof GitPushBody>;
export type GitPullBody = z.infer<typeof GitPullBody>;
export type GitCommitBody = z.infer<typeof GitCommitBody>;
export type GitPrBody = z.infer<typeof GitPrBody>;
export type GitQuery = z.infer<typeof GitQuery>;
export type GitDiffQuery = z.infer<typeof GitDiffQuery>;
export type GitLogQuery = z.infer<typeof GitLogQuery>;
export type GraphDiffQuery = z.infer<typeof GraphDiffQuery>;
export type GraphQuery = z.infer<typeof GraphQuery>;
export type GraphClustersQuery = z.infer<typeof GraphClustersQuery>;
export type IndexStatus = z.infer<typeof IndexStatus>;
export type AskBody = z.infer<typeof AskBody>;
export type AskResponse = z.infer<typeof AskResponse>;
export type PreviewBody = z.infer<typeof PreviewBody>;
export type PreviewResponse = z.infer<typeof PreviewResponse>;
export type AiProjectBody = z.infer<typeof AiProjectBody>;
export type AiQuery = z.infer<typeof AiQuery>;
export type ChatCreateBody = z.infer<typeof ChatCreateBody>;
export type ChatParams = z.infer<typeof ChatParams>;
export type MemoryParams = z.infer<typeof MemoryParams>;
export type SettingsTestBody = z.infer<typeof SettingsTestBody>;
