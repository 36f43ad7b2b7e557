// Reading a text file safely, the one way every reader of user files does it: a device, FIFO or
// socket is refused by its type before it is opened (`/dev/zero` would never end, a FIFO would
// block forever); the size is checked before reading and the read is bounded (a file that grows
// meanwhile cannot get past the limit); bytes that are not UTF-8 are a located error instead of
// silent U+FFFD replacements.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { UserError, type Diagnostic } from './diagnostics.js';
import { checkTextLimits, LIMITS, LimitError, limitDiagnostic, showLimit, type LimitName } from './limits.js';

/** A file that is not a readable text file: NOT_A_FILE (a device, FIFO, socket) or INVALID_UTF8 (located). */
export class ReadRefusal extends UserError {
  constructor(code: 'NOT_A_FILE' | 'INVALID_UTF8', public reason: string, public details: { location: { file: string; line?: number; column?: number }; [k: string]: unknown }) {
    const l = details.location;
    super(`${l.line !== undefined ? `${l.file}:${l.line}:${l.column ?? 1}: ` : `${l.file}: `}${reason}`, 1, code);
    this.name = 'ReadRefusal';
  }
}

export interface ReadTextOptions {
  /** which size limit applies (default: file_size) */
  size?: LimitName;
  /**
   * The caller has just seen a regular file at this path (a folder listing's entry type): it is
   * not stat'ed again before it is opened (it still is after, as every file is).
   */
  listedRegular?: boolean;
}

/** What a stat says a path is, in words, for a refusal. */
export function fileTypeName(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/**
 * The text of the regular file `abs` (`shown` names it in messages). Errors: the fs error as
 * thrown (ENOENT, EISDIR, EACCES — callers word those), ReadRefusal for a special file or bytes
 * that are not UTF-8, LimitError over the size limit.
 */
export function readTextFile(abs: string, shown = abs, o: ReadTextOptions = {}): string {
  return decodeUtf8(readBytes(abs, shown, o), shown);
}

/** The bytes of a regular file, refused by type and bounded by the size limit (see readTextFile). */
export function readBytes(abs: string, shown = abs, o: ReadTextOptions = {}): Buffer {
  const size = o.size ?? 'file_size';
  const max = LIMITS[size].max;
  if (!o.listedRegular) {
    const st = statSync(abs); // follows a symlink: a link to /dev/zero is refused too
    if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${shown}'`), { code: 'EISDIR' });
    refuseSpecial(st, shown);
    if (st.size > max) throw overSize(size, shown, st.size);
  }
  // O_NONBLOCK: if a FIFO took the file's place since the stat (or the listing), opening it does not block
  const fd = openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const now = fstatSync(fd);
    refuseSpecial(now, shown);
    if (now.size > max) throw overSize(size, shown, now.size);
    const buf = Buffer.allocUnsafe(Math.min(Math.max(now.size, 0), max) + 1);
    let n = 0;
    for (;;) {
      if (n === buf.length) {
        // it grew after the stat: read on only up to the limit
        if (n > max) throw overSize(size, shown, n);
        return Buffer.concat([buf, readRest(fd, max + 1 - n, size, shown, n)]);
      }
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) return buf.subarray(0, n);
      n += got;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A regular file read in pieces (refused and bounded as readBytes): `fn` gets a reader that fills
 * `into` from `at` with up to `len` bytes and returns how many (0 at the end). For files too large
 * to hold whole (dbt's manifest).
 */
export function readChunks<T>(abs: string, shown: string, o: ReadTextOptions, fn: (read: (into: Buffer, at: number, len: number) => number) => T): T {
  const size = o.size ?? 'file_size';
  const max = LIMITS[size].max;
  const st = statSync(abs);
  if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${shown}'`), { code: 'EISDIR' });
  refuseSpecial(st, shown);
  if (st.size > max) throw overSize(size, shown, st.size);
  const fd = openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    refuseSpecial(fstatSync(fd), shown);
    let total = 0;
    return fn((into, at, len) => {
      const got = readSync(fd, into, at, len, null);
      total += got;
      if (total > max) throw overSize(size, shown, total);
      return got;
    });
  } finally {
    closeSync(fd);
  }
}

function readRest(fd: number, room: number, size: LimitName, shown: string, have: number): Buffer {
  const chunk = Buffer.allocUnsafe(Math.min(room, 1024 * 1024));
  const parts: Buffer[] = [];
  let total = have;
  for (;;) {
    const got = readSync(fd, chunk, 0, chunk.length, null);
    if (got === 0) return Buffer.concat(parts);
    total += got;
    if (total > LIMITS[size].max) throw overSize(size, shown, total);
    parts.push(Buffer.from(chunk.subarray(0, got)));
  }
}

function refuseSpecial(st: Stats, shown: string): void {
  if (st.isFile()) return;
  throw new ReadRefusal('NOT_A_FILE', `${shown} is ${fileTypeName(st)}, not a regular file; modeler reads only regular files`, { location: { file: shown } });
}

function overSize(size: LimitName, shown: string, bytes: number): LimitError {
  return new LimitError(size, `${shown} is ${bytes.toLocaleString('en-US')} bytes, over the ${showLimit(size)} limit`, { actual: bytes, file: shown });
}

/** UTF-8 bytes as text, or INVALID_UTF8 at the line and column of the first bad byte. */
export function decodeUtf8(buf: Buffer, shown: string): string {
  if (isUtf8(buf)) return buf.toString('utf8');
  const at = firstInvalidUtf8(buf);
  const lineStart = buf.lastIndexOf(0x0a, at - 1) + 1;
  let line = 1;
  for (let i = buf.indexOf(0x0a); i >= 0 && i < at; i = buf.indexOf(0x0a, i + 1)) line++;
  const column = buf.subarray(lineStart, at).toString('utf8').length + 1;
  throw new ReadRefusal('INVALID_UTF8', `byte 0x${buf[at].toString(16).padStart(2, '0')} (offset ${at}) is not valid UTF-8; save the file as UTF-8`, { location: { file: shown, line, column }, offset: at });
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let need: number, min: number;
    if (c >= 0xc2 && c <= 0xdf) { need = 1; min = 0x80; } else if (c >= 0xe0 && c <= 0xef) { need = 2; min = 0x800; } else if (c >= 0xf0 && c <= 0xf4) { need = 3; min = 0x10000; } else return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return b.length;
}

/**
 * For readers that report instead of throwing (the project reader): the text, undefined when
 * the file does not exist, or the one diagnostic that says why the file cannot be read — a
 * special file, a limit, bytes that are not UTF-8, no permission — naming the file.
 */
export function readTextOrFinding(abs: string, rel: string, o: ReadTextOptions & { lines?: boolean } = {}): { text: string } | { finding: Diagnostic } | undefined {
  try {
    const text = readTextFile(abs, rel, o);
    if (o.lines) checkTextLimits(text, rel, { size: o.size });
    return { text };
  } catch (e: any) {
    if (e?.code === 'ENOENT' || e?.code === 'ENOTDIR') return undefined;
    return { finding: readFinding(e, rel) };
  }
}

/** Why a file cannot be read, as its diagnostic. */
export function readFinding(e: unknown, rel: string): Diagnostic {
  if (e instanceof LimitError) return limitDiagnostic(e, rel);
  if (e instanceof ReadRefusal) {
    const l = e.details.location;
    return { code: e.code, severity: 'error', file: rel, ...(l.line !== undefined ? { line: l.line, column: l.column } : {}), message: e.reason,
      hint: e.code === 'INVALID_UTF8' ? 're-save the file with UTF-8 encoding' : 'give the path of a regular file (in a project: remove it, or replace it with one)' };
  }
  const code = (e as NodeJS.ErrnoException)?.code;
  return { code: 'IO', severity: 'error', file: rel, message: `cannot read ${rel}: ${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : String((e as Error)?.message ?? e).split('\n')[0]}`,
    hint: 'make the file readable, or remove it from the project' };
}
