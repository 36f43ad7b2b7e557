// The public entry to the core: every face (CLI, HTTP server, MCP, Python launcher via the CLI)
// imports what the core offers from here and nowhere else, so one file tells what there is.
// Results say what happened (`ok` plus the area's detail), never how a face reports it: the CLI
// maps them to exit codes (src/cli/exit-codes.ts), the server to HTTP statuses. Text the core
// writes names the caller's inputs through opt() markers; a face spells them with
// renderOptionNames (`--min-score` on the CLI, `min_score` over HTTP).

// diagnostics, errors, files, option names, the package
export { UserError, formatDiagnostic, formatLocation, hasErrors, countBySeverity, sortDiagnostics, type Diagnostic, type Severity } from './core/diagnostics.js';
export { LIMITS, LimitError, limitOfCode, showLimit, type Limit, type LimitName } from './core/limits.js';
export { ReadRefusal, firstInvalidUtf8 } from './core/read-text.js';
export { writeFileAtomic, writeFilesAtomic } from './core/fs-atomic.js';
export { containedPath, EXAMPLE_PROJECT, PACKAGE_ROOT, SCHEMAS_DIR, toolVersion } from './core/paths.js';
export { opt, OPTION_STYLES, optionName, renderOptionNames, type OptionStyle } from './core/option-names.js';
export { exampleCopy, userDataDir } from './core/user-data.js';
export { didYouMeanSuffix } from './core/suggest.js';
export { applyYamlEdits, type YamlEdit } from './core/yaml-edit.js';
export { parseYamlSource, type YamlSource, type PathSeg } from './core/yaml-source.js';
export { ALL_CODES, CODE_AREAS, codeTable, type CodeInfo, type CodeArea } from './codes.js';

// the model format
export { loadModelFile, loadModelText, requireModel, type LoadedModel } from './core/model/load.js';
export type { Model, Entity, Column, Relationship } from './core/model/types.js';

// the dbt-style project
export { loadProject, type LoadOptions } from './core/project/load.js';
export { readOptionsOf, type ReadOptions } from './core/project/settings.js';
export { summarizeProject, summarizeWithColumns, formatSummary, type ProjectSummary } from './core/project/summary.js';
export { selectProject, selectNodes, parseSelection, SelectorError, hasSelection, nothingSelectedMessage, type SelectionOptions, type ProjectSelection } from './core/select/index.js';
// columns of every node with origin (yaml, sql, catalog) and type; the SQL reading and its scopes
export { projectColumns, nodeColumns, type ProjectColumns, type NodeColumn, type ColumnOrigin, type SqlReading, type ColumnStats, type ColumnsOptions } from './core/columns/project-columns.js';
export { initSqlColumns, parserDialect, type QueryShape } from './core/sql-columns/query-shape.js';
export { readSqlColumns, type SqlColumns } from './core/sql-columns/read-columns.js';
export type { OutputColumn, BaseColumn, EdgeKind, TableLookup, TableInfo, Gap } from './core/sql-columns/scope.js';
export { renderModelSql, type RenderInput, type RenderResult, type Placeholder, type DbtTargetInfo } from './core/sql-render/render.js';
export type { Project, DbtNode, DbtColumn, DbtTest, DocBlock, Skill, FileKind } from './core/project/types.js';
export { SKIP_DIRS } from './core/project/walk.js';
export { resolveTarget, profilesDirFor, type DbtTarget, type TargetOptions, type ResolvedTarget } from './core/project/target.js';

// SQL and DBML in, SQL and scaffolds out
export { DIALECTS, getDialect, resolveDialect } from './sql/dialects/index.js';
export { generateSql, generateSqlForFile } from './sql/generate.js';
export { generateMigration, generateMigrationForFiles, type Migration, type MigrationStatement } from './sql/migrate.js';
export { importDbmlFile, importDbmlText, importSqlFile, importSqlText, type ImportRun } from './sql/import/run.js';
export { docTextsForModel } from './metadata/doc-blocks.js';
export { metadataJson } from './metadata/generate.js';
export { foreignScaffoldFiles, scaffoldTform, staleScaffoldFiles } from './tform/scaffold.js';
export { writeTformScaffold, type TformWriteResult } from './tform/scaffold-write.js';
export { tformSync, type SyncResult } from './tform/sync.js';
export { enforceContracts, contractPreflight, type ContractsResult, type ContractRefusal } from './tform/contracts.js';

// governance
export { gateModels, type GateResult } from './governance/gate.js';
export { formatGate, formatMesh } from './governance/format.js';
export { checkPolicies } from './governance/policy/engine.js';
export { RULE_TYPES } from './governance/policy/rules/index.js';
export type { RuleType, ParamSpec } from './governance/policy/types.js';
export { meshCheck, type MeshReport } from './governance/mesh/check.js';
export { readinessGate, type ReadinessResult } from './governance/readiness/gate.js';
export { writeReadinessArtifacts, type ReadinessArtifactPaths } from './governance/readiness/artifacts.js';

// agents
export { conceptualize } from './agents/conceptualizer.js';
export { DOMAIN_DICTIONARY } from './agents/domains.js';
export { canonicalize, DEFAULT_MIN_RECURRENCE } from './agents/canonicalizer.js';

// catalog, manifests
export { exportCatalog, parseTargets } from './catalog/export.js';
export { formatBlock } from './manifest/block.js';
export { buildModelerManifestTo } from './manifest/build.js';
export { formatImpact } from './manifest/impact.js';
export { blockForConsumer, checkContractsFor, impactFor, InvalidManifest, manifestCounts } from './manifest/service.js';
export { checkManifestFile } from './manifest/validate.js';

// warehouse
export { applySql, type ApplyContext } from './warehouse/apply.js';
export { formatReport } from './warehouse/format.js';
export { connectionFiles } from './warehouse/connectors/index.js';
export type { ApplyRequest, ApplyReport } from './warehouse/types.js';
/** @deprecated exit codes belong to the CLI (src/cli/exit-codes.ts); kept for one release. Use the report's `ok`/`status`. */
export { EXIT_BY_STATUS } from './cli/exit-codes.js';

// proposals (the change model shared by the agents, the AI assistant and the server)
export type * from './proposals/types.js';
export { ChangeError, type Location } from './proposals/errors.js';
export { normaliseRel, projectPath, RESERVED_DIRS, type ProjectPath } from './proposals/paths.js';
export { applyJsonPatch, parsePointer, toPointer, type PatchOptions, type PatchResult, type Reanchor } from './proposals/json-patch.js';
export { anchorOf, formatAnchor, parseAnchor, resolveAnchor } from './proposals/anchor.js';
export { bindChanges } from './proposals/bind.js';
export { BLOCK_CODES, validateProposal, type ChangeResult, type ProposalValidation, type ValidateContext } from './proposals/validate.js';
export { applyProposal, refusal, type ApplyOutcome } from './proposals/apply.js';
export { commitFiles, JOURNAL_DIR, QUARANTINE_DIR, recoverJournals, type FileWrite, type Recovered } from './proposals/journal.js';
export { checkYaml, createProjectFile, deleteProjectFile, etagOf, readProjectFile, renameProjectFile, writeProjectFile, type FileRead } from './proposals/files.js';

// git automation (branch, push, pull, status, diff, commit, log; pull/merge requests on GitHub and GitLab)
export { GitError, type GitErrorCode } from './git/errors.js';
export { createBranch, listBranches, type CreateBranchResult, type BranchesResult, type BranchInfo } from './git/branches.js';
export { push, pull, type PushRequest, type PushResult, type PullRequestOptions, type PullResult } from './git/sync.js';
export { status, diff, type StatusResult, type StatusFile, type DiffResult } from './git/status.js';
export { commit, log, MAX_LOG, type CommitRequest, type CommitResult, type LogEntry } from './git/commit.js';
export { openPullRequest, type OpenPullRequest, type OpenPullRequestResult, type HostKind } from './git/pr.js';
export { parseRemoteUrl, hostedRepo, apiBaseFor, type RemoteLocation, type HostedRepo } from './git/remote-url.js';
export type { GitOptions } from './git/repo.js';

// views: the JSON the faces show (Explorer, canvas, inspector, problems panel)
export { fileList, type FileEntry } from './views/files.js';
export { modelView, type ModelView } from './views/model-view.js';
export { saveLayout, MAX_POSITIONS, type LayoutRequest, type LayoutResult } from './views/layout.js';
export { graphDiff, projectGraphDiff, type GraphDiff } from './views/graph-diff.js';
export { projectGraph, type ProjectGraph } from './views/project-graph.js';
export { projectEdges, projectGraphClusters, projectGraphLod, projectTables, type GraphLodQuery } from './views/graph-lod.js';
export { inferredEdges, type InferredEdge, type InferredEdges } from './views/inferred-edges.js';
export { fileValidation, projectValidation, validationCounts, type FileValidation, type ProjectValidation } from './views/validation.js';

// runtime state under <project>/.modeler/
export { acquireServeLock, ensureRuntimeDir, RUNTIME_DIR, runtimeDir } from './core/runtime-state.js';
export { dbtProjectDir, findDbtProject, packageExample } from './core/project-dir.js';
// the AI assistant (Ask AI): index, retrieval, answers, memory, chats, providers, MCP
export { AssistantSession, type AssistantOptions } from './assistant/session.js';
export { ask, preview, MAX_MESSAGE, type AskRequest, type AskResult, type AskOptions, type ReviewPlan } from './assistant/ask.js';
export type { Retrieval } from './assistant/retrieve.js';
export type { Source, StageReport, SelectedContext, CheckedChange } from './assistant/types.js';
export { PROVIDERS, PROVIDER_KINDS, ProviderError, normalizeSettings, testProvider, redact, type ProviderSettings, type ProviderEndpoints, type ProviderInfo } from './assistant/providers/index.js';
export { providerFromEnv, endpointsFromEnv } from './assistant/providers/env.js';
export { proposalValidator, validateContextOf, type ChangeValidator, type ChangeVerdict } from './assistant/change-check.js';
/** The MCP server over stdio; its SDK loads only when `modeler mcp` runs. */
export async function startMcpServer(...args: Parameters<typeof import('./assistant/mcp.js').startMcpServer>): ReturnType<typeof import('./assistant/mcp.js').startMcpServer> {
  return (await import('./assistant/mcp.js')).startMcpServer(...args);
}
export { scoreRetrieval, type LabelledQuestion, type RetrievalScore } from './assistant/evaluate.js';
export { AGENT_DIR } from './assistant/runtime-dir.js';
export type { Memory } from './assistant/memory.js';
export type { Chat, ChatSummary } from './assistant/chats.js';

// Column-level lineage
export { lineageOf, impactOf, lineageGraph, columnLineage, nodeLineage, parseAddress, columnImpact, formatColumnLineage, formatNodeLineage, formatImpact as formatLineageImpact, type LineageGraph, type LineageEdge, type ColumnLineage, type NodeLineage, type ColumnImpact } from './lineage/index.js';
export { gateWithLineage } from './lineage/gate-impact.js';
export { droppedColumns } from './lineage/dropped.js';
