// Hostile and oversized input: how long `modeler validate` takes (and its peak RSS) as the input
// grows, and how fast the limits (src/core/limits.ts) refuse what is over them.
// Usage: npm run build && node bench/hostile-input.mjs
// Each case runs in a fresh child process, so RSS is per case.
//
//   unknown keys: a model file with N keys the schema does not know, spread over columns of
//     5,000 each (under the keys-per-mapping limit) — every one is reported, located; time must
//     grow linearly (it was quadratic: 40,000 keys took 25 s)
//   one mapping: N keys in one mapping — 10,000 is the limit, more is refused at once
//   /dev/zero, an alias bomb, a 50 MB model, 10,000-deep nesting: refused, in milliseconds
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  const { loadModelFile } = await import('../dist/core/model/load.js');
  const t0 = performance.now();
  const r = loadModelFile(process.argv[3]);
  const ms = performance.now() - t0;
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  console.log(JSON.stringify({ ms, rss: process.resourceUsage().maxRSS / 1024, errors: errors.length, first: errors[0] && `${errors[0].code} at ${errors[0].line}:${errors[0].column}` }));
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'modeler-bench-hostile-'));
const head = 'model: {name: m, version: 1.0.0}\nentities:\n  - name: e\n    columns:\n';

function unknownKeys(n, perColumn) {
  let s = head;
  for (let c = 0; c * perColumn < n; c++) {
    s += `      - name: c${c}\n`;
    for (let i = c * perColumn; i < Math.min(n, (c + 1) * perColumn); i++) s += `        k${i}: 1\n`;
  }
  return s;
}

function aliasBomb() {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  return `model: {name: m, version: 1.0.0}\n${lines.join('\n')}\n`;
}

function run(label, file) {
  const r = spawnSync(process.execPath, [self, '--child', file], { encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) { console.log(`${label.padEnd(44)} failed: ${(r.stderr || r.error?.message || '').split('\n')[0]}`); return; }
  const o = JSON.parse(r.stdout);
  console.log(`${label.padEnd(44)} ${o.ms.toFixed(0).padStart(6)} ms  peak RSS ${o.rss.toFixed(0).padStart(5)} MiB  ${String(o.errors).padStart(7)} error(s)  first: ${o.first ?? '-'}`);
}

const write = (name, text) => { const f = join(dir, name); writeFileSync(f, text); return f; };

for (const n of [10_000, 40_000, 160_000]) run(`unknown keys ${n.toLocaleString('en-US')} (5,000 per column)`, write(`spread-${n}.model.yaml`, unknownKeys(n, 5000)));
for (const n of [9_999, 40_000, 160_000]) run(`one mapping of ${(n + 1).toLocaleString('en-US')} keys`, write(`one-${n}.model.yaml`, unknownKeys(n, n)));
run('/dev/zero', '/dev/zero');
run('alias bomb (600 bytes, 10^9 nodes expanded)', write('bomb.model.yaml', aliasBomb()));
run('a 50 MB model file', write('big.model.yaml', unknownKeys(2_200_000, 5000)));
run('flow nesting 10,000 deep', write('deep.model.yaml', `model: {name: m, version: 1.0.0}\nx: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`));
