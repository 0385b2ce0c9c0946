/**
 * A minimal ZIP writer that streams: entries are stored (no compression: the big entry is a WebM
 * video, which does not compress), each file's bytes pass through once and are never held whole. An
 * entry whose bytes are in memory gets its CRC-32 and sizes in the local header; a streamed one gets
 * them in a data descriptor after its bytes (general purpose bit 3), and the central directory at the
 * end carries them for every entry, which is what unzip tools read. No ZIP64: an entry or archive past
 * 4 GiB fails the stream rather than writing a broken file (a recording is at most 1 GiB).
 */
import { Readable } from 'node:stream';

export type ZipEntry = {
  /** The path inside the archive (UTF-8, '/' separated). */
  name: string;
  /** Bytes in memory, or a way to open them when the writer reaches this entry. */
  data: Buffer | (() => Promise<AsyncIterable<Uint8Array>>);
};

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as ZIP uses), continued from `crc` so a stream can be summed chunk by chunk. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const MAX_32 = 0xffffffff;
const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;

/** MS-DOS time and date fields, from the UTC clock (ZIP has no time zone; UTC reads the same everywhere). */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

type Written = { name: Buffer; flags: number; crc: number; size: number; offset: number };

/**
 * The fields the local header and the central directory entry share, in the same order (from
 * "version needed" to "extra field length"), written at `at`.
 */
function writeEntryFields(b: Buffer, at: number, e: Written, when: { time: number; date: number }): void {
  b.writeUInt16LE(20, at); // version needed: 2.0
  b.writeUInt16LE(e.flags, at + 2);
  b.writeUInt16LE(0, at + 4); // stored
  b.writeUInt16LE(when.time, at + 6);
  b.writeUInt16LE(when.date, at + 8);
  b.writeUInt32LE(e.crc, at + 10);
  b.writeUInt32LE(e.size, at + 14); // compressed and uncompressed: the same when stored
  b.writeUInt32LE(e.size, at + 18);
  b.writeUInt16LE(e.name.length, at + 22);
  b.writeUInt16LE(0, at + 24); // no extra field
}

function localHeader(e: Written, when: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  writeEntryFields(h, 4, e, when);
  return Buffer.concat([h, e.name]);
}

function dataDescriptor(e: Written): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  d.writeUInt32LE(e.size, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralEntry(e: Written, when: { time: number; date: number }): Buffer {
  const c = Buffer.alloc(46);
  c.writeUInt32LE(0x02014b50, 0);
  c.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0 (so the mode below is read)
  writeEntryFields(c, 6, e, when);
  // comment, disk number, internal attributes: 0
  c.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  c.writeUInt32LE(e.offset, 42);
  return Buffer.concat([c, e.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const z = Buffer.alloc(22);
  z.writeUInt32LE(0x06054b50, 0);
  z.writeUInt16LE(count, 8);
  z.writeUInt16LE(count, 10);
  z.writeUInt32LE(size, 12);
  z.writeUInt32LE(offset, 16);
  return z;
}

const tooBig = () => new Error('The archive would pass 4 GiB, which this ZIP writer (no ZIP64) cannot write.');

async function* zipBytes(entries: ZipEntry[], modified: Date): AsyncGenerator<Buffer> {
  const when = dosTime(modified);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (Buffer.isBuffer(entry.data)) {
      const e = { name, flags: FLAG_UTF8, crc: crc32(entry.data), size: entry.data.length, offset };
      const header = localHeader(e, when);
      yield header;
      yield entry.data;
      offset += header.length + e.size;
      written.push(e);
    } else {
      const e = { name, flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, size: 0, offset };
      const header = localHeader(e, when);
      yield header;
      for await (const chunk of await entry.data()) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        e.crc = crc32(buf, e.crc);
        e.size += buf.length;
        if (e.size > MAX_32) throw tooBig();
        yield buf;
      }
      const descriptor = dataDescriptor(e);
      yield descriptor;
      offset += header.length + e.size + descriptor.length;
      written.push(e);
    }
    if (offset > MAX_32) throw tooBig();
  }
  const directory = Buffer.concat(written.map((e) => centralEntry(e, when)));
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}

/** The archive as a stream, pulled as the reader reads (backpressure reaches each entry's source). */
export function zipStream(entries: ZipEntry[], modified = new Date()): Readable {
  if (entries.length > 0xffff) throw new Error('Too many entries for a ZIP without ZIP64.');
  return Readable.from(zipBytes(entries, modified), { objectMode: false });
}
