// A command loads only what it uses, checked through the loader (test/helpers/module-log.mjs), not
// the clock (the times are in bench/startup.mjs): `--version` loads no command and no core area
// beyond diagnostics and paths; `summary` none of the SQL importers, warehouse drivers, AI SDKs,
// servers, YAML editor or web build; never ajv's compiler (the build wrote each schema's validator
// as code); and on an unchanged project not the SQL parser's WASM either (its kept results serve it).
import { cpSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, REPO, runCli, tempDir } from '../helpers/cli.js';
import { loadedModules } from '../helpers/module-log.js';

/** What `summary` must never load, by package or by the core's folder. */
const NOT_FOR_SUMMARY = [
  'node_modules/@duckdb/', 'node_modules/pg/', 'node_modules/mysql2/', 'node_modules/ai/', 'node_modules/@ai-sdk/',
  'node_modules/pgsql-parser/', 'node_modules/libpg-query/', 'node_modules/node-sql-parser/', 'node_modules/@dbml/',
  'node_modules/fastify/', 'node_modules/@modelcontextprotocol/', 'node_modules/chokidar/', 'node_modules/simple-git/',
  'node_modules/@octokit/', 'node_modules/@gitbeaker/', 'node_modules/react/', 'node_modules/zod/',
  'web/dist/', 'dist/server/', 'dist/assistant/', 'dist/warehouse/', 'dist/sql/import/', 'dist/git/', 'dist/proposals/',
  'dist/core/yaml-edit.js',
].map((p) => p.split('/').join(sep));
const WASM = ['node_modules', '@guanmingchiu', 'sqlparser-ts', 'wasm'].join(sep);
const AJV_COMPILER = ['node_modules', 'ajv', 'dist', 'compile'].join(sep);

const hits = (modules: string[], parts: string[]) => modules.filter((m) => parts.some((p) => m.includes(p)));

describe('start-up loads only what the command uses', () => {
  it('--version: the version, with no command module, no project reader and no package but commander', () => {
    const r = loadedModules(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const ours = r.modules.filter((m) => m.startsWith(join(REPO, 'dist')));
    expect(ours.length).toBeGreaterThan(3); // the log sees our modules
    expect(ours.filter((m) => m.includes(`${sep}commands${sep}`) && !m.endsWith(`${sep}index.js`))).toEqual([]);
    expect(ours.filter((m) => m.includes(`${sep}core${sep}project${sep}`) || m.includes(`${sep}core${sep}select${sep}`))).toEqual([]);
    const packages = new Set(r.modules.filter((m) => m.includes(`node_modules${sep}`)).map((m) => m.split(`node_modules${sep}`).pop()!.split(sep)[0]));
    expect([...packages]).toEqual(['commander']);
  });

  it('summary: none of the heavy modules; never the schema compiler, and on an unchanged project not the parser WASM', () => {
    const project = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, project, { recursive: true, filter: (p) => !p.split(/[\\/]/).includes('.modeler') });
    const env = { MODELER_DATA_DIR: tempDir('modeler-data-') };
    const first = loadedModules(['summary', '--project-dir', project], env);
    expect(first.code, first.stderr).toBe(0);
    expect(hits(first.modules, NOT_FOR_SUMMARY)).toEqual([]);
    // the first run parses the SQL (the log sees the WASM); the schema's code came with the build
    expect(hits(first.modules, [WASM]).length).toBeGreaterThan(0);
    expect(hits(first.modules, [AJV_COMPILER]), 'run `npm run build:core` to write the validator code').toEqual([]);
    const again = loadedModules(['summary', '--project-dir', project], env);
    expect(again.code).toBe(0);
    expect(again.stdout.replace(/loaded in \d+ ms/, '')).toBe(first.stdout.replace(/loaded in \d+ ms/, ''));
    expect(again.stdout).toMatch(/11 of 11 models' SQL read completely/);
    expect(hits(again.modules, [...NOT_FOR_SUMMARY, WASM, AJV_COMPILER])).toEqual([]);
  });

  it('ask with the Local provider: no AI SDK, no zod (the hosted answer schema), no agents the question does not name', () => {
    const project = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, project, { recursive: true, filter: (p) => !p.split(/[\\/]/).includes('.modeler') });
    const env = { MODELER_CACHE_DIR: tempDir('modeler-cache-') };
    const never = ['node_modules/ai/', 'node_modules/@ai-sdk/', 'node_modules/zod/', 'dist/agents/conceptualizer.js', 'dist/agents/canonicalizer.js'].map((p) => p.split('/').join(sep));
    for (const run of ['first', 'kept']) {
      const r = loadedModules(['ask', 'which models feed orders?', '--project-dir', project, '--json'], env);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).answer, run).toMatch(/orders/);
      expect(hits(r.modules, never), run).toEqual([]);
    }
    // a question that names the Conceptualizer loads it
    const agent = loadedModules(['ask', 'conceptualize this project', '--project-dir', project, '--json'], env);
    expect(agent.code, agent.stderr).toBe(0);
    expect(hits(agent.modules, [join('dist', 'agents', 'conceptualizer.js')]).length).toBeGreaterThan(0);
  }, 60_000);

  it('the help of a command read alone is its help in the whole program', () => {
    const whole = runCli(['help', 'summary']);
    expect(runCli(['summary', '--help']).stdout).toBe(whole.stdout);
  });
});
