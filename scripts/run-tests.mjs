#!/usr/bin/env node
// The one test command: build, run vitest, list what was skipped and why, and close with a plain
// summary line ("tests: N passed, N failed, N skipped") that always agrees with the exit code
// (0 exactly when nothing failed).
//
// Counted from vitest's JSON report: each test by its status, plus one failure for each test file
// that failed outside its tests — it did not load (syntax error, missing import, a throw at top
// level) or a hook threw; such a file has a failed status but no failed test. A skipped test
// whose name holds "[skipped: <reason>]" (test/helpers/shared.ts) is listed under that reason.
//
// The build is the core (tsc, then each schema's validator written as code) and the web UI (its type check and Vite build into dist/web, which
// the browser tests under test/web/ serve); the UI's generated API types are not regenerated here —
// test/web/api-types.test.ts fails when they are stale.
//
// Usage: node scripts/run-tests.mjs [--no-build] [vitest arguments…]
//   --no-build  skip the build (the runner's own test uses it on a scratch suite)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const vitestArgs = args.filter((a) => a !== '--no-build');

function finish(passed, failed, skipped) {
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed === 0 ? 0 : 1);
}

if (build) {
  const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const steps = [
    ['tsc', [TSC, '-p', 'tsconfig.json']],
    ['the schemas\' validator code', [join(ROOT, 'scripts', 'schema-code.mjs')]],
    ['the web UI type check', [TSC, '-p', join('web', 'tsconfig.json')]],
    ['the web UI build (vite)', [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', join('web', 'vite.config.ts')]],
  ];
  for (const [what, argv] of steps) {
    const r = spawnSync(process.execPath, argv, { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.log(`build failed (${what} exited ${r.status ?? r.signal ?? r.error?.message}): no tests run`);
      finish(0, 1, 0);
    }
  }
}

// a private report file: runs in other worktrees or nested runs never share it
const scratch = mkdtempSync(join(tmpdir(), 'modeler-test-report-'));
const results = join(scratch, 'results.json');
const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run',
  '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...vitestArgs], { cwd: ROOT, stdio: 'inherit' });
const report = existsSync(results) ? JSON.parse(readFileSync(results, 'utf8')) : undefined;
rmSync(scratch, { recursive: true, force: true });

let passed = 0, failed = 0, skipped = 0;
const outside = []; // files that failed outside their tests
const byReason = new Map(); // reason → { count, files:Set, names:[] }
const firstLine = (s) => String(s ?? '').trim().split('\n')[0].slice(0, 300);
for (const file of report?.testResults ?? []) {
  const name = relative(process.cwd(), file.name).split('\\').join('/');
  let failedHere = 0;
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'passed') passed++;
    else if (t.status === 'failed') { failed++; failedHere++; }
    else {
      skipped++;
      const reason = /\[skipped: ([^\]]+)\]/.exec(t.fullName ?? t.title)?.[1] ?? (t.status === 'todo' ? 'todo' : 'no reason given');
      const entry = byReason.get(reason) ?? { count: 0, files: new Set(), names: [] };
      entry.count++; entry.files.add(name); entry.names.push(`${name} > ${t.fullName ?? t.title}`);
      byReason.set(reason, entry);
    }
  }
  if (file.status === 'failed' && failedHere === 0) {
    failed++;
    outside.push(`${name}: ${firstLine(file.message) || 'failed outside its tests'}`);
  }
}

console.log('');
for (const [reason, e] of byReason) {
  console.log(`skipped ${e.count} (${reason}) in ${[...e.files].join(', ')}`);
  if (reason === 'no reason given') for (const n of e.names.slice(0, 20)) console.log(`  ${n}`);
}
for (const o of outside) console.log(`failed to load or failed outside its tests: ${o}`);
if (!report) {
  console.log(`vitest wrote no report (exit ${run.status ?? run.signal ?? run.error?.message}): counted as 1 failure`);
  if (failed === 0) failed = 1;
} else if (run.status !== 0 && failed === 0) {
  // e.g. an unhandled error after the tests: vitest fails the run, so must the summary
  console.log(`vitest exited ${run.status ?? run.signal} with no failed test: counted as 1 failure (see its output above)`);
  failed = 1;
}
finish(passed, failed, skipped);
