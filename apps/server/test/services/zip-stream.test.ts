/**
 * The streaming ZIP writer the candidate packet uses: archives unzip reads and checks, an entry's
 * source opened only when reached and read only as fast as the archive is read.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zipStream } from '../../src/lib/zip-stream';

const CHUNK = 64 * 1024;
/** A source of `count` chunks that counts how many were pulled. */
function counted(count: number) {
  const state = { opened: false, pulled: 0 };
  const open = async () => {
    state.opened = true;
    return (async function* () {
      for (let i = 0; i < count; i++) {
        state.pulled++;
        yield Buffer.alloc(CHUNK, i % 256);
      }
    })();
  };
  return { state, open };
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of stream) parts.push(b as Buffer);
  return Buffer.concat(parts);
}

/** Each central-directory entry's name, CRC-32 and size, read back from the archive's end. */
function centralDirectory(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; crc: number; size: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

describe('zipStream', () => {
  it('computes the standard CRC-32, also chunk by chunk', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('456789'), crc32(Buffer.from('123')))).toBe(0xcbf43926);
  });

  it('writes an archive unzip accepts, with each entry’s CRC and size in the central directory', async () => {
    const big = counted(40);
    const note = Buffer.from('{"a": "é"}\n');
    const zip = await collect(
      zipStream([
        { name: 'note.json', data: note },
        { name: 'video/recording.webm', data: big.open },
        { name: 'empty.txt', data: Buffer.alloc(0) },
      ]),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    try {
      const file = path.join(dir, 'a.zip');
      fs.writeFileSync(file, zip);
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    let expected = 0;
    for (let i = 0; i < 40; i++) expected = crc32(Buffer.alloc(CHUNK, i % 256), expected);
    expect(centralDirectory(zip)).toEqual([
      { name: 'note.json', crc: crc32(note), size: note.length, offset: 0 },
      { name: 'video/recording.webm', crc: expected, size: 40 * CHUNK, offset: expect.any(Number) },
      { name: 'empty.txt', crc: 0, size: 0, offset: expect.any(Number) },
    ]);
  });

  it('opens a source only when the archive reaches it, and pulls it only as fast as the archive is read', async () => {
    const first = counted(1000);
    const second = counted(10);
    const stream = zipStream([
      { name: 'a.bin', data: first.open },
      { name: 'b.bin', data: second.open },
    ]);
    let read = 0;
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      if (read > 4 * CHUNK) break;
    }
    stream.destroy();
    // About 64 MB behind the first entry, but only what was read (and the stream's small buffer) was pulled.
    expect(first.state.pulled).toBeLessThan(20);
    expect(second.state.opened).toBe(false);
  });
});
