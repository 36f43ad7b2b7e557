// The Canonicalizer's files: one Markdown file of shared doc blocks and one logical model per
// entity whose columns bind to those blocks. Both are checked the way the project reader will
// read them before they are proposed.
import { countBySeverity, formatDiagnostic } from '../core/diagnostics.js';
import { loadModelText } from '../core/model/load.js';
import type { Column, Model } from '../core/model/types.js';
import { modelToYaml } from '../core/model/write.js';
import { parseDocBlocks } from '../core/project/docs.js';
import type { CanonicalEntity } from '../proposals/types.js';
import { snakeOf, tokensOfEntityName } from './naming.js';

export const CANONICAL_DOCS_PATH = 'Modeler/docs/_canonical.md';

export function logicalModelPath(entity: string): string {
  return `Modeler/logical/${snakeOf(tokensOfEntityName(entity))}.model.yaml`;
}

/** Doc-block names must be ASCII identifiers: customer__customer_id, Café.café_id → cafe__cafe_id. */
export function docName(entity: string, column: string): string {
  const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return `${ascii(snakeOf(tokensOfEntityName(entity))) || 'entity'}__${ascii(column) || 'column'}`;
}

export function docsMarkdown(blocks: Map<string, string>): { text: string; validation: string; ok: boolean } {
  const names = [...blocks.keys()].sort();
  const body = names.map((n) => `{% docs ${n} %}\n${safeBody(blocks.get(n)!)}\n{% enddocs %}\n`).join('\n');
  const text = `<!-- Canonical column descriptions proposed by \`modeler agents canonicalize\`. Edit the prose here; the logical models bind to these blocks. -->\n\n${body}`;
  const parsed = parseDocBlocks(text, CANONICAL_DOCS_PATH);
  const ok = parsed.diagnostics.length === 0 && parsed.blocks.length === names.length;
  return { text, ok, validation: ok ? `Parses as ${names.length} doc block(s), one per canonical column.` : `Does NOT parse cleanly: ${parsed.diagnostics.map((d) => d.message).join('; ') || 'block count differs'}` };
}

/** A description must not close its own block early. */
function safeBody(s: string): string {
  return s.replace(/\{%-?\s*(end)?docs\b[^%]*-?%\}/g, '').trim() || '(no description yet)';
}

export function logicalModel(e: CanonicalEntity): Model {
  const columns: Column[] = e.columns.map((c) => ({
    name: c.name,
    ...(c.data_type ? { data_type: c.data_type } : {}),
    ...(c.primary_key ? { primary_key: true } : {}),
    ...(c.unique ? { unique: true } : {}),
    description: `{{ doc("${c.doc}") }}`,
    description_ref: { doc: c.doc },
  }));
  return {
    kind: 'model',
    model: {
      name: snakeOf(tokensOfEntityName(e.name)), version: '1.0.0', layer: 'logical', state: 'draft', domain: e.domain,
      description: `Canonical ${e.label} entity, lifted from the columns its staging models share.`,
      meta: { generated_by: 'modeler agents canonicalize', from: e.sources },
    },
    entities: [{
      name: e.name, type: 'logical_entity', layer: 'logical', domain: e.domain,
      description: `Canonical ${e.label}: columns that recur across ${e.sources.join(', ')}.`,
      sources: e.sources, columns,
    }],
    relationships: [], indexes: [], glossary: [], domains: [], enums: [],
  };
}

export function logicalModelFile(path: string, e: CanonicalEntity): { text: string; validation: string; ok: boolean } {
  const text = `# Proposed by \`modeler agents canonicalize\`; descriptions live in ${CANONICAL_DOCS_PATH}.\n${modelToYaml(logicalModel(e))}`;
  const lm = loadModelText(text, path);
  const counts = countBySeverity(lm.diagnostics);
  const validation = lm.ok
    ? `Validates against schemas/model.schema.json and the model checks (layer: logical): 0 errors, ${counts.warning} warning(s); every column binds description_ref to a block in ${CANONICAL_DOCS_PATH}.`
    : `Does NOT validate (${counts.error} error(s)); first: ${formatDiagnostic({ ...lm.diagnostics.find((d) => d.severity === 'error')!, hint: undefined })}`;
  return { text, validation, ok: lm.ok };
}
