// Validate a proposal: the changes are simulated in order on the project's files (a later change
// sees what an earlier one did), each is checked, and the result says per change whether it
// may be written and, if not, the one code and the location that block it. Nothing is written.
import { countBySeverity, type Diagnostic } from '../core/diagnostics.js';
import { limitOfCode, LIMITS } from '../core/limits.js';
import { loadModelText } from '../core/model/load.js';
import { parseYamlSource, type YamlSource } from '../core/yaml-source.js';
import { addedRelationships, docBlockOverwrite, duplicateRelationship, fileLayer, isModelFile, wrongLayer, type Finding } from './checks.js';
import { asChangeError, ChangeError, type Location } from './errors.js';
import { checkContentSize, etagOf, readTextOrNull } from './files.js';
import { applyJsonPatch, toPointer, type Reanchor } from './json-patch.js';
import { projectPath } from './paths.js';
import type { ChangeRequest } from './types.js';

/** The five causes the spec names, plus the ones a change can meet before its content is read. */
export const BLOCK_CODES = ['YAML_INVALID', 'PATH_ESCAPE', 'WRONG_LAYER', 'DUPLICATE_RELATIONSHIP', 'DOC_BLOCK_OVERWRITE', 'STALE_PROPOSAL', 'DUPLICATE_ENTRY', 'NOT_FOUND', 'CONFLICT', 'PATCH_FAILED', 'NOT_TEXT', 'FILE_TOO_LARGE',
  // a path or content over a limit (core/limits.ts), a name git or the OS refuses, a file that is not readable text
  'NAME_INVALID', 'NAME_TOO_LONG', 'PATH_TOO_LONG', 'LINE_TOO_LONG', 'NESTING_TOO_DEEP', 'TOO_MANY_KEYS', 'YAML_TOO_MANY_ALIASES', 'YAML_ALIAS_LIMIT', 'NOT_A_FILE', 'INVALID_UTF8'] as const;

export interface ChangeResult {
  index: number;
  op: string;
  path: string;
  to?: string;
  valid: boolean;
  code?: string;
  message: string;
  location?: Location;
  details?: Record<string, unknown>;
  /** What applying it does to validation (or why it cannot be applied). */
  validation_impact: string;
  /** Its effect is already in the file (applied before): applying it writes nothing. */
  already?: boolean;
  /** Operations that act where their element is now, not where their path pointed. */
  reanchored?: Reanchor[];
}

export interface ProposalValidation {
  valid: boolean;
  results: ChangeResult[];
  summary: { total: number; valid: number; blocked: number; codes: Record<string, number> };
  /** The final content of every file the proposal touches (null: deleted), when it is valid. */
  writes: { rel: string; content: string | null }[];
  /** The file to open after applying: the first change that leaves a file behind. */
  primaryFile?: string;
  /** Every file the proposal touches: its text now and as the valid changes leave it (null: absent), for a reviewer's diff. */
  files: { rel: string; before: string | null; after: string | null }[];
}

export interface ValidateContext {
  root: string;
  /** Where a doc block is defined (the project reader's doc index). */
  docFile: (name: string) => { file: string; line: number } | undefined;
}

const isYaml = (rel: string) => /\.ya?ml$/i.test(rel);

export function validateProposal(ctx: ValidateContext, changes: readonly ChangeRequest[]): ProposalValidation {
  const state = new Map<string, string | null>(); // rel → content as the proposal leaves it (null: absent)
  const original = new Map<string, string | null>();
  const current = (rel: string, abs: string): string | null => {
    if (state.has(rel)) return state.get(rel)!;
    const text = readTextOrNull(abs, rel);
    original.set(rel, text);
    state.set(rel, text);
    return text;
  };
  const introduced: { change: number; layer: string; key: string; rel: string; index: number }[] = [];
  // whether a file changed since a change was made is judged against the file on disk
  const disk = (rel: string) => original.get(rel) ?? null;
  const results: ChangeResult[] = changes.map((c, index) => {
    const base = { index, op: c.op, path: c.path, ...(c.to !== undefined ? { to: c.to } : {}) };
    try {
      const sim = simulate(ctx, c, current, disk);
      for (const [rel, content] of sim.files) state.set(rel, content);
      for (const r of sim.relationships) introduced.push({ change: index, ...r });
      return { ...base, valid: true, message: sim.message, validation_impact: sim.impact,
        ...(sim.already ? { already: true } : {}), ...(sim.reanchored?.length ? { reanchored: sim.reanchored } : {}) };
    } catch (err) {
      const e = asChangeError(err);
      if (!e) throw err;
      const { location, ...details } = (e.details ?? {}) as { location?: Location };
      return { ...base, valid: false, code: e.code, message: e.message, ...(location ? { location } : {}),
        ...(Object.keys(details).length ? { details } : {}), validation_impact: `Blocked (${e.code}): nothing is written until this change is fixed or removed.` };
    }
  });
  // the same relationship added by two changes of one proposal (same layer), whatever the files
  const seen = new Map<string, (typeof introduced)[number]>();
  for (const r of introduced) {
    const k = `${r.layer}|${r.key}`;
    const first = seen.get(k);
    if (!first) { seen.set(k, r); continue; }
    if (first.change === r.change || !results[r.change].valid) continue;
    results[r.change] = { ...results[r.change], valid: false, code: 'DUPLICATE_RELATIONSHIP',
      message: `${r.rel}: relationship relationships[${r.index}] (${r.key}) is also added by change ${first.change} in ${first.rel}; keep one of them`,
      location: { file: r.rel, pointer: toPointer(['relationships', r.index]) }, details: { key: r.key, other_change: first.change },
      validation_impact: 'Blocked (DUPLICATE_RELATIONSHIP): nothing is written until this change is fixed or removed.' };
  }
  const codes: Record<string, number> = {};
  for (const r of results) if (r.code) codes[r.code] = (codes[r.code] ?? 0) + 1;
  const blocked = results.filter((r) => !r.valid).length;
  const valid = blocked === 0;
  const writes = valid ? [...state].filter(([rel, content]) => content !== original.get(rel)).map(([rel, content]) => ({ rel, content })) : [];
  // writes before deletes, so a rename never leaves a moment with neither file
  writes.sort((a, b) => Number(a.content === null) - Number(b.content === null));
  const primary = changes.find((c) => c.op !== 'delete_file');
  const files = [...original.keys()].map((rel) => ({ rel, before: original.get(rel)!, after: state.get(rel)! }));
  return {
    valid, results, writes, files,
    summary: { total: results.length, valid: results.length - blocked, blocked, codes },
    ...(valid && primary ? { primaryFile: primary.op === 'rename_file' ? normalised(ctx, primary.to!) : normalised(ctx, primary.path) } : {}),
  };
}

function normalised(ctx: ValidateContext, p: string): string {
  return projectPath(ctx.root, p).rel;
}

interface Simulated {
  files: [string, string | null][];
  relationships: { layer: string; key: string; rel: string; index: number }[];
  message: string;
  impact: string;
  already?: boolean;
  reanchored?: Reanchor[];
}

function simulate(ctx: ValidateContext, c: ChangeRequest, current: (rel: string, abs: string) => string | null, disk: (rel: string) => string | null): Simulated {
  const { rel, abs } = projectPath(ctx.root, c.path);
  const before = current(rel, abs);
  const exists = before !== null;
  const onDisk = disk(rel);
  // made against another text of the file than the one on disk now
  const stale = c.base_etag !== undefined && onDisk !== null && etagOf(onDisk) !== c.base_etag;
  const whole = (text: string): Simulated => {
    if (text === before) return already(rel);
    if (stale) throw staleFile(rel, c.base_etag!, onDisk!, 'its new content was written over the old text and would undo that edit');
    return content(ctx, rel, before, text, c.op);
  };
  switch (c.op) {
    case 'create_file': {
      if (exists && before === c.content) return already(rel);
      if (exists) throw new ChangeError('CONFLICT', `${rel} already exists; propose update_file or patch_yaml to change it`, { location: { file: rel } });
      return content(ctx, rel, null, str(c.content, 'content'), c.op);
    }
    case 'update_file':
      if (!exists) throw notFound(rel, 'create_file');
      return whole(str(c.content, 'content'));
    case 'patch_yaml': {
      if (!exists) throw notFound(rel, 'create_file');
      if (!isYaml(rel)) throw new ChangeError('PATCH_FAILED', `${rel} is not a YAML file; patch_yaml edits .yml/.yaml files (use update_file)`, { location: { file: rel } });
      if (c.patch !== undefined && c.content !== undefined) throw new ChangeError('PATCH_FAILED', `give either patch or content for ${rel}, not both`, { location: { file: rel } });
      if (c.patch === undefined) return whole(str(c.content, 'content'));
      const parsed = parseYamlSource(before, rel);
      if (parsed.value === undefined) throw yamlInvalid(rel, parsed.diagnostics, 'the file does not parse now, so it cannot be patched');
      let patched;
      try { patched = applyJsonPatch(before, parsed.value, c.patch, rel, { stale }); } catch (e) {
        if (e instanceof ChangeError) {
          e.details = { ...e.details, location: { file: rel, ...(e.details?.pointer ? { pointer: e.details.pointer } : {}) } };
          if (e.code === 'STALE_PROPOSAL') e.details = { ...e.details, base_etag: c.base_etag, etag: etagOf(onDisk ?? before) };
        }
        throw e;
      }
      if (patched.noops.length === c.patch.length) return already(rel);
      const done = content(ctx, rel, before, patched.text, c.op, { old: parsed.value, now: patched.source });
      if (!patched.reanchored.length) return done;
      const moves = patched.reanchored.map((m) => `operation ${m.op} ${m.anchor}: ${m.from} → ${m.to}${m.note ? ` (${m.note})` : ''}`).join('; ');
      return { ...done, reanchored: patched.reanchored, message: `${done.message}; re-anchored by identity: ${moves}` };
    }
    case 'delete_file':
      if (!exists && c.base_etag !== undefined) return already(rel);
      if (!exists) throw notFound(rel);
      if (stale) throw staleFile(rel, c.base_etag!, onDisk!, 'deleting it would lose that edit');
      return { files: [[rel, null]], relationships: [], message: `${rel} is deleted`, impact: `Removes ${rel}; validation runs again without it.` };
    case 'rename_file': {
      if (!exists) throw notFound(rel);
      if (stale) throw staleFile(rel, c.base_etag!, onDisk!, 'renaming it would carry that edit along unreviewed');
      if (c.to === undefined) throw new ChangeError('PATCH_FAILED', 'rename_file needs `to`, the new path');
      const to = projectPath(ctx.root, c.to, 'to');
      if (to.rel === rel) throw new ChangeError('CONFLICT', `rename_file moves ${rel} onto itself`, { location: { file: rel } });
      if (current(to.rel, to.abs) !== null) throw new ChangeError('CONFLICT', `${to.rel} already exists; delete it first or choose another name`, { location: { file: to.rel } });
      const moved = content(ctx, to.rel, null, before, c.op);
      return { ...moved, files: [[rel, null], ...moved.files], message: `${rel} is renamed to ${to.rel}` };
    }
    default:
      throw new ChangeError('PATCH_FAILED', `unknown op '${(c as any).op}'; use create_file, update_file, patch_yaml, delete_file or rename_file`);
  }
}

/** The checks on a file's new text; `before` is its text now (null when new). */
/** `parsed`: the texts already parsed by the caller (a patch parses both), so no file is parsed twice. */
function content(ctx: ValidateContext, rel: string, before: string | null, after: string, op: string, parsedAlready?: { old: unknown; now: YamlSource }): Simulated {
  const done: Simulated = { files: [[rel, after]], relationships: [], message: `${rel}: ok`, impact: `No blocking issues in ${rel}.` };
  checkContentSize(rel, after);
  if (!isYaml(rel)) return done;
  const parsed = parsedAlready?.now ?? parseYamlSource(after, rel);
  if (parsed.value === undefined) throw yamlInvalid(rel, parsed.diagnostics, 'the new content does not parse');
  const old = parsedAlready ? parsedAlready.old : before === null ? undefined : parseYamlSource(before, rel).value;
  const located = (f: Finding): ChangeError => {
    const pos = parsed.locate(f.path);
    return new ChangeError(f.code, f.message, { ...f.details, location: { file: rel, line: pos.line, column: pos.column, pointer: toPointer(f.path) } });
  };
  const wrong = wrongLayer(rel, old, parsed.value);
  if (wrong) throw located(wrong);
  if (op === 'update_file' || op === 'patch_yaml') {
    const overwrite = docBlockOverwrite(old, parsed.value, ctx.docFile);
    if (overwrite) throw located(overwrite);
  }
  const dup = duplicateRelationship(rel, old, parsed.value);
  if (dup) throw located(dup);
  if (isModelFile(rel)) {
    const errorsOf = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 'error' && d.code !== 'UNKNOWN_GLOSSARY_TERM');
    const now = loadModelText(after, rel);
    const had = new Set(before === null ? [] : errorsOf(loadModelText(before, rel).diagnostics).map((d) => `${d.code}|${d.message}`));
    const fresh = errorsOf(now.diagnostics).filter((d) => !had.has(`${d.code}|${d.message}`));
    if (fresh.length) {
      const d = fresh[0];
      const code = d.code === 'DUPLICATE_RELATIONSHIP' ? 'DUPLICATE_RELATIONSHIP' : 'YAML_INVALID';
      throw new ChangeError(code, `${rel}:${d.line ?? 1}:${d.column ?? 1}: ${d.code}: ${d.message}${fresh.length > 1 ? ` (+${fresh.length - 1} more)` : ''}`,
        { location: { file: rel, line: d.line, column: d.column, ...(d.path ? { pointer: d.path } : {}) }, diagnostics: fresh.slice(0, 20) });
    }
    const layer = fileLayer(rel, parsed.value) ?? 'physical';
    done.relationships = addedRelationships(old, parsed.value).map((r) => ({ layer, key: r.key, rel, index: r.index }));
    const c = countBySeverity(now.diagnostics);
    done.message = `${rel} validates as a model file (${c.warning} warning(s))`;
    done.impact = `${rel} validates against schemas/model.schema.json and the model checks${c.warning ? ` with ${c.warning} warning(s)` : ''}.`;
  } else {
    done.message = `${rel} parses as YAML`;
  }
  return done;
}

/** A change whose effect is already in the file: valid, and nothing to write. */
function already(rel: string): Simulated {
  return { files: [], relationships: [], message: `${rel}: already applied; nothing to change`, impact: `Nothing to write: ${rel} already holds this change.`, already: true };
}

function staleFile(rel: string, base: string, now: string, why: string): ChangeError {
  return new ChangeError('STALE_PROPOSAL', `${rel} changed since the change was made (its ETag was ${base}, it is now ${etagOf(now)}); ${why}. Nothing was written: make the proposal again from the file as it is now`,
    { location: { file: rel }, base_etag: base, etag: etagOf(now) });
}

function str(v: unknown, field: string): string {
  if (typeof v !== 'string') throw new ChangeError('PATCH_FAILED', `the change needs \`${field}\` (the whole new text)`);
  return v;
}

function notFound(rel: string, instead?: string): ChangeError {
  return new ChangeError('NOT_FOUND', `${rel} does not exist${instead ? `; propose ${instead} to add it` : ''}`, { location: { file: rel } });
}

function yamlInvalid(rel: string, ds: Diagnostic[], what: string): ChangeError {
  const d = ds.find((x) => x.severity === 'error')!;
  // over a limit: the limit's own code, its name in the details
  const limit = limitOfCode(d.code);
  return new ChangeError(limit ? d.code : 'YAML_INVALID', `${rel}:${d.line}:${d.column}: ${what}: ${d.message}`,
    { location: { file: rel, line: d.line, column: d.column }, hint: d.hint, ...(limit ? { limit, max: LIMITS[limit].max } : {}) });
}
