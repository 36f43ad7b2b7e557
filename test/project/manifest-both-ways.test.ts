// Reading a project with dbt's target/manifest.json and without it gives the same project: the
// manifest only adds (bench/lib/manifest-both-ways.mjs says what), never changes a node, a column,
// a test or a finding of the project's own. Here on the example, which ships its manifest; on the
// two real projects of ../shared/fixtures/real-dbt/ and on the fetched ones the same check runs
// where a real `dbt parse` wrote the manifest, beside the agreement with it (real-dbt.test.ts,
// real-fetched.test.ts), so each project is parsed once.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { expectSameBothWays } from './both-ways.js';

describe('the example: the same with and without its manifest', () => {
  it('jaffle_shop', () => {
    const copy = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, copy, { recursive: true });
    expectSameBothWays(copy, (d) => loadProject(d));
  });
});
