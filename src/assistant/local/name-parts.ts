// A table a question names by a word of its name no other table has ("how is customer ltv
// calculated?" → `user_ltv`), or by the metric's usual abbreviation spelt out ("customer lifetime
// value" → ltv). Used only when nothing else names the subject: a word several tables share
// ("customer", "orders") names none of them.
import type { DbtNode, Project } from '../../core/project/types.js';

// the metrics' abbreviations every analytics team uses, as the words a question spells them with
const ABBREVIATIONS: [RegExp, string[]][] = [
  [/\b(customer )?life ?time value\b/, ['ltv', 'clv']],
  [/\bcustomer acquisition costs?\b/, ['cac']],
  [/\baverage order values?\b/, ['aov']],
  [/\bmonthly recurring revenue\b/, ['mrr']],
  [/\bannual recurring revenue\b/, ['arr']],
  [/\baverage revenue per (user|account)\b/, ['arpu', 'arpa']],
  [/\bdaily active users?\b/, ['dau']],
  [/\bmonthly active users?\b/, ['mau']],
  [/\bnet promoter score\b/, ['nps']],
  [/\breturn on ad ?spend\b/, ['roas']],
  [/\bgross merchandise value\b/, ['gmv']],
  [/\bcost of goods sold\b/, ['cogs']],
  [/\bclick[- ]?through rates?\b/, ['ctr']],
  [/\bcost per (click|acquisition)\b/, ['cpc', 'cpa']],
];

// name parts that say a layer or a kind of table, never which one
const LAYER_WORDS = new Set(['stg', 'int', 'fct', 'fact', 'dim', 'base', 'src', 'raw', 'tmp', 'mart', 'rpt', 'agg', 'v', 'vw']);
// question words too common to name a table by
const COMMON = new Set(['how', 'the', 'what', 'where', 'which', 'who', 'why', 'when', 'does', 'did', 'are', 'was', 'and', 'for', 'from', 'with',
  'this', 'that', 'its', 'calculated', 'computed', 'derived', 'built', 'made', 'defined', 'come', 'comes', 'table', 'model', 'column', 'value', 'values']);

// a word and its plural are one word here: "order" is a part of `orders` as of `order_items`
const singular = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** The one table whose name has a word of the question (or an abbreviation it spells out) no other table's name has. */
export function tableByNamePart(project: Project, message: string): DbtNode | undefined {
  const text = message.toLowerCase();
  // a common word in the plural too: "models" is no more int_fee_model's name than "model" is
  const words = new Set([...text.matchAll(/\b[a-z][a-z0-9]{2,}\b/g)].map((m) => m[0]).filter((w) => !COMMON.has(w)).map(singular).filter((w) => !COMMON.has(w)));
  for (const [re, abbrevs] of ABBREVIATIONS) if (re.test(text)) for (const a of abbrevs) words.add(singular(a));
  if (!words.size) return undefined;
  const owners = new Map<string, DbtNode[]>();
  for (const n of [...project.models, ...project.seeds, ...project.snapshots]) {
    for (const part of new Set(n.name.toLowerCase().split(/_+/).map(singular))) {
      if (!words.has(part) || LAYER_WORDS.has(part)) continue;
      const l = owners.get(part);
      if (l) l.push(n); else owners.set(part, [n]);
    }
  }
  const unique = new Set([...owners.values()].filter((l) => l.length === 1).map((l) => l[0]));
  return unique.size === 1 ? [...unique][0] : undefined;
}
