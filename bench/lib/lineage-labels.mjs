// Direct-edge precision and recall of modeler's column lineage against a hand-labelled edge set
// (test/fixtures/lineage/labels-*.json: "model.column <- node.column kind", read from the SQL by
// hand). An edge is (column, upstream node.column); kinds are compared on the edges both have.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LABELS = fileURLToPath(new URL('../../test/fixtures/lineage/', import.meta.url));

export function readLabels(file) {
  const j = JSON.parse(readFileSync(join(LABELS, file), 'utf8'));
  return { ...j, edges: j.edges.map(parseEdge) };
}

/** `orders.customer_id <- stg_orders.customer_id passthrough`, node names may hold dots (sources). */
export function parseEdge(s) {
  const m = /^(\S+)\.([^.\s]+) <- (\S+)\.([^.\s]+) (\w+)$/.exec(s);
  if (!m) throw new Error(`not an edge: ${s}`);
  return { to: `${m[1]}.${m[2]}`.toLowerCase(), from: `${m[3]}.${m[4]}`.toLowerCase(), kind: m[5] };
}

/** Every direct edge of the graph into the labelled models' columns. */
export function graphEdges(g, models) {
  const out = [];
  for (const name of models) {
    const id = g.idOf(name);
    if (!id) continue;
    for (const c of g.columnsOf(id)) for (const e of g.up(id, c)) out.push({ to: `${g.nameOf(id)}.${c}`.toLowerCase(), from: `${g.nameOf(e.from.id)}.${e.from.column}`.toLowerCase(), kind: e.kind });
  }
  return out;
}

export function score(truth, found) {
  const k = (e) => `${e.to} <- ${e.from}`;
  const t = new Map(truth.map((e) => [k(e), e]));
  const f = new Map(found.map((e) => [k(e), e]));
  const tp = [...f.keys()].filter((x) => t.has(x));
  const kindsAgree = tp.filter((x) => t.get(x).kind === f.get(x).kind).length;
  return {
    labelled: t.size, found: f.size, correct: tp.length,
    precision: f.size ? tp.length / f.size : 1, recall: t.size ? tp.length / t.size : 1,
    kindAgreement: tp.length ? kindsAgree / tp.length : 1,
    extra: [...f.keys()].filter((x) => !t.has(x)), missed: [...t.keys()].filter((x) => !f.has(x)),
    kindDiffers: tp.filter((x) => t.get(x).kind !== f.get(x).kind).map((x) => `${x}: labelled ${t.get(x).kind}, found ${f.get(x).kind}`),
  };
}

/** Models the labels speak of (every model of the labelled project: an unlabelled one has no edges). */
export const labelledModels = (labels, g, all) => [...new Set([...labels.edges.map((e) => e.to.slice(0, e.to.lastIndexOf('.'))), ...all])];
