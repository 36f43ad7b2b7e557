// target_b: a DataHub-style payload. Columns are schema-field URNs,
// urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:<platform>,<db>.<schema>.<table>,<ENV>),<column>).
// Inside a URN the characters ',', '(', ')' and '␟' are reserved (they delimit the tuple), so
// DataHub percent-encodes them in names; dots stay as they are (dataset names are dotted paths).
import type { NormalGlossary } from './glossary.js';
import { byCodeUnits } from './glossary.js';
import type { CatalogSettings } from './settings.js';
import { header, type CatalogTarget, type TargetPayload } from './target.js';

/** DataHub's reserved URN characters and their percent-encoding (UTF-8 bytes, upper-case hex). */
const RESERVED: Record<string, string> = { ',': '%2C', '(': '%28', ')': '%29', '\u241F': '%E2%90%9F' };

export function encodeUrnPart(s: string): string {
  let out = '';
  for (const ch of s) out += RESERVED[ch] ?? ch;
  return out;
}

export function datasetUrn(platform: string, name: readonly string[], env: string): string {
  return `urn:li:dataset:(urn:li:dataPlatform:${encodeUrnPart(platform)},${name.map(encodeUrnPart).join('.')},${env})`;
}

export function schemaFieldUrn(dataset: string, fieldPath: string): string {
  return `urn:li:schemaField:(${dataset},${encodeUrnPart(fieldPath)})`;
}

export const targetB: CatalogTarget = {
  id: 'target_b',
  alias: 'datahub',
  title: 'DataHub-style (schema-field URN)',
  build(g: NormalGlossary, s: CatalogSettings): TargetPayload {
    const nodeId = encodeUrnPart(g.name);
    const terms = g.terms.map((t) => ({
      term: t.term, definition: t.definition, tags: t.tags, synonyms: t.synonyms,
      urn: `urn:li:glossaryTerm:${nodeId}.${encodeUrnPart(t.term)}`,
      columns: t.columns.map((c) => {
        const ds = datasetUrn(s.platform, [c.database, c.schema, c.table], s.env);
        return { urn: schemaFieldUrn(ds, c.column), datasetUrn: ds, fieldPath: c.column, entity: c.entity, dataType: c.dataType, status: c.status };
      }).sort((a, b) => byCodeUnits(a.urn, b.urn)),
    }));
    return {
      diagnostics: [], notes: [],
      doc: {
        ...header(targetB, s),
        glossary: { urn: `urn:li:glossaryNode:${nodeId}`, name: g.name, domain: g.domain, description: g.description },
        terms,
      },
    };
  },
};
