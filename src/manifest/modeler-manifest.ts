// The modeler manifest: domains → entities → versioned contracts (schemas/modeler-manifest.schema.json).
// Read with schema validation plus the checks a schema cannot make (one contract per id@version).
import { hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { parseJsonDocument, readJsonText } from './read-json.js';

export const MODELER_SCHEMA = 'modeler-manifest.schema.json';

export interface ContractParam { name: string; type: string; description?: string; constraints?: string[] }
export interface ModelerContract {
  id: string;
  name: string;
  version: number;
  description?: string;
  owner?: string;
  tags?: string[];
  status?: string;
  signature?: { inputs?: ContractParam[]; outputs?: ContractParam[] };
  [extra: string]: unknown;
}
export interface ModelerField {
  name: string; type?: string; description?: string; primary_key?: boolean; nullable?: boolean; unique?: boolean; tags?: string[];
  [extra: string]: unknown;
}
export interface ModelerEntity {
  name: string;
  description?: string;
  tags?: string[];
  fields?: ModelerField[];
  contracts?: ModelerContract[];
  binding?: { kind: 'tform_model' | 'tform_source' | 'view' | 'table' | 'external'; ref: string };
  [extra: string]: unknown;
}
export interface ModelerDomain { name: string; description?: string; owners?: string[]; entities: ModelerEntity[]; [extra: string]: unknown }
export interface ModelerManifest {
  manifestSpecVersion: string;
  modelerVersion: string;
  generatedAt: string;
  project: { name: string; description?: string; dialect?: string; owners?: string[]; root?: string };
  domains: ModelerDomain[];
  diagnostics?: { severity: 'info' | 'warning' | 'error'; message: string; path?: string; code?: string }[];
  [extra: string]: unknown;
}

export interface ModelerManifestCheck { file: string; manifest?: ModelerManifest; diagnostics: Diagnostic[]; ok: boolean }

export function checkModelerManifestText(text: string, file: string): ModelerManifestCheck {
  const doc = parseJsonDocument<ModelerManifest>(text, file, MODELER_SCHEMA, { code: 'MODELER_SCHEMA' });
  if (!doc.value) return { file, diagnostics: doc.diagnostics, ok: false };
  const ds: Diagnostic[] = [];
  const seen = new Map<string, string>();
  doc.value.domains.forEach((d, di) => d.entities.forEach((e, ei) => (e.contracts ?? []).forEach((c, ci) => {
    const key = `${c.id}@${c.version}`;
    const path = `/domains/${di}/entities/${ei}/contracts/${ci}`;
    if (seen.has(key)) {
      ds.push({ code: 'DUPLICATE_CONTRACT', severity: 'error', file, path, message: `contract '${key}' is defined twice (first at ${seen.get(key)})` });
    } else seen.set(key, path);
  })));
  const diagnostics = doc.locate(ds);
  return { file, manifest: doc.value, diagnostics, ok: !hasErrors(diagnostics) };
}

export function checkModelerManifestFile(path: string): ModelerManifestCheck {
  return checkModelerManifestText(readJsonText(path), path);
}
