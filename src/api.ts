// The public entry to the core: every face (CLI, HTTP server, MCP, Python launcher via the CLI)
// imports what the core offers from here and nowhere else, so one file tells what there is.
// Results say what happened (`ok` plus the area's detail), never how a face reports it: the CLI
// maps them to exit codes (src/cli/exit-codes.ts), the server to HTTP statuses. Text the core
// writes names the caller's inputs through opt() markers; a face spells them with
// renderOptionNames (`--min-score` on the CLI, `min_score` over HTTP).
// Each area has its own entry under src/api/, so a face that needs one area loads only that
// (a CLI command starts without the rest: bench/startup.mjs); this file is every area at once.

export * from './api/base.js'; // diagnostics, errors, files, option names, the package
export * from './api/yaml.js'; // YAML read with its source positions and edited in place
export * from './api/codes.js'; // the table of every diagnostic code
export * from './api/model.js'; // the model format
export * from './api/project.js'; // the dbt-style project: reading it, its summary, the columns of every node (yaml, sql, catalog) and the SQL reading
export * from './api/select.js'; // dbt's node selection (--select/--exclude)
export * from './api/dialects.js'; // the SQL dialects and their traits
export * from './api/sql.js'; // SQL and DBML in, SQL and scaffolds out; the dbt project (tform) and its contracts
export * from './api/governance.js'; // governance: gate, policies, mesh, readiness
export * from './api/agents.js'; // the deterministic agents
export * from './api/catalog.js'; // catalog export, manifests
export * from './api/warehouse.js'; // the warehouse (apply SQL with a ledger)
export * from './api/proposals.js'; // proposals (the change model shared by the agents, the AI assistant and the server)
export * from './api/git.js'; // git automation (branch, push, pull, status, diff, commit, log; pull/merge requests on GitHub and GitLab)
export * from './api/views.js'; // views: the JSON the faces show (Explorer, canvas, inspector, problems panel)
export * from './api/runtime.js'; // runtime state under <project>/.modeler/ and finding the dbt project
export * from './api/assistant.js'; // the AI assistant (Ask AI): index, retrieval, answers, memory, chats, MCP
export * from './api/resident.js'; // the resident index: a big project kept indexed between CLI calls
export * from './api/providers.js'; // the AI assistant's providers (their SDKs load when a request is sent)
export * from './api/lineage.js'; // column-level lineage
