// target_a: an Atlan-style payload. Atlan identifies every asset by a slash-separated
// qualifiedName rooted at its connection, `default/<connector>/<epoch>`, so a column is
// `default/<connector>/<epoch>/<database>/<schema>/<table>/<column>`. The grammar has no escape,
// so a name containing '/' cannot be expressed and is reported instead of written wrongly.
import type { Diagnostic } from '../core/diagnostics.js';
import type { NormalGlossary } from './glossary.js';
import { byCodeUnits } from './glossary.js';
import type { CatalogSettings } from './settings.js';
import { header, identifierError, type CatalogTarget, type TargetPayload } from './target.js';
import { opt } from '../core/option-names.js';

/** Used when no connection is configured; clearly not a real epoch, and announced on stderr. */
export const PLACEHOLDER_EPOCH = '0000000000';

export function connectionQualifiedName(s: CatalogSettings): string {
  return s.connection ?? `default/${s.platform}/${PLACEHOLDER_EPOCH}`;
}

export function atlanQualifiedName(connection: string, parts: readonly string[]): string {
  return [connection, ...parts].join('/');
}

export const targetA: CatalogTarget = {
  id: 'target_a',
  alias: 'atlan',
  title: 'Atlan-style (qualifiedName)',
  build(g: NormalGlossary, s: CatalogSettings): TargetPayload {
    const diagnostics: Diagnostic[] = [];
    const notes: string[] = [];
    const connection = connectionQualifiedName(s);
    if (!s.connection) {
      notes.push(`target_a: no Atlan connection configured; qualifiedNames use the placeholder '${connection}' ` +
        `(set catalog.connection in the model header or pass ${opt('connection')} default/${s.platform}/<epoch>)`);
    }
    const terms = g.terms.map((t) => {
      const columns = t.columns.map((c) => {
        const parts = [c.database, c.schema, c.table, c.column];
        for (const p of parts) {
          if (p.includes('/')) {
            diagnostics.push(identifierError('target_a', `name '${p}' (column ${c.entity}.${c.column}, term '${t.term}') contains '/', which an Atlan qualifiedName cannot express`,
              'rename the object or set its physical_name'));
          }
        }
        return {
          typeName: 'Column',
          qualifiedName: atlanQualifiedName(connection, parts),
          name: c.column,
          tableQualifiedName: atlanQualifiedName(connection, parts.slice(0, 3)),
          entity: c.entity,
          dataType: c.dataType,
          status: c.status,
        };
      }).sort((a, b) => byCodeUnits(a.qualifiedName, b.qualifiedName));
      return {
        typeName: 'AtlasGlossaryTerm',
        term: t.term, definition: t.definition, tags: t.tags, synonyms: t.synonyms,
        anchor: { typeName: 'AtlasGlossary', name: g.name },
        columns,
      };
    });
    return {
      diagnostics, notes,
      doc: {
        ...header(targetA, s),
        connection: { typeName: 'Connection', qualifiedName: connection, connectorName: connection.split('/')[1] },
        glossary: { typeName: 'AtlasGlossary', name: g.name, domain: g.domain, description: g.description },
        terms,
      },
    };
  },
};
