// The public entry, runtime state under <project>/.modeler/ and finding the dbt project (src/api.ts lists every area).
export { acquireServeLock, ensureRuntimeDir, RUNTIME_DIR, runtimeDir } from '../core/runtime-state.js';
export { dbtProjectDir, findDbtProject, packageExample } from '../core/project-dir.js';
