// A parsed selection evaluated over the project graph, as dbt does: each criterion's direct
// matches grow by its graph operators (`+` ancestors, `n+` up to n levels, `+` after for
// descendants, `@` descendants and all their ancestors), comma parts intersect, words unite,
// `--exclude` is taken away; data tests follow the nodes they test (dbt's eager indirect selection).
import type { Project } from '../project/types.js';
import { buildSelectGraph, type SelectGraph } from './graph.js';
import { matchCriterion } from './methods.js';
import { parseSelection, type Criterion, type Selection, type Union } from './parse.js';

export interface SelectResult {
  /** Every selected node's unique id (tests included). */
  ids: Set<string>;
  selection: Selection;
}

function walk(g: SelectGraph, from: Set<string>, dir: 'parents' | 'children', depth?: number): Set<string> {
  const seen = new Set<string>();
  let layer = from;
  for (let i = 0; layer.size && (depth === undefined || i < depth); i++) {
    const next = new Set<string>();
    for (const id of layer) {
      for (const x of g[dir].get(id) ?? []) {
        if (seen.has(x)) continue;
        seen.add(x); next.add(x);
      }
    }
    layer = next;
  }
  return seen;
}

function evalCriterion(g: SelectGraph, c: Criterion): Set<string> {
  const direct = matchCriterion(g, c);
  const out = new Set(direct);
  if (c.childrensParents) {
    const down = new Set([...walk(g, direct, 'children'), ...direct]);
    for (const x of down) out.add(x);
    for (const x of walk(g, down, 'parents')) out.add(x);
  }
  if (c.parents) for (const x of walk(g, direct, 'parents', c.parentsDepth)) out.add(x);
  if (c.children) for (const x of walk(g, direct, 'children', c.childrenDepth)) out.add(x);
  return out;
}

function evalUnion(g: SelectGraph, u: Union): Set<string> {
  const out = new Set<string>();
  for (const parts of u) {
    let acc: Set<string> | undefined;
    for (const c of parts) {
      const s = evalCriterion(g, c);
      acc = acc ? new Set([...acc].filter((x) => s.has(x))) : s;
    }
    for (const x of acc ?? []) out.add(x);
  }
  return out;
}

/** Tests whose tested node is in `set` (dbt's eager indirect selection). */
function withTests(g: SelectGraph, set: Set<string>): Set<string> {
  const out = new Set(set);
  for (const n of g.nodes.values()) {
    if (n.resourceType !== 'test' || out.has(n.id)) continue;
    if ([...g.parents.get(n.id)!].some((p) => set.has(p))) out.add(n.id);
  }
  return out;
}

/** Evaluate a selection on a graph (build it once with buildSelectGraph for several selections). */
export function selectInGraph(g: SelectGraph, s: Selection): Set<string> {
  const selected = s.select ? evalUnion(g, s.select) : new Set(g.nodes.keys());
  const excluded = s.exclude ? withTests(g, evalUnion(g, s.exclude)) : new Set<string>();
  const kept = new Set([...withTests(g, selected)].filter((x) => !excluded.has(x)));
  return kept;
}

/** Select from a project with dbt's `--select`/`--exclude` values (throws SelectorError on a bad one). */
export function selectNodes(p: Project, select: readonly string[] = [], exclude: readonly string[] = []): SelectResult {
  const selection = parseSelection(select, exclude);
  return { ids: selectInGraph(buildSelectGraph(p), selection), selection };
}
