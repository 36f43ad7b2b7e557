// Policy packs: read, validate against schemas/policy.schema.json, check every rule's type and
// parameters, resolve `extends` (with --inherit) and merge several packs by rule id.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { readTextFile } from '../../core/read-text.js';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UserError, type Diagnostic } from '../../core/diagnostics.js';
import { schemaErrorsToDiagnostics, schemaValidator } from '../../core/json-schema.js';
import { containedPath, PACKAGE_ROOT } from '../../core/paths.js';
import { didYouMeanSuffix } from '../../core/suggest.js';
import { parseYamlSource, type PathSeg, type YamlSource } from '../../core/yaml-source.js';
import { PEER_RULE_TYPES, RULE_TYPES } from './rules/index.js';
import type { PackSeverity, PolicyRule, Selector } from './types.js';
import { opt } from '../../core/option-names.js';

export const PACKS_DIR = join(PACKAGE_ROOT, 'packs');

export interface PackInfo { name: string; version: string; file: string; extends: string[] }

export interface PackSet {
  packs: PackInfo[];
  /** merged rules, first appearance order, later definitions of an id win */
  rules: PolicyRule[];
  diagnostics: Diagnostic[];
}

/**
 * `modeler/base` → the bundled packs/base.policy.yaml (a plain name: never a path out of packs/);
 * anything else is a path relative to `fromDir` — inside `root` when one is given (the server's
 * project), refused before it is looked at so that the answer never tells whether an outside file exists.
 */
export function resolvePackRef(ref: string, fromDir: string, root?: string): string | undefined {
  if (ref.startsWith('modeler/')) {
    const name = ref.slice('modeler/'.length).replace(/\.policy\.ya?ml$|\.ya?ml$/, '');
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return undefined;
    for (const f of [`${name}.policy.yaml`, `${name}.yaml`]) if (existsSync(join(PACKS_DIR, f))) return join(PACKS_DIR, f);
    return undefined;
  }
  if (root !== undefined && outsideRoot(root, fromDir, ref)) return undefined;
  const p = resolve(fromDir, ref);
  return existsSync(p) && statSync(p).isFile() ? p : undefined;
}

/** Whether `ref` (from `fromDir`) leads out of `root`, symlinks included. */
export function outsideRoot(root: string, fromDir: string, ref: string): boolean {
  if (ref.includes('\0')) return true;
  const real = realpathSync(root);
  const abs = resolve(fromDir, ref);
  const rel = relative(real, abs);
  if (rel.startsWith('..') || isAbsolute(rel)) return true;
  return containedPath(real, rel) === undefined;
}

/** Load packs given on the command line, left to right, merged by rule id. */
export function loadPacks(paths: string[], opts: { inherit?: boolean; cwd?: string; root?: string } = {}): PackSet {
  const set: PackSet = { packs: [], rules: [], diagnostics: [] };
  const byId = new Map<string, number>();
  for (const p of paths) {
    const file = resolvePackRef(p, opts.cwd ?? process.cwd());
    if (!file && !p.startsWith('modeler/') && statSync(resolve(opts.cwd ?? process.cwd(), p), { throwIfNoEntry: false })?.isDirectory()) {
      throw new UserError(`policy pack ${p} is a directory; give a pack file such as ${join(p, 'team.policy.yaml')}`);
    }
    if (!file) throw new UserError(`policy pack not found: ${p}${p.startsWith('modeler/') ? ` (bundled packs: ${bundledPacks().join(', ')})` : ''}`);
    for (const r of loadChain(file, p, !!opts.inherit, [], set, opts.root)) {
      const i = byId.get(r.id);
      if (i === undefined) { byId.set(r.id, set.rules.length); set.rules.push(r); } else set.rules[i] = r;
    }
  }
  return set;
}

export function bundledPacks(): string[] {
  try {
    return readdirSync(PACKS_DIR).filter((f) => f.endsWith('.policy.yaml')).sort().map((f) => `modeler/${f.replace(/\.policy\.yaml$/, '')}`);
  } catch { return []; }
}

/** A pack and (with inherit) its bases, base rules first so the derived pack overrides them. */
function loadChain(file: string, shown: string, inherit: boolean, stack: string[], set: PackSet, root?: string): PolicyRule[] {
  if (stack.includes(file)) {
    set.diagnostics.push({ code: 'POLICY_EXTENDS_CYCLE', severity: 'error', file: shown, line: 1, column: 1,
      message: `pack extends itself through ${[...stack, file].map((f) => f.split('/').pop()).join(' → ')}`, hint: 'remove one of the extends entries' });
    return [];
  }
  const { info, rules, src, diagnostics } = readPack(file, shown);
  set.diagnostics.push(...diagnostics);
  if (!info) return [];
  set.packs.push(info);
  if (!info.extends.length) return rules;
  if (!inherit) {
    set.diagnostics.push({ code: 'POLICY_EXTENDS_IGNORED', severity: 'info', file: shown, ...src!.locate(['pack', 'extends']),
      message: `pack '${info.name}' extends ${info.extends.join(', ')}; its rules are not included without ${opt('inherit')}`, hint: `pass ${opt('inherit')} to apply the base pack(s) too` });
    return rules;
  }
  const out: PolicyRule[] = [];
  const merge = (list: PolicyRule[]) => {
    for (const r of list) {
      const i = out.findIndex((x) => x.id === r.id);
      if (i < 0) out.push(r); else out[i] = r;
    }
  };
  info.extends.forEach((ref, k) => {
    const at: PathSeg[] = Array.isArray((src!.value as any).pack.extends) ? ['pack', 'extends', k] : ['pack', 'extends'];
    if (root !== undefined && !ref.startsWith('modeler/') && outsideRoot(root, dirname(file), ref)) {
      // the same answer whether or not such a file exists
      set.diagnostics.push({ code: 'POLICY_BASE_NOT_FOUND', severity: 'error', file: shown, ...src!.locate(at),
        message: `base pack '${ref}' of '${info.name}' is refused: it is not inside the project, and the server reads packs only there`,
        hint: 'keep the base pack in the project (a path relative to this pack) or use a bundled pack such as modeler/base' });
      return;
    }
    const base = resolvePackRef(ref, dirname(file), root);
    if (!base) {
      set.diagnostics.push({ code: 'POLICY_BASE_NOT_FOUND', severity: 'error', file: shown, ...src!.locate(at),
        message: `base pack '${ref}' of '${info.name}' cannot be found${ref.startsWith('modeler/') ? ` (bundled packs: ${bundledPacks().join(', ')})` : ` (looked in ${dirname(file)})`}`,
        hint: 'fix the path (relative to this pack) or use a bundled pack such as modeler/base' });
      return;
    }
    merge(loadChain(base, ref.startsWith('modeler/') ? ref : displayPath(base), inherit, [...stack, file], set, root));
  });
  merge(rules);
  return out;
}

function displayPath(abs: string): string {
  const cwd = process.cwd();
  return abs.startsWith(cwd + '/') ? abs.slice(cwd.length + 1) : abs;
}

/** One pack file: schema, rule types, parameters. Rules with problems are dropped (and reported). */
export function readPack(file: string, shown = file): { info?: PackInfo; rules: PolicyRule[]; src?: YamlSource; diagnostics: Diagnostic[] } {
  let text: string;
  try { text = readTextFile(file, shown); } catch (e: any) {
    if (e instanceof UserError) throw e; // a special file, over the size limit, not UTF-8
    throw new UserError(`cannot read policy pack ${shown}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
  const src = parseYamlSource(text, shown);
  const diagnostics: Diagnostic[] = [...src.diagnostics];
  if (diagnostics.some((d) => d.severity === 'error')) return { rules: [], src, diagnostics };
  const v = src.value as any;
  const validate = schemaValidator('policy.schema.json');
  if (!v || typeof v !== 'object' || !validate(v)) {
    const errs = v && typeof v === 'object' ? schemaErrorsToDiagnostics(validate.errors, { file: shown, locate: src.locate, code: 'POLICY_PACK_INVALID' })
      : [{ code: 'POLICY_PACK_INVALID', severity: 'error' as const, file: shown, line: 1, column: 1, message: 'a policy pack must be a mapping with pack: and rules:' }];
    // unknown rule types are reported by the rule check below with a better message
    diagnostics.push(...errs);
    if (!v || typeof v !== 'object' || !v.pack || typeof v.pack !== 'object') return { rules: [], src, diagnostics };
  }
  const listKey = Array.isArray(v.rules) ? 'rules' : 'policies';
  const list: any[] = Array.isArray(v[listKey]) ? v[listKey] : [];
  if (v.rules && v.policies) diagnostics.push({ code: 'POLICY_PACK_INVALID', severity: 'error', file: shown, ...src.locate(['policies'], { key: true }), message: 'a pack has either rules: or the legacy policies:, not both' });
  const info: PackInfo = { name: String(v.pack.name ?? shown), version: String(v.pack.version ?? ''), file: shown,
    extends: v.pack.extends === undefined ? [] : Array.isArray(v.pack.extends) ? v.pack.extends.map(String) : [String(v.pack.extends)] };
  const rules: PolicyRule[] = [];
  const ids = new Set<string>();
  list.forEach((raw, i) => {
    if (!raw || typeof raw !== 'object' || typeof raw.id !== 'string' || typeof raw.type !== 'string') return; // schema reported it
    const at = (...p: PathSeg[]) => src.locate([listKey, i, ...p]);
    const bad = (code: string, message: string, path: PathSeg[], hint?: string) => diagnostics.push({ code, severity: 'error', file: shown, ...src.locate([listKey, i, ...path], { key: path.length > 0 && code === 'POLICY_PARAM_INVALID' }), message, hint });
    if (ids.has(raw.id)) bad('POLICY_DUPLICATE_RULE', `rule id '${raw.id}' is used twice in this pack`, ['id'], 'give each rule a unique id');
    ids.add(raw.id);
    const rt = RULE_TYPES.get(raw.type);
    if (!rt) {
      const peer = Object.hasOwn(PEER_RULE_TYPES, raw.type) ? PEER_RULE_TYPES[raw.type] : undefined; // ('constructor' is no peer's type)
      const suggestion = peer ? ` (did you mean '${peer}'?)` : peer === '' ? '' : didYouMeanSuffix(raw.type, RULE_TYPES.keys());
      const why = raw.type === 'custom_expression' ? 'modeler packs are declarative and never evaluate expressions; express the check with a rule type' : `known types: ${[...RULE_TYPES.keys()].join(', ')}`;
      bad('POLICY_UNKNOWN_RULE_TYPE', `rule '${raw.id}': unknown rule type '${raw.type}'${suggestion}`, ['type'], why);
      return;
    }
    const { selector, params, problems } = normalizeRuleInput(raw, rt.params);
    for (const pr of problems) bad('POLICY_PARAM_INVALID', `rule '${raw.id}' (${raw.type}): ${pr.message}`, pr.path, pr.hint);
    for (const m of rt.validate?.(params) ?? []) bad('POLICY_PARAM_INVALID', `rule '${raw.id}' (${raw.type}): ${m}`, ['params']);
    if (problems.length) return;
    const sev = (raw.severity ?? 'error') as PackSeverity;
    rules.push({ id: raw.id, type: raw.type, severity: sev, enabled: raw.enabled !== false, description: raw.description, message: raw.message,
      selector, params, file: shown, ...lc(at()), pack: info.name });
  });
  return { info, rules, src, diagnostics };
}

function lc(p: { line: number; column: number }) { return { line: p.line, column: p.column }; }

const list = (v: unknown): string[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : [String(v)]);

/** Selector from `selector:` (and the peer's `params.selectors`), parameters checked against the rule type's spec. */
function normalizeRuleInput(raw: any, spec: Record<string, import('./types.js').ParamSpec>) {
  const problems: { message: string; path: PathSeg[]; hint?: string }[] = [];
  const rawParams: Record<string, any> = { ...(raw.params ?? {}) };
  const sel: any = { ...(rawParams.selectors ?? {}), ...(raw.selector ?? {}) };
  delete rawParams.selectors;
  const selector: Selector = {
    layer: list(sel.layer), tag: list(sel.tag), path: list(sel.path ?? sel.path_glob), name: list(sel.name), resource: list(sel.resource),
    interface: sel.interface,
  };
  const params: Record<string, any> = {};
  for (const [k, v] of Object.entries(rawParams)) {
    const s = Object.hasOwn(spec, k) ? spec[k] : undefined; // (a parameter named toString is unknown, not Object's)
    if (!s) {
      const known = Object.keys(spec);
      problems.push({ message: `unknown parameter '${k}'${didYouMeanSuffix(k, known)}`, path: ['params', k], hint: known.length ? `parameters of this type: ${known.join(', ')}` : 'this rule type takes no parameters' });
      continue;
    }
    const err = checkParam(s, v);
    if (err) problems.push({ message: `parameter '${k}' ${err}`, path: ['params', k] });
    else params[k] = v;
  }
  for (const [k, s] of Object.entries(spec)) if (params[k] === undefined && 'default' in s && s.default !== undefined) params[k] = s.default;
  return { selector, params, problems };
}

function checkParam(s: import('./types.js').ParamSpec, v: unknown): string | undefined {
  const regexOk = (r: unknown) => { try { new RegExp(String(r)); return true; } catch { return false; } };
  switch (s.kind) {
    case 'boolean': return typeof v === 'boolean' ? undefined : 'must be true or false';
    case 'string': return typeof v === 'string' ? undefined : 'must be a string';
    case 'regex': return typeof v !== 'string' ? 'must be a regular expression string' : regexOk(v) ? undefined : `is not a valid regular expression: ${v}`;
    case 'strings': return Array.isArray(v) && v.every((x) => typeof x === 'string') ? undefined : 'must be a list of strings';
    case 'enum': return typeof v === 'string' && s.values.includes(v) ? undefined : `must be one of ${s.values.join(', ')}${typeof v === 'string' ? didYouMeanSuffix(v, s.values) : ''}`;
    case 'regexMap': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return 'must be a mapping of name → regular expression';
      const badOne = Object.entries(v).find(([, r]) => typeof r !== 'string' || !regexOk(r));
      return badOne ? `entry '${badOne[0]}' is not a valid regular expression` : undefined;
    }
    case 'object': return v && typeof v === 'object' && !Array.isArray(v) ? undefined : 'must be a mapping';
  }
}

