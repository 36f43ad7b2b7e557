// contracts enforce edits each property file once (one parse, every edit, one verification).
// Figures: reading the project alone vs enforcing contracts on every model, for N models
// spread over property files. Usage: npm run build && node bench/contracts-enforce.mjs [N] [perFile]
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';

const n = Number(process.argv[2] ?? 236);
const perFile = Number(process.argv[3] ?? 63);
const { loadProject } = await import('../dist/core/project/load.js');
const { enforceContracts } = await import('../dist/tform/contracts.js');
const dir = join(tmpdir(), `modeler-contracts-${n}`);
const g = generateProject(dir, { models: n, perFile, stagingShare: 1, manifest: false });
let t0 = performance.now();
const p = loadProject(dir);
const readMs = performance.now() - t0;
t0 = performance.now();
const r = enforceContracts(dir, { layer: 'stg' });
const enforceMs = performance.now() - t0;
console.log(`contracts enforce: ${r.selected.filter((s) => s.changed).length} of ${p.models.length} models in ${r.filesChanged.length} files (${g.yamlFiles} YAML files): read ${readMs.toFixed(0)} ms, enforce (read + edit + write) ${enforceMs.toFixed(0)} ms`);

// the same through the CLI on a fresh copy (process start included), beside `modeler summary`
import { spawnSync } from 'node:child_process';
const fresh = join(tmpdir(), `modeler-contracts-cli-${n}`);
generateProject(fresh, { models: n, perFile, stagingShare: 1, manifest: false });
const cli = (args) => { const t = performance.now(); const r = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'bin', 'modeler.js'), ...args], { encoding: 'utf8' }); if (r.status !== 0) throw new Error(r.stderr + r.stdout); return performance.now() - t; };
const sumMs = cli(['summary', '--project-dir', fresh]);
const cliMs = cli(['contracts', 'enforce', '--project-dir', fresh, '--layer', 'stg']);
console.log(`CLI: modeler summary ${sumMs.toFixed(0)} ms, modeler contracts enforce ${cliMs.toFixed(0)} ms (${(cliMs / sumMs).toFixed(1)}× reading)`);
