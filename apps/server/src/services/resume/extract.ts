import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { DOCX, PDF } from '../storage/sniff';

/** Plain text of a PDF or DOCX resume; null for formats we cannot read (the old binary DOC). */
export async function extractResumeText(bytes: Buffer, contentType: string): Promise<string | null> {
  if (contentType === PDF) {
    // verbosity 0: a broken upload is expected input, not something to print.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const { text } = await extractText(pdf, { mergePages: true });
      return text;
    } finally {
      await pdf.destroy();
    }
  }
  if (contentType === DOCX) {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    return value;
  }
  return null;
}
