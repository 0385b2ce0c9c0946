/**
 * Resume text extraction in a child process (see extract.ts). Plain JavaScript so the same file runs
 * under tsx and from the compiled build. The parent caps this process's heap and kills it after a
 * wall-clock timeout; this side refuses zip bombs before inflating and stops at a text length cap.
 *
 * Protocol: the parent sends { bytes: Uint8Array, contentType, limits }, the child answers once with
 * { text } or { error, reason } and exits.
 */
import zlib from 'node:zlib';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

class Unreadable extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Walks the zip's central directory and checks every entry's declared sizes, then inflates each
 * deflated entry with a hard output cap (declared sizes can lie). Throws Unreadable on a bomb.
 */
export function checkZip(buf, { maxEntryBytes, maxTotalBytes, maxRatio, maxEntries }) {
  // End of central directory: the last 22+ bytes (a comment of up to 64 KB may follow it).
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Unreadable('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count > maxEntries) throw new Unreadable('too many zip entries');
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) throw new Unreadable('bad zip directory');
    const method = buf.readUInt16LE(offset + 10);
    const compressed = buf.readUInt32LE(offset + 20);
    const size = buf.readUInt32LE(offset + 24);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const local = buf.readUInt32LE(offset + 42);
    // ZIP64 markers: no resume needs them, and they hide the real sizes.
    if (compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw new Unreadable('zip64');
    if (size > maxEntryBytes) throw new Unreadable('zip entry too large');
    if (size > 1024 * 1024 && size / Math.max(compressed, 1) > maxRatio) throw new Unreadable('zip ratio');
    total += size;
    if (total > maxTotalBytes) throw new Unreadable('zip too large');
    if (method === 8) inflateCapped(buf, local, compressed, Math.min(size, maxEntryBytes));
    offset += 46 + nameLength + extraLength + commentLength;
  }
}

/** Inflates one entry with maxOutputLength: an entry that grows past its declared size is refused. */
function inflateCapped(buf, local, compressed, declared) {
  if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new Unreadable('bad zip entry');
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
  const data = buf.subarray(start, start + compressed);
  try {
    zlib.inflateRawSync(data, { maxOutputLength: Math.max(declared, 1) });
  } catch (err) {
    if (err instanceof RangeError || err.code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Unreadable('zip entry larger than declared');
    }
    throw new Unreadable('corrupt zip entry');
  }
}

async function pdfText(bytes, { maxChars, maxPages }) {
  const { getDocumentProxy } = await import('unpdf');
  // verbosity 0: a broken upload is expected input, not something to print.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  let text = '';
  try {
    const pages = Math.min(pdf.numPages, maxPages);
    for (let p = 1; p <= pages && text.length < maxChars; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (typeof item.str === 'string') text += item.str + (item.hasEOL ? '\n' : '');
        if (text.length >= maxChars) break;
      }
      text += '\n';
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  return text.slice(0, maxChars);
}

async function docxText(bytes, limits) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  checkZip(buf, limits);
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer: buf });
  return value.slice(0, limits.maxChars);
}

process.once('message', async (msg) => {
  try {
    const { bytes, contentType, limits } = msg;
    let text = null;
    if (contentType === PDF) text = await pdfText(bytes, limits);
    else if (contentType === DOCX) text = await docxText(bytes, limits);
    process.send({ text }, () => process.exit(0));
  } catch (err) {
    const reason = err instanceof Unreadable ? err.reason : 'parse error';
    process.send({ error: String(err?.message ?? err).slice(0, 200), reason }, () => process.exit(0));
  }
});
