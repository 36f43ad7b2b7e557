// dbt's node selection syntax (--select/--exclude) over the project graph the reader builds.
export { parseSelection, parseCriterion, SelectorError, METHODS, type Selection, type Criterion } from './parse.js';
export { buildSelectGraph, type SelectGraph, type SelNode } from './graph.js';
export { selectNodes, selectInGraph, type SelectResult } from './evaluate.js';
export { fnmatch } from './methods.js';
export { selectProject, restrictProject, hasSelection, nothingSelectedMessage, type SelectionOptions, type ProjectSelection } from './restrict.js';
