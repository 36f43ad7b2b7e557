// Time of POST /api/ai/proposals/validate and /apply for a 20-change proposal (patch_yaml on
// property files, update_file, create_file, rename_file, delete_file), on a real `modeler serve`,
// in the example project and in the synthetic 10,000-model project. apply includes the journaled
// write and the refresh of validation and readiness.
// Usage: npm run build && node bench/server-proposals.mjs [N] [rounds]   (default 10000, 5)
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateProject } from './lib/synthetic-project.mjs';
import { startServe, stopServe } from './lib/server-process.mjs';

const n = Number(process.argv[2] ?? 10000);
const rounds = Number(process.argv[3] ?? 5);
const EXAMPLE = join(import.meta.dirname, '..', 'examples', 'jaffle_shop');

function proposal(yamlFiles, round) {
  const changes = [];
  for (let i = 0; i < 14; i++) {
    changes.push({ op: 'patch_yaml', path: yamlFiles[i % yamlFiles.length], rationale: 'bench', patch: [
      { op: 'replace', path: '/models/0/description', value: `Described in round ${round} by change ${i}.` },
      { op: 'add', path: '/models/0/columns/-', value: { name: `bench_col_${round}_${i}`, description: 'Added by the bench.' } },
    ] });
  }
  for (let i = 0; i < 3; i++) {
    changes.push({ op: 'create_file', path: `Modeler/logical/bench_${round}_${i}.model.yaml`, rationale: 'bench',
      content: `model: {name: bench_${round}_${i}, version: 1.0.0, layer: logical}\nentities:\n  - name: Thing${i}\n    columns:\n      - {name: id, data_type: integer, primary_key: true}\n` });
  }
  changes.push({ op: 'create_file', path: `Modeler/docs/bench_${round}.md`, content: `{% docs bench_${round} %}\nBench.\n{% enddocs %}\n`, rationale: 'bench' });
  changes.push({ op: 'rename_file', path: `Modeler/docs/bench_${round}.md`, to: `Modeler/docs/bench_${round}_renamed.md`, rationale: 'bench' });
  changes.push(round > 0
    ? { op: 'delete_file', path: `Modeler/logical/bench_${round - 1}_0.model.yaml`, rationale: 'bench' }
    : { op: 'update_file', path: 'dbt_project.yml', content: null, rationale: 'bench' });
  return changes;
}

async function measure(label, dir, yamlFiles) {
  const server = await startServe(dir);
  const { projects: [{ id }] } = await (await fetch(`${server.url}/api/projects`)).json();
  const post = async (path, body) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
    return { ms: performance.now() - t0, json };
  };
  const v = [], a = [];
  for (let r = 0; r < rounds; r++) {
    const changes = proposal(yamlFiles, r).map((c) => (c.content === null ? { ...c, op: 'patch_yaml', patch: [{ op: 'add', path: '/vars', value: { bench_round: r } }], content: undefined } : c));
    if (changes.length !== 20) throw new Error(`expected 20 changes, got ${changes.length}`);
    const val = await post('/api/ai/proposals/validate', { projectId: id, changes });
    if (!val.json.valid) throw new Error(JSON.stringify(val.json.results.filter((x) => !x.valid)).slice(0, 400));
    v.push(val.ms);
    a.push((await post('/api/ai/proposals/apply', { projectId: id, changes })).ms);
  }
  await stopServe(server);
  const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)].toFixed(0);
  console.log(`${label.padEnd(34)} validate: median ${med(v)} ms   apply (write + refresh): median ${med(a)} ms   (${rounds} rounds, 20 changes each)`);
}

const ex = join(tmpdir(), 'modeler-bench-proposals-example');
rmSync(ex, { recursive: true, force: true });
cpSync(EXAMPLE, ex, { recursive: true });
await measure('example project (jaffle_shop)', ex, ['models/marts/_marts.yml', 'models/staging/shop/_shop__models.yml', 'models/staging/stripe/_stripe__models.yml', 'models/staging/inventory/_inventory.yml']);

const big = join(tmpdir(), `modeler-bench-proposals-${n}`);
generateProject(big, { models: n });
const props = readdirSync(join(big, 'models', 'marts')).filter((f) => f.endsWith('.yml')).map((f) => `models/marts/${f}`);
await measure(`synthetic project, ${n} models`, big, props);
