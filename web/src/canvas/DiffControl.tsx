// The git-diff overlay: pick a branch, and tables and columns added, changed or removed against
// it are marked on the canvas (removed ones drawn as ghosts). Shown when the server offers the
// branches and graph-diff routes and the project is in a repository with branches.
import { useEffect, useState } from 'react';
import { getProjectId, offers, request } from '../api/client';
import { app } from '../state/app';
import { setDiffRef } from './controller';
import { canvas } from './store';

export function DiffControl() {
  const [branches, setBranches] = useState<string[]>([]);
  const ref = canvas.use((s) => s.diff?.ref ?? '');
  const counts = canvas.use((s) => s.diff?.counts);
  const branch = app.use((s) => s.branch);
  useEffect(() => {
    request<{ branches: { name: string }[] }>('GET', '/api/git/branches', { query: { projectId: getProjectId() } })
      .then((b) => setBranches(b.branches.map((x) => x.name))).catch(() => setBranches([]));
  }, [branch]);
  if (!offers('GET /api/projects/{id}/graph/diff') || !branches.length) return null;
  return (
    <label className="check">Compare with
      <select aria-label="Compare with branch" value={ref} onChange={(e) => void setDiffRef(e.target.value || undefined)}>
        <option value="">(no overlay)</option>
        {branches.map((b) => <option key={b} value={b}>{b}</option>)}
      </select>
      {counts && <span className="muted" role="status">{counts.added} added, {counts.changed} changed, {counts.removed} removed</span>}
    </label>
  );
}
