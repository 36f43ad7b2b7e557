// The editor's file operations on a project (the UI's Explorer and editor): read with an ETag,
// write when the file is still what was read, create, rename, delete. Paths are contained
// (paths.ts), YAML is parsed before it is written, and every write goes through the journal.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { checkTextLimits, LimitError, limitOfCode, LIMITS } from '../core/limits.js';
import { decodeUtf8, readBytes } from '../core/read-text.js';
import { parseYamlSource } from '../core/yaml-source.js';
import { ChangeError } from './errors.js';
import { commitFiles } from './journal.js';
import { projectPath } from './paths.js';

/** The largest file the editor reads or writes (the file_size limit). */
export const MAX_TEXT_FILE = LIMITS.file_size.max;

/** A strong ETag of a file's text (its content hash), as HTTP writes it, quotes included. */
export function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
}

/**
 * The text of a file, null when it does not exist. A folder (CONFLICT), a device, FIFO or socket
 * (NOT_A_FILE, refused before it is opened), a file over the size limit (FILE_TOO_LARGE), a
 * binary file (NOT_TEXT) or one that is not UTF-8 (INVALID_UTF8, located) is refused.
 */
export function readTextOrNull(abs: string, rel: string): string | null {
  let st;
  try { st = statSync(abs); } catch { return null; }
  if (st.isDirectory()) throw new ChangeError('CONFLICT', `${rel} is a folder, not a file`, { location: { file: rel } });
  const buf = readBytes(abs, rel);
  if (buf.includes(0)) throw new ChangeError('NOT_TEXT', `${rel} is a binary file, not text`, { location: { file: rel } });
  return decodeUtf8(buf, rel);
}

/** New content for a file must fit the size a read allows (so what is written can be read back). */
export function checkContentSize(rel: string, content: string): void {
  checkTextLimits(content, rel, { lines: false });
}

export interface FileRead { path: string; content: string; etag: string }

export function readProjectFile(root: string, p: unknown): FileRead {
  const { rel, abs } = projectPath(root, p);
  const content = readTextOrNull(abs, rel);
  if (content === null) throw new ChangeError('NOT_FOUND', `${rel} does not exist`, { location: { file: rel } });
  return { path: rel, content, etag: etagOf(content) };
}

/** Replace an existing file; with `ifMatch`, only while it still has that ETag. */
export function writeProjectFile(root: string, p: unknown, content: string, ifMatch?: string): { path: string; etag: string } {
  const { rel, abs } = projectPath(root, p);
  const now = readTextOrNull(abs, rel);
  if (now === null) throw new ChangeError('NOT_FOUND', `${rel} does not exist; create it instead`, { location: { file: rel } });
  precondition(rel, now, ifMatch);
  checkContentSize(rel, content);
  checkYaml(rel, content);
  commitFiles(root, [{ rel, content }]);
  return { path: rel, etag: etagOf(content) };
}

export function createProjectFile(root: string, p: unknown, content: string): { path: string; etag: string } {
  const { rel, abs } = projectPath(root, p);
  if (readTextOrNull(abs, rel) !== null) throw new ChangeError('CONFLICT', `${rel} already exists`, { location: { file: rel } });
  checkContentSize(rel, content);
  checkYaml(rel, content);
  commitFiles(root, [{ rel, content }]);
  return { path: rel, etag: etagOf(content) };
}

export function renameProjectFile(root: string, p: unknown, to: unknown, ifMatch?: string): { path: string; from: string; etag: string } {
  const from = projectPath(root, p);
  const dest = projectPath(root, to, 'to');
  const text = readTextOrNull(from.abs, from.rel);
  if (text === null) throw new ChangeError('NOT_FOUND', `${from.rel} does not exist`, { location: { file: from.rel } });
  precondition(from.rel, text, ifMatch);
  if (dest.rel === from.rel) throw new ChangeError('CONFLICT', `${from.rel} is already called that`, { location: { file: from.rel } });
  if (readTextOrNull(dest.abs, dest.rel) !== null) throw new ChangeError('CONFLICT', `${dest.rel} already exists`, { location: { file: dest.rel } });
  checkYaml(dest.rel, text);
  commitFiles(root, [{ rel: dest.rel, content: text }, { rel: from.rel, content: null }]);
  return { path: dest.rel, from: from.rel, etag: etagOf(text) };
}

export function deleteProjectFile(root: string, p: unknown, ifMatch?: string): { path: string } {
  const { rel, abs } = projectPath(root, p);
  const now = readTextOrNull(abs, rel);
  if (now === null) throw new ChangeError('NOT_FOUND', `${rel} does not exist`, { location: { file: rel } });
  precondition(rel, now, ifMatch);
  commitFiles(root, [{ rel, content: null }]);
  return { path: rel };
}

/** If-Match: `*`, or one of a comma-separated list of ETags (weak ones compared by value). */
function precondition(rel: string, now: string, ifMatch: string | undefined): void {
  if (ifMatch === undefined) return;
  const etag = etagOf(now);
  const given = ifMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (given.includes('*') || given.includes(etag)) return;
  throw new ChangeError('CONFLICT', `${rel} changed since it was read (its ETag is now ${etag}); read it again and redo the edit`, { location: { file: rel }, etag });
}

/** YAML must parse before it is written: the located syntax error otherwise. */
export function checkYaml(rel: string, text: string): void {
  if (!/\.ya?ml$/i.test(rel)) return;
  const parsed = parseYamlSource(text, rel);
  const d = parsed.diagnostics.find((x) => x.severity === 'error');
  if (!d) return;
  // over a limit: the limit's own code and status, its name in the details
  const limit = limitOfCode(d.code);
  if (limit) throw new LimitError(limit, d.message, { file: rel, line: d.line, column: d.column });
  throw new ChangeError('YAML_INVALID', `${rel}:${d.line}:${d.column}: ${d.message}`, { location: { file: rel, line: d.line, column: d.column }, hint: d.hint });
}
