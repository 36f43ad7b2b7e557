// Tests on a table or a column, and what is left untested.
import { activeTests } from '../../../core/project/dbt-tests.js';
import { singularTestsByNode, type SingularTest } from '../../../core/project/singular-tests.js';
import type { DbtNode } from '../../../core/project/types.js';
import { describeTest } from '../facts.js';
import { at, colAt, list, plural, q, where, type Direct, type KindInput } from './shared.js';

export function testsAnswer({ project, subject, message }: KindInput): Direct | undefined {
  const n = subject.node;
  const singular = singularTestsByNode(project);
  if (!n) return subject.group ? groupTests(subject.group, message, singular) : undefined;
  const c = subject.column;
  if (c) {
    const ts = c.tests;
    const lead = ts.length
      ? `${q(`${n.name}.${c.name}`)} is tested with ${list(ts.map((t) => `${describeTest(t)}`))} (${at(n.file, ts[0].line ?? c.line)}).`
      : `${q(`${n.name}.${c.name}`)} has no tests (${colAt(n, c)}).`;
    return { lead, evidence: ts.filter((t) => t.enabled === false).map((t) => `${t.name} is disabled by its config (${at(n.file, t.line)}).`) };
  }
  if (subject.columnName) return { lead: `${q(`${n.name}.${subject.columnName}`)} has no tests: it is not documented in YAML (${where(n)}), where dbt tests are declared.`, evidence: [] };
  const tested = n.columns.filter((x) => activeTests(x.tests).length);
  const untested = n.columns.filter((x) => !activeTests(x.tests).length);
  const modelTests = activeTests(n.tests);
  const total = tested.reduce((s, x) => s + activeTests(x.tests).length, 0) + modelTests.length;
  const asksUntested = /\buntested|not tested|no tests?|without tests?|lack|missing\b/i.test(message);
  const parts = tested.map((x) => `${x.name}: ${activeTests(x.tests).map(describeTest).join(', ')} (${colAt(n, x)})`);
  // the singular tests that read it (tests/*.sql): dbt runs them for it
  const own = singular.get(n.resourceType === 'source' ? `${n.sourceName}.${n.tableName}` : n.name) ?? [];
  const singularText = (ts: SingularTest[]) => `${ts.length === 1 ? 'the singular test' : `${plural(ts.length, 'singular test')}`} ${list(ts.map((t) => `${q(t.name)} (${t.file})`), 6)}`;
  if (!total && own.length) {
    return { lead: `${q(n.name)} is tested only by ${singularText(own)}, which ${own.length === 1 ? 'reads' : 'read'} it; it has no column or model-level test in YAML (${where(n)}).`, evidence: [] };
  }
  if (!total) return { lead: `${q(n.name)} has no tests: none of its ${plural(n.columns.length, 'documented column')} and no model-level test (${where(n)}).`, evidence: [] };
  const untestedText = untested.length ? `${plural(untested.length, 'column')} ${untested.length === 1 ? 'is' : 'are'} untested: ${list(untested.map((x) => q(x.name)), 10)}` : 'every documented column has a test';
  const lead = asksUntested
    ? `In ${q(n.name)}, ${untestedText} (${where(n)}); ${plural(tested.length, 'column')} ${tested.length === 1 ? 'has' : 'have'} tests.`
    : `${q(n.name)} has ${plural(total, 'test')}: ${list(tested.map((x) => `${q(x.name)} (${activeTests(x.tests).map(describeTest).join(', ')})`), 6)}${modelTests.length ? `${tested.length ? '; ' : ''}model-level: ${list(modelTests.map(describeTest))}` : ''} (${where(n)}); ${untestedText}.`;
  return { lead, evidence: [...parts.map((p) => `- ${p}`), ...modelTests.map((t) => `- model: ${describeTest(t)} (${at(n.file, t.line)})`),
    ...(own.length ? [`Also ${singularText(own)}, which ${own.length === 1 ? 'reads' : 'read'} it.`] : [])] };
}

/** "Which marts have no tests?": the models of the group with no test that runs, each where it is declared. */
function groupTests(group: { label: string; nodes: DbtNode[] }, message: string, singular: Map<string, SingularTest[]>): Direct {
  const testsOf = (n: DbtNode) => activeTests(n.tests).length + n.columns.reduce((x, c) => x + activeTests(c.tests).length, 0) + (singular.get(n.name)?.length ?? 0);
  const none = group.nodes.filter((n) => !testsOf(n));
  const total = group.nodes.reduce((x, n) => x + testsOf(n), 0);
  const all = `${group.nodes.length === 1 ? 'the 1' : `the ${group.nodes.length}`} ${group.nodes.length === 1 ? group.label.replace(/s$/, '') : group.label}`;
  const listed = list(none.map((n) => `${q(n.name)} (${where(n)})`), 10);
  const asksUntested = /\buntested|not tested|no tests?|without tests?|lack|missing\b/i.test(message);
  if (!none.length) return { lead: `Every one of ${all} has tests: ${plural(total, 'test')} in all.`, evidence: [] };
  const lead = asksUntested
    ? `${none.length} of ${all} ${none.length === 1 ? 'has' : 'have'} no tests: ${listed}.`
    : `${all.replace(/^the/, 'The')} have ${plural(total, 'test')} in all; ${none.length} ${none.length === 1 ? 'has' : 'have'} none: ${listed}.`;
  return { lead, evidence: none.length > 10 ? [`All of them: ${none.map((n) => n.name).join(', ')}`] : [] };
}
