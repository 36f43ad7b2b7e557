// The MCP server's freshness check (issue 21): before every tool call it re-stats the files it
// read (and the folders, for files added or removed) and re-reads what changed. This times the
// check on the synthetic N-model project when nothing changed (the cost every call pays) and
// when one property file changed (the check plus the re-read and index update).
// Usage: npm run build:core && node bench/mcp-freshness.mjs [N] [rounds]   (default 10000, 7)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssistantSession } from '../dist/api.js';
import { generateProject } from './lib/synthetic-project.mjs';

const n = Number(process.argv[2] ?? 10000);
const rounds = Number(process.argv[3] ?? 7);
const dir = join(tmpdir(), `modeler-bench-mcp-${n}`);
const g = generateProject(dir, { models: n });
const session = AssistantSession.open(dir);
session.syncWithDisk(); // the stamps, as the MCP server takes them at start
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const idle = [], changed = [];
const yml = readdirSync(join(dir, 'models/marts')).filter((f) => f.endsWith('.yml')).sort();
const file = join(dir, 'models/marts', yml[yml.length >> 1]);
const original = readFileSync(file, 'utf8');
for (let i = 0; i < rounds; i++) {
  let t0 = performance.now();
  const none = session.syncWithDisk();
  idle.push(performance.now() - t0);
  if (none.length) throw new Error(`nothing changed, yet ${none.length} files were re-read`);
  writeFileSync(file, original.replace(/description: Model (\w+)\./, `description: Model $1, edit ${i}.`));
  t0 = performance.now();
  const one = session.syncWithDisk();
  changed.push(performance.now() - t0);
  if (one.length !== 1) throw new Error(`one file changed, ${one.length} re-read`);
}
writeFileSync(file, original);
console.log(`mcp freshness N=${n} models (${session.project.files.size} files, ${g.yamlFiles} property files), median of ${rounds}:`);
console.log(`  nothing changed: ${median(idle).toFixed(1)} ms per call (min ${Math.min(...idle).toFixed(1)}, max ${Math.max(...idle).toFixed(1)})`);
console.log(`  one file changed: ${median(changed).toFixed(1)} ms per call, re-read and index update included (min ${Math.min(...changed).toFixed(1)}, max ${Math.max(...changed).toFixed(1)})`);
