// The public entry, SQL and DBML in, SQL and scaffolds out; the dbt project (tform) and its contracts (src/api.ts lists every area).
export { generateSql, generateSqlForFile } from '../sql/generate.js';
export { generateMigration, generateMigrationForFiles, type Migration, type MigrationStatement } from '../sql/migrate.js';
export { importDbmlFile, importDbmlText, importSqlFile, importSqlText, type ImportRun } from '../sql/import/run.js';
export { docTextsForModel } from '../metadata/doc-blocks.js';
export { metadataJson } from '../metadata/generate.js';
export { foreignScaffoldFiles, scaffoldTform, staleScaffoldFiles } from '../tform/scaffold.js';
export { writeTformScaffold, type TformWriteResult } from '../tform/scaffold-write.js';
export { tformSync, type SyncResult } from '../tform/sync.js';
export { enforceContracts, contractPreflight, type ContractsResult, type ContractRefusal } from '../tform/contracts.js';
