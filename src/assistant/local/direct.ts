// The Local provider's direct answers: classify the question, resolve its subject, and let the
// answerer of that kind state the fact first (a sentence with file:line), then its evidence.
import type { Project } from '../../core/project/types.js';
import { sqlColumnsReady } from '../../core/sql-columns/query-shape.js';
import type { IndexView } from '../index/view.js';
import type { IndexRecord } from '../index/records.js';
import { nodeOf } from './facts.js';
import { columnFeedsAnswer, columnOriginAnswer, missingColumnAnswer } from './kinds/column-origin.js';
import { ASKS_IMPACT } from './kinds/column-impact.js';
import { configAnswer } from './kinds/config.js';
import { descriptionsAnswer } from './kinds/descriptions.js';
import { diffAnswer } from './kinds/diff.js';
import { enabledAnswer } from './kinds/enabled.js';
import { findingAnswer } from './kinds/finding.js';
import { grainAnswer } from './kinds/grain.js';
import { holdsAnswer } from './kinds/holds.js';
import { interfaceHowtoAnswer } from './kinds/interface-howto.js';
import { downstreamAnswer, upstreamAnswer } from './kinds/lineage.js';
import { columnUsageAnswer, inventoryAnswer } from './kinds/inventory.js';
import { joinPathAnswer } from './kinds/join-path.js';
import { entitiesAnswer, lineageBothAnswer, unusedAnswer, widestAnswer } from './kinds/overview.js';
import { problemsAnswer } from './kinds/problems.js';
import { referencesAnswer } from './kinds/references.js';
import { sensitiveAnswer } from './kinds/sensitive.js';
import type { Direct, KindInput } from './kinds/shared.js';
import { sqlColumnsAnswer } from './kinds/sql-columns.js';
import { testsAnswer } from './kinds/tests.js';
import { classify, resolveSubject, type QuestionKind, type Subject, type SubjectRef } from './question.js';

const ANSWERERS: Record<QuestionKind, (i: KindInput) => Direct | undefined> = {
  finding: (i) => findingAnswer(i),
  problems: problemsAnswer,
  inventory: inventoryAnswer,
  column_usage: (i) => columnUsageAnswer(i) ?? downstreamAnswer(i),
  lineage: lineageBothAnswer,
  unused: unusedAnswer,
  widest: widestAnswer,
  entities: entitiesAnswer,
  interface_howto: interfaceHowtoAnswer,
  enabled: enabledAnswer,
  diff: diffAnswer,
  column_origin: columnOriginAnswer,
  join_path: joinPathAnswer,
  references: referencesAnswer,
  downstream: downstreamAnswer,
  upstream: upstreamAnswer,
  sensitive: sensitiveAnswer,
  descriptions: descriptionsAnswer,
  tests: testsAnswer,
  grain: grainAnswer,
  holds: holdsAnswer,
  sql_columns: sqlColumnsAnswer,
  config: configAnswer,
};

/** The question as the Local engine understood it: handed to hosted models too. */
export interface Understood { kind?: QuestionKind; subject: Subject; direct?: Direct }

export function understand(project: Project, index: IndexView, message: string, selected: IndexRecord[], context: { kind?: string; code?: string } | undefined, last?: SubjectRef): Understood {
  const kind = classify(message, context);
  const sel = selected.find((r) => r.kind !== 'issue' && r.kind !== 'file');
  const selNode = sel ? nodeOf(project, sel) : undefined;
  const selCol = sel?.kind === 'column' ? sel.name.slice(sel.name.lastIndexOf('.') + 1) : undefined;
  // a selected finding is about a table or column: that is the subject
  const issue = selected.find((r) => r.kind === 'issue');
  const about = !selNode && issue ? index.get(issue.links[0]) : undefined;
  const aboutNode = about ? nodeOf(project, about) : undefined;
  const subject = resolveSubject(project, message, selNode ?? aboutNode, selCol ?? (about?.kind === 'column' ? about.name.slice(about.name.lastIndexOf('.') + 1) : undefined), last);
  // a table dbt does not build has no columns, lineage or tests to read: whatever is asked, say it is disabled and what decides it
  if (subject.node?.enabled === false && subject.from === 'question') {
    const direct = enabledAnswer({ project, index, message, kind: 'enabled', subject });
    if (direct) return { kind: kind ?? 'enabled', subject, direct };
  }
  if (!kind) return { subject };
  const input: KindInput = { project, index, message, kind, subject };
  let direct = kind === 'finding' ? findingAnswer(input, issue) : ANSWERERS[kind](input);
  // a column question that names no column asks about the table: "what columns has orders" → sql_columns
  if (!direct && kind === 'column_origin') direct = upstreamAnswer(input);
  // "what feeds orders.customer_id", "what uses it": a column named is answered by its column lineage (or why it cannot
  // be traced), not at model level with a note that column lineage is not traced; at model level while the SQL parser is not loaded
  // "which models use hubspot_deal_id?": a column named alone asks which tables have it, not what the copy in the
  // one table picked for it feeds ("nothing downstream reads freshdesk_tickets.hubspot_deal_id" answered nothing asked)
  if (kind === 'downstream' && subject.columnAlone && !ASKS_IMPACT.test(message)) {
    const usage = columnUsageAnswer(input);
    if (usage) return { kind: 'column_usage', subject, direct: usage };
  }
  if (direct && (kind === 'upstream' || kind === 'downstream') && (subject.column || subject.columnName) && sqlColumnsReady()) {
    const byColumn = kind === 'upstream' ? columnOriginAnswer(input) : columnFeedsAnswer(input);
    if (byColumn) direct = byColumn;
  } else if ((kind === 'upstream' || kind === 'downstream') && subject.node && subject.missingColumn && sqlColumnsReady()) {
    // "what breaks if I drop column billed_amt from fact_claim?": the table's dependants answer a question not asked
    direct = missingColumnAnswer(input, subject.node, subject.missingColumn);
  }
  if (!direct && kind === 'grain' && /\btests?\b/i.test(message)) direct = testsAnswer(input);
  // "which sources have freshness checks?" reads as a question about sources (upstream): named no table, a setting
  // across the project is what it asks
  if (!direct && !subject.node && kind !== 'config') direct = configAnswer(input);
  // "what breaks if I drop hubspot_deal_id?": a column seven tables have was answered for one; say which, and how to name another
  const owners = subject.columnAlone;
  if (direct && owners && owners.length > 1 && !direct.cannot) {
    const others = owners.slice(1).map((n) => `\`${n.name}\``);
    const shown = others.length > 6 ? `${others.slice(0, 6).join(', ')} and ${others.length - 6} more` : others.join(', ');
    direct = { ...direct, evidence: [`\`${subject.column?.name ?? subject.columnName}\` is a column of ${owners.length} tables; this answer is about the one in \`${owners[0].name}\` (the others: ${shown}); name one as table.column for its own.`, '', ...direct.evidence] };
  }
  // "users" named eight sources' tables: say which one was answered for, and how to name another
  const amb = subject.ambiguous;
  if (direct && amb && subject.from === 'question' && kind !== 'holds') {
    const names = amb.nodes.map((n) => `\`${n.name}\``);
    const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
    direct = { ...direct, evidence: [`\`${amb.word}\` names ${amb.nodes.length} source tables (${shown}); this answer is about \`${subject.nodes.find((n) => amb.nodes.includes(n))?.name}\`: name another as source.table.`, ...direct.evidence] };
  }
  return { kind, subject, direct };
}

/** The answer text: the lead, then the evidence. */
export function renderDirect(d: Direct): string {
  return [d.lead, ...(d.evidence.length ? ['', ...d.evidence] : [])].join('\n');
}
