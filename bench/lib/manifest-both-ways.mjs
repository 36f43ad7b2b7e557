// A project read twice by modeler: with dbt's target/manifest.json and with it moved aside. The
// manifest may only add to the reading — the 'manifest' origin on the project's own nodes, the
// nodes of other packages, lineage for a model whose SQL names none — so the project's own
// nodes, columns, tests, docs and findings must be the same both ways. Shared by
// the tests (test/project/both-ways.ts) and bench/manifest-read.mjs.
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

/** The project's own reading as plain data, without what only the manifest can add. */
export function ownReading(p) {
  const node = (n) => {
    const { origins, raw, ...rest } = n;
    return { ...rest, origins: origins.filter((o) => o !== 'manifest') };
  };
  const nodes = (list) => list.map(node).sort((a, b) => a.uniqueId.localeCompare(b.uniqueId));
  return JSON.parse(JSON.stringify({
    models: nodes(p.models), sources: nodes(p.sources), seeds: nodes(p.seeds), snapshots: nodes(p.snapshots),
    disabled: nodes(p.disabled), exposures: p.exposures, semanticModels: p.semanticModels, metrics: p.metrics,
    groups: p.groups, unitTests: p.unitTests, singularTests: p.singularTests, macros: p.macros,
    docs: [...p.docs.entries()].sort(), dbtTarget: p.dbtTarget,
    diagnostics: p.diagnostics.filter((d) => d.code !== 'MANIFEST_STALE'),
  }, (_k, v) => (v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v)));
}

/**
 * Read `dir` with its target/manifest.json and without it (moved aside, then put back).
 * `load`: (dir) => Project. Returns both readings and what the manifest added.
 */
export function readBothWays(dir, load, targetPath = 'target') {
  const file = join(dir, targetPath, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run dbt parse first`);
  const withIt = load(dir);
  renameSync(file, `${file}.aside`);
  let without;
  try { without = load(dir); } finally { renameSync(`${file}.aside`, file); }
  // a model whose SQL names no ref gets its lineage from the manifest's depends_on: an addition
  const refsAdded = withIt.models.filter((m) => m.refs.length && !without.models.find((x) => x.uniqueId === m.uniqueId)?.refs.length).map((m) => m.uniqueId);
  const a = ownReading(withIt), b = ownReading(without);
  for (const list of [a.models]) for (const m of list) if (refsAdded.includes(m.uniqueId)) m.refs = [];
  return { withManifest: a, withoutManifest: b, packageNodes: withIt.packageNodes.length, refsAdded, manifestRead: !!withIt.target.manifest };
}
