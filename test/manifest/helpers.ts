// Shared by the manifest tests: the vectors, and the peer's examples renamed to the spec's identifiers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/cli.js';
import { PEER } from '../helpers/shared.js';

export const VECTORS = join(import.meta.dirname, 'vectors');
export const PEER_EXAMPLES = join(PEER, 'docs', 'manifest-spec', 'examples');

export function vector(name: string): any {
  return JSON.parse(readFileSync(join(VECTORS, name), 'utf8'));
}

const KEY_RENAMES: Record<string, string> = {
  dqlVersion: 'qlangVersion', datalexVersion: 'modelerVersion', datalex_contract: 'modeler_contract',
};
const KIND_RENAMES: Record<string, string> = {
  dbt_model_column: 'tform_model_column', dbt_source_column: 'tform_source_column', dbt_source: 'tform_source',
  dbt_model: 'tform_model', datalex_contract: 'modeler_contract', dql_block: 'qlang_block', dql_app: 'qlang_app',
};

/** The peer's identifiers → the spec's (keys anywhere; `kind` values of lineage and bindings). */
export function renamePeer(v: unknown, key?: string): any {
  if (Array.isArray(v)) return v.map((x) => renamePeer(x, key));
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [KEY_RENAMES[k] ?? k, renamePeer(x, k)]));
  }
  if (key === 'kind' && typeof v === 'string') return KIND_RENAMES[v] ?? v;
  return v;
}

/** Read from ../shared: call only inside describeShared/itShared. */
export function peerExample(which: 'dql' | 'datalex', rename = true): any {
  const raw = JSON.parse(readFileSync(join(PEER_EXAMPLES, which, 'minimal.manifest.json'), 'utf8'));
  return rename ? renamePeer(raw) : raw;
}

/** Write JSON values into a fresh temp dir; returns their paths by name. */
export function writeJson(files: Record<string, unknown>): Record<string, string> & { dir: string } {
  const dir = tempDir('modeler-manifest-');
  const out: Record<string, string> = { dir };
  for (const [name, value] of Object.entries(files)) {
    const p = join(dir, name);
    writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    out[name] = p;
  }
  return out as Record<string, string> & { dir: string };
}
