// What every catalog target provides: a name, its friendly alias, and a pure payload builder.
import type { Diagnostic } from '../core/diagnostics.js';
import type { NormalGlossary } from './glossary.js';
import type { CatalogSettings } from './settings.js';

export type TargetId = 'target_a' | 'target_b' | 'target_c';

export interface TargetPayload {
  /** The JSON document (serialised later with sorted keys). */
  doc?: Record<string, unknown>;
  /** Names the catalog's grammar cannot express; any error means nothing is written. */
  diagnostics: Diagnostic[];
  /** Things the user should know (e.g. a placeholder connection), printed on stderr. */
  notes: string[];
}

export interface CatalogTarget {
  id: TargetId;
  alias: string;
  title: string;
  build(glossary: NormalGlossary, settings: CatalogSettings): TargetPayload;
}

/** Fields every target's document starts with, so the three files read alike. */
export function header(t: CatalogTarget, s: CatalogSettings): Record<string, unknown> {
  return {
    format: 'modeler.catalog/v1',
    target: t.id,
    catalog: t.alias,
    settings: { ...s, connection: s.connection ?? null },
  };
}

export function identifierError(target: TargetId, message: string, hint: string): Diagnostic {
  return { code: 'CATALOG_IDENTIFIER', severity: 'error', message: `${target}: ${message}`, hint };
}
