// The public entry, dbt's node selection (--select/--exclude) (src/api.ts lists every area).
export { selectProject, selectNodes, parseSelection, SelectorError, hasSelection, nothingSelectedMessage, type SelectionOptions, type ProjectSelection } from '../core/select/index.js';
