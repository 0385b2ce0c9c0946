/**
 * Splits streamed reply text into sentences so speech synthesis can start on the first sentence
 * while the rest is still being generated. Abbreviations ("e.g.", "Mr.") and decimals ("2.5") do not
 * end a sentence; a very long sentence is cut at a comma so the first audio is not held back.
 */

const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'approx']);
const LONG_SENTENCE = 160;

export class SentenceSplitter {
  private buffer = '';

  /** Adds text; returns the sentences completed by it. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    for (;;) {
      const cut = this.findBoundary();
      if (cut < 0) break;
      const sentence = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut);
      if (sentence) out.push(sentence);
    }
    return out;
  }

  /** The remaining text at the end of the stream. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }

  /** Index just after a sentence end that is followed by whitespace, or -1. */
  private findBoundary(): number {
    const b = this.buffer;
    for (let i = 0; i < b.length; i++) {
      const ch = b[i]!;
      if (ch === '\n' && i > 0) return i + 1;
      if (ch !== '.' && ch !== '!' && ch !== '?') continue;
      // Need to see what follows before deciding (stream may stop mid-"2.5" or mid-"...").
      let j = i + 1;
      while (j < b.length && /["')\].!?]/.test(b[j]!)) j++;
      if (j >= b.length) return -1;
      if (!/\s/.test(b[j]!)) continue;
      if (ch === '.' && this.isAbbreviation(i)) continue;
      return j;
    }
    if (b.length > LONG_SENTENCE) {
      const comma = b.lastIndexOf(', ', LONG_SENTENCE);
      if (comma > 40) return comma + 1;
    }
    return -1;
  }

  private isAbbreviation(dotIndex: number): boolean {
    const before = this.buffer.slice(0, dotIndex);
    const word = /([A-Za-z.]+)$/.exec(before)?.[1]?.toLowerCase() ?? '';
    if (ABBREVIATIONS.has(word)) return true;
    // Single capital initial ("J. Smith").
    return /(^|\s)[A-Z]$/.test(before);
  }
}

/** Splits a whole text at once (used for scripted replies). */
export function splitSentences(text: string): string[] {
  const s = new SentenceSplitter();
  return [...s.push(text), ...s.flush()];
}
