/**
 * Reads an invitation CSV (`name,email`, header first) as it arrives, row by row, so a 10,000-row
 * file is never one large string being split and copied. RFC 4180: quoted fields may hold commas,
 * doubled quotes and line breaks; CRLF or LF line ends; a UTF-8 byte-order mark is ignored.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { AppError, unprocessable } from '../http/http-errors';

/** One data row with the line it starts on (the header is line 1), as the provider's editor shows it. */
export type CsvRow = { line: number; name: string | null; email: string };

export const CSV_HEADER_MESSAGE = 'The CSV must start with a header line with the columns name and email';

/** A push parser: feed it text, then end(); it calls `onRecord` with each record's fields and start line. */
export class CsvRecordParser {
  private field = '';
  private fields: string[] = [];
  private quoted = false;
  /** The previous character closed a quoted part: a quote now is an escaped quote. */
  private afterQuote = false;
  private line = 1;
  private recordLine = 1;
  private pendingCr = false;

  constructor(private readonly onRecord: (fields: string[], line: number) => void) {}

  feed(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (c === '\n') continue;
      }
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else {
          if (c === '\n') this.line++;
          this.field += c;
        }
        continue;
      }
      if (c === '"') {
        // A quote opens a quoted part at a field's start, or is an escaped quote right after one.
        if (this.afterQuote) this.field += '"';
        this.quoted = true;
        this.afterQuote = false;
        continue;
      }
      this.afterQuote = false;
      if (c === ',') {
        this.fields.push(this.field);
        this.field = '';
      } else if (c === '\n' || c === '\r') {
        this.pendingCr = c === '\r';
        this.endRecord();
        this.line++;
        this.recordLine = this.line;
      } else {
        this.field += c;
      }
    }
  }

  end() {
    if (this.quoted) throw unprocessable(`Line ${this.recordLine}: a quoted field is not closed`);
    if (this.field !== '' || this.fields.length) this.endRecord();
  }

  private endRecord() {
    this.fields.push(this.field);
    const record = this.fields;
    this.fields = [];
    this.field = '';
    // Blank lines (a trailing newline, an empty line between rows) are no record.
    if (record.length === 1 && record[0]!.trim() === '') return;
    this.onRecord(record, this.recordLine);
  }
}

/**
 * Reads the whole upload into rows, refusing more than `maxBytes` (413) or `maxRows` (422). Fastify
 * hands a custom parser the raw stream, so the body limit is counted here.
 */
export async function readInvitationCsv(stream: Readable, maxBytes: number, maxRows: number): Promise<CsvRow[]> {
  const rows: CsvRow[] = [];
  let columns: { name: number; email: number } | null = null;
  const parser = new CsvRecordParser((fields, line) => {
    if (!columns) {
      const header = fields.map((f) =>
        f
          .replace(/^\uFEFF/, '')
          .trim()
          .toLowerCase(),
      );
      const email = header.indexOf('email') >= 0 ? header.indexOf('email') : header.indexOf('e-mail');
      if (email < 0) throw unprocessable(CSV_HEADER_MESSAGE);
      columns = { email, name: header.indexOf('name') };
      return;
    }
    if (rows.length >= maxRows) throw unprocessable(`At most ${maxRows} people at once`);
    const name = columns.name >= 0 ? (fields[columns.name] ?? '').trim() : '';
    rows.push({ line, name: name ? name.slice(0, 200) : null, email: (fields[columns.email] ?? '').trim() });
  });
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > maxBytes) throw new AppError(413, `The CSV is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    parser.feed(decoder.write(chunk as Buffer));
  }
  parser.feed(decoder.end());
  parser.end();
  if (!columns) throw unprocessable(CSV_HEADER_MESSAGE);
  return rows;
}
