// The typed records of the assistant's project index: one per thing the spec lists (files,
// tables, columns, tests, relationships, doc blocks, glossary terms, concepts, entities,
// diagrams, domains, owners, tags, data types, validation issues, skills, memory). Each knows
// where it is written and which records are its neighbours, so retrieval can walk the graph.

export const RECORD_KINDS = [
  'file', 'model', 'source', 'seed', 'snapshot', 'exposure', 'semantic_model', 'metric', 'column', 'test', 'relationship',
  'doc_block', 'glossary_term', 'concept', 'entity', 'diagram', 'domain', 'owner', 'tag', 'data_type', 'issue', 'skill', 'memory',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The kinds that are dbt tables (the spec's "tables": models, sources, seeds, snapshots). */
export const TABLE_KINDS: ReadonlySet<RecordKind> = new Set(['model', 'source', 'seed', 'snapshot']);

export type Layer = 'conceptual' | 'logical' | 'physical';

/** What kind of file a `file` record is. */
export type FileRole = 'model_yaml' | 'diagram_yaml' | 'glossary_yaml' | 'schema_yaml' | 'sql' | 'seed' | 'docs' | 'skill' | 'artifact' | 'project';

export interface IndexRecord {
  /** Stable id, `kind:qualified-name` (file-scoped kinds carry their file). */
  id: string;
  kind: RecordKind;
  /** What a user calls it: `orders`, `orders.customer_id`, `shop.orders`, `unique(orders.order_id)`. */
  name: string;
  /** Other names it is known by exactly (glossary synonyms). */
  aliases?: string[];
  /** Project-relative file and 1-based line where it is written. */
  file?: string;
  line?: number;
  layer?: Layer;
  /** dbt layer of a table or column by name/path (stg, int, fct, dim, mart). */
  tier?: string;
  role?: FileRole;
  /** One line shown in lists. */
  title: string;
  /** Prose it is ranked by: descriptions (doc blocks resolved), definitions, bodies. */
  text: string;
  /** Identifiers and facts it is ranked by: column names, types, tests, owner, domain, tags. */
  keywords: string;
  /** Ids of its neighbours (outgoing links; incoming ones are kept by the index). */
  links: string[];
  /** Lineage: ids of the tables it reads from. */
  parents?: string[];
  /** The unit it was built from (a file, or an aggregate); per-file updates replace whole units. */
  unit: string;
}

export function recordId(kind: RecordKind, name: string, file?: string): string {
  return file ? `${kind}:${file}#${name}` : `${kind}:${name}`;
}

/** Collapse whitespace and cut prose for titles and snippets. */
export function clip(text: string | undefined, n = 160): string {
  const s = text ?? '';
  // a long text (a doc block shown in the titles of the thousands of columns bound to it) is
  // collapsed only as far as its first n characters reach: the prefix's collapsed characters,
  // but for a space at its end, are the whole text's
  if (s.length > 4 * n) {
    const head = s.slice(0, 4 * n).replace(/\s+/g, ' ').trimStart();
    if (head.trimEnd().length > n) return head.slice(0, n - 1).trimEnd() + '…';
  }
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length <= n ? t : t.slice(0, n - 1).trimEnd() + '…';
}
