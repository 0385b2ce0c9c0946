/** Small pieces the packet's pages share: colours, headings, label-value lines, times. */
import type { Color } from 'pdf-lib';
import type { PdfWriter } from '../../lib/pdf-text';

export type Palette = { ink: Color; muted: Color; unsure: Color };

export function heading(w: PdfWriter, title: string) {
  w.keep(48);
  w.space(6);
  w.text(title, { bold: true, size: 13, gap: 4 });
}

export function field(w: PdfWriter, label: string, value: string) {
  w.runs([{ text: `${label}:`, bold: true }, { text: value }], { gap: 1 });
}

/** Seconds into the interview as m:ss (h:mm:ss past an hour), as the console writes them. */
export function clock(s: number): string {
  const t = Math.max(0, Math.floor(s));
  const mm = String(Math.floor((t % 3600) / 60)).padStart(t >= 3600 ? 2 : 1, '0');
  const ss = String(t % 60).padStart(2, '0');
  return t >= 3600 ? `${Math.floor(t / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

export const when = (iso: string | Date | null | undefined) => {
  if (!iso) return 'not yet';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
};
