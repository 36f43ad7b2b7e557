// The breaking-change gate: validate two versions of a model, diff them, judge every change,
// and check that breaking changes come with a major version bump.
import type { CodeTable } from '../core/codes.js';
import { UserError, type Diagnostic } from '../core/diagnostics.js';
import { diffModels, type ModelChange } from '../core/model/diff.js';
import { loadModelFile, type LoadedModel } from '../core/model/load.js';
import { exprUsesColumn, sameCondition } from '../sql/expr.js';
import { isNarrowing, typeShape } from '../sql/type-narrowing.js';

/** The gate's own code (its findings are the changes, each judged breaking or not). */
export const GATE_CODES: CodeTable = {
  VERSION_BUMP: { severity: 'warning', meaning: 'breaking changes without a major version bump (a minor one below 1.0), or a version that goes backwards' },
};

export type TypeChangeClass = 'equivalent' | 'widening' | 'narrowing' | 'incompatible' | 'declared' | 'undeclared';

export interface GateChange extends ModelChange {
  breaking: boolean;
  /** One sentence naming the change, e.g. "type of Order.total changes decimal(18,2) → decimal(12,2) (narrowing)". */
  message: string;
  file?: string;
  line?: number;
  col?: number;
  /** with a dbt project (gate --project-dir): what dropping the column breaks downstream (column lineage) */
  impact?: { columns: string[]; tests: number; contracts: string[]; interfaces: string[] };
}

export interface GateResult {
  /** pass: no breaking change, or all of them allowed */
  ok: boolean;
  /** why: `pass`, `breaking` (breaking changes not allowed) or `invalid` (a model does not validate) */
  status: 'pass' | 'breaking' | 'invalid';
  allowBreaking: boolean;
  old: { file: string; name?: string; version?: string; valid: boolean };
  new: { file: string; name?: string; version?: string; valid: boolean };
  /** Validation findings of both files (errors make the gate fail with status `invalid`). */
  diagnostics: Diagnostic[];
  changes: GateChange[];
  versionCheck: { ok: boolean; message?: string };
  summary: { changes: number; breaking: number; nonBreaking: number };
}

/** Compare two model files; never throws for invalid models (status `invalid`), only for unreadable paths. */
export function gateModels(oldPath: string, newPath: string, opts: { allowBreaking?: boolean } = {}): GateResult {
  const a = loadModelFile(oldPath);
  const b = loadModelFile(newPath);
  for (const lm of [a, b]) if (lm.diagnostics[0]?.code === 'IO') throw new UserError(lm.diagnostics[0].message, 64, 'IO');
  const allowBreaking = !!opts.allowBreaking;
  const head = (lm: LoadedModel) => ({ file: lm.file, name: lm.model?.model.name, version: lm.model?.model.version, valid: lm.ok });
  const diagnostics = [...a.diagnostics, ...b.diagnostics];
  if (!a.ok || !b.ok || !a.model || !b.model) {
    return { ok: false, status: 'invalid', allowBreaking, old: head(a), new: head(b), diagnostics, changes: [],
      versionCheck: { ok: true }, summary: { changes: 0, breaking: 0, nonBreaking: 0 } };
  }
  const diff = diffModels(a.model, b.model);
  const changes: GateChange[] = diff.changes.map((c) => {
    const { breaking, message } = judge(c);
    const removal = c.kind.endsWith('_removed') || !c.newAt;
    const lm = removal ? a : b;
    const at = removal ? c.oldAt : c.newAt;
    const pos = at ? lm.source!.locate(at) : undefined;
    return { ...c, breaking, message, file: lm.file, line: pos?.line, col: pos?.column };
  });
  const breaking = changes.filter((c) => c.breaking).length;
  const versionCheck = checkVersion(a.model.model.version, b.model.model.version, breaking);
  const status = breaking && !allowBreaking ? 'breaking' : 'pass';
  return {
    ok: status === 'pass', status, allowBreaking, old: head(a), new: head(b), diagnostics, changes, versionCheck,
    summary: { changes: changes.length, breaking, nonBreaking: changes.length - breaking },
  };
}

/** Breaking or not, and a sentence saying why. */
export function judge(c: ModelChange): { breaking: boolean; message: string } {
  const p = c.path;
  const v = (x: unknown) => (x === undefined ? '(none)' : typeof x === 'string' ? x : JSON.stringify(x));
  switch (c.kind) {
    case 'entity_removed': return { breaking: true, message: `entity ${p} removed` };
    case 'entity_added': return { breaking: false, message: `entity ${p} added` };
    case 'entity_renamed': return { breaking: false, message: `entity ${v(c.from)} renamed to ${v(c.to)} (declared with previous_name)` };
    case 'column_removed': return { breaking: true, message: `column ${p} removed` };
    case 'column_added': return { breaking: false, message: `column ${p} added` };
    case 'column_renamed': return { breaking: false, message: `column ${v(c.from)} renamed to ${v(c.to)} (declared with previous_name)` };
    case 'column_type_changed': {
      const k = classifyTypeChange(c.from as string | undefined, c.to as string | undefined);
      const breaking = k === 'narrowing' || k === 'incompatible';
      return { breaking, message: `type of ${p} changes ${v(c.from)} → ${v(c.to)} (${k})` };
    }
    case 'column_nullability_changed':
      return c.to === false
        ? { breaking: true, message: `${p} becomes required (nullable → not null)` }
        : { breaking: false, message: `${p} becomes nullable` };
    case 'column_unique_changed':
      return { breaking: true, message: `${p} ${c.to ? 'becomes unique' : 'is no longer unique'}` };
    case 'primary_key_changed':
      return { breaking: true, message: `primary key of ${p} changes (${(c.from as string[]).join(', ') || 'none'}) → (${(c.to as string[]).join(', ') || 'none'})` };
    case 'column_enum_changed':
    case 'enum_values_changed':
    case 'enum_removed': {
      const removed = c.removed ?? [];
      if (c.kind === 'enum_removed') return { breaking: true, message: `enum ${c.enum} removed (values ${removed.join(', ')})` };
      if (c.kind === 'column_enum_changed' && !Array.isArray(c.to) && c.to !== undefined) {
        return { breaking: true, message: `${p} enum changes ${v(c.from)} → ${v(c.to)}` };
      }
      if (removed.length) return { breaking: true, message: `${p}: enum value(s) ${removed.join(', ')} removed` };
      if (c.kind === 'column_enum_changed' && c.to === undefined) return { breaking: false, message: `${p}: enum restriction removed` };
      return { breaking: false, message: `${p}: enum value(s) ${(c.added ?? []).join(', ')} added` };
    }
    case 'enum_added': return { breaking: false, message: `enum ${c.enum} added` };
    case 'relationship_removed': return { breaking: true, message: `relationship ${c.relationship} removed` };
    case 'relationship_added': return { breaking: false, message: `relationship ${c.relationship} added` };
    case 'relationship_renamed': return { breaking: false, message: `relationship ${v(c.from)} renamed to ${v(c.to)}` };
    case 'relationship_cardinality_changed': {
      const k = cardinalityChange(String(c.from), String(c.to));
      return { breaking: k !== 'loosened', message: `cardinality of relationship ${c.relationship} changes ${c.from} → ${c.to} (${k})` };
    }
    case 'relationship_changed':
      if (c.attribute === 'endpoints') return { breaking: true, message: `relationship ${c.relationship} now joins ${v(c.to)} instead of ${v(c.from)}` };
      return { breaking: false, message: `relationship ${c.relationship}: ${c.attribute} changes ${v(c.from)} → ${v(c.to)}` };
    case 'index_removed': {
      const unique = (c.from as { unique: boolean }).unique;
      return { breaking: unique, message: `${unique ? 'unique ' : ''}index ${c.index} removed` };
    }
    case 'index_added': {
      const unique = (c.to as { unique: boolean }).unique;
      return { breaking: unique, message: `${unique ? 'unique ' : ''}index ${c.index} added${unique ? ' (existing duplicates would be rejected)' : ''}` };
    }
    case 'index_renamed': return { breaking: false, message: `index ${v(c.from)} renamed to ${v(c.to)}` };
    case 'index_changed':
      return { breaking: c.attribute === 'unique' || c.attribute === 'columns' || c.attribute === 'entity',
        message: `index ${c.index}: ${c.attribute} changes ${v(c.from)} → ${v(c.to)}` };
    case 'entity_changed':
      // The relation a consumer queries moves: as breaking as a rename without previous_name.
      if (c.attribute === 'physical_name' || c.attribute === 'schema' || c.attribute === 'database') {
        return { breaking: true, message: `${p}: ${c.attribute} changes ${v(c.from)} → ${v(c.to)} (the relation moves)` };
      }
      return { breaking: false, message: `${p}: ${c.attribute} changed` };
    case 'column_changed':
      // the same condition, spelled with the columns' new names (or only re-spaced): nothing to violate
      if (c.attribute === 'check' && typeof c.from === 'string' && typeof c.to === 'string'
        && sameCondition(c.from, c.to, new Map(Object.entries(c.renames ?? {})))) {
        const moved = Object.entries(c.renames ?? {}).filter(([from]) => exprUsesColumn(c.from as string, from));
        return { breaking: false, message: moved.length
          ? `${p}: check follows the rename of ${moved.map(([a, b]) => `${a} to ${b}`).join(', ')} (${v(c.from)} → ${v(c.to)}), the same condition`
          : `${p}: check rewritten as the same condition (${v(c.to)})` };
      }
      if (c.attribute === 'check' && c.to !== undefined) {
        return { breaking: true, message: `${p}: check constraint ${c.from === undefined ? 'added' : 'changed'} (${v(c.to)}); existing rows may violate it` };
      }
      return { breaking: false, message: `${p}: ${c.attribute} changed` };
    case 'model_changed':
      return { breaking: false, message: `model ${c.attribute} changes ${v(c.from)} → ${v(c.to)}` };
  }
}

/** How a column's type changes for consumers and existing data. */
export function classifyTypeChange(from: string | undefined, to: string | undefined): TypeChangeClass {
  if (from === undefined || from.trim() === '') return 'declared';
  if (to === undefined || to.trim() === '') return 'undeclared';
  const a = typeShape(from), b = typeShape(to);
  const tz = (t: string) => /tz\b|with time zone|_ltz|_tz\b/i.test(t);
  if (a.family === 'other' || b.family === 'other') {
    return squash(from) === squash(to) ? 'equivalent' : 'incompatible';
  }
  if (a.family !== b.family || tz(from) !== tz(to)) return 'incompatible';
  const narrows = isNarrowing(from, to);
  if (narrows) return 'narrowing';
  return isNarrowing(to, from) ? 'widening' : 'equivalent';
}

function squash(t: string): string {
  return t.toLowerCase().replace(/\s+/g, '');
}

/** one_to_one is tighter than one_to_many / many_to_one, which are tighter than many_to_many. */
function cardinalityChange(from: string, to: string): 'tightened' | 'loosened' | 'direction changed' {
  const rank = (c: string) => (c === 'one_to_one' ? 2 : c === 'many_to_many' ? 0 : 1);
  if (rank(to) > rank(from)) return 'tightened';
  if (rank(to) < rank(from)) return 'loosened';
  return 'direction changed';
}

/** Breaking changes need a major bump (a minor bump while the major version is 0). */
export function checkVersion(oldV: string, newV: string, breaking: number): { ok: boolean; message?: string } {
  const pa = semver(oldV), pb = semver(newV);
  if (!pa || !pb) return { ok: true };
  const cmp = pb[0] - pa[0] || pb[1] - pa[1] || pb[2] - pa[2];
  if (cmp < 0) return { ok: false, message: `version goes backwards: ${oldV} → ${newV}` };
  if (!breaking) return { ok: true };
  const majorBumped = pa[0] === 0 ? pb[0] > 0 || pb[1] > pa[1] : pb[0] > pa[0];
  if (majorBumped) return { ok: true };
  const next = pa[0] === 0 ? `0.${pa[1] + 1}.0` : `${pa[0] + 1}.0.0`;
  return { ok: false, message: `${breaking} breaking change(s) but the version goes ${oldV} → ${newV}; breaking changes need a major version bump (${next})` };
}

function semver(v: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}
