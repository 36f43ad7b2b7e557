// Grain and key: what one row of a table is, and the columns (or column combination) its tests
// or constraints prove unique.
import { activeTests, hasNotNullTest, hasUniqueTest, keyCombinations, testKeyColumns } from '../../../core/project/dbt-tests.js';
import type { DbtNode, Project } from '../../../core/project/types.js';
import { at, cannot, colAt, esc, q, where, type Direct, type KindInput } from './shared.js';

const COMBO = /unique_combination_of_columns$|expect_compound_columns_to_be_unique$|dbt_constraints\.(primary|unique)_key$/;

export function grainAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return undefined;
  const desc = n.description ?? '';
  const per = /\bone (?:row|record|line|entry) (?:per|for each|for every) ([^.;\n]+)/i.exec(desc)?.[1]?.trim();
  const evidence: string[] = [];
  if (subject.column) {
    const c = subject.column;
    const u = hasUniqueTest(c, n), nn = hasNotNullTest(c);
    const what = u && nn ? 'is tested unique and not null' : u ? 'is tested unique but not not_null' : nn ? 'is tested not_null but not unique' : 'has no unique or not_null test';
    return { lead: `${q(`${n.name}.${c.name}`)} ${what} (${colAt(n, c)}).`, evidence: keyEvidence(n) };
  }
  const singles = n.columns.filter((c) => hasUniqueTest(c, n) && hasNotNullTest(c));
  const uniqueOnly = n.columns.filter((c) => hasUniqueTest(c, n) && !hasNotNullTest(c));
  const combos = activeTests(n.tests).filter((t) => COMBO.test(t.name));
  const comboCols = keyCombinations(n).filter((k) => k.length > 1);
  const rowWord = per ? `one row per ${per}` : undefined;
  let lead: string;
  if (singles.length) {
    const k = singles[0];
    // a hashed key says nothing of the grain by its name: the columns it is hashed from do
    const sk = surrogateOf(project, n, k.name);
    const per1 = sk ? `one row per combination of ${sk.columns.map(q).join(' + ')}` : `one row per ${q(k.name)}`;
    lead = `${q(n.name)} is ${rowWord ?? per1}; its key ${q(k.name)} is tested unique and not null (${colAt(n, k)})${sk ? `, a surrogate key hashed from ${sk.columns.length === 1 ? 'that column' : 'those columns'} (${sk.at})` : ''}.`;
    if (singles.length > 1) evidence.push(`Also tested unique and not null: ${singles.slice(1).map((c) => `${q(c.name)} (${colAt(n, c)})`).join(', ')}.`);
  } else if (comboCols.length) {
    const t = combos[0];
    const cols = comboCols[0].map(q).join(' + ');
    lead = `${q(n.name)} is ${rowWord ?? 'one row per combination of ' + cols}; its key is the combination ${cols}, tested with ${t ? t.name : 'a unique constraint'} (${at(n.file, t?.line ?? n.line)}).`;
  } else if (uniqueOnly.length) {
    const k = uniqueOnly[0];
    lead = `${q(n.name)} is ${rowWord ?? `one row per ${q(k.name)}`}; ${q(k.name)} is tested unique but not not_null (${colAt(n, k)}), so it is not a full key.`;
  } else if (n.interface?.unique_key) {
    lead = `${q(n.name)} declares ${q(n.interface.unique_key)} as its unique key in meta.modeler.interface (${where(n)}), but no test proves it unique and not null.`;
  } else if (rowWord) {
    lead = `${q(n.name)} is ${rowWord} by its description (${where(n)}), but no column is tested unique and not null.`;
  } else {
    return cannot(`${q(n.name)} states no grain and has no tested key: no column is tested unique and not null, and no unique_combination_of_columns test (${where(n)}).`,
      candidateKeys(n));
  }
  if (rowWord) evidence.push(`The description says: "${clipTo(desc, 200)}" (${where(n)}).`);
  evidence.push(...keyEvidence(n).filter((e) => !lead.includes(e)));
  return { lead, evidence };
}

/**
 * The columns a surrogate key column is hashed from, as the model's SQL writes it:
 * `{{ dbt_utils.generate_surrogate_key(['a', 'b']) }} as k` (or the older `surrogate_key`).
 * Only a list of quoted column names; anything else (a variable) is not read.
 */
function surrogateOf(project: Project, n: DbtNode, key: string): { columns: string[]; at: string } | undefined {
  if (!n.sqlPath) return undefined;
  let sql: string;
  try { sql = project.readText(n.sqlPath); } catch { return undefined; }
  const re = new RegExp(`\\{\\{-?\\s*(?:\\w+\\.)?(?:generate_)?surrogate_key\\(\\s*\\[([^\\]]*)\\]\\s*\\)\\s*-?\\}\\}\\s*(?:as\\s+)?["\`]?${esc(key)}["\`]?\\b`, 'i');
  const m = re.exec(sql);
  if (!m) return undefined;
  const items = m[1].split(',').map((x) => x.trim()).filter(Boolean);
  const columns = items.map((x) => /^['"]([\w.]+)['"]$/.exec(x)?.[1]).filter((x): x is string => !!x);
  if (!columns.length || columns.length !== items.length) return undefined;
  return { columns, at: at(n.sqlPath, sql.slice(0, m.index).split('\n').length) };
}

function keyEvidence(n: DbtNode): string[] {
  const out: string[] = [];
  // each test with the columns it names (a one-column combination too: it was printed with none)
  for (const t of activeTests(n.tests)) {
    if (!COMBO.test(t.name)) continue;
    const cols = testKeyColumns(t);
    out.push(`Model test ${t.name}${cols.length ? ` on ${cols.map(q).join(', ')}` : ''} (${at(n.file, t.line ?? n.line)}).`);
  }
  if (n.interface?.unique_key) out.push(`meta.modeler.interface.unique_key: ${n.interface.unique_key} (${where(n)}).`);
  return out;
}

function candidateKeys(n: DbtNode): string[] {
  const ids = n.columns.filter((c) => /(^id$|_id$|_key$|_sk$)/i.test(c.name)).slice(0, 3);
  return ids.map((c) => `column ${q(c.name)} looks like an identifier; tests: ${c.tests.map((t) => t.name).join(', ') || 'none'} (${colAt(n, c)})`);
}

const clipTo = (s: string, n: number) => { const t = s.replace(/\s+/g, ' ').trim(); return t.length <= n ? t : `${t.slice(0, n - 1)}…`; };
