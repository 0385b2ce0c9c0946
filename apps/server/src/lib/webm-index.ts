/**
 * What a WebM file on disk says about itself at the top level: its Duration and whether it has a
 * Cues element (the index a player seeks by). Reads only element headers and the Info body, so a
 * file of hundreds of megabytes costs a few hundred small reads. Used to check a joined recording
 * before it is served (decision 0168).
 */
import fs from 'node:fs/promises';
import { ID_INFO, ID_SEGMENT, infoDurationMs, readElement } from './webm-duration';

const ID_EBML = 0x1a45dfa3;
const ID_CUES = 0x1c53bb6b;
/** An element id (≤ 4 bytes) and size (≤ 8 bytes) fit in this many bytes. */
const HEADER_BYTES = 12;
/** Info holds a handful of short fields; anything larger is not a file this reads. */
const INFO_MAX_BYTES = 64 * 1024;

export type WebmIndex = { durationMs: number | null; hasCues: boolean };

export async function readWebmIndex(file: string): Promise<WebmIndex> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (pos: number, length: number) => {
      const buf = Buffer.alloc(Math.max(0, Math.min(length, size - pos)));
      await handle.read(buf, 0, buf.length, pos);
      return buf;
    };
    const result: WebmIndex = { durationMs: null, hasCues: false };
    const ebml = readElement(await read(0, HEADER_BYTES), 0);
    if (!ebml || ebml.id !== ID_EBML || ebml.unknownSize) return result;
    const segHead = await read(ebml.end, HEADER_BYTES);
    const segment = readElement(segHead, 0);
    if (!segment || segment.id !== ID_SEGMENT) return result;
    const segmentEnd = segment.unknownSize ? size : Math.min(size, ebml.end + segment.end);
    for (let pos = ebml.end + segment.dataStart; pos < segmentEnd;) {
      const el = readElement(await read(pos, HEADER_BYTES), 0);
      // A child of unknown size (a streamed Cluster) cannot be stepped over: what follows is unknown.
      if (!el || el.unknownSize) break;
      if (el.id === ID_CUES) result.hasCues = true;
      if (el.id === ID_INFO && el.end <= INFO_MAX_BYTES) {
        result.durationMs = infoDurationMs(await read(pos, el.end), el);
      }
      pos += el.end;
    }
    return result;
  } finally {
    await handle.close();
  }
}
