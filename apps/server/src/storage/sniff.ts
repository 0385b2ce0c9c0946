/**
 * Content detection from the first bytes of a file (magic numbers), never from its name or the
 * type the browser declared. Formats that share a container (ZIP for DOCX, OLE for DOC) also need
 * a marker somewhere in the file, checked while streaming with MarkerScanner.
 */

export const PDF = 'application/pdf';
export const DOC = 'application/msword';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** How many leading bytes detectContentType wants to see. */
export const SNIFF_BYTES = 4100;

export type Detected = {
  contentType: string;
  /** Bytes that must appear somewhere in the file for the detection to hold. */
  marker?: Buffer;
};

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + b.length && head.subarray(offset, offset + b.length).equals(b);
};

/** The content type of a file from its first bytes, or null when it is none we know. */
export function detectContentType(head: Buffer, declaredType = ''): Detected | null {
  if (startsWith(head, '%PDF-')) return { contentType: PDF };
  // A DOCX is a ZIP (PK\3\4) holding word/document.xml; entry names are stored uncompressed.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { contentType: DOCX, marker: Buffer.from('word/') };
  // A DOC is an OLE compound file holding a stream named WordDocument (UTF-16 in the directory).
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { contentType: DOC, marker: Buffer.from('WordDocument', 'utf16le') };
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg' };
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return { contentType: 'image/gif' };
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return { contentType: 'image/webp' };
  if (startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8)) return { contentType: 'audio/wav' };
  if (startsWith(head, 'OggS')) return { contentType: 'audio/ogg' };
  if (startsWith(head, 'ID3')) return { contentType: 'audio/mpeg' };
  // An MPEG audio layer III frame header: 11 sync bits, then layer bits 01.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) === 0x02) {
    return { contentType: 'audio/mpeg' };
  }
  if (startsWith(head, 'ftyp', 4)) return { contentType: 'video/mp4' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.includes('webm')) {
    // Audio-only and video WebM share the container; trust the declared kind only between these two.
    return { contentType: declaredType.toLowerCase().startsWith('audio/webm') ? 'audio/webm' : 'video/webm' };
  }
  return null;
}

/** Finds a byte sequence in a stream of chunks, also across chunk boundaries. */
export class MarkerScanner {
  found = false;
  private tail = Buffer.alloc(0);

  constructor(private readonly marker: Buffer) {}

  push(chunk: Buffer) {
    if (this.found) return;
    const window = Buffer.concat([this.tail, chunk]);
    if (window.includes(this.marker)) {
      this.found = true;
      return;
    }
    this.tail = window.subarray(Math.max(0, window.length - (this.marker.length - 1)));
  }
}

export const RESUME_TYPES = [PDF, DOC, DOCX] as const;
export const TASK_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/wav',
  'audio/mpeg',
  'audio/ogg',
  'audio/webm',
  'video/mp4',
  'video/webm',
  PDF,
] as const;

/** Documents are always downloaded, never displayed by the browser. */
export const isDocument = (contentType: string) => contentType === PDF || contentType === DOC || contentType === DOCX;
