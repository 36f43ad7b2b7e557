// One catalog-neutral view of a glossary model: its terms, and for each term the physical columns
// bound to it. All three binding shapes (binding, legacy terms, legacy meta.glossary_term) go
// through columnTerms, so every target sees exactly the same bindings.
import type { Diagnostic } from '../core/diagnostics.js';
import { columnTerms, columnType } from '../core/model/access.js';
import type { Model } from '../core/model/types.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import type { CatalogSettings } from './settings.js';

export type BindingStatus = 'proposed' | 'approved';

export interface BoundColumn {
  /** The model entity the column belongs to (its logical name). */
  entity: string;
  database: string;
  schema: string;
  /** Physical table name: the entity's physical_name, else its name. */
  table: string;
  column: string;
  status: BindingStatus;
  dataType: string | null;
}

export interface NormalTerm {
  term: string;
  definition: string | null;
  tags: string[];
  synonyms: string[];
  columns: BoundColumn[];
}

export interface NormalGlossary {
  name: string;
  domain: string | null;
  description: string | null;
  terms: NormalTerm[];
}

export interface GlossaryResult {
  glossary?: NormalGlossary;
  diagnostics: Diagnostic[];
}

/** Code-unit order: the same on every machine and locale. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortedUnique(xs: readonly string[] | undefined): string[] {
  return [...new Set(xs ?? [])].sort(byCodeUnits);
}

/**
 * Normalise a loaded model. A binding to a term the glossary does not define is an error naming
 * the term and the column (the loader only warns when the file has no glossary at all; an
 * exporter cannot emit such a binding either way).
 */
export function normalizeGlossary(model: Model, settings: CatalogSettings, file?: string): GlossaryResult {
  const diagnostics: Diagnostic[] = [];
  const defined = new Map<string, NormalTerm>();
  for (const t of model.glossary) {
    if (defined.has(t.term)) continue; // the loader already reports DUPLICATE_TERM
    defined.set(t.term, {
      term: t.term, definition: t.definition ?? null, tags: sortedUnique(t.tags), synonyms: sortedUnique(t.synonyms), columns: [],
    });
  }
  model.entities.forEach((e, ei) => e.columns.forEach((c, ci) => {
    for (const b of columnTerms(c)) {
      const term = defined.get(b.term);
      if (!term) {
        diagnostics.push({
          code: 'UNKNOWN_GLOSSARY_TERM', severity: 'error', file, path: `/entities/${ei}/columns/${ci}/${b.shape === 'meta' ? 'meta/glossary_term' : b.shape}`,
          message: `column '${e.name}.${c.name}' is bound to glossary term '${b.term}', which the glossary does not define${didYouMeanSuffix(b.term, defined.keys())}`,
          hint: 'define the term under glossary: or fix the binding',
        });
        continue;
      }
      term.columns.push({
        entity: e.name, database: e.database ?? settings.database, schema: e.schema ?? settings.schema,
        table: e.physical_name ?? e.name, column: c.name, status: b.status, dataType: columnType(c) ?? null,
      });
    }
  }));
  if (diagnostics.length) return { diagnostics };
  if (!defined.size) {
    diagnostics.push({ code: 'NO_GLOSSARY', severity: 'error', file, path: '/glossary',
      message: 'the model defines no glossary terms, so there is nothing to export', hint: 'add a glossary: section with term and definition entries' });
    return { diagnostics };
  }
  const terms = [...defined.values()].sort((a, b) => byCodeUnits(a.term, b.term));
  return {
    glossary: { name: model.model.name, domain: model.model.domain ?? null, description: model.model.description ?? null, terms },
    diagnostics,
  };
}
