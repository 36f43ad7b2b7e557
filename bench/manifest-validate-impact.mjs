#!/usr/bin/env node
// Bench: `modeler manifest validate` and `modeler manifest impact` on a generated qlang manifest
// with 10,000 blocks and 50,000 lineage edges (target: under 1 s each). Run after `npm run build`:
//   node bench/manifest-validate-impact.mjs [--blocks 10000] [--edges 50000] [--runs 5]
// Prints in-process timings (read + schema + semantic checks; graph + traversal) and the
// end-to-end CLI time (process start included).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const BLOCKS = arg('blocks', 10_000);
const EDGES = arg('edges', 50_000);
const RUNS = arg('runs', 5);

// deterministic pseudo-random numbers (mulberry32), so every run benches the same manifest
let seed = 42;
const rand = () => {
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (n) => Math.floor(rand() * n);

function generate() {
  const sources = Math.max(10, Math.floor(BLOCKS / 50));
  const models = Math.max(20, Math.floor(BLOCKS / 5));
  const apps = Math.max(5, Math.floor(BLOCKS / 20));
  const edges = [];
  const edge = (fk, fr, tk, tr, relationship) => edges.push({ from: { kind: fk, ref: fr }, to: { kind: tk, ref: tr }, relationship });
  // every model derives from a source or an earlier model (a DAG by construction)
  for (let m = 0; m < models; m++) {
    if (m < 10 || rand() < 0.3) edge('tform_source', `raw.s${pick(sources)}`, 'tform_model', `m${m}`, 'derives_from');
    else edge('tform_model', `m${pick(m)}`, 'tform_model', `m${m}`, 'derives_from');
  }
  const blocks = [];
  for (let b = 0; b < BLOCKS; b++) {
    const model = `m${pick(models)}`;
    const certified = b % 2 === 0;
    blocks.push({
      name: `block_${b}`, domain: `d${b % 40}`, type: 'custom', status: certified ? 'certified' : 'draft',
      ...(certified ? { owner: `team${b % 25}@example.test` } : {}),
      query: `select c1, c2, count(*) as n from ${model} group by 1, 2`,
      params: [{ name: 'since', type: 'date', default: '2026-01-01' }],
      outputs: [
        { name: 'c1', type: 'integer', lineage: [{ kind: 'tform_model_column', ref: `${model}.c${pick(20)}` }] },
        { name: 'c2', type: 'varchar', lineage: [{ kind: 'tform_model_column', ref: `${model}.c${pick(20)}` }] },
        { name: 'n', type: 'bigint', lineage: [{ kind: 'literal', ref: 'count(*)' }] },
      ],
    });
    edge('tform_model', model, 'qlang_block', `block_${b}`, 'uses');
  }
  // fill up to EDGES with model->block, block->block (earlier to later: still a DAG) and block->app
  while (edges.length < EDGES) {
    const r = rand();
    const b = pick(BLOCKS);
    if (r < 0.4) edge('tform_model', `m${pick(models)}`, 'qlang_block', `block_${b}`, 'uses');
    else if (r < 0.75 && b > 0) edge('qlang_block', `block_${pick(b)}`, 'qlang_block', `block_${b}`, 'uses');
    else edge('qlang_block', `block_${b}`, 'qlang_app', `app_${pick(apps)}`, 'renders');
  }
  return {
    manifestSpecVersion: '1.0.0', qlangVersion: '1.6.0', generatedAt: '2026-05-01T00:00:00Z',
    project: { name: 'bench' }, blocks,
    apps: Array.from({ length: apps }, (_, a) => ({ id: `app_${a}`, title: `App ${a}`, blocks: [`block_${a}`] })),
    lineage: { edges },
  };
}

// wall time, and this process's CPU time (the fairer figure on a loaded machine)
const cpuTimes = [];
const time = (fn) => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const v = fn();
  const c = process.cpuUsage(c0);
  cpuTimes.push((c.user + c.system) / 1000);
  return [performance.now() - t0, v];
};
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const cpu = cpuTimes.splice(0).sort((a, b) => a - b);
  const cpuPart = cpu.length ? `; cpu median ${cpu[Math.floor(cpu.length / 2)].toFixed(0)} ms` : '';
  return `wall min ${s[0].toFixed(0)} ms, median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms${cpuPart}`;
};

const { checkManifestText } = await import(join(ROOT, 'dist/manifest/validate.js'));
const { buildImpactGraph, impactOf } = await import(join(ROOT, 'dist/manifest/impact.js'));

const manifest = generate();
const out = join(ROOT, 'bench', 'out');
mkdirSync(out, { recursive: true });
const file = join(out, 'qlang-manifest-bench.json');
writeFileSync(file, JSON.stringify(manifest, null, 2));
const text = readFileSync(file, 'utf8');
console.log(`machine: ${(await import('node:os')).cpus().length} cpu(s), load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`manifest: ${manifest.blocks.length} blocks, ${manifest.lineage.edges.length} lineage edges, ${manifest.apps.length} apps, ${(text.length / 1e6).toFixed(1)} MB`);

const v = [];
let check;
for (let i = 0; i < RUNS; i++) { const [ms, r] = time(() => checkManifestText(text, file)); v.push(ms); check = r; }
console.log(`validate (in process: JSON parse + schema + semantic + cycle check): ${stats(v)}; ok=${check.ok}, diagnostics=${check.diagnostics.length}`);

const refs = ['tform_source:raw.s0', 'tform_model:m0', `tform_model_column:m${Math.floor(manifest.blocks.length / 10)}.c3`, 'qlang_block:block_0'];
for (const ref of refs) {
  const t = [];
  let r;
  for (let i = 0; i < RUNS; i++) { const [ms, res] = time(() => impactOf(check.manifest, ref, buildImpactGraph(check.manifest))); t.push(ms); r = res; }
  console.log(`impact ${ref} (in process: graph + traversal + paths): ${stats(t)}; ${r.impacted.length} downstream (${r.counts.qlang_block ?? 0} blocks, ${r.counts.qlang_app ?? 0} apps)`);
}

const cli = (args) => {
  cpuTimes.length = 0;
  const t = [];
  let res;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    res = spawnSync(process.execPath, [join(ROOT, 'bin/modeler.js'), ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    t.push(performance.now() - t0);
  }
  return [t, res];
};
const [tv, rv] = cli(['manifest', 'validate', file]);
console.log(`CLI modeler manifest validate: ${stats(tv)} (exit ${rv.status})`);
const [ti, ri] = cli(['manifest', 'impact', '--manifest', file, '--ref', 'tform_model:m0', '--output-json']);
console.log(`CLI modeler manifest impact --ref tform_model:m0: ${stats(ti)} (exit ${ri.status}, ${JSON.parse(ri.stdout).impacted.length} downstream)`);
const [tn] = cli(['--version']);
console.log(`(process start alone, modeler --version: ${stats(tn)})`);
