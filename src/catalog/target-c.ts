// target_c: an OpenMetadata-style payload. Entities are named by fully qualified names joined
// with '.'; a name that itself contains '.' is wrapped in double quotes, and a name containing a
// double quote cannot be expressed at all (OpenMetadata rejects it), so it is reported.
// A table is <service>.<database>.<schema>.<table>; its column adds one more part.
import type { Diagnostic } from '../core/diagnostics.js';
import type { NormalGlossary } from './glossary.js';
import { byCodeUnits } from './glossary.js';
import type { CatalogSettings } from './settings.js';
import { header, identifierError, type CatalogTarget, type TargetPayload } from './target.js';

export function quoteFqnPart(name: string): string {
  return name.includes('.') ? `"${name}"` : name;
}

export function buildFqn(parts: readonly string[]): string {
  return parts.map(quoteFqnPart).join('.');
}

export const targetC: CatalogTarget = {
  id: 'target_c',
  alias: 'openmetadata',
  title: 'OpenMetadata-style (fully qualified name)',
  build(g: NormalGlossary, s: CatalogSettings): TargetPayload {
    const diagnostics: Diagnostic[] = [];
    const check = (name: string, what: string) => {
      if (name.includes('"')) {
        diagnostics.push(identifierError('target_c', `name '${name}' (${what}) contains a double quote, which an OpenMetadata FQN cannot express`,
          'rename the object or set its physical_name'));
      }
    };
    check(s.service, 'service');
    check(g.name, 'glossary');
    const glossaryFqn = buildFqn([g.name]);
    const terms = g.terms.map((t) => {
      check(t.term, 'glossary term');
      return {
        term: t.term, definition: t.definition, tags: t.tags, synonyms: t.synonyms,
        fullyQualifiedName: buildFqn([g.name, t.term]),
        columns: t.columns.map((c) => {
          for (const p of [c.database, c.schema, c.table, c.column]) check(p, `column ${c.entity}.${c.column}, term '${t.term}'`);
          const table = buildFqn([s.service, c.database, c.schema, c.table]);
          return { table, column: c.column, fullyQualifiedName: `${table}.${quoteFqnPart(c.column)}`, entity: c.entity, dataType: c.dataType, status: c.status };
        }).sort((a, b) => byCodeUnits(a.fullyQualifiedName, b.fullyQualifiedName)),
      };
    });
    return {
      diagnostics: dedupe(diagnostics), notes: [],
      doc: {
        ...header(targetC, s),
        glossary: { fullyQualifiedName: glossaryFqn, name: g.name, domain: g.domain, description: g.description },
        terms,
      },
    };
  },
};

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => (seen.has(d.message) ? false : (seen.add(d.message), true)));
}
