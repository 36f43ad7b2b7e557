import type { Command } from 'commander';
import { formatColumnLineage, formatLineageImpact, formatNodeLineage, lineageGraph, parseAddress, columnLineage, nodeLineage, impactOf, lineageDepth, MAX_LINEAGE_DEPTH } from '../../api/lineage.js';
import { initSqlColumns, loadProject, unreadableFileNote } from '../../api/project.js';
import { UserError } from '../../api/base.js';
import { action, err, out, printJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

export function registerLineage(program: Command): void {
  projectOptions(program.command('lineage')
    .description('column-level lineage from the project\'s SQL: where NODE.COLUMN comes from and what it feeds (NODE alone: each column\'s direct upstream)')
    .argument('[node.column]', 'a column (orders.customer_id, or source_name.table_name.column for a source), or a node alone'))
    .option('--depth <n>', `follow the chain this many hops, 1 to ${MAX_LINEAGE_DEPTH} (default 1: direct parents and children); each entry then carries its depth`)
    .option('--impact <node.column>', 'list every downstream column (all depths), and the tests, contracts and Interfaces affected')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nEdge kinds: passthrough (same value), rename, transform (an expression), aggregate. Join keys and filters are listed apart (rows, not values);\n' +
      'what cannot be traced (a macro not rendered, a relation whose columns are unknown) is unresolved with its reason.\n' +
      'Exit codes: 0 done, 1 unknown node or column, 64 usage.\n' +
      'Example: modeler lineage orders.customer_id --project-dir examples/jaffle_shop --depth 2')
    .action(action(async (address: string | undefined, o: ProjectFlags & { depth?: string; impact?: string; outputJson?: boolean }) => {
      if (address && o.impact) throw new UserError('give either NODE.COLUMN or --impact NODE.COLUMN, not both');
      if (!address && !o.impact) throw new UserError('missing NODE.COLUMN (e.g. modeler lineage orders.customer_id)');
      const depth = lineageDepth(o.depth, '--depth');
      const ref = projectRef(o);
      const p = loadProject(ref.dir, ref.read);
      // a broken property file takes its models out of the graph: say so, beside the answer
      for (const n of unreadableFileNote(p, 'this lineage')) err(`modeler: warning: ${n}`);
      await initSqlColumns();
      if (o.impact) {
        const r = impactOf(p, o.impact);
        if (o.outputJson) printJson(r); else out(formatLineageImpact(r));
        return 0;
      }
      const g = lineageGraph(p, { cache: true });
      const a = parseAddress(g, address!, { allowNode: true });
      if (a.column === undefined) {
        const n = nodeLineage(g, a.id);
        if (o.outputJson) printJson(n); else out(formatNodeLineage(n));
        return 0;
      }
      const l = columnLineage(g, { id: a.id, column: a.column }, depth);
      if (o.outputJson) printJson(l); else out(formatColumnLineage(g, { id: a.id, column: a.column }, l, depth ?? 1));
      return 0;
    }));
}
