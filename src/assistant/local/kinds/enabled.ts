// Which var or target setting enables or disables a table: its `enabled` config as dbt resolves
// it (SQL config(), YAML, dbt_project.yml), with the var it reads and where.
import type { DbtNode, Project } from '../../../core/project/types.js';
import { at, bullets, list, plural, q, where, type Direct, type KindInput } from './shared.js';

const ENABLED = /\benabled\b\s*[:=]/;
const VAR = /var\(\s*['"]([\w.-]+)['"]\s*/;
const TARGET = /target\.(\w+)/;

export function enabledAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return subject.group ? undefined : disabledInProject(project);
  const found = enabledSetting(project, n);
  const state = n.enabled ? 'enabled' : 'disabled';
  if (!found) {
    return { lead: `${q(n.name)} is ${state}${n.disabledBy ? ` by ${n.disabledBy}` : ''}: no var or target setting decides it — nothing sets its \`enabled\` config (${where(n)}).`, evidence: [] };
  }
  const v = VAR.exec(found.text);
  const t = TARGET.exec(found.text);
  const fallback = v ? defaultOf(found.text, v.index + v[0].length) : undefined;
  const by = v ? `the var ${q(v[1])}${fallback ? ` (default ${fallback})` : ''}` : t ? `the target setting ${q(`target.${t[1]}`)}` : `the expression ${q(found.text.trim())}`;
  // the value that turns it the other way: true for a disabled table unless the var is negated (`not var(...)`)
  const flip = n.enabled === /\bnot\s+var\(/.test(found.text) ? 'true' : 'false';
  return {
    lead: `${q(n.name)} is enabled or disabled by ${by} (${at(found.file, found.line)}); as the project is read now it is ${state}.`,
    evidence: [`${found.file}:${found.line}: ${found.text.trim()}`, ...(v ? [`Set it in dbt_project.yml under vars: (${v[1]}: ${flip}) or on the command line with --vars '{${v[1]}: ${flip}}'.`] : []), ...(n.disabledBy ? [`Disabled by: ${n.disabledBy}`] : [])],
  };
}

/** The default a var() call gives after its name (from `at`, just past it): up to its closing parenthesis, nested calls kept whole. */
function defaultOf(text: string, at: number): string | undefined {
  if (text[at] !== ',') return undefined;
  let depth = 0;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && depth-- === 0) return text.slice(at + 1, i).trim() || undefined;
  }
  return undefined;
}

/** The line that sets the node's `enabled` with an expression: its SQL, its YAML, else dbt_project.yml under its folders. */
export function enabledSetting(project: Project, n: DbtNode): { file: string; line: number; text: string } | undefined {
  const look = (file: string | undefined, from = 0, to = Infinity) => {
    if (!file) return undefined;
    let lines: string[];
    try { lines = project.readText(file).split('\n'); } catch { return undefined; }
    for (let i = from; i < Math.min(lines.length, to); i++) if (ENABLED.test(lines[i]) && /var\(|target\.|env_var\(/.test(lines[i])) return { file, line: i + 1, text: lines[i] };
    return undefined;
  };
  const inSql = look(n.sqlPath);
  if (inSql) return inSql;
  const inYaml = n.file && n.line ? look(n.file, n.line - 1, n.line + 12) : undefined;
  if (inYaml) return inYaml;
  // dbt_project.yml: the enabled under the node's nearest folder key
  let lines: string[];
  try { lines = project.readText('dbt_project.yml').split('\n'); } catch { return undefined; }
  for (const key of [n.name, ...n.fqn.slice(1, -1).reverse(), ...(n.sourceName ? [n.sourceName] : [])]) {
    const i = lines.findIndex((l) => new RegExp(`^\\s*\\+?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\s*$`).test(l));
    if (i < 0) continue;
    const indent = lines[i].search(/\S/);
    for (let j = i + 1; j < lines.length && (lines[j].trim() === '' || lines[j].search(/\S/) > indent); j++) {
      if (ENABLED.test(lines[j]) && lines[j].search(/\S/) === indent + 2) return { file: 'dbt_project.yml', line: j + 1, text: lines[j] };
    }
  }
  return undefined;
}

/**
 * One sentence when a var or target setting decides whether `n` is built ("`stg_x` is enabled
 * only when var `using_schedules` is true (default True; dbt_project.yml:12)"), for proposals
 * to flag a target a var can disable; undefined when nothing but a constant decides it.
 */
export function enabledCondition(project: Project, n: DbtNode): string | undefined {
  const found = enabledSetting(project, n);
  if (!found) return undefined;
  // the value after `enabled:` / `enabled=`, without its quotes and {{ }}
  const rest = found.text.slice(found.text.search(ENABLED)).replace(/^enabled\s*[:=]\s*/, '').replace(/^['"]?\s*(\{\{-?\s*)?/, '');
  const v = /^(not\s+)?var\(\s*['"]([\w.-]+)['"](?:\s*,\s*([^)]+))?\)/.exec(rest);
  const only = v && /^[\s)}'",-]*$/.test(rest.slice(v[0].length));
  const cond = only ? `var ${q(v[2])} is ${v[1] ? 'false' : 'true'}${v[3] ? ` (default ${v[3].trim()})` : ''}` : `${q(rest.replace(/[\s)}'",-]*$/, ''))} is true`;
  return `${q(n.name)} is enabled only when ${cond}, set at ${at(found.file, found.line)}.`;
}

/** "Which models are disabled and why?": every table dbt does not build, each with what decides it. */
function disabledInProject(project: Project): Direct {
  const off = project.disabled.filter((n) => ['model', 'seed', 'snapshot', 'source'].includes(n.resourceType));
  if (!off.length) return { lead: `Nothing in the project is disabled: every model, seed, snapshot and source is built or read.`, evidence: [] };
  // grouped by what decides it: a var (the usual switch of a package's optional tables), a target setting, else where
  const why = (n: DbtNode) => {
    const found = enabledSetting(project, n);
    const v = found && VAR.exec(found.text), t = found && TARGET.exec(found.text);
    return v ? `the var ${q(v[1])}` : t ? `the target setting ${q(`target.${t[1]}`)}` : found ? `${found.text.trim()} (${at(found.file, found.line)})` : n.disabledBy ? `set at ${n.disabledBy}` : where(n);
  };
  const byWhy = new Map<string, DbtNode[]>();
  for (const n of off) { const w = why(n); byWhy.set(w, [...(byWhy.get(w) ?? []), n]); }
  const ranked = [...byWhy].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  const evidence = bullets(ranked.map(([w, ns]) => `- ${w}: ${list(ns.map((x) => q(x.name)), 6)}`), 15);
  return { lead: `${plural(off.length, 'table is', 'tables are')} disabled, by ${plural(byWhy.size, 'setting')}; ${byWhy.size === 1 ? 'all' : 'most'} by ${ranked[0][0]}${byWhy.size === 1 ? '' : ` (${ranked[0][1].length})`}.`, evidence };
}
