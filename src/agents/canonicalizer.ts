// The Canonicalizer (spec §4.6): within each entity (the same noun across sources), columns that
// recur in at least `minRecurrence` staging models are lifted into a logical model whose
// descriptions live in shared doc blocks. Deterministic; needs no AI provider.
import { UserError } from '../core/diagnostics.js';
import { opt } from '../core/option-names.js';
import type { DbtColumn, DbtNode, Project } from '../core/project/types.js';
import { fileChange } from '../proposals/file-change.js';
import type { CanonicalColumn, CanonicalEntity, CanonicalProposal, ProposalChange } from '../proposals/types.js';
import { CANONICAL_DOCS_PATH, docName, docsMarkdown, logicalModelFile, logicalModelPath } from './canonical-files.js';
import { readStagingLayer, resolveDescription } from './entities.js';
import { inProjectLanguage } from './language.js';
import { isUniqueColumn, primaryKeyColumn } from './keys.js';
import { snakeOf } from './naming.js';
import { sourceFilesOf, unreadableFileNote } from './staging.js';

export const DEFAULT_MIN_RECURRENCE = 2;
const MAX_LISTED = 8;

export interface CanonicalizeOptions {
  minRecurrence?: number;
}

interface Occurrence { node: DbtNode; column: DbtColumn }

export function canonicalize(project: Project, opts: CanonicalizeOptions = {}): CanonicalProposal {
  return inProjectLanguage(project, () => canonicalizeLayer(project, opts));
}

function canonicalizeLayer(project: Project, opts: CanonicalizeOptions): CanonicalProposal {
  const min = opts.minRecurrence ?? DEFAULT_MIN_RECURRENCE;
  if (!Number.isInteger(min) || min < 1) throw new UserError(`${opt('min_recurrence')} must be an integer of at least 1, got ${min}`);
  const layer = readStagingLayer(project);
  const notes: string[] = unreadableFileNote(project);
  const entities: CanonicalEntity[] = [];
  const blocks = new Map<string, string>();
  let lonely = 0;

  for (const group of layer.entities.values()) {
    // helpers (base_, _tmp) and folded tables (history, tags) repeat or extend the entity's columns; counting them would fake recurrence
    const models = group.models.filter((m) => m.kind === 'entity').map((m) => m.node);
    if (models.length < min) { if (models.length === 1) lonely++; continue; }
    const primaryKeys = new Map(models.map((n) => [n.name, primaryKeyColumn(n, snakeOf(group.tokens))?.toLowerCase()]));
    const byColumn = new Map<string, Occurrence[]>();
    for (const node of models) {
      const seen = new Set<string>();
      for (const column of node.columns) {
        const key = column.name.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        const list = byColumn.get(key);
        if (list) list.push({ node, column }); else byColumn.set(key, [{ node, column }]);
      }
    }
    const columns: CanonicalColumn[] = [];
    const singles: string[] = [];
    for (const [key, occ] of byColumn) {
      if (occ.length < min) { if (occ.length === 1) singles.push(`${key} (${occ[0].node.name})`); continue; }
      const at = `${group.name}.${key}`;
      const doc = uniqueDocName(project, docName(group.name, key));
      const description = pickDescription(project, occ, at, notes) ?? `${group.label} ${key.replace(/_/g, ' ')} (no staging model describes it yet).`;
      const dataType = pickType(occ, at, notes);
      blocks.set(doc, description);
      // two separately unique columns (customer_id, email) are two candidate keys, not one composite
      // primary key: only the column every model has as its primary key is the entity's
      const unique = occ.every((o) => isUniqueColumn(o.node, o.column.name));
      const primary = unique && occ.every((o) => primaryKeys.get(o.node.name) === key);
      columns.push({
        name: key, ...(dataType ? { data_type: dataType } : {}), description, doc,
        ...(primary ? { primary_key: true } : unique ? { unique: true } : {}),
        sources: occ.map((o) => o.node.name).sort(),
      });
    }
    if (!columns.length) continue;
    if (singles.length) {
      notes.push(`${group.name}: ${singles.length} column(s) occur in only one staging model and stay on staging: ${singles.slice(0, MAX_LISTED).join(', ')}${singles.length > MAX_LISTED ? ` and ${singles.length - MAX_LISTED} more` : ''}.`);
    }
    entities.push({ name: group.name, label: group.label, domain: group.domain, sources: models.map((m) => m.name).sort(), columns });
  }

  if (!entities.length) {
    return {
      kind: 'canonical', agent: 'canonicalizer', min_recurrence: min, entities: [], changes: [],
      notes: [`No column recurs in at least ${min} staging model(s) of the same entity (${layer.models.length} staging model(s), ${layer.entities.size} entities): nothing to lift. Lower ${opt('min_recurrence')} to 1 or add sibling staging models (the same noun from another source).`, ...notes],
    };
  }
  if (lonely && min > 1) notes.push(`${lonely} entit${lonely > 1 ? 'ies have' : 'y has'} a single staging model, so no column can recur ${min} times; ${opt('min_recurrence')} 1 lifts those too.`);

  const changes: ProposalChange[] = [];
  const md = docsMarkdown(blocks);
  const allSources = (names: string[]) => names.flatMap((n) => sourceFilesOf(project, project.modelByName.get(n)!));
  changes.push(fileChange(project.root, CANONICAL_DOCS_PATH, md.text, {
    rationale: `One shared doc block per canonical column (${blocks.size}); each takes the longest description found in staging, so editing the prose here updates every logical column bound to it.`,
    source_context: allSources(entities.flatMap((e) => e.sources)),
    validation_impact: md.validation,
    review_summary: `Doc blocks ${CANONICAL_DOCS_PATH}: ${blocks.size} canonical column description(s).`,
  }));
  for (const e of entities) {
    const path = logicalModelPath(e.name);
    const file = logicalModelFile(path, e);
    changes.push(fileChange(project.root, path, file.text, {
      rationale: `${e.name}: ${e.columns.length} column(s) recur in at least ${min} of its staging models (${e.sources.join(', ')}).`,
      source_context: allSources(e.sources),
      validation_impact: file.validation,
      review_summary: `Logical model ${path}: entity ${e.name} with ${e.columns.length} canonical column(s).`,
    }));
  }
  return { kind: 'canonical', agent: 'canonicalizer', min_recurrence: min, entities, notes, changes };
}

/** A doc name already used by a block outside the canonical file gets a suffix, so the two never collide. */
function uniqueDocName(project: Project, name: string): string {
  const existing = project.docs.get(name);
  return existing && existing.file !== CANONICAL_DOCS_PATH ? `${name}_canonical` : name;
}

function normalized(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').replace(/[.\s]+$/, '').trim();
}

/** The longest description wins; differing descriptions are noted. */
function pickDescription(project: Project, occ: Occurrence[], at: string, notes: string[]): string | undefined {
  const texts = occ.map((o) => ({ model: o.node.name, text: resolveDescription(project, o.column.description, o.column.description_ref) }))
    .filter((t): t is { model: string; text: string } => !!t.text);
  if (!texts.length) return undefined;
  const best = texts.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const first = normalized(texts[0].text);
  if (texts.some((t) => t.text !== texts[0].text && normalized(t.text) !== first)) {
    notes.push(`${at}: divergent descriptions across ${texts.map((t) => t.model).join(', ')}; picked the longest (from ${best.model}); review the doc block.`);
  }
  return best.text;
}

/** The first type in sorted order wins; differing types are noted. */
function pickType(occ: Occurrence[], at: string, notes: string[]): string | undefined {
  const byKey = new Map<string, string>();
  for (const o of occ) {
    const t = (o.column.data_type ?? o.column.type)?.trim();
    if (t && !byKey.has(t.toLowerCase())) byKey.set(t.toLowerCase(), t);
  }
  if (!byKey.size) return undefined;
  const sorted = [...byKey.keys()].sort();
  const chosen = byKey.get(sorted[0])!;
  if (sorted.length > 1) notes.push(`${at}: divergent types [${sorted.map((k) => byKey.get(k)).join(', ')}]; picked ${chosen} (first in sorted order); reconcile the staging models.`);
  return chosen;
}
