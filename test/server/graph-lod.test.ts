// The project graph by level of detail, through a real socket: on a generated 2,500-model project
// the first screen the web UI asks for (?focus=auto&limit=150) is small and is exactly what the
// canvas would draw from the whole graph; a focus, a folder, a layer and the clusters answer the
// tables they name with the edges among them; a small project is still sent whole.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the benchmarks' generator is plain JavaScript
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { fromProjectGraph } from '../../web/src/canvas/build';
import { FIRST_SCREEN, NO_FILTERS, visibleGraph } from '../../web/src/canvas/view';
import { inferredEdges, projectEdges, projectGraph } from '../../src/api.js';
import { tempDir } from '../helpers/cli.js';
import { req, serveDir, startTestServer, type TestServer } from './helpers.js';

const MiB = 1024 * 1024;
let s: TestServer;
let whole: any;
const graph = async (query = '') => {
  const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph${query}`);
  expect(r.status, r.text).toBe(200);
  return { json: r.json, bytes: Buffer.byteLength(r.text) };
};
const edgeKey = (e: any) => JSON.stringify([e.kind, e.from, e.to, e.via]);
/** The whole graph's edges with both ends among `ids`. */
const edgesAmong = (ids: Set<string>) => whole.edges.filter((e: any) => ids.has(e.from.node) && ids.has(e.to.node)).map(edgeKey).sort();
const dirOf = (n: any) => { const p = n.sql_path ?? n.file ?? ''; return p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : ''; };

beforeAll(async () => {
  const dir = join(tempDir('modeler-lod-'), 'p');
  generateProject(dir, { models: 2500, columns: 6 });
  s = await serveDir(dir);
  whole = (await graph()).json;
}, 180_000);
afterAll(async () => { await s?.close(); });

describe('GET /api/projects/:id/graph by level of detail (2,500 models)', () => {
  it('the first screen (?focus=auto&limit=150) is what the canvas draws of the whole graph, each table as the whole graph has it, and small', async () => {
    const { json: part, bytes } = await graph('?focus=auto&limit=150');
    const { bytes: wholeBytes } = await graph();
    expect(bytes).toBeLessThan(2 * MiB);
    expect(bytes * 10).toBeLessThan(wholeBytes);
    const canvasWould = visibleGraph(fromProjectGraph(whole, 'x.yml'), NO_FILTERS, undefined, false, { more: true });
    expect(canvasWould.focus?.automatic).toBe(true);
    expect(part.lod).toMatchObject({ total_nodes: whole.nodes.length, total_edges: whole.edges.length, focus: canvasWould.focus!.ids, hops: 1 });
    const ids = new Set<string>(part.nodes.map((n: any) => n.id));
    expect([...ids].sort()).toEqual(canvasWould.graph.nodes.map((n) => n.id).sort());
    const byId = new Map(whole.nodes.map((n: any) => [n.id, n]));
    for (const n of part.nodes) expect(n).toEqual(byId.get(n.id));
    expect(part.edges.map(edgeKey).sort()).toEqual(edgesAmong(ids));
    // the web canvas shows it as a part of the whole: "Showing N of 2,5xx tables"
    // (its first screen the hub's best-connected neighbours, every one after "Show N more")
    const shown = visibleGraph(fromProjectGraph(part, 'x.yml'), NO_FILTERS, undefined, false);
    expect(shown).toMatchObject({ total: whole.nodes.length, focus: { ids: canvasWould.focus!.ids, automatic: true } });
    expect(shown.graph.nodes.length).toBe(Math.min(ids.size, FIRST_SCREEN));
    expect((shown.more ?? 0) + shown.graph.nodes.length).toBe(ids.size);
    expect(visibleGraph(fromProjectGraph(part, 'x.yml'), NO_FILTERS, undefined, false, { more: true }).graph.nodes.length).toBe(ids.size);
  });

  it('a focus on tables (by id or name) within N hops, with lineage or keys only, and a limit', async () => {
    const mart = whole.nodes.find((n: any) => n.name.startsWith('fct_'));
    const { json: byId } = await graph(`?focus=${encodeURIComponent(mart.id)}&hops=2&lineage=true`);
    const { json: byName } = await graph(`?focus=${mart.name}&hops=2&lineage=true`);
    expect(byName.nodes.map((n: any) => n.id)).toEqual(byId.nodes.map((n: any) => n.id));
    // neighbours within 2 hops along every edge, either way, from the whole graph
    const near = new Set<string>([mart.id]);
    let frontier = new Set<string>([mart.id]);
    for (let h = 0; h < 2; h++) {
      const next = new Set<string>();
      for (const e of whole.edges) {
        if (frontier.has(e.from.node) && !near.has(e.to.node)) next.add(e.to.node);
        if (frontier.has(e.to.node) && !near.has(e.from.node)) next.add(e.from.node);
      }
      for (const id of next) near.add(id);
      frontier = next;
    }
    expect(new Set(byId.nodes.map((n: any) => n.id))).toEqual(near);
    expect(byId.lod).toMatchObject({ focus: [mart.id], hops: 2, truncated: false });
    expect(byId.edges.map(edgeKey).sort()).toEqual(edgesAmong(near));
    const { json: cut } = await graph(`?focus=${mart.name}&hops=2&lineage=true&limit=3`);
    expect(cut.nodes).toHaveLength(3);
    expect(cut.nodes.map((n: any) => n.id)).toContain(mart.id);
    expect(cut.lod.truncated).toBe(true);
  });

  it('a folder or a layer: exactly its tables; unknown ones are empty, not an error', async () => {
    const { json: marts } = await graph('?folder=models/marts');
    const want = whole.nodes.filter((n: any) => dirOf(n) === 'models/marts' || dirOf(n).startsWith('models/marts/')).map((n: any) => n.id).sort();
    expect(want.length).toBeGreaterThan(0);
    expect(marts.nodes.map((n: any) => n.id).sort()).toEqual(want);
    expect(marts.edges.map(edgeKey).sort()).toEqual(edgesAmong(new Set(want)));
    const layers = new Set<string>(whole.nodes.map((n: any) => n.layer).filter(Boolean));
    expect(layers.size).toBeGreaterThan(1);
    for (const layer of layers) {
      const { json: one } = await graph(`?layer=${layer}`);
      expect(one.nodes.map((n: any) => n.id).sort()).toEqual(whole.nodes.filter((n: any) => n.layer === layer).map((n: any) => n.id).sort());
    }
    expect((await graph('?folder=models/nowhere')).json).toMatchObject({ nodes: [], edges: [], lod: { total_nodes: whole.nodes.length } });
  });

  it('clusters by folder and by layer count every table and every edge once', async () => {
    for (const by of ['folder', 'layer']) {
      const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph/clusters?by=${by}`);
      expect(r.status, r.text).toBe(200);
      expect(Buffer.byteLength(r.text)).toBeLessThan(64 * 1024);
      const keyOf = (n: any) => (by === 'folder' ? dirOf(n) : n.layer ?? '');
      const counts = new Map<string, number>();
      for (const n of whole.nodes) counts.set(keyOf(n), (counts.get(keyOf(n)) ?? 0) + 1);
      expect(new Map(r.json.clusters.map((c: any) => [c.key, c.nodes]))).toEqual(counts);
      const cluster = new Map(whole.nodes.map((n: any) => [n.id, keyOf(n)]));
      const edges = new Map<string, number>();
      for (const e of whole.edges) { const k = `${cluster.get(e.from.node)}>${cluster.get(e.to.node)}>${e.kind}`; edges.set(k, (edges.get(k) ?? 0) + 1); }
      expect(new Map(r.json.edges.map((e: any) => [`${e.from}>${e.to}>${e.kind}`, e.count]))).toEqual(edges);
    }
  });

  it('bad level-of-detail queries are 400, naming the parameter', async () => {
    for (const q of ['?hops=0', '?limit=abc', '?lineage=yes']) {
      const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.error.message, q).toMatch(new RegExp(q.slice(1).split('=')[0]));
    }
    expect((await req(s.port, 'GET', `/api/projects/${s.id}/graph?zoom=2`)).status).toBe(400);
  });
});

describe('a small project', () => {
  it('is sent whole, and ?limit=150 (what the web UI asks first) is the same graph, not truncated', async () => {
    const small = await startTestServer();
    try {
      const all = await req(small.port, 'GET', `/api/projects/${small.id}/graph`);
      const first = await req(small.port, 'GET', `/api/projects/${small.id}/graph?limit=150`);
      expect(all.json.lod).toBeUndefined();
      const { lod, ...rest } = first.json;
      expect(lod).toMatchObject({ total_nodes: all.json.nodes.length, truncated: false });
      expect(rest).toEqual(all.json);
    } finally { await small.close(); }
  });
});

describe('GET /api/projects/:id/graph/tables', () => {
  it('names every table of the whole graph, without columns or edges', async () => {
    const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph/tables`);
    expect(r.status, r.text).toBe(200);
    expect(Buffer.byteLength(r.text)).toBeLessThan(Buffer.byteLength(JSON.stringify(whole)) / 10);
    expect(r.json.tables.map((t: any) => [t.id, t.name, t.resource_type, t.layer]).sort())
      .toEqual(whole.nodes.map((n: any) => [n.id, n.name, n.resource_type, n.layer]).sort());
  });
});

describe('GET /api/projects/:id/graph/inferred', () => {
  it('infers from the declared edges alone the same keys as from the whole graph (no table built with its columns for it)', async () => {
    const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph/inferred`);
    expect(r.status, r.text).toBe(200);
    // the edges it is given are the whole graph's (cardinality aside, which inference does not read)
    const bare = (e: any) => edgeKey(e);
    expect(projectEdges(s.session.project).map(bare).sort()).toEqual(whole.edges.map(bare).sort());
    expect(r.json).toEqual(JSON.parse(JSON.stringify(inferredEdges(s.session.project, projectGraph(s.session.project)))));
  });
});
