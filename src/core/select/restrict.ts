// A project narrowed to a selection: the same reader result, with only the selected resources
// in its lists (tests stay on the nodes they test). What `summary`, `readiness-gate`,
// `contracts enforce` and `agents conceptualize` work on when given `--select`/`--exclude`.
import type { DbtNode, Project } from '../project/types.js';
import { selectNodes } from './evaluate.js';
import { isEmptySelection, type Selection } from './parse.js';

export interface SelectionOptions { select?: readonly string[]; exclude?: readonly string[] }

export interface ProjectSelection {
  /** The project with only the selected resources (the project itself when nothing was asked). */
  project: Project;
  /** Selected resources' unique ids (tests left out), sorted; undefined when no selection was asked. */
  selected?: string[];
  selection?: Selection;
}

export const hasSelection = (o: SelectionOptions): boolean => !!(o.select?.length || o.exclude?.length);

export function restrictProject(p: Project, ids: ReadonlySet<string>): Project {
  const keep = (xs: DbtNode[]) => xs.filter((n) => ids.has(n.uniqueId));
  const models = keep(p.models);
  return Object.assign(Object.create(Object.getPrototypeOf(p)), p, {
    models, sources: keep(p.sources), seeds: keep(p.seeds), snapshots: keep(p.snapshots), exposures: keep(p.exposures),
    semanticModels: keep(p.semanticModels), metrics: keep(p.metrics),
    singularTests: p.singularTests.filter((t) => ids.has(`test.${p.name}.${t.name.replace(/\.sql$/, '')}`)),
    modelByName: new Map([...p.modelByName].filter(([, n]) => ids.has(n.uniqueId))),
  }) as Project;
}

/** `p` narrowed by dbt's --select/--exclude (SelectorError on a bad selector). */
export function selectProject(p: Project, o: SelectionOptions): ProjectSelection {
  if (!hasSelection(o)) return { project: p };
  const r = selectNodes(p, o.select, o.exclude);
  if (isEmptySelection(r.selection)) return { project: p };
  return { project: restrictProject(p, r.ids), selected: [...r.ids].filter((id) => !id.startsWith('test.')).sort(), selection: r.selection };
}

/** dbt's words when a selection matches nothing. */
export function nothingSelectedMessage(o: SelectionOptions): string {
  const parts = [o.select?.length ? `--select ${o.select.join(' ')}` : '', o.exclude?.length ? `--exclude ${o.exclude.join(' ')}` : ''].filter(Boolean);
  return `the selection criteria (${parts.join(' ')}) do not match any enabled node; nothing to do`;
}
