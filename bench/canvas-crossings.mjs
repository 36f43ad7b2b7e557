// How readable the canvas's layout of a big project is, with Lineage on and "Show all": the
// synthetic project of N models (a wide DAG: sources → staging → intermediate → marts) built as
// the UI builds it (web/src/canvas, bundled with esbuild), laid out by the UI's own layout (the
// linear-time layered one above 200 tables), then measured: edge crossings (each edge a straight
// line between the anchors it is drawn between), crossings per edge, mean edge length, and the
// layout's time (wall and CPU). With --lod, also how many lines the far view draws.
// Usage: npm run build:core && node bench/canvas-crossings.mjs [N ...]   (default 1000)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { generateProject } from './lib/synthetic-project.mjs';

const root = join(import.meta.dirname, '..');
const sizes = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const scratch = mkdtempSync(join(tmpdir(), 'modeler-bench-cross-'));

// the canvas's plain TypeScript, as the browser runs it
const entry = join(scratch, 'entry.ts');
writeFileSync(entry, ['build', 'view', 'layout', 'routing', 'geometry', 'far-edges'].map((m) => `export * from ${JSON.stringify(join(root, 'web/src/canvas', m))};`).join('\n'));
const bundle = join(scratch, 'canvas.mjs');
await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: bundle, logLevel: 'error' });
const ui = await import(pathToFileURL(bundle).href);
const { loadProject } = await import(pathToFileURL(join(root, 'dist/core/project/load.js')).href);
const { projectGraph } = await import(pathToFileURL(join(root, 'dist/api.js')).href);

/** Pairs of segments that cross (sharing an end is not a crossing); every pair, boxes first (edges here are long: a grid does not pay). */
function crossings(segs) {
  const box = segs.map((s) => [Math.min(s.a.x, s.b.x), Math.max(s.a.x, s.b.x), Math.min(s.a.y, s.b.y), Math.max(s.a.y, s.b.y)]);
  const d = (a, b, c) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const same = (u, v) => Math.abs(u.x - v.x) < 0.5 && Math.abs(u.y - v.y) < 0.5;
  let n = 0;
  for (let i = 0; i < segs.length; i++) {
    const p = segs[i], bp = box[i];
    for (let j = i + 1; j < segs.length; j++) {
      const bq = box[j];
      if (bq[0] > bp[1] || bq[1] < bp[0] || bq[2] > bp[3] || bq[3] < bp[2]) continue;
      const q = segs[j];
      if (same(p.a, q.a) || same(p.a, q.b) || same(p.b, q.a) || same(p.b, q.b)) continue;
      const d1 = d(q.a, q.b, p.a), d2 = d(q.a, q.b, p.b), d3 = d(p.a, p.b, q.a), d4 = d(p.a, p.b, q.b);
      if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) n++;
    }
  }
  return n;
}

try {
  for (const n of sizes.length ? sizes : [1000]) {
    const dir = join(scratch, `synthetic-${n}`);
    generateProject(dir, { models: n, manifest: false });
    const g = ui.fromProjectGraph(projectGraph(loadProject(dir)), ui.projectLayoutPath('synthetic'));
    const v = ui.withDetail(ui.visibleGraph(g, { ...ui.NO_FILTERS, lineage: true }, undefined, true), undefined, {});
    const cpu0 = process.cpuUsage(), t0 = performance.now();
    const pos = await ui.layoutGraph(v.graph, {}, () => { throw new Error('ELK is not used above 200 tables'); });
    const ms = performance.now() - t0, cpu = process.cpuUsage(cpu0);
    const routes = ui.routeEdges(v.graph, pos, true);
    const segs = routes.map((r) => ({ a: r.from.at, b: r.to.at }));
    const c = crossings(segs);
    const len = segs.reduce((s, x) => s + Math.hypot(x.a.x - x.b.x, x.a.y - x.b.y), 0) / Math.max(1, segs.length);
    const b = ui.bounds(v.graph, pos);
    const far = ui.farEdges ? ui.farEdges(v.graph, pos) : undefined;
    console.log(`canvas crossings  synthetic ${n} models, lineage, show all: ${v.graph.nodes.length} tables ${segs.length} edges   crossings ${c} (${(c / Math.max(1, segs.length)).toFixed(1)} per edge)   mean edge ${len.toFixed(0)} px   picture ${b.width.toFixed(0)}×${b.height.toFixed(0)}   layout ${ms.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)${far ? `   far view: ${far.lines.length} lines between ${far.groups.length} groups for ${segs.length} edges` : ''}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
