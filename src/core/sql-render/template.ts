// A Jinja template (a dbt model's SQL, a macro file) read into a tree: text, `{{ expr }}`
// outputs and the statements dbt projects use (`if`/`elif`/`else`, `for`, `set` and block
// `set`, `macro`, `call`, `do`, `filter`, `raw`). Expressions are parsed by the project's own
// safe evaluator (jinja-expr.ts); nothing here runs code. A statement this reader does not know
// becomes an `unknown` node, which the renderer turns into a marked placeholder.
import { JinjaSyntaxError, parseExpression } from '../project/jinja-expr.js';

export type Expr = ReturnType<typeof parseExpression>['node'];

export type TNode =
  | { k: 'text'; v: string }
  | { k: 'out'; expr: Expr; line: number; src: string }
  | { k: 'if'; branches: { cond?: Expr; body: TNode[] }[]; line: number; src: string }
  | { k: 'for'; targets: string[]; iter: Expr; cond?: Expr; body: TNode[]; orelse: TNode[]; line: number; src: string }
  | { k: 'set'; targets: string[]; expr: Expr; line: number }
  | { k: 'setblock'; target: string; body: TNode[]; line: number }
  | { k: 'macro'; name: string; params: { name: string; def?: Expr }[]; body: TNode[]; line: number }
  | { k: 'call'; expr: Expr; params: { name: string; def?: Expr }[]; body: TNode[]; line: number; src: string }
  | { k: 'do'; expr: Expr; line: number }
  | { k: 'filterblock'; name: string; body: TNode[]; line: number }
  | { k: 'unknown'; src: string; line: number; reason: string };

export class TemplateError extends Error {
  constructor(message: string, public line: number) { super(message); }
}

type Tag = { kind: 'out' | 'stmt'; inner: string; line: number; start: number; end: number; trimBefore: boolean; trimAfter: boolean };

/** Where the tag opened at `from` closes (`}}` or `%}`), skipping quoted strings and dict braces. */
function closeOf(src: string, from: number, close: '}}' | '%}'): number {
  let depth = 0;
  for (let i = from; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      const j = src.indexOf(c, i + 1);
      if (j < 0) return -1;
      i = j;
      continue;
    }
    if (close === '}}') {
      if (c === '{') depth++;
      else if (c === '}') { if (depth === 0 && src[i + 1] === '}') return i; depth--; }
    } else if (c === '%' && src[i + 1] === '}') return i;
  }
  return -1;
}

/** The template as a flat list of text pieces and tags (comments dropped, `raw` kept as text). */
function scan(src: string): (string | Tag)[] {
  const out: (string | Tag)[] = [];
  let i = 0, line = 1;
  const advance = (to: number) => { for (let k = i; k < to; k++) if (src.charCodeAt(k) === 10) line++; i = to; };
  while (i < src.length) {
    const open = src.indexOf('{', i);
    if (open < 0 || open === src.length - 1) { out.push(src.slice(i)); break; }
    const next = src[open + 1];
    if (next !== '{' && next !== '%' && next !== '#') { out.push(src.slice(i, open + 1)); advance(open + 1); continue; }
    if (open > i) out.push(src.slice(i, open));
    advance(open);
    const trimBefore = src[open + 2] === '-';
    if (next === '#') {
      const end = src.indexOf('#}', open + 2);
      const stop = end < 0 ? src.length : end + 2;
      if (trimBefore) out.push({ kind: 'stmt', inner: '', line, start: open, end: stop, trimBefore, trimAfter: src[stop - 3] === '-' });
      advance(stop);
      continue;
    }
    const bodyStart = open + (trimBefore || src[open + 2] === '+' ? 3 : 2);
    const close = closeOf(src, bodyStart, next === '{' ? '}}' : '%}');
    if (close < 0) throw new TemplateError(`unclosed ${next === '{' ? '{{' : '{%'}`, line);
    const trimAfter = src[close - 1] === '-';
    const inner = src.slice(bodyStart, trimAfter ? close - 1 : close);
    const tag: Tag = { kind: next === '{' ? 'out' : 'stmt', inner, line, start: open, end: close + 2, trimBefore, trimAfter };
    advance(close + 2);
    if (tag.kind === 'stmt' && /^\s*raw\s*$/.test(inner)) {
      const m = /\{%-?\s*endraw\s*-?%\}/.exec(src.slice(i));
      const stop = m ? i + m.index : src.length;
      out.push(src.slice(i, stop));
      advance(m ? stop + m[0].length : stop);
      continue;
    }
    out.push(tag);
  }
  // whitespace control: `{%-` trims the text before, `-%}` the text after
  for (let k = 0; k < out.length; k++) {
    const t = out[k];
    if (typeof t === 'string') continue;
    if (t.trimBefore && typeof out[k - 1] === 'string') out[k - 1] = (out[k - 1] as string).replace(/\s+$/, '');
    if (t.trimAfter && typeof out[k + 1] === 'string') out[k + 1] = (out[k + 1] as string).replace(/^\s+/, '');
  }
  return out;
}

function expr(text: string, line: number): Expr {
  try {
    const { node, end } = parseExpression(text, 0);
    if (text.slice(end).trim()) throw new JinjaSyntaxError(`unexpected '${text.slice(end).trim().slice(0, 20)}'`, end);
    return node;
  } catch (e: any) {
    throw new TemplateError(`cannot read '${text.trim().slice(0, 60)}': ${e.message}`, line);
  }
}

/** `name(a, b=1)` → parameter list. */
function params(text: string, line: number): { name: string; params: { name: string; def?: Expr }[] } {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(\(([\s\S]*)\))?\s*$/.exec(text);
  if (!m) throw new TemplateError(`cannot read the macro signature '${text.trim()}'`, line);
  if (!m[2]) return { name: m[1], params: [] };
  const call = expr(`f(${m[3]})`, line) as Extract<Expr, { k: 'call' }>;
  const ps: { name: string; def?: Expr }[] = [];
  for (const a of call.args) {
    if (a.k !== 'name') throw new TemplateError(`a macro parameter must be a name in '${text.trim()}'`, line);
    ps.push({ name: a.v });
  }
  for (const [k, d] of call.kwargs) ps.push({ name: k, def: d });
  return { name: m[1], params: ps };
}

/** Blocks whose content is not SQL text: kept out of the output (docs) or read as its body (snapshot, test). */
const OPAQUE = new Set(['materialization', 'docs']);

/** Read a template into its tree; throws TemplateError (with a line) on a malformed tag. */
export function parseTemplate(src: string): TNode[] {
  const items = scan(src);
  let pos = 0;
  const block = (stops: string[]): { body: TNode[]; stop?: Tag; word?: string } => {
    const body: TNode[] = [];
    while (pos < items.length) {
      const it = items[pos++];
      if (typeof it === 'string') { if (it) body.push({ k: 'text', v: it }); continue; }
      if (it.kind === 'out') { body.push({ k: 'out', expr: expr(it.inner, it.line), line: it.line, src: it.inner.trim() }); continue; }
      const inner = it.inner.trim();
      if (!inner) continue; // a trimming comment
      const word = /^[A-Za-z_]+/.exec(inner)?.[0] ?? '';
      const rest = inner.slice(word.length);
      if (stops.includes(word)) return { body, stop: it, word };
      switch (word) {
        case 'if': {
          const branches: { cond?: Expr; body: TNode[] }[] = [];
          let cond: Expr | undefined = expr(rest, it.line);
          for (;;) {
            const r = block(['elif', 'else', 'endif']);
            branches.push({ cond, body: r.body });
            if (!r.stop) throw new TemplateError('`if` without `endif`', it.line);
            if (r.word === 'endif') break;
            cond = r.word === 'elif' ? expr(r.stop.inner.trim().slice(4), r.stop.line) : undefined;
          }
          body.push({ k: 'if', branches, line: it.line, src: inner });
          break;
        }
        case 'for': {
          const m = /^\s*([A-Za-z_][\w\s,()]*?)\s+in\s+([\s\S]+)$/.exec(rest);
          if (!m) throw new TemplateError(`cannot read '${inner}'`, it.line);
          const targets = m[1].replace(/[()]/g, '').split(',').map((t) => t.trim()).filter(Boolean);
          let iterText = m[2].replace(/\s+recursive\s*$/, '');
          let cond: Expr | undefined;
          // `for x in items if cond`: the filter is the last top-level `if` (no `else` follows it)
          const iff = /\s+if\s+(?![\s\S]*\selse\s)([\s\S]+)$/.exec(iterText);
          if (iff) { cond = expr(iff[1], it.line); iterText = iterText.slice(0, iff.index); }
          const r = block(['else', 'endfor']);
          let orelse: TNode[] = [];
          if (r.word === 'else') orelse = block(['endfor']).body;
          else if (!r.stop) throw new TemplateError('`for` without `endfor`', it.line);
          body.push({ k: 'for', targets, iter: expr(iterText, it.line), cond, body: r.body, orelse, line: it.line, src: inner });
          break;
        }
        case 'set': {
          const m = /^\s*([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(=\s*([\s\S]*))?$/.exec(rest);
          if (!m) throw new TemplateError(`cannot read '${inner}'`, it.line);
          if (m[2]) body.push({ k: 'set', targets: m[1].split(',').map((t) => t.trim()), expr: expr(m[3], it.line), line: it.line });
          else {
            const r = block(['endset']);
            if (!r.stop) throw new TemplateError('`set` block without `endset`', it.line);
            body.push({ k: 'setblock', target: m[1].trim(), body: r.body, line: it.line });
          }
          break;
        }
        case 'macro': case 'test': {
          const sig = params(rest, it.line);
          const r = block([word === 'macro' ? 'endmacro' : 'endtest']);
          if (!r.stop) throw new TemplateError(`\`${word}\` without \`end${word}\``, it.line);
          body.push({ k: 'macro', name: word === 'test' ? `test_${sig.name}` : sig.name, params: sig.params, body: r.body, line: it.line });
          break;
        }
        case 'call': {
          const m = /^\s*(\(([^)]*)\))?\s*([\s\S]+)$/.exec(rest)!;
          const ps = m[1] ? params(`c(${m[2]})`, it.line).params : [];
          const r = block(['endcall']);
          if (!r.stop) throw new TemplateError('`call` without `endcall`', it.line);
          body.push({ k: 'call', expr: expr(m[3], it.line), params: ps, body: r.body, line: it.line, src: inner });
          break;
        }
        case 'do': body.push({ k: 'do', expr: expr(rest, it.line), line: it.line }); break;
        case 'filter': {
          const r = block(['endfilter']);
          body.push({ k: 'filterblock', name: rest.trim(), body: r.body, line: it.line });
          break;
        }
        case 'snapshot': {
          // a snapshot file's SQL is its block's body
          const r = block(['endsnapshot']);
          body.push(...r.body);
          break;
        }
        default: {
          if (OPAQUE.has(word)) {
            const r = block([`end${word}`]);
            if (!r.stop) throw new TemplateError(`\`${word}\` without \`end${word}\``, it.line);
            break;
          }
          if (word.startsWith('end') || word === 'elif' || word === 'else') throw new TemplateError(`unexpected {% ${word} %}`, it.line);
          body.push({ k: 'unknown', src: inner, line: it.line, reason: `the statement {% ${word || inner} %} is not rendered` });
        }
      }
    }
    return { body };
  };
  const r = block([]);
  return r.body;
}
