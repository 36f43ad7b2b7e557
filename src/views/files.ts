// The project's files as the Explorer lists them: every file the project reader looked at, with
// its kind (dbt YAML, SQL, Modeler model, doc Markdown, skill, …) and, where it has one, its layer.
import { modelLayer } from '../core/model/access.js';
import type { FileKind, Project } from '../core/project/types.js';
import { inferLayers } from '../governance/layers.js';

export interface FileEntry {
  path: string;
  kind: FileKind;
  /** conceptual/logical/physical for Modeler files; stg/int/fct/dim/mart for dbt files */
  layer?: string;
}

export function fileList(p: Project): FileEntry[] {
  const models = new Map(p.modelerFiles.map((m) => [m.file, m]));
  const out: FileEntry[] = [];
  for (const [path, kind] of p.files) {
    let layer: string | undefined;
    if (kind === 'modeler_model') {
      const m = models.get(path)?.model;
      layer = m ? modelLayer(m) : /^Modeler\/(conceptual|logical|physical)\//i.exec(path)?.[1]?.toLowerCase();
    } else if (kind === 'dbt_yaml' || kind === 'sql') {
      const base = path.split('/').pop()!.replace(/\.[^.]+$/, '');
      layer = inferLayers({ name: base, path })[0];
    }
    out.push({ path, kind, ...(layer ? { layer } : {}) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}
