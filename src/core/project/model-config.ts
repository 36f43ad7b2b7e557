// A model's effective config as dbt resolves it (SQL `config()` over the YAML entry's
// `config:` over folder-level `+key:` settings in dbt_project.yml over dbt's default, view).
// The reader resolves it once (build-nodes.ts); this is the accessor the checks use.
import type { DbtNode, Project } from './types.js';

export interface EffectiveConfig {
  materialized: string;
  contractEnforced: boolean;
  /** where the materialization came from */
  materializedFrom: 'yaml' | 'sql' | 'dbt_project' | 'default';
}

export function effectiveConfig(_project: Project, node: DbtNode): EffectiveConfig {
  return {
    materialized: node.materialized ?? 'view',
    materializedFrom: node.materializedFrom ?? (node.materialized ? 'yaml' : 'default'),
    contractEnforced: node.contractEnforced,
  };
}
