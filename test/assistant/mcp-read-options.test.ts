// `modeler mcp --vars …` answers every tool from the project it keeps, read with those vars and
// kept current per call — readiness included (it read the folder again without the vars, so a
// model the vars disable was scored all the same), and a file changed on disk since the start is
// scored as it is now.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessGate } from '../../src/api.js';
import { BIN } from '../helpers/cli.js';
import { copyProject } from './helpers.js';

const dir = copyProject();
// a model the var turns off, described without a description (a readiness finding while it is built)
mkdirSync(join(dir, 'models/extra'), { recursive: true });
writeFileSync(join(dir, 'models/extra/extra_orders.sql'), "{{ config(enabled=var('with_extra', true)) }}\nselect * from {{ ref('orders') }}\n");
writeFileSync(join(dir, 'models/extra/_extra.yml'), 'version: 2\nmodels:\n  - name: extra_orders\n    columns:\n      - name: order_id\n');
const vars = { with_extra: false };
const client = new Client({ name: 'modeler-test', version: '1.0.0' });
beforeAll(async () => {
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--project-dir', dir, '--vars', JSON.stringify(vars)], stderr: 'pipe' }));
}, 60_000);
afterAll(async () => { await client.close(); });
const readiness = async () => JSON.parse((await client.callTool({ name: 'readiness', arguments: {} }) as any).content[0].text);
const extra = (r: { files: { path: string; score: number }[] }) => r.files.find((f) => f.path === 'models/extra/_extra.yml')?.score;

describe('modeler mcp with --vars', () => {
  it('scores readiness on the project read with the vars, as readiness-gate --vars does', async () => {
    const withVars = readinessGate({ project: dir, vars, artifacts: false });
    const without = readinessGate({ project: dir, artifacts: false });
    expect(extra(without)).toBeLessThan(extra(withVars)!); // the var matters here: the model it turns off is scored only without it
    const r = await readiness();
    expect(extra(r)).toBe(extra(withVars));
    expect(r.summary).toEqual(withVars.summary);
    expect(r.files.map((f: any) => [f.path, f.score])).toEqual(withVars.files.map((f) => [f.path, f.score]));
  });

  it('scores a file changed on disk since the last call as it is now', async () => {
    writeFileSync(join(dir, 'models/extra/extra_orders.sql'), "{{ config(enabled=var('with_extra', false) or true) }}\nselect * from {{ ref('orders') }}\n");
    const r = await readiness();
    expect(extra(r)).toBe(extra(readinessGate({ project: dir, artifacts: false })));
    expect(r.summary).toEqual(readinessGate({ project: dir, vars, artifacts: false }).summary);
  });
});
