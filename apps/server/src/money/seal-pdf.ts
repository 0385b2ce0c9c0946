/**
 * The sealed PDF of a signed document (decision 0201): the document's text, then a certificate page
 * with the signer, their e-mail, the times, address, browser and the document's version. Its SHA-256
 * is stored, and GET /api/documents/{id}/pdf serves exactly these bytes.
 */
import crypto from 'node:crypto';
// pdf-lib is loaded when a document is sealed, not at start-up (its import is a noticeable part of the
// server's start; decision 0241).
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { encodableBy, winAnsi, wrap } from '../lib/pdf-text';

export type SealInput = {
  documentId: string;
  title: string;
  version: number;
  body: string;
  jobTitle: string | null;
  signer: { name: string; email: string };
  viewedAt: Date | null;
  consentedAt: Date;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
  disclosureVersion: string;
};

const PAGE = { width: 612, height: 792, margin: 56 };

/** Writes lines top to bottom, starting new pages as needed. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly color: Color,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  text(text: string, opts: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = opts.size ?? 10.5;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(text, font, size, PAGE.width - 2 * PAGE.margin)) {
      if (this.y < PAGE.margin + size) this.newPage();
      this.page.drawText(line, { x: PAGE.margin, y: this.y - size, size, font, color: this.color });
      this.y -= size * 1.45;
    }
    this.y -= opts.gap ?? 0;
  }
}

const when = (d: Date | null) => (d ? `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC` : 'not recorded');

export const sha256Hex = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest('hex');

export async function sealDocumentPdf(input: SealInput): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  pdf.setTitle(winAnsi(`${input.title} (version ${input.version})`, encodableBy(fonts.regular)));
  // The signing time, not the build time, so the file states when it was made final.
  pdf.setCreationDate(input.signedAt);
  pdf.setModificationDate(input.signedAt);
  pdf.setProducer('talent-marketplace');
  const w = new Writer(pdf, fonts, rgb(0.06, 0.09, 0.16));
  w.text(input.title, { size: 16, bold: true, gap: 4 });
  w.text(`Version ${input.version}${input.jobTitle ? ` - ${input.jobTitle}` : ''}`, { size: 9.5, gap: 10 });
  w.text(input.body, { gap: 16 });
  w.text(`Signed electronically by ${input.signer.name} on ${when(input.signedAt)}.`, { bold: true });

  w.newPage();
  w.text('Certificate of signing', { size: 16, bold: true, gap: 10 });
  const rows: [string, string][] = [
    ['Document', `${input.title}, version ${input.version}`],
    ['Document id', input.documentId],
    ['SHA-256 of the document text', sha256Hex(input.body)],
    ['Signer', input.signer.name],
    ['E-mail', input.signer.email],
    ['Viewed', when(input.viewedAt)],
    ['Consented to electronic records', `${when(input.consentedAt)} (disclosure of ${input.disclosureVersion})`],
    ['Signed', when(input.signedAt)],
    ['Address (IP)', input.ip ?? 'not recorded'],
    ['Browser', input.userAgent ?? 'not recorded'],
    ['Signature', `Typed name "${input.signer.name}", with the box "I agree to sign this document" ticked`],
  ];
  for (const [label, value] of rows) {
    w.text(label, { size: 9, bold: true });
    w.text(value, { gap: 6 });
  }
  w.text(
    'The SHA-256 of this whole file is kept with the signed record; a copy whose SHA-256 differs is not this record.',
    { size: 9 },
  );
  return Buffer.from(await pdf.save());
}
