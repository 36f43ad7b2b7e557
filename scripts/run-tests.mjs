#!/usr/bin/env node
// The one test command: build, run vitest, then print a plain closing summary line
// ("tests: N passed, N failed, N skipped") that any CI log reader understands.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, existsSync } from 'node:fs';

const results = '.ci/results.json';
const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('build failed');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
rmSync(results, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit' });
let passed = 0, failed = 0, skipped = 0;
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  passed = r.numPassedTests; failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (passed + failed === 0 && run.status !== 0) failed = 1;
} else if (run.status !== 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
