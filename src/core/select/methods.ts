// What each selector method matches, as dbt's documentation defines it: `*`, `?` and `[…]` are
// shell-style wildcards (fnmatch) wherever dbt allows them.
import { matchGlob } from '../glob.js';
import { SelectorError, type Criterion } from './parse.js';
import type { SelectGraph, SelNode, SelType } from './graph.js';

const fnCache = new Map<string, RegExp>();
/** Python's fnmatch: `*` anything, `?` one character, `[seq]`/`[!seq]` a set. */
export function fnmatch(text: string, pattern: string): boolean {
  let re = fnCache.get(pattern);
  if (!re) {
    let s = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '*') s += '.*';
      else if (c === '?') s += '.';
      else if (c === '[') {
        const end = pattern.indexOf(']', i + 2);
        if (end < 0) { s += '\\['; continue; }
        let body = pattern.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = '^' + body.slice(1);
        s += `[${body}]`;
        i = end;
      } else s += c.replace(/[.+^$()|{}\\\]]/g, '\\$&');
    }
    re = new RegExp(`^${s}$`, 's');
    fnCache.set(pattern, re);
  }
  return re.test(text);
}

const WILD = /[*?[\]]/;

/** dbt's fqn match: the leaf name, or the dotted path from the package (or below it), with wildcards. */
function fqnMatch(fqn: string[], selector: string, versioned: boolean): boolean {
  if (versioned) {
    if (fqn[fqn.length - 2] === selector) return true;
    if (fqn.slice(-2).join('_') === selector.split('.').slice(-2).join('_')) return true;
  } else if (fqn[fqn.length - 1] === selector) return true;
  const flat = fqn.flatMap((s) => s.split('.'));
  const parts = selector.split('.');
  if (flat.length < parts.length) return false;
  for (let i = 0; i < parts.length; i++) {
    if (WILD.test(parts[i])) {
      if (fnmatch(flat.slice(i).join('.'), parts.slice(i).join('.'))) return true;
      if (!selector.includes('.')) return fnmatch(versioned ? fqn[fqn.length - 2] : fqn[fqn.length - 1], selector);
      return false;
    }
    if (flat[i] !== parts[i]) return false;
  }
  return true;
}

const RESOURCE_TYPES: readonly string[] = ['model', 'source', 'seed', 'snapshot', 'exposure', 'semantic_model', 'metric', 'test', 'analysis', 'operation', 'sql_operation', 'doc', 'macro', 'saved_query', 'unit_test', 'group', 'function'];

function sourceParts(raw: string, value: string, names: string[]): string[] {
  const parts = value.split('.');
  if (parts.length > names.length) throw new SelectorError(`invalid selector '${raw}': write ${names.map((_, i) => names.slice(names.length - 1 - i).join('.')).join(', or ')}`);
  return parts;
}

/** The nodes `c` selects directly (before its graph operators). */
export function matchCriterion(g: SelectGraph, c: Criterion): Set<string> {
  const out = new Set<string>();
  const each = (pred: (n: SelNode) => boolean, types?: SelType[]) => {
    for (const n of g.nodes.values()) if ((!types || types.includes(n.resourceType)) && pred(n)) out.add(n.id);
  };
  const v = c.value;
  switch (c.method) {
    case 'fqn': {
      each((n) => {
        const versioned = n.node?.version !== undefined;
        return fqnMatch(n.fqn, v, versioned) || fqnMatch(n.fqn.slice(1), v, versioned);
      }, ['model', 'seed', 'snapshot', 'exposure', 'semantic_model', 'metric']);
      break;
    }
    case 'tag': each((n) => n.tags.some((t) => fnmatch(t, v))); break;
    case 'group': each((n) => typeof n.config.group === 'string' && fnmatch(n.config.group, v), ['model', 'seed', 'snapshot', 'metric', 'test']); break;
    case 'access': each((n) => (n.config.access ?? n.node?.raw.access ?? 'protected') === v, ['model']); break;
    case 'version': {
      if (!['latest', 'prerelease', 'old', 'none'].includes(v)) throw new SelectorError(`invalid selector '${c.raw}': version is one of latest, prerelease, old, none`);
      each((n) => {
        const m = n.node!;
        if (v === 'none') return m.version === undefined;
        if (m.version === undefined) return false;
        const latest = m.latestVersion === true;
        return v === 'latest' ? latest : v === 'old' ? !latest && !isPrerelease(m) : isPrerelease(m);
      }, ['model']);
      break;
    }
    case 'source': {
      const parts = sourceParts(c.raw, v, ['package', 'source', 'table']);
      const [pkg, src, table] = parts.length === 3 ? parts : parts.length === 2 ? ['*', ...parts] : ['*', parts[0], '*'];
      each((n) => fnmatch(n.packageName, pkg) && fnmatch(n.node?.sourceName ?? '', src) && fnmatch(n.node?.tableName ?? '', table), ['source']);
      break;
    }
    case 'exposure': case 'metric': case 'semantic_model': {
      const parts = sourceParts(c.raw, v, ['package', 'name']);
      const [pkg, name] = parts.length === 2 ? parts : ['*', parts[0]];
      each((n) => fnmatch(n.packageName, pkg) && fnmatch(n.name, name), [c.method]);
      break;
    }
    case 'package': {
      const pkg = v === 'this' ? g.projectName : v;
      each((n) => fnmatch(n.packageName, pkg));
      break;
    }
    case 'path': {
      const glob = v.replace(/^\.\//, '').replace(/\/+$/, '');
      const hits = new Set(g.paths.filter((p) => matchGlob(glob, p)));
      each((n) => {
        if (n.file && (hits.has(n.file) || ancestors(n.file).some((a) => hits.has(a)))) return true;
        return n.patch !== undefined && hits.has(n.patch);
      });
      break;
    }
    case 'file': each((n) => !!n.file && (fnmatch(base(n.file), v) || fnmatch(base(n.file).replace(/\.[^.]*$/, ''), v))); break;
    case 'config': {
      each((n) => {
        let value: unknown = n.config;
        for (const a of c.args) {
          if (value === null || typeof value !== 'object') return false;
          value = (value as Record<string, unknown>)[a];
        }
        if (value === undefined) return false;
        const eq = (x: unknown) => x === v || (typeof x === 'boolean' && String(x) === v.toLowerCase()) || (c.args[0] === 'severity' && typeof x === 'string' && x.toUpperCase() === v.toUpperCase());
        return Array.isArray(value) ? value.some(eq) : eq(value);
      }, ['model', 'seed', 'snapshot', 'test', 'source']);
      break;
    }
    case 'resource_type': {
      if (!RESOURCE_TYPES.includes(v)) throw new SelectorError(`invalid selector '${c.raw}': '${v}' is not a resource type; use one of: ${RESOURCE_TYPES.join(', ')}`);
      each((n) => n.resourceType === v);
      break;
    }
    case 'test_name': each((n) => !!n.testName && fnmatch(n.testName, v), ['test']); break;
    case 'test_type': {
      if (!['generic', 'schema', 'singular', 'data', 'unit'].includes(v)) throw new SelectorError(`invalid selector '${c.raw}': test_type is one of generic, singular, unit, data`);
      each((n) => (v === 'generic' || v === 'schema') ? n.testType === 'generic' : v === 'singular' ? n.testType === 'singular' : v === 'data' ? n.testType !== undefined : false, ['test']);
      break;
    }
  }
  return out;
}

function isPrerelease(m: NonNullable<SelNode['node']>): boolean {
  const latest = m.raw?.latest_version;
  return latest !== undefined && m.version !== undefined && Number(m.version) > Number(latest);
}

const base = (f: string) => f.slice(f.lastIndexOf('/') + 1);
function ancestors(f: string): string[] {
  const parts = f.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
