// The web UI's API types are generated from the server's OpenAPI document, never hand-copied:
// the committed web/src/api/schema.d.ts must be what scripts/web-api-types.mjs writes now.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

it('web/src/api/schema.d.ts is current with GET /api/openapi.json (run `npm run build` and commit it)', () => {
  const r = spawnSync(process.execPath, [join(REPO, 'scripts', 'web-api-types.mjs'), '--check'], { cwd: REPO, encoding: 'utf8' });
  expect(r.stderr + r.stdout).toContain('is current');
  expect(r.status).toBe(0);
});
