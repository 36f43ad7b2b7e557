// YAML parsing that remembers where every node came from, so errors can say file:line:col.
import { isMap, isSeq, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Diagnostic } from './diagnostics.js';

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

export function parseYamlSource(text: string, file: string): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false, uniqueKeys: true, prettyErrors: false });
  const diagnostics: Diagnostic[] = [];
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
  const value = diagnostics.some((d) => d.severity === 'error') ? undefined : doc.toJS({ maxAliasCount: 1000 });
  const locate = (path: readonly PathSeg[], opts: { key?: boolean } = {}) => {
    const offset = locateOffset(doc, path, opts.key ?? false);
    const p = lines.linePos(offset);
    return { line: p.line, column: p.col };
  };
  return { file, text, doc, value, lines, diagnostics, locate };
}

function firstLine(s: string): string {
  return s.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function locateOffset(doc: Document.Parsed, path: readonly PathSeg[], wantKey: boolean): number {
  let node: Node | null = doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const names = [String(seg), ...(ALIASES[String(seg)] ?? [])];
      const pair = node.items.find((it) => isScalar(it.key) && names.includes(String(it.key.value)));
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
