#!/usr/bin/env node
// Docs generated from the code, and checked. Fills every marked region of README.md and
// docs/**/*.md, and the rule-type list of schemas/policy.schema.json, from what the built code
// says (dist/: `npm run docs` builds first). A region is
//
//   <!-- generated:KIND[:ARG] -->
//   (anything: replaced on every run)
//   <!-- /generated -->
//
// KIND is one of
//   cli-usage:<command>  the --help text of one command, e.g. cli-usage:generate sql
//   cli-usage:all        every command's --help, each under a `### modeler <command>` heading
//   policy-rules         the table of policy rule types with their parameters (rule registry)
//   codes                every code with its severity and meaning, a table per area
//   codes:<area>         one area's table (core, model, project, sql, tform, gate, policy, mesh, readiness, catalog, manifest, warehouse)
//   dialects             the SQL dialects with their aliases, parser and catalog platform
//   domain-dictionary    the Conceptualizer's built-in noun → domain dictionary
//   limits               the input limits (src/core/limits.ts) with their codes and HTTP statuses
//
// Usage: node scripts/gen-docs.mjs [--check] [--root DIR]
//   --check     write nothing; name each file that differs from what would be written, exit 1 if any
//   --root DIR  fill README.md, docs/ and schemas/policy.schema.json under DIR (default: this repo)
// Exit codes: 0 written (or up to date), 1 out of date (--check), 2 a bad marker (file:line says which).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const REPO = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const rootAt = args.indexOf('--root');
const ROOT = rootAt >= 0 ? args[rootAt + 1] : REPO;

const dist = join(REPO, 'dist');
if (!existsSync(join(dist, 'api.js'))) {
  console.error('gen-docs: dist/ is missing; run `npm run build` (or `npm run docs`, which builds first)');
  process.exit(2);
}
const api = await import(join(dist, 'api.js'));
const { loadProgram } = await import(join(dist, 'cli', 'main.js'));

class MarkerError extends Error {}

// ---------------------------------------------------------------- what each kind generates

const program = await loadProgram();

/** Every command path in registration order, e.g. ['generate', 'sql']. */
function commandPaths(cmd = program, prefix = []) {
  return cmd.commands.flatMap((c) => [[...prefix, c.name()], ...commandPaths(c, [...prefix, c.name()])]);
}

function findCommand(path) {
  let cmd = program;
  for (const name of path) {
    cmd = cmd.commands.find((c) => c.name() === name || c.aliases().includes(name));
    if (!cmd) return undefined;
  }
  return cmd;
}

/** What `modeler <path> --help` prints, at a fixed width so the text does not depend on the terminal. */
function helpText(path) {
  const cmd = findCommand(path);
  if (!cmd) throw new MarkerError(`no command 'modeler ${path.join(' ')}' (commands: ${commandPaths().map((p) => p.join(' ')).join(', ')})`);
  let text = '';
  cmd.configureOutput({ writeOut: (s) => { text += s; }, getOutHelpWidth: () => 100 });
  cmd.outputHelp();
  return text.trimEnd();
}

const fence = (text) => '```text\n' + text + '\n```';

function cliUsage(arg) {
  if (!arg) throw new MarkerError('cli-usage needs a command (cli-usage:generate sql) or all');
  if (arg !== 'all') return fence(helpText(arg.trim().split(/\s+/)));
  return [['(no command)', []], ...commandPaths().map((p) => [p.join(' '), p])]
    .map(([name, p]) => `### modeler ${p.length ? name : ''}`.trimEnd() + '\n\n' + fence(helpText(p))).join('\n\n');
}

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');

function paramText(name, spec) {
  const kind = spec.kind === 'enum' ? spec.values.join(' / ') : spec.kind === 'regexMap' ? 'mapping of regex' : spec.kind === 'strings' ? 'list of strings' : spec.kind;
  const def = spec.default === undefined || (Array.isArray(spec.default) && !spec.default.length) || (typeof spec.default === 'object' && !Array.isArray(spec.default) && !Object.keys(spec.default).length)
    ? '' : ` = ${JSON.stringify(spec.default)}`;
  return `\`${name}\` (${kind}${def})`;
}

function policyRules(arg) {
  if (arg) throw new MarkerError('policy-rules takes no argument');
  return table(['Rule type', 'Checks', 'Parameters'], [...api.RULE_TYPES.values()].map((r) =>
    [`\`${r.type}\``, r.summary, Object.entries(r.params).map(([n, s]) => paramText(n, s)).join(', ') || '—']));
}

function codes(arg) {
  const areas = Object.entries(api.CODE_AREAS);
  const one = (area) => table(['Code', 'Severity', 'Meaning'], api.codeTable(area).map((c) => [`\`${c.code}\``, c.severity, c.meaning]));
  if (arg) {
    if (!api.CODE_AREAS[arg]) throw new MarkerError(`unknown code area '${arg}' (areas: ${areas.map(([a]) => a).join(', ')})`);
    return one(arg);
  }
  return areas.map(([area, { title }]) => `### ${title}\n\n${one(area)}`).join('\n\n');
}

function dialects(arg) {
  if (arg) throw new MarkerError('dialects takes no argument');
  return table(['Dialect', 'Aliases', 'Read by import sql with', 'Catalog platform'], api.DIALECTS.map((name) => {
    const d = api.getDialect(name);
    const p = d.traits.parser;
    return [`\`${name}\``, d.aliases.map((a) => `\`${a}\``).join(', ') || '—', p.kind === 'libpg_query' ? 'libpg_query (PostgreSQL grammar)' : `sqlparser-rs (${p.dialect})`, d.traits.catalogPlatform];
  }));
}

function domainDictionary(arg) {
  if (arg) throw new MarkerError('domain-dictionary takes no argument');
  return table(['Domain', 'Nouns'], Object.entries(api.DOMAIN_DICTIONARY).map(([d, words]) => [d, words.join(', ')]));
}

function limits(arg) {
  if (arg) throw new MarkerError('limits takes no argument');
  return table(['Limit', 'At most', 'Code (HTTP status)', 'Applies to'], Object.entries(api.LIMITS).map(([name, l]) =>
    [`\`${name}\``, api.showLimit(name), `\`${l.code}\` (${l.status})`, l.what]));
}

const KINDS = { 'cli-usage': cliUsage, limits, 'policy-rules': policyRules, codes, dialects, 'domain-dictionary': domainDictionary };

// ---------------------------------------------------------------- Markdown regions

const OPEN = /^<!-- generated:([a-z-]+)(?::(.*?))? -->$/;
const CLOSE = '<!-- /generated -->';

/** The file with every region filled; throws MarkerError for a bad marker. */
function fillMarkdown(text, file) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const m = OPEN.exec(lines[i].trim());
    if (!m) {
      if (lines[i].trim() === CLOSE) throw new MarkerError(`${file}:${i + 1}: ${CLOSE} without an opening marker`);
      out.push(lines[i]);
      continue;
    }
    const end = lines.findIndex((l, k) => k > i && (l.trim() === CLOSE || OPEN.test(l.trim())));
    if (end < 0 || lines[end].trim() !== CLOSE) throw new MarkerError(`${file}:${i + 1}: ${lines[i].trim()} has no ${CLOSE} before the next region or the end`);
    const make = KINDS[m[1]];
    if (!make) throw new MarkerError(`${file}:${i + 1}: unknown region kind '${m[1]}' (kinds: ${Object.keys(KINDS).join(', ')})`);
    let body;
    try { body = make(m[2]); } catch (e) { throw e instanceof MarkerError ? new MarkerError(`${file}:${i + 1}: ${e.message}`) : e; }
    out.push(lines[i], '', body, '', lines[end]);
    i = end;
  }
  return out.join('\n');
}

function markdownFiles() {
  const files = [join(ROOT, 'README.md')].filter((f) => existsSync(f));
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.md')) files.push(p);
    }
  };
  walk(join(ROOT, 'docs'));
  return files;
}

// ---------------------------------------------------------------- schemas/policy.schema.json

/** One line: `{ "a": 1, "b": ["x", "y"] }`. */
function inlineJson(v) {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return v.length ? `[${v.map(inlineJson).join(', ')}]` : '[]';
  const e = Object.entries(v);
  return e.length ? `{ ${e.map(([k, x]) => `${JSON.stringify(k)}: ${inlineJson(x)}`).join(', ')} }` : '{}';
}

/** JSON with 2-space indentation, objects and arrays that fit kept on one line (as the schemas are written). */
function formatJson(value, indent = '', width = 150) {
  const flat = inlineJson(value);
  if (value === null || typeof value !== 'object' || indent.length + flat.length <= width) return flat;
  const inner = indent + '  ';
  const items = Array.isArray(value)
    ? value.map((v) => inner + formatJson(v, inner, width))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner, width)}`);
  return (Array.isArray(value) ? '[' : '{') + '\n' + items.join(',\n') + '\n' + indent + (Array.isArray(value) ? ']' : '}');
}

function fillPolicySchema(text) {
  const schema = JSON.parse(text);
  const types = [...api.RULE_TYPES.keys()];
  // `examples`, not a validating `enum`: the pack reader reports an unknown type itself, with the
  // closest known one (an enum would add a second, vaguer schema error); editors offer examples as completions
  schema.$defs.rule.properties.type = {
    type: 'string',
    description: `The rule type, one of the rule registry's (src/governance/policy/rules): ${types.join(', ')}`,
    examples: types,
  };
  return formatJson(schema) + '\n';
}

// ---------------------------------------------------------------- run

const jobs = markdownFiles().map((f) => [f, (t) => fillMarkdown(t, relative(ROOT, f))]);
const policySchema = join(ROOT, 'schemas', 'policy.schema.json');
if (existsSync(policySchema)) jobs.push([policySchema, fillPolicySchema]);

// everything is generated before anything is written: a bad marker leaves every file as it was
const changed = [];
try {
  for (const [file, fill] of jobs) {
    const before = readFileSync(file, 'utf8');
    const after = fill(before);
    if (after !== before) changed.push([file, after]);
  }
} catch (e) {
  if (!(e instanceof MarkerError)) throw e;
  console.error(`gen-docs: ${e.message}`);
  process.exit(2);
}
const stale = changed.map(([file]) => relative(ROOT, file));
if (!check) for (const [file, text] of changed) writeFileSync(file, text);
if (check && stale.length) {
  console.error(`gen-docs: out of date (the code says otherwise): ${stale.join(', ')}; run \`npm run docs\` and commit the result`);
  process.exit(1);
}
console.log(check ? `gen-docs: ${jobs.length} file(s) up to date` : `gen-docs: ${stale.length ? `updated ${stale.join(', ')}` : 'nothing to change'} (${jobs.length} file(s) read)`);
