// Minimal diffs of patch_yaml: on every YAML file of the real dbt projects in
// ../shared/fixtures/real-dbt/, make the typical changes a proposal makes — add a test, a
// description, a column, a relationship; replace a list — through the proposal patcher, and count
// the lines the file's diff changes against the lines of the nodes the change meant to change.
// A change is exact when the file outside those nodes is byte for byte what it was.
// Usage: npm run build:core && node bench/proposal-diffs.mjs [--verbose]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, parseDocument, isSeq } from 'yaml';
import { applyJsonPatch } from '../dist/api.js';
import { REAL_DBT, realProjects } from './lib/real-dbt.mjs';

const verbose = process.argv.includes('--verbose');

function yamlFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'dbt_packages' || e.name === 'target' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(e.name) && statSync(p).isFile()) out.push(p);
  }
  return out;
}

/** Lines added + removed by the smallest line diff (common prefix and suffix trimmed, LCS between). */
export function linesChanged(a, b) {
  const x = a.split('\n'), y = b.split('\n');
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  let s = 0;
  while (s < x.length - p && s < y.length - p && x[x.length - 1 - s] === y[y.length - 1 - s]) s++;
  const xs = x.slice(p, x.length - s), ys = y.slice(p, y.length - s);
  if (!xs.length || !ys.length) return xs.length + ys.length;
  let prev = new Array(ys.length + 1).fill(0);
  for (let i = 1; i <= xs.length; i++) {
    const cur = new Array(ys.length + 1).fill(0);
    for (let j = 1; j <= ys.length; j++) cur[j] = xs[i - 1] === ys[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    prev = cur;
  }
  return xs.length + ys.length - 2 * prev[ys.length];
}

/** The line span [first, last] (0-based) of the node at `path` in `text`, with its key or dash. */
function span(text, path) {
  const doc = parseDocument(text);
  const parentPath = path.slice(0, -1);
  const parent = parentPath.length ? doc.getIn(parentPath, true) : doc.contents;
  const last = path[path.length - 1];
  let start, end;
  if (isSeq(parent)) {
    const item = parent.items[last];
    start = text.lastIndexOf('-', item.range[0]);
    end = item.range[1];
  } else {
    const pair = parent.items.find((it) => String(it.key.value) === String(last));
    start = pair.key.range[0];
    end = pair.value?.range?.[1] ?? pair.key.range[1];
  }
  if (end > 0 && text[end - 1] === '\n') end--;
  const line = (o) => text.slice(0, o).split('\n').length - 1;
  return [line(start), line(end)];
}

/** The typical changes that fit this file: [label, patch, path of the node meant to change, kind]. */
function changesFor(value) {
  const out = [];
  const entries = [];
  for (const key of ['models', 'seeds', 'snapshots']) (Array.isArray(value?.[key]) ? value[key] : []).forEach((m, i) => m?.name && entries.push({ ptr: [key, i], node: m }));
  (Array.isArray(value?.sources) ? value.sources : []).forEach((s, i) => (Array.isArray(s?.tables) ? s.tables : []).forEach((t, j) => t?.name && entries.push({ ptr: ['sources', i, 'tables', j], node: t })));
  const ptr = (p) => '/' + p.join('/');
  const rel = { relationships: { to: "ref('bench_parent')", field: 'id' } };
  // the first and the last entry of a file, and of each its first, a middle and its last column
  // (every column of every entry would take many minutes on the large files)
  for (const e of [...new Set([entries[0], entries[entries.length - 1]])].filter(Boolean)) {
    const cols = Array.isArray(e.node.columns) ? e.node.columns : undefined;
    if (!cols) {
      out.push(['add a column', [{ op: 'add', path: ptr([...e.ptr, 'columns']), value: [{ name: 'bench_added', description: 'Added by the bench.' }] }], [...e.ptr, 'columns'], 'add']);
      continue;
    }
    out.push(['add a column', [{ op: 'add', path: ptr([...e.ptr, 'columns', '-']), value: { name: 'bench_added', description: 'Added by the bench.' } }], [...e.ptr, 'columns', cols.length], 'add']);
    const picks = [...new Set([0, cols.length >> 1, cols.length - 1])].filter((i) => i >= 0);
    cols.forEach((col, ci) => {
      if (!col?.name || !picks.includes(ci)) return;
      const cp = [...e.ptr, 'columns', ci];
      const testsKey = Array.isArray(col.data_tests) ? 'data_tests' : Array.isArray(col.tests) ? 'tests' : undefined;
      for (const [label, value] of [['add a test', 'modeler_bench_test'], ['add a relationship', rel]]) {
        if (testsKey) out.push([label, [{ op: 'add', path: ptr([...cp, testsKey, '-']), value }], [...cp, testsKey, col[testsKey].length], 'add']);
        else out.push([label, [{ op: 'add', path: ptr([...cp, 'data_tests']), value: [value] }], [...cp, 'data_tests'], 'add']);
      }
      if (col.description === undefined) out.push(['add a description', [{ op: 'add', path: ptr([...cp, 'description']), value: 'Described by the bench.' }], [...cp, 'description'], 'add']);
      else out.push(['add a description', [{ op: 'replace', path: ptr([...cp, 'description']), value: 'Described again by the bench.' }], [...cp, 'description'], 'replace']);
      if (testsKey) out.push(['replace a list', [{ op: 'replace', path: ptr([...cp, testsKey]), value: ['unique', 'not_null'] }], [...cp, testsKey], 'replace']);
    });
    if (Array.isArray(e.node.columns) && e.node.columns.length) out.push(['replace a list', [{ op: 'replace', path: ptr([...e.ptr, 'columns']), value: [{ name: 'only_column' }] }], [...e.ptr, 'columns'], 'replace']);
  }
  return out;
}

const totals = new Map();
let files = 0, noChange = 0;
const misses = [];
for (const name of realProjects()) {
  const root = join(REAL_DBT, name);
  for (const file of yamlFiles(root)) {
    const text = readFileSync(file, 'utf8');
    let value;
    try { value = parse(text); } catch { continue; }
    files++;
    const changes = changesFor(value);
    if (!changes.length) { noChange++; continue; }
    for (const [label, patch, nodePath, kind] of changes) {
      const t = totals.get(label) ?? { n: 0, exact: 0, changed: 0, intended: 0, reapplied: 0 };
      totals.set(label, t);
      t.n++;
      let out;
      try { out = applyJsonPatch(text, value, patch, relative(root, file)).text; } catch (e) { misses.push(`${name}/${relative(root, file)}: ${label}: ${e.message}`); continue; }
      const after = out.split('\n');
      const before = text.split('\n');
      const [a0, a1] = span(out, nodePath);
      // what the change meant: the node's lines now, and (for a replace) its lines before
      let intended, exact;
      if (kind === 'replace') {
        const [b0, b1] = span(text, nodePath);
        intended = linesChanged(before.slice(b0, b1 + 1).join('\n'), after.slice(a0, a1 + 1).join('\n'));
        exact = before.slice(0, b0).join('\n') === after.slice(0, a0).join('\n') && before.slice(b1 + 1).join('\n') === after.slice(a1 + 1).join('\n');
      } else {
        // an addition may add its parent key's line too (a new `data_tests:` list); the rest is untouched
        intended = a1 - a0 + 1;
        exact = text === [...after.slice(0, a0), ...after.slice(a1 + 1)].join('\n');
      }
      // applied a second time, the same change must leave the file as it is
      let again;
      try { again = applyJsonPatch(out, parse(out), patch, relative(root, file)).text; } catch (e) { again = `error: ${e.message}`; }
      if (again === out) t.reapplied++; else misses.push(`${name}/${relative(root, file)}: ${label}: applied again, the file changed (${again.startsWith('error') ? again : `${linesChanged(out, again)} lines`})`);
      const changed = linesChanged(text, out);
      t.changed += changed; t.intended += intended;
      if (exact && changed === intended) t.exact++;
      else misses.push(`${name}/${relative(root, file)}: ${label}: ${changed} lines changed, ${intended} intended`);
    }
  }
}

if (!files) { console.log('proposal-diffs: ../shared/fixtures/real-dbt/ is absent; nothing measured'); process.exit(0); }
console.log(`proposal-diffs: ${files} YAML files of ${realProjects().join(', ')} (${noChange} without a model, source or seed entry to change)`);
console.log('change               changes  exact  lines changed  lines intended  applied again: no change');
const row = (label, t) => console.log(`${label.padEnd(20)} ${String(t.n).padStart(7)}  ${String(t.exact).padStart(5)}  ${String(t.changed).padStart(13)}  ${String(t.intended).padStart(14)}  ${String(t.reapplied).padStart(24)}`);
for (const [label, t] of totals) row(label, t);
row('all', [...totals.values()].reduce((a, t) => ({ n: a.n + t.n, exact: a.exact + t.exact, changed: a.changed + t.changed, intended: a.intended + t.intended, reapplied: a.reapplied + t.reapplied }), { n: 0, exact: 0, changed: 0, intended: 0, reapplied: 0 }));
if (misses.length) { console.log(`not exact, or changed when applied again (${misses.length}):`); for (const m of (verbose ? misses : misses.slice(0, 10))) console.log(`  ${m}`); }
