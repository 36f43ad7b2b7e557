// DDL of a model file in a chosen dialect (POST /api/forward/generate-sql), read again whenever
// the project changes so it follows applied proposals and saves.
import { useEffect, useState } from 'react';
import { offers } from '../api/client';
import { api } from '../api/endpoints';
import { CodeEditor } from '../editor/CodeEditor';
import { app, errorText } from '../state/app';

/** The dialects `modeler generate sql` knows (src/sql/dialects). */
export const DIALECTS = ['postgres', 'mysql', 'snowflake', 'bigquery', 'duckdb', 'databricks', 'sqlserver'];

export function SqlPreview({ path }: { path: string }) {
  const [dialect, setDialect] = useState(() => localStorage.getItem('modeler.sql.dialect') ?? 'postgres');
  const [sql, setSql] = useState<string>();
  const [error, setError] = useState<string>();
  const version = app.use((s) => s.version);
  useEffect(() => {
    let live = true;
    api.generateSql(path, dialect).then((r) => { if (live) { setSql(r.sql); setError(undefined); } })
      .catch((e) => { if (live) { setSql(undefined); setError(errorText(e)); } });
    return () => { live = false; };
  }, [path, dialect, version]);
  if (!offers('POST /api/forward/generate-sql')) return null;
  return (
    <section aria-label={`SQL preview of ${path}`}>
      <h4>SQL preview <select aria-label="SQL dialect" value={dialect} onChange={(e) => { setDialect(e.target.value); localStorage.setItem('modeler.sql.dialect', e.target.value); }}>
        {DIALECTS.map((d) => <option key={d} value={d}>{d}</option>)}
      </select></h4>
      {error && <p className="error" role="alert">{error}</p>}
      {sql !== undefined && <CodeEditor value={sql} lang="sql" label={`DDL for ${path} in ${dialect}`} readOnly className="preview" />}
    </section>
  );
}
