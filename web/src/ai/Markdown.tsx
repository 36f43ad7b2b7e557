// The small part of Markdown the assistant's answers use — paragraphs, "- " lists, pipe tables,
// fenced code (the join a dbt model would write), **bold** and `code` — rendered as React elements (never as HTML, so nothing in an answer can
// inject markup).
import type { ReactNode } from 'react';

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0, m: RegExpExecArray | null, k = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    out.push(t.startsWith('**') ? <strong key={k++}>{t.slice(2, -2)}</strong> : <code key={k++}>{t.slice(1, -1)}</code>);
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));

const FENCE = /^```([\w-]*)[ \t]*\n([\s\S]*?)\n```[ \t]*$/gm;

export function Markdown({ text }: { text: string }) {
  const src = text.replace(/\r\n/g, '\n');
  // fenced code first: its lines (blank ones too) stay as written
  const parts: ReactNode[] = [];
  let last = 0, m: RegExpExecArray | null;
  while ((m = FENCE.exec(src))) {
    parts.push(...prose(src.slice(last, m.index), parts.length));
    parts.push(<pre key={`c${parts.length}`}><code {...(m[1] ? { 'data-lang': m[1] } : {})}>{m[2]}</code></pre>);
    last = m.index + m[0].length;
  }
  FENCE.lastIndex = 0;
  parts.push(...prose(src.slice(last), parts.length));
  return <div className="markdown">{parts}</div>;
}

function prose(text: string, at: number): ReactNode[] {
  const blocks = text.split(/\n{2,}/);
  return blocks.map((b, n) => {
    const i = `${at}-${n}`;
    const lines = b.split('\n').filter((l) => l.trim());
    if (!lines.length) return null;
    if (lines.every((l) => l.trim().startsWith('|')) && lines.length >= 2) {
      const body = lines.filter((l, j) => !(j === 1 && /^\s*\|?[\s:-]+(\|[\s:-]+)*\|?\s*$/.test(l)));
      const [head, ...rows] = body;
      return (
        <table key={i}><thead><tr>{cells(head).map((c, j) => <th key={j} scope="col">{inline(c)}</th>)}</tr></thead>
          <tbody>{rows.map((r, j) => <tr key={j}>{cells(r).map((c, n) => <td key={n}>{inline(c)}</td>)}</tr>)}</tbody></table>
      );
    }
    const items = lines.filter((l) => /^\s*[-*] /.test(l));
    if (items.length === lines.length || (items.length && lines.length === items.length + 1 && !/^\s*[-*] /.test(lines[0]))) {
      const lead = items.length === lines.length ? undefined : lines[0];
      return (
        <div key={i}>{lead && <p>{inline(lead)}</p>}<ul>{items.map((l, j) => <li key={j}>{inline(l.replace(/^\s*[-*] /, ''))}</li>)}</ul></div>
      );
    }
    return <p key={i}>{lines.map((l, j) => <span key={j}>{j > 0 && <br />}{inline(l)}</span>)}</p>;
  });
}
