// YAML parsing that remembers where every node came from, so errors can say file:line:col —
// and that holds every document to the limits (core/limits.ts) before work grows with it: the
// size and line length are checked on the text, the nesting depth while the parser runs (the
// library composes recursively), and keys per mapping, duplicate keys and alias expansion in one
// walk over the parsed nodes before they become values. Nothing here throws on bad input.
import type { Document, DocumentOptions, LineCounter, Node, ParseOptions, Pair, SchemaOptions, YAMLMap } from 'yaml';
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseDocument, yaml } from './yaml-lib.js';
import { pushAll, type Diagnostic } from './diagnostics.js';
import { checkTextLimits, LimitError, LIMITS, limitDiagnostic, showLimit } from './limits.js';
import { duplicateKeyWarning } from './yaml-fast.js';
import { indentFlowContinuations } from './yaml-flow-indent.js';

export type PathSeg = string | number;

export interface YamlSource {
  file: string;
  text: string;
  doc: Document.Parsed;
  value: unknown;
  lines: LineCounter;
  diagnostics: Diagnostic[];
  /** Line/column (1-based) of the node at `path`, or of its nearest existing ancestor. */
  locate(path: readonly PathSeg[], opts?: { key?: boolean }): { line: number; column: number };
}

const ALIASES: Record<string, string[]> = { columns: ['fields'], fields: ['columns'], layer: ['kind'] };

const SPECIFIC_HINTS: Record<string, string> = {
  MULTIPLE_DOCS: "remove the '---' line, or move what follows it into its own file",
  DUPLICATE_KEY: 'this key already appears in the same mapping; keep one of them',
};

const MULTIPLE_DOCS = 'MULTIPLE_DOCS';

type Options = ParseOptions & DocumentOptions & SchemaOptions;

/**
 * `parseDocument` with the nesting depth bounded while the parser runs: the library composes
 * nodes recursively, and a document nested thousands deep can exhaust the stack inside it.
 * LimitError (NESTING_TOO_DEEP) when the parser's stack grows past what the limit allows.
 */
export function parseYamlDocument(text: string, options: Options = {}, file?: string): Document.Parsed {
  const lines = options.lineCounter;
  const parser = new (yaml().Parser)(lines?.addNewLine);
  // a level of nesting can hold a few parser frames (a map, its value, a flow collection)
  const maxStack = LIMITS.nesting_depth.max * 3 + 8;
  function* tokens() {
    lines?.addNewLine(0); // as Parser.parse does: the first line starts at 0
    for (const lexeme of new (yaml().Lexer)().lex(text)) {
      yield* parser.next(lexeme);
      const at = () => lines?.linePos(parser.offset) ?? { line: undefined, col: undefined };
      if (parser.stack.length > maxStack) {
        throw new LimitError('nesting_depth', `YAML nested deeper than ${showLimit('nesting_depth')}`, { file, line: at().line, column: at().col });
      }
      // the mapping being read: refused as soon as it has too many keys, before the rest is composed
      for (let k = parser.stack.length - 1; k >= Math.max(0, parser.stack.length - 3); k--) {
        const t = parser.stack[k];
        if (t.type === 'block-map' && t.items.length > LIMITS.keys_per_mapping.max) {
          throw new LimitError('keys_per_mapping', `a mapping has more than ${showLimit('keys_per_mapping')}`, { file, line: at().line, column: at().col, actual: t.items.length });
        }
      }
    }
    yield* parser.end();
  }
  const composer = new (yaml().Composer)(options);
  let doc: Document.Parsed | undefined;
  for (const d of composer.compose(tokens(), true, text.length)) {
    if (!doc) { doc = d; continue; }
    // what parseDocument does with a second document
    doc.errors.push(new (yaml().YAMLParseError)([d.range[0], d.range[1]], MULTIPLE_DOCS, 'Source contains multiple documents'));
    break;
  }
  return doc!;
}

export interface YamlSourceOptions {
  /**
   * 'last-wins' reads a repeated key as dbt's YAML loader does (the last one wins, with a located
   * warning) — for files dbt reads, such as dbt_project.yml; the default refuses it (modeler's own files).
   */
  duplicateKeys?: 'error' | 'last-wins';
  /**
   * 'pyyaml' reads a flow collection whose lines are indented less than its key as dbt's loader
   * (PyYAML) does, where the YAML 1.2 parser refuses the rest of the file (yaml-flow-indent.ts).
   */
  flowIndent?: 'strict' | 'pyyaml';
}

export function parseYamlSource(text: string, file: string, opts: YamlSourceOptions = {}): YamlSource {
  const src = parseOnce(text, file, opts);
  if (opts.flowIndent !== 'pyyaml' || !src.doc?.errors.some((e) => e.code === 'BAD_INDENT')) return src;
  const indented = indentFlowContinuations(text);
  const again = indented === undefined ? undefined : parseOnce(indented, file, opts);
  return again && !again.diagnostics.some((d) => d.severity === 'error') ? again : src;
}

function parseOnce(text: string, file: string, opts: YamlSourceOptions): YamlSource {
  const lines = new (yaml().LineCounter)();
  const diagnostics: Diagnostic[] = [];
  let doc: Document.Parsed;
  try {
    checkTextLimits(text, file);
    doc = parseYamlDocument(text, { lineCounter: lines, keepSourceTokens: false, uniqueKeys: false, prettyErrors: false }, file);
  } catch (e) {
    if (!(e instanceof LimitError)) throw e;
    diagnostics.push(limitDiagnostic(e, file));
    return refused(text, file, diagnostics);
  }
  for (const e of doc.errors) {
    const pos = lines.linePos(e.pos[0]);
    diagnostics.push({
      code: 'YAML_SYNTAX', severity: 'error', file, line: pos.line, column: pos.col,
      // the library's own wording names its API (`YAML.parseAllDocuments()`); say what to fix instead
      message: e.code === 'MULTIPLE_DOCS' ? "a second YAML document starts here ('---'); this file must hold one document" : firstLine(e.message),
      hint: SPECIFIC_HINTS[e.code] ?? 'fix the YAML syntax at this position (indentation, a missing colon or an unclosed quote are the usual causes)',
    });
  }
  for (const w of doc.warnings) {
    const pos = lines.linePos(w.pos[0]);
    diagnostics.push({ code: 'YAML_WARNING', severity: 'warning', file, line: pos.line, column: pos.col, message: firstLine(w.message) });
  }
  if (!diagnostics.some((d) => d.severity === 'error')) pushAll(diagnostics, checkNodes(doc, lines, file, opts.duplicateKeys === 'last-wins'));
  let value: unknown;
  if (!diagnostics.some((d) => d.severity === 'error')) {
    try {
      // aliases are bounded by checkNodes; the library's own count is only a backstop
      value = doc.toJS({ maxAliasCount: -1 });
    } catch (e) {
      diagnostics.push({ code: 'YAML_SYNTAX', severity: 'error', file, line: 1, column: 1, message: firstLine(String((e as Error)?.message ?? e)),
        hint: 'fix the YAML (an alias must come after its anchor)' });
    }
  }
  const index = new WeakMap<YAMLMap, Map<string, { pair: Pair; at: number }>>();
  const locate = (path: readonly PathSeg[], opts: { key?: boolean } = {}) => {
    const offset = locateOffset(doc, path, opts.key ?? false, index);
    const p = lines.linePos(offset);
    return { line: p.line, column: p.col };
  };
  return { file, text, doc, value, lines, diagnostics, locate };
}

/** A source that was refused before parsing: no value, every location line 1. */
function refused(text: string, file: string, diagnostics: Diagnostic[]): YamlSource {
  const lines = new (yaml().LineCounter)();
  const doc = parseDocument('', { lineCounter: lines });
  return { file, text, doc, value: undefined, lines, diagnostics, locate: () => ({ line: 1, column: 1 }) };
}

/**
 * One walk over the parsed nodes, in document order (an explicit stack: no recursion): nesting
 * depth, keys per mapping, duplicate keys (what the library's `uniqueKeys` does, in linear time),
 * the number of aliases and the nodes they add when expanded. The first limit crossed stops it.
 */
function checkNodes(doc: Document.Parsed, lines: LineCounter, file: string, lastKeyWins: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  const pos = (n: Node | Pair | null | undefined) => {
    const off = (isPair(n) ? (n.key as Node | null)?.range?.[0] : (n as Node | null)?.range?.[0]) ?? 0;
    const p = lines.linePos(off);
    return { line: p.line, column: p.col };
  };
  const over = (limit: 'nesting_depth' | 'keys_per_mapping' | 'yaml_aliases' | 'yaml_alias_expansion', message: string, n: Node | Pair | null | undefined, actual?: number) => {
    const at = pos(n);
    out.push(limitDiagnostic(new LimitError(limit, message, { file, ...at, actual }), file));
  };
  const latest = new Map<string, Node>(); // anchor → the node that holds it most recently
  const size = new Map<Node, number>(); // nodes of a subtree with its aliases expanded
  let added = 0; // nodes the aliases add
  let aliases = 0;
  type Frame = { node: Node; depth: number; kids?: Node[]; next: number; sum: number };
  const root = doc.contents as Node | null;
  if (!root) return out;
  const stack: Frame[] = [{ node: root, depth: 1, next: 0, sum: 0 }];
  while (stack.length) {
    const f = stack[stack.length - 1];
    const n = f.node;
    if (f.kids === undefined) {
      // entering the node
      if (n.anchor) latest.set(n.anchor, n);
      if (isAlias(n)) {
        aliases++;
        const target = latest.get(n.source);
        if (!target) {
          out.push({ code: 'YAML_SYNTAX', severity: 'error', file, ...pos(n), message: `alias *${n.source} has no anchor &${n.source} before it`, hint: 'define the anchor (&name) before the alias that uses it' });
          return out;
        }
        const s = size.get(target);
        if (aliases > LIMITS.yaml_aliases.max) {
          over('yaml_aliases', `this document has more than ${showLimit('yaml_aliases')}`, n, aliases);
          return out;
        }
        if (s === undefined) { over('yaml_alias_expansion', `alias *${n.source} refers to a node that contains it`, n); return out; }
        added += s;
        if (added > LIMITS.yaml_alias_expansion.max) {
          over('yaml_alias_expansion', `the aliases expand this document by more than ${showLimit('yaml_alias_expansion')} (at alias number ${aliases.toLocaleString('en-US')}, *${n.source})`, n, added);
          return out;
        }
        f.kids = [];
        f.sum = s - 1;
      } else if (isCollection(n)) {
        if (f.depth > LIMITS.nesting_depth.max) { over('nesting_depth', `YAML nested deeper than ${showLimit('nesting_depth')}`, n, f.depth); return out; }
        const kids: Node[] = [];
        if (isMap(n)) {
          if (n.items.length > LIMITS.keys_per_mapping.max) {
            over('keys_per_mapping', `this mapping has ${n.items.length.toLocaleString('en-US')} keys, over the ${showLimit('keys_per_mapping')} limit`, n.items[LIMITS.keys_per_mapping.max], n.items.length);
            return out;
          }
          const seen = new Set<unknown>();
          for (const p of n.items) {
            const k = p.key as Node | null;
            if (isScalar(k)) {
              if (seen.has(k.value)) {
                const at = pos(k);
                out.push(lastKeyWins ? duplicateKeyWarning(file, at.line, at.column, String(k.value))
                  : { code: 'YAML_SYNTAX', severity: 'error', file, ...at, message: 'Map keys must be unique', hint: SPECIFIC_HINTS.DUPLICATE_KEY });
              }
              seen.add(k.value);
            }
            if (k) kids.push(k);
            if (p.value) kids.push(p.value as Node);
          }
        } else {
          for (const it of (n as { items: unknown[] }).items) {
            if (isPair(it)) { if (it.key) kids.push(it.key as Node); if (it.value) kids.push(it.value as Node); } else if (it) kids.push(it as Node);
          }
        }
        f.kids = kids;
      } else {
        f.kids = [];
      }
    }
    if (f.next < f.kids.length) {
      stack.push({ node: f.kids[f.next++], depth: f.depth + 1, next: 0, sum: 0 });
      continue;
    }
    // leaving the node: its expanded size goes to its parent
    stack.pop();
    const s = 1 + f.sum;
    size.set(n, s);
    if (stack.length) stack[stack.length - 1].sum += s;
  }
  return out;
}

function firstLine(s: string): string {
  return s.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function locateOffset(doc: Document.Parsed, path: readonly PathSeg[], wantKey: boolean, index: WeakMap<YAMLMap, Map<string, { pair: Pair; at: number }>>): number {
  let node: Node | null = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const names = [String(seg), ...(Object.hasOwn(ALIASES, String(seg)) ? ALIASES[String(seg)] : [])]; // (a key named constructor has no alias)
      const pair = findPair(node, names, index);
      if (!pair) return offset;
      const keyNode = pair.key as Node;
      const last = i === path.length - 1;
      if (last && wantKey) return keyNode.range?.[0] ?? offset;
      const v = pair.value as Node | null;
      offset = (v && v.range ? v.range[0] : keyNode.range?.[0]) ?? offset;
      if (last && (!v || isScalar(v))) return offset;
      node = v;
    } else if (isSeq(node)) {
      const item = node.items[Number(seg)] as Node | undefined;
      if (!item) return offset;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      return offset;
    }
  }
  return offset;
}

/** Split an Ajv-style instancePath (`/a/0/b`) into segments. */
export function pointerToPath(pointer: string): PathSeg[] {
  if (!pointer) return [];
  return pointer.split('/').slice(1).map((s) => {
    const u = s.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^\d+$/.test(u) ? Number(u) : u;
  });
}

/** The first pair (in document order) whose key is one of `names`; each mapping is indexed once, so locating stays linear. */
function findPair(map: YAMLMap, names: string[], index: WeakMap<YAMLMap, Map<string, { pair: Pair; at: number }>>): Pair | undefined {
  let keys = index.get(map);
  if (!keys) {
    keys = new Map();
    map.items.forEach((pair, at) => {
      if (!isScalar(pair.key)) return;
      const k = String(pair.key.value);
      if (!keys!.has(k)) keys!.set(k, { pair, at });
    });
    index.set(map, keys);
  }
  let best: { pair: Pair; at: number } | undefined;
  for (const name of names) {
    const hit = keys.get(name);
    if (hit && (!best || hit.at < best.at)) best = hit;
  }
  return best?.pair;
}
