// Findings about one object (readiness, mesh, validation), each with its location and Ask AI.
import { askAbout } from '../ai/actions';
import { openFile } from '../editor/actions';

export interface FindingRow { code: string; severity: string; message: string; hint?: string; file?: string; line?: number; source: string }

const loc = (f: FindingRow) => `${f.file}${f.line ? `:${f.line}` : ''}`;

export function FindingList({ rows, empty }: { rows: FindingRow[]; empty: string }) {
  if (!rows.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="finding-list">
      {rows.map((f, i) => (
        <li key={i} className={`sev-${f.severity}`}>
          <span className="sev">{f.severity}</span> <code>{f.code}</code> {f.message}
          {f.hint && <div className="muted">fix: {f.hint}</div>}
          <div className="row">
            {/* two findings can share a place or a code: each name says both, so no two buttons of the list share one */}
            {f.file && <button type="button" className="link" aria-label={`${loc(f)} (${f.code})`} onClick={() => openFile(f.file!, f.line)}>{loc(f)}</button>}
            <button type="button" className="link" aria-label={`Ask AI about ${f.code}${f.file ? ` at ${loc(f)}` : ''}`} onClick={() => askAbout([{ kind: 'issue', code: f.code, path: f.file, line: f.line, message: f.message }])}>Ask AI about {f.code}</button>
          </div>
        </li>
      ))}
    </ul>
  );
}
