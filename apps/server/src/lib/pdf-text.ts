/**
 * Text layout for the PDFs the app writes with pdf-lib's standard fonts (the sealed document, the
 * candidate packet): what the fonts can encode, wrapping at spaces, and a writer that flows lines,
 * styled runs and page breaks. Only types of pdf-lib are imported here: callers load pdf-lib when
 * they write a PDF, not at start-up (decision 0241).
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

const charsets = new WeakMap<PDFFont, ReadonlySet<number>>();
/** The code points a font can write (the standard fonts: WinAnsi's). */
export function encodableBy(font: PDFFont): ReadonlySet<number> {
  let set = charsets.get(font);
  if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
  return set;
}

/**
 * The standard fonts write WinAnsi only, and pdf-lib throws on anything else, so every string is mapped
 * to what the font can encode (`encodable`: its code points) before it is drawn. Line breaks are
 * normalised to \n and a tab becomes spaces; any other control character (C0, DEL, C1: a browser or a
 * name may carry one) becomes '?', as do letters of other scripts, which first fall back to their base
 * letter when it can be written (the stored text keeps the exact characters).
 */
export function winAnsi(text: string, encodable: ReadonlySet<number>): string {
  return [...text.replace(/\r\n?/g, '\n')]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (ch === '\n') return ch;
      if (ch === '\t') return '    ';
      if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return '?';
      if (encodable.has(code)) return ch;
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base && [...base].every((c) => encodable.has(c.codePointAt(0)!))) return base;
      return '?';
    })
    .join('');
}

/** A word longer than `width` cut into pieces that fit. */
function cutWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const pieces: string[] = [];
  let rest = word;
  while (font.widthOfTextAtSize(rest, size) > width) {
    let cut = rest.length - 1;
    while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  pieces.push(rest);
  return pieces;
}

/** Lines of at most `width` points, breaking at spaces (a longer word is cut). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(text, encodableBy(font)).split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = cutWord(word, font, size, width);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1]!;
    }
    lines.push(line);
  }
  return lines;
}

export type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };
/** A piece of text in one style; runs are laid out word by word, so a style may change mid-line. */
export type Run = { text: string; bold?: boolean; italic?: boolean; color?: Color; underline?: boolean };
type Word = { text: string; style: Omit<Run, 'text'>; font: PDFFont };
type Layout = { size?: number; indent?: number; gap?: number; color?: Color };

const sameStyle = (a: Word['style'], b: Word['style']) =>
  a.bold === b.bold && a.italic === b.italic && a.color === b.color && a.underline === b.underline;

/** Writes text top to bottom on letter pages, starting new pages as needed. */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    private readonly color: Color,
    readonly box = { width: 612, height: 792, margin: 56 },
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([this.box.width, this.box.height]);
    this.pages.push(this.page);
    this.y = this.box.height - this.box.margin;
  }

  /** Starts a new page unless `height` points are left on this one (keeps a heading with its first line). */
  keep(height: number) {
    if (this.y - height < this.box.margin) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  private fontOf(style: Word['style']) {
    return style.bold ? this.fonts.bold : style.italic ? this.fonts.italic : this.fonts.regular;
  }

  text(text: string, opts: Layout & { bold?: boolean; italic?: boolean } = {}) {
    this.runs([{ text, bold: opts.bold, italic: opts.italic, color: opts.color }], opts);
  }

  /** Styled runs as one paragraph (a '\n' inside a run breaks the line). */
  runs(runs: Run[], opts: Layout = {}) {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const width = this.box.width - 2 * this.box.margin - indent;
    let line: Word[] = [];
    let lineWidth = 0;
    const flush = () => {
      this.drawLine(line, size, indent);
      line = [];
      lineWidth = 0;
    };
    for (const run of runs) {
      const { text, ...style } = run;
      const font = this.fontOf(style);
      winAnsi(text, encodableBy(font))
        .split('\n')
        .forEach((paragraph, i) => {
          if (i > 0) flush();
          for (const raw of paragraph.split(' ').filter(Boolean)) {
            for (const piece of cutWord(raw, font, size, width)) {
              const w = font.widthOfTextAtSize(piece, size);
              const space = line.length ? this.fonts.regular.widthOfTextAtSize(' ', size) : 0;
              if (line.length && lineWidth + space + w > width) flush();
              lineWidth += (line.length ? space : 0) + w;
              line.push({ text: piece, style, font });
            }
          }
        });
    }
    if (line.length || !runs.length) flush();
    this.y -= opts.gap ?? 0;
  }

  /** One line: neighbouring words of one style drawn together (so text extraction reads them as written). */
  private drawLine(words: Word[], size: number, indent: number) {
    if (this.y - size < this.box.margin) this.newPage();
    const baseline = this.y - size;
    let x = this.box.margin + indent;
    const space = this.fonts.regular.widthOfTextAtSize(' ', size);
    for (let i = 0; i < words.length;) {
      let j = i + 1;
      while (j < words.length && sameStyle(words[j]!.style, words[i]!.style)) j++;
      const { style, font } = words[i]!;
      const text = words
        .slice(i, j)
        .map((w) => w.text)
        .join(' ');
      const color = style.color ?? this.color;
      this.page.drawText(text, { x, y: baseline, size, font, color });
      const w = font.widthOfTextAtSize(text, size);
      if (style.underline) {
        const y = baseline - size * 0.18;
        this.page.drawLine({ start: { x, y }, end: { x: x + w, y }, thickness: 0.6, color, dashArray: [1.5, 1.2] });
      }
      x += w + space;
      i = j;
    }
    this.y -= size * 1.45;
  }
}
