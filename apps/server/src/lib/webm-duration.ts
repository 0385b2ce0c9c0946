/**
 * Writes a Duration into the head of a WebM file. A browser's MediaRecorder streams its output, so
 * the header it writes first says nothing about the length, and players then show no timeline and
 * cannot seek. The recording's first chunk holds that header; the server knows the length from the
 * chunks received and adds it on the way out (the stored bytes stay as the browser sent them).
 */

export const ID_SEGMENT = 0x18538067;
export const ID_INFO = 0x1549a966;
export const ID_CLUSTER = 0x1f43b675;
const ID_TIMECODE_SCALE = 0x2ad7b1;
const ID_DURATION = 0x4489;

type Vint = { value: number; length: number; unknown: boolean };

/** An EBML variable-length integer at `pos` (an element id keeps its marker bit; a size drops it). */
function readVint(buf: Buffer, pos: number, keepMarker: boolean): Vint | null {
  if (pos >= buf.length) return null;
  const first = buf[pos]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = buf[pos + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

export type Element = { id: number; start: number; dataStart: number; end: number; unknownSize: boolean };

/** The element whose header starts at `pos` (its body may reach past the buffer: check `end`). */
export function readElement(buf: Buffer, pos: number): Element | null {
  const id = readVint(buf, pos, true);
  if (!id) return null;
  const size = readVint(buf, pos + id.length, false);
  if (!size) return null;
  const dataStart = pos + id.length + size.length;
  return { id: id.value, start: pos, dataStart, end: dataStart + size.value, unknownSize: size.unknown };
}

/** An 8-byte EBML size (marker byte 0x01, then the value; sizes here stay far below 2^48). */
function sizeVint8(value: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(value, 2, 6);
  return out;
}

function readUint(buf: Buffer, start: number, end: number): number {
  let v = 0;
  for (let i = start; i < end; i++) v = v * 256 + buf[i]!;
  return v;
}

/**
 * The head with `durationMs` as the Segment Info's Duration (replaced when present), or the head
 * unchanged when it is not a WebM head this understands (a whole-file upload, a known-size segment).
 */
export function withWebmDuration(head: Buffer, durationMs: number): Buffer {
  const ebml = readElement(head, 0);
  if (!ebml || ebml.unknownSize || ebml.end > head.length) return head;
  const segment = readElement(head, ebml.end);
  // A segment of known size would need its size rewritten as well; MediaRecorder never writes one.
  if (!segment || segment.id !== ID_SEGMENT || !segment.unknownSize) return head;
  let pos = segment.dataStart;
  while (pos < head.length) {
    const el = readElement(head, pos);
    if (!el || el.unknownSize || el.id === ID_CLUSTER || el.end > head.length) return head;
    if (el.id === ID_INFO) return patchInfo(head, el, durationMs);
    pos = el.end;
  }
  return head;
}

/** The Segment Info's TimecodeScale (ns per tick) and Duration element, or null when it does not parse. */
function infoFields(buf: Buffer, info: Element): { scale: number; duration: Element | null } | null {
  let scale = 1_000_000;
  let duration: Element | null = null;
  for (let pos = info.dataStart; pos < info.end;) {
    const el = readElement(buf, pos);
    if (!el || el.end > info.end) return null;
    if (el.id === ID_TIMECODE_SCALE) scale = readUint(buf, el.dataStart, el.end) || scale;
    if (el.id === ID_DURATION) duration = el;
    pos = el.end;
  }
  return { scale, duration };
}

/** The Duration (ms) a Segment Info element held in `buf` states, or null without one. */
export function infoDurationMs(buf: Buffer, info: Element): number | null {
  const fields = infoFields(buf, info);
  const el = fields?.duration;
  if (!fields || !el) return null;
  const width = el.end - el.dataStart;
  const ticks = width === 8 ? buf.readDoubleBE(el.dataStart) : width === 4 ? buf.readFloatBE(el.dataStart) : null;
  return ticks === null ? null : (ticks * fields.scale) / 1_000_000;
}

function patchInfo(head: Buffer, info: Element, durationMs: number): Buffer {
  const fields = infoFields(head, info);
  if (!fields) return head;
  const { scale, duration: existing } = fields;
  const ticks = (durationMs * 1_000_000) / scale;
  if (existing) {
    const out = Buffer.from(head);
    const width = existing.end - existing.dataStart;
    if (width === 8) out.writeDoubleBE(ticks, existing.dataStart);
    else if (width === 4) out.writeFloatBE(ticks, existing.dataStart);
    return out;
  }
  const duration = Buffer.alloc(11);
  duration.writeUInt16BE(ID_DURATION, 0);
  duration[2] = 0x88; // size 8
  duration.writeDoubleBE(ticks, 3);
  const body = Buffer.concat([head.subarray(info.dataStart, info.end), duration]);
  const infoId = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
  return Buffer.concat([head.subarray(0, info.start), infoId, sizeVint8(body.length), body, head.subarray(info.end)]);
}
