// A config value that cannot be evaluated without a profile (`"{{ 'varchar' if target.type in [...]
// else 'string' }}"` under a seed's column_types, as dbt_project_evaluator writes it) is left out at
// any depth, not kept as the reader's internal marker: the project then passes through
// structured clone, and `modeler ask` keeps the project beside its index (it said "cannot keep the
// assistant's index (Symbol(unknown) could not be cloned.)" on every call for mattermost-analytics).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { runCli, tempDir } from '../helpers/cli.js';

function project(): string {
  const dir = join(tempDir('modeler-unknown-'), 'p');
  mkdirSync(join(dir, 'seeds'), { recursive: true });
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), "name: p\nversion: '1.0'\nconfig-version: 2\nprofile: nowhere\n");
  writeFileSync(join(dir, 'seeds', 'exceptions.csv'), 'fct_name,column_name\nfct_a,id\n');
  const typed = "\"{{ 'varchar' if target.type in ['postgres', 'snowflake'] else 'string' }}\"";
  writeFileSync(join(dir, 'seeds', 'seeds.yml'), `version: 2\nseeds:\n  - name: exceptions\n    config:\n      column_types:\n        fct_name: ${typed}\n        column_name: text\n      tags: [${typed}, kept]\n`);
  writeFileSync(join(dir, 'models', 'm.sql'), "select * from {{ ref('exceptions') }}\n");
  return dir;
}

describe('a config value unknown without a profile, nested', () => {
  it('is left out where it sits; what is known stays, and the project clones', () => {
    const p = loadProject(project());
    const seed = p.seeds.find((s) => s.name === 'exceptions')!;
    expect(seed.config.column_types).toEqual({ column_name: 'text' });
    expect(seed.tags).toEqual(['kept']);
    expect(() => structuredClone(p.seeds)).not.toThrow();
  });

  it('modeler ask keeps its index and the project beside it', () => {
    const dir = project();
    const cache = tempDir('modeler-unknown-cache-');
    const r = runCli(['ask', 'what is exceptions?', '--project-dir', dir], { env: { MODELER_CACHE_DIR: cache, MODELER_AI_RESIDENT: '0' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/cannot keep/);
    const kept = readdirSync(join(cache, 'ai-index'), { recursive: true }) as string[];
    expect(kept.length).toBeGreaterThan(0);
    expect(existsSync(join(cache, 'ai-index'))).toBe(true);
  });
});
