// A file of named sections, made to be opened fast: a magic line, a blob that is only ever read
// in pieces by positioned reads (the records: a query touches a few hundred of them), typed
// arrays and strings (read in one go, used in place without parsing), then a small JSON header
// and its length. The blob comes first so the file is written as it is made, a part at a time:
// at 10,000 models the blob is ~250 MB, and holding it whole in memory (then copying it behind a
// header that depends on it) cost the first call more in copies and garbage collection than
// writing it. Every length is checked on opening; a file that does not add up is refused (the
// caller rebuilds), never half trusted.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import * as zlib from 'node:zlib';

const MAGIC = Buffer.from('MODELER-SECTIONS-3\n');
/** After the header: its length (u32) and checksum (i32). */
const TRAILER = 8;

export type Section = string | Int32Array | Uint8Array;

/** A 32-bit checksum of bytes: CRC-32 where Node has it (20.15+), else the first bytes of a SHA-1. */
const crc32 = (zlib as { crc32?: (b: Uint8Array) => number }).crc32;
export const CHECKSUM = crc32 ? 'crc32' : 'sha1';
export function checksum(b: Uint8Array | readonly Uint8Array[]): number {
  const parts = b instanceof Uint8Array ? [b] : b;
  // signed, as an Int32Array holds it; part by part (CRC-32 continues from the previous value), never concatenated
  if (crc32) { let c = 0; for (const x of parts) c = (crc32 as (b: Uint8Array, v?: number) => number)(x, c); return c | 0; }
  const h = createHash('sha1');
  for (const x of parts) h.update(x);
  return h.digest().readUInt32LE(0) | 0;
}

/** A file whose bytes are not what was written (a flipped bit, a partial copy). */
export class DamagedFile extends Error {}
type Where = [offset: number, bytes: number, type: 's' | 'i' | 'u'];

/**
 * The whole file, part by part as it is to be written (nothing concatenated): magic, the blob as
 * `blob` yields it, the sections (each 4-aligned), the header, its length and checksum. `blob`
 * may yield one buffer again and again (refilled): each part is written before the next is
 * asked for. `end` gives the header and sections once the blob is written (they may say where
 * its parts lie).
 */
export function* packSections(blob: Iterable<Uint8Array>, end: (blobLength: number) => { header: Record<string, unknown>; sections: Record<string, Section> }): Generator<Uint8Array, void, undefined> {
  yield MAGIC;
  let length = 0;
  for (const b of blob) { length += b.length; yield b; }
  const { header, sections } = end(length);
  const where: Record<string, Where> = {};
  const parts: Buffer[] = [];
  let at = 0;
  for (const [name, s] of Object.entries(sections)) {
    const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : Buffer.from(s.buffer, s.byteOffset, s.byteLength);
    where[name] = [at, b.length, typeof s === 'string' ? 's' : s instanceof Int32Array ? 'i' : 'u'];
    parts.push(b);
    const pad = (4 - (b.length % 4)) % 4;
    if (pad) parts.push(Buffer.alloc(pad));
    at += b.length + pad;
  }
  const check = checksum(parts);
  yield* parts;
  const head = Buffer.from(JSON.stringify({ ...header, endianness: endianness(), sections: where, data: at, blob: length, check: [CHECKSUM, check] }), 'utf8');
  const trailer = Buffer.alloc(TRAILER);
  trailer.writeUInt32LE(head.length);
  trailer.writeInt32LE(checksum(head), 4);
  yield head;
  yield trailer;
}

export class SectionFile {
  private constructor(private fd: number, readonly header: Record<string, any>, private data: Buffer, readonly blobAt: number, readonly blobLength: number, readonly dataAt: number) {}

  /** Open and check a section file; throws when it is not one or does not add up. */
  static open(path: string): SectionFile {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const first = Buffer.alloc(MAGIC.length);
      if (size < MAGIC.length + TRAILER || readSync(fd, first, 0, first.length, 0) !== first.length || !first.equals(MAGIC)) throw new Error('not a section file');
      const trailer = Buffer.alloc(TRAILER);
      if (readSync(fd, trailer, 0, TRAILER, size - TRAILER) !== TRAILER) throw new Error('truncated');
      const headLen = trailer.readUInt32LE(0);
      if (MAGIC.length + headLen + TRAILER > size) throw new Error('truncated header');
      const head = Buffer.alloc(headLen);
      if (readSync(fd, head, 0, headLen, size - TRAILER - headLen) !== headLen) throw new Error('truncated header');
      if (checksum(head) !== trailer.readInt32LE(4)) throw new DamagedFile('header checksum differs');
      const header = JSON.parse(head.toString('utf8'));
      if (header.endianness !== endianness()) throw new Error('written on a machine of another byte order');
      if (!Number.isInteger(header.data) || !Number.isInteger(header.blob) || header.data < 0 || header.blob < 0) throw new Error('does not add up');
      const dataAt = MAGIC.length + header.blob;
      if (dataAt + header.data + headLen + TRAILER !== size) throw new Error('truncated or padded');
      // a buffer of its own (never a slice of Node's pool), so the typed arrays are 4-aligned
      const data = Buffer.from(new ArrayBuffer(header.data));
      if (readSync(fd, data, 0, data.length, dataAt) !== data.length) throw new Error('truncated data');
      // the sections are used in place, unparsed: their bytes must be the ones written (the blob's records carry their own checksums)
      if (!Array.isArray(header.check) || header.check[0] !== CHECKSUM || checksum(data) !== header.check[1]) throw new DamagedFile('checksum differs');
      return new SectionFile(fd, header, data, MAGIC.length, header.blob, dataAt);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  private where(name: string, type: Where[2]): Where {
    const w = this.header.sections?.[name] as Where | undefined;
    if (!w || w[2] !== type || w[0] < 0 || w[0] % 4 || w[0] + w[1] > this.data.length) throw new Error(`section ${name} is missing or does not fit`);
    return w;
  }

  text(name: string): string {
    const [at, n] = this.where(name, 's');
    return this.data.toString('utf8', at, at + n);
  }

  int32(name: string): Int32Array {
    const [at, n] = this.where(name, 'i');
    if (n % 4) throw new Error(`section ${name} is not whole`);
    return new Int32Array(this.data.buffer, this.data.byteOffset + at, n / 4);
  }

  uint8(name: string): Uint8Array {
    const [at, n] = this.where(name, 'u');
    return new Uint8Array(this.data.buffer, this.data.byteOffset + at, n);
  }

  /** Bytes [start, end) of the blob. */
  blob(start: number, end: number): Buffer {
    if (start < 0 || end < start || end > this.blobLength) throw new Error('blob range out of bounds');
    const b = Buffer.alloc(end - start);
    if (readSync(this.fd, b, 0, b.length, this.blobAt + start) !== b.length) throw new Error('blob truncated');
    return b;
  }

  close(): void {
    try { closeSync(this.fd); } catch { /* closed already */ }
  }
}
