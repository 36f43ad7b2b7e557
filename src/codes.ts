// Every code the tool reports, gathered from the areas that define them (each area keeps its
// own table beside its checks). The docs' code table is generated from this list, and
// test/core/codes.test.ts fails when src/ uses a code no table defines.
import { ASSISTANT_CODES } from './assistant/codes.js';
import { CATALOG_CODES } from './catalog/codes.js';
import { CORE_CODES, type CodeTable } from './core/codes.js';
import { MODEL_CODES } from './core/model/codes.js';
import { PROJECT_CODES } from './core/project/codes.js';
import { COLUMN_CODES } from './core/columns/codes.js';
import { GATE_CODES } from './governance/gate.js';
import { MESH_CODE_TABLE } from './governance/mesh/check.js';
import { POLICY_CODES } from './governance/policy/codes.js';
import { READINESS_RULES } from './governance/readiness/findings.js';
import { MANIFEST_CODES } from './manifest/codes.js';
import { SQL_CODES } from './sql/codes.js';
import { TFORM_CODES } from './tform/codes.js';
import { WAREHOUSE_CODES } from './warehouse/codes.js';
import { PROPOSAL_CODES } from './proposals/codes.js';
import { GIT_CODES } from './git/errors.js';

export type { CodeInfo as CodeMeaning, CodeTable } from './core/codes.js';

/** The areas in the order the docs list them. */
export const CODE_AREAS = {
  core: { title: 'Any command', table: CORE_CODES },
  model: { title: 'Model files', table: MODEL_CODES },
  project: { title: 'Reading a dbt project', table: PROJECT_CODES },
  columns: { title: 'Columns from SQL', table: COLUMN_CODES },
  sql: { title: 'SQL and DBML', table: SQL_CODES },
  tform: { title: 'Writing the dbt project', table: TFORM_CODES },
  gate: { title: 'Breaking-change gate', table: GATE_CODES },
  policy: { title: 'Policy packs', table: POLICY_CODES },
  mesh: { title: 'Mesh Interfaces', table: MESH_CODE_TABLE },
  readiness: { title: 'Readiness gate', table: Object.fromEntries(Object.entries(READINESS_RULES).map(([c, r]) => [c, { severity: r.severity, meaning: `${r.title} (weight ${r.weight}, ${r.category})` }])) as CodeTable },
  catalog: { title: 'Catalog export', table: CATALOG_CODES },
  manifest: { title: 'Manifests', table: MANIFEST_CODES },
  warehouse: { title: 'Warehouse apply', table: WAREHOUSE_CODES },
  proposals: { title: 'Proposals and the editor', table: PROPOSAL_CODES },
  git: { title: 'Git automation', table: GIT_CODES },
  assistant: { title: 'Ask AI (assistant)', table: ASSISTANT_CODES },
} as const;

export type CodeArea = keyof typeof CODE_AREAS;

export interface CodeInfo { code: string; area: CodeArea; severity: string; meaning: string }

/** Every code once, by area then code. */
export const ALL_CODES: readonly CodeInfo[] = (Object.entries(CODE_AREAS) as [CodeArea, { table: CodeTable }][])
  .flatMap(([area, { table }]) => Object.entries(table).sort(([a], [b]) => a.localeCompare(b)).map(([code, i]) => ({ code, area, ...i })));

/** The codes of one area, or all. */
export function codeTable(area?: CodeArea): CodeInfo[] {
  return ALL_CODES.filter((c) => !area || c.area === area);
}
