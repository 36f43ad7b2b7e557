// The project's files as a folder tree, and the rows an expanded tree shows. Plain functions.
import type { FileEntry } from '../api/types';

export interface TreeNode { name: string; path: string; kind: 'folder' | 'file'; file?: FileEntry; children: TreeNode[] }
export interface Row { node: TreeNode; depth: number; parent?: string }

export function buildTree(files: FileEntry[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', kind: 'folder', children: [] };
  const folders = new Map<string, TreeNode>([['', root]]);
  const folder = (path: string): TreeNode => {
    let f = folders.get(path);
    if (f) return f;
    const cut = path.lastIndexOf('/');
    const parent = folder(cut < 0 ? '' : path.slice(0, cut));
    f = { name: path.slice(cut + 1), path, kind: 'folder', children: [] };
    parent.children.push(f);
    folders.set(path, f);
    return f;
  };
  for (const file of files) {
    const cut = file.path.lastIndexOf('/');
    folder(cut < 0 ? '' : file.path.slice(0, cut)).children.push({ name: file.path.slice(cut + 1), path: file.path, kind: 'file', file, children: [] });
  }
  // folders first, then files; scratch folders (a dbt package's models/tmp) and hidden ones
  // (.github, .buildkite) after those: Stripe's Explorer opened on models/tmp's 22 `_tmp` models
  const group = (x: TreeNode) => (x.kind === 'file' ? 1 : x.name.startsWith('.') ? 3 : scratch(x) ? 2 : 0);
  const sort = (n: TreeNode) => {
    n.children.sort((a, b) => group(a) - group(b) || a.name.localeCompare(b.name));
    n.children.forEach(sort);
  };
  sort(root);
  // at the top, what a modeler opens the project for comes first: folders holding models (SQL with
  // a layer), then Modeler files, then the rest (macros, analyses, tests), hidden ones last
  const rank = (n: TreeNode) => (n.kind === 'file' ? 4 : n.name.startsWith('.') ? 3 : holds(n, (f) => f.kind === 'sql' && !!f.layer) ? 0 : holds(n, (f) => f.kind === 'modeler_model') ? 1 : 2);
  return root.children.map((n) => ({ n, r: rank(n) })).sort((a, b) => a.r - b.r).map((x) => x.n);
}

/** A scratch folder (tmp/, temp/): the `_tmp` models a dbt package selects its sources through, plumbing the canvas folds too. */
const scratch = (n: TreeNode) => n.kind === 'folder' && /^_?te?mp$/i.test(n.name);

function holds(n: TreeNode, is: (f: FileEntry) => boolean): boolean {
  return n.file ? is(n.file) : n.children.some((c) => holds(c, is));
}

/** Top-level folders a modeler opens the project for (models, Modeler files). */
const primary = (n: TreeNode) => n.kind === 'folder' && (holds(n, (f) => f.kind === 'sql' && !!f.layer) || holds(n, (f) => f.kind === 'modeler_model'));

export function visibleRows(tree: TreeNode[], expanded: Set<string>): Row[] {
  const out: Row[] = [];
  const walk = (nodes: TreeNode[], depth: number, parent?: string) => {
    for (const n of nodes) {
      out.push({ node: n, depth, parent });
      if (n.kind === 'folder' && expanded.has(n.path)) walk(n.children, depth + 1, n.path);
    }
  };
  walk(tree, 1);
  return out;
}

/**
 * Folders open at first: the folders of models and Modeler files and their children (others such as
 * macros/ and tests/ closed, hidden ones such as .github/ and scratch ones such as models/tmp/ too);
 * with none of those, the top two levels.
 */
export function initialExpanded(tree: TreeNode[]): Set<string> {
  const out = new Set<string>();
  const shown = (n: TreeNode) => n.kind === 'folder' && !n.name.startsWith('.') && !scratch(n);
  const tops = tree.some(primary) ? tree.filter(primary) : tree;
  for (const n of tops) if (shown(n)) { out.add(n.path); for (const c of n.children) if (shown(c)) out.add(c.path); }
  return out;
}

const KIND_BADGE: Record<string, string> = { dbt_project: 'dbt', dbt_yaml: 'yml', sql: 'sql', seed: 'csv', docs_md: 'doc', target_json: 'json', modeler_model: 'model', skill: 'skill' };
export const kindBadge = (kind: string) => KIND_BADGE[kind] ?? '';

/** Templates of a new model or diagram file (its layer from the Modeler/<layer>/ folder). */
export function newFileContent(type: 'model' | 'diagram', name: string, folder: string): string {
  const layer = /(^|\/)(conceptual|logical|physical)(\/|$)/.exec(folder)?.[2];
  return [`kind: ${type}`, 'model:', `  name: ${name}`, '  version: 1.0.0', ...(layer ? [`  layer: ${layer}`] : []), 'entities: []', ''].join('\n');
}
