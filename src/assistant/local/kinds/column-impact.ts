// "What breaks if I drop column siret from int__structures_v1?": not only the columns one step
// down, but what `modeler lineage --impact` lists — every column downstream at any depth, the
// tests that read them, the enforced contracts and Interfaces that list them, and the models
// whose joins or filters read them — each with file:line.
import type { DbtNode, Project } from '../../../core/project/types.js';
import { impactOf, rowReads, type ColumnImpact } from '../../../lineage/index.js';
import { at, bullets, cannot, list, plural, q, type Direct } from './shared.js';

/** The question asks what a change to the column breaks, not only what it feeds. */
export const ASKS_IMPACT = /\b(break|breaks|broken|drop|dropp\w*|remov\w*|delet\w*|renam\w*|impact\w*|affect\w*)\b/i;

const SHOWN = 12;

export function columnImpactAnswer(project: Project, n: DbtNode, name: string): Direct {
  const address = `${n.name}.${name}`;
  let r: ColumnImpact;
  try { r = impactOf(project, address); } catch (e) { return cannot(`I cannot tell what changing ${address} breaks: ${String((e as Error).message)}.`, []); }
  const evidence: string[] = [];
  const part = (title: string, lines: string[]) => { if (lines.length) evidence.push(`${title}:`, ...bullets(lines, SHOWN), ''); };
  part('Columns made from it', r.columns.map((c) => `- ${c.node}.${c.column} (depth ${c.depth}, ${c.kind}, ${at(c.file, c.line)})`));
  part('Tests that read them', r.tests.map((t) => `- ${t.node}.${t.column}: ${t.test} (${at(t.file, t.line)})`));
  part('Enforced contracts that list them', r.contracts.map((c) => `- ${c.node}: ${c.columns.join(', ')} (${at(c.file, c.line)})`));
  part('Interfaces that expose them', r.interfaces.map((i) => `- ${i.node}${i.owner ? ` (owner ${i.owner})` : ''}: ${i.columns.join(', ')} (${at(i.file, i.line)})`));
  part('Models whose rows change (a join or filter reads them)', rowReads(r.rows).map((w) => `- ${w.node}: ${w.reads} (${at(w.file, w.lines[0])}${w.lines.slice(1).map((l) => `, ${l}`).join('')})`));
  evidence.push(`From the column lineage of the project's SQL (\`modeler lineage --impact ${address}\` lists the same).`);
  // the summary `modeler lineage --impact` prints names every column: here the counts, and the direct ones by name
  const direct = [...new Set(r.columns.filter((c) => c.depth === 1).map((c) => q(`${c.node}.${c.column}`)))];
  const rowModels = new Set(r.rows.map((w) => w.node)).size;
  const also = [r.tests.length ? plural(r.tests.length, 'test') : '', r.contracts.length ? plural(r.contracts.length, 'enforced contract') : '',
    r.interfaces.length ? plural(r.interfaces.length, 'Interface') : ''].filter(Boolean);
  const lead = `Dropping ${q(address)} breaks ${r.columns.length ? `${plural(r.columns.length, 'column')} downstream (${list(direct, 5)} directly)` : 'no column downstream'}`
    + `${also.length ? `; ${list(also)} ${r.tests.length + r.contracts.length + r.interfaces.length === 1 ? 'covers' : 'cover'} ${r.columns.length ? 'them' : 'it'}` : ''}`
    + `${rowModels ? `; the rows of ${plural(rowModels, 'model')} change, as a join or filter reads ${r.columns.length ? 'them' : 'it'}` : ''}.`;
  return { lead, evidence };
}
