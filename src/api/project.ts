// The public entry, the dbt-style project: reading it, its summary, the columns of every node (yaml, sql, catalog) and the SQL reading (src/api.ts lists every area).
export { loadProject, type LoadOptions } from '../core/project/load.js';
export { readOptionsOf, refuseUnknownTarget, type ReadOptions } from '../core/project/settings.js';
export { summarizeProject, summarizeWithColumns, formatSummary, type ProjectSummary } from '../core/project/summary.js';
export { projectColumns, nodeColumns, type ProjectColumns, type NodeColumn, type ColumnOrigin, type SqlReading, type ColumnStats, type ColumnsOptions } from '../core/columns/project-columns.js';
export { initSqlColumns, withSqlParser, parserDialect, type QueryShape } from '../core/sql-columns/query-shape.js';
export { readSqlColumns, type SqlColumns } from '../core/sql-columns/read-columns.js';
export type { OutputColumn, BaseColumn, EdgeKind, TableLookup, TableInfo, Gap } from '../core/sql-columns/scope.js';
export { renderModelSql, type RenderInput, type RenderResult, type Placeholder, type DbtTargetInfo } from '../core/sql-render/render.js';
export type { Project, DbtNode, DbtColumn, DbtTest, DocBlock, Skill, FileKind } from '../core/project/types.js';
export { unreadableFileNote } from '../core/project/unreadable.js';
export { SKIP_DIRS } from '../core/project/walk.js';
export { resolveTarget, profilesDirFor, type DbtTarget, type TargetOptions, type ResolvedTarget } from '../core/project/target.js';
