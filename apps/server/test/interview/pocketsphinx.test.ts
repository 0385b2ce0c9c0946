import { afterAll, describe, expect, it } from 'vitest';
import { resample } from '../../src/interview/audio';
import { PocketsphinxOutput, PocketsphinxStt } from '../../src/interview/providers/stt/pocketsphinx';
import { FliteTts } from '../../src/interview/providers/tts/flite';

describe('reading the recognizer output', () => {
  it('keeps the text and gives each word its posterior, without silences, noises or sentence marks', () => {
    const out = new PocketsphinxOutput();
    const lines = [
      'i love drawing',
      '<s> 0.000 0.180 0.999300',
      'i 0.190 0.300 0.817484',
      '<sil> 0.310 0.400 0.900000',
      'love 0.410 0.600 0.939594',
      '[NOISE] 0.610 0.700 0.500000',
      'drawing(2) 0.710 1.060 0.721561',
      'today 1.061 1.065 1.000200',
      '</s> 1.070 1.260 1.000000',
    ];
    expect(lines.map((l) => out.add(l))).toEqual([false, false, false, false, false, false, false, false, true]);
    expect(out.final()).toEqual({
      text: 'i love drawing',
      words: [
        { text: 'i', confidence: 0.817484 },
        { text: 'love', confidence: 0.939594 },
        { text: 'drawing', confidence: 0.721561 },
        // Rounded above 1 by the recognizer's log arithmetic: a confidence stays within 0..1.
        { text: 'today', confidence: 1 },
      ],
    });
  });

  it('joins the utterances of one turn, and is complete only after the last one ends', () => {
    const out = new PocketsphinxOutput();
    for (const l of ['first part', 'first 0.1 0.2 0.9', 'part 0.2 0.3 0.8', '</s> 0.3 0.4 1.0', 'second']) out.add(l);
    expect(out.text).toBe('first part second');
    expect(out.complete).toBe(false);
    // Without word lines for every utterance there are no confidences to offer.
    expect(out.final()).toEqual({ text: 'first part second' });
    out.add('second 0.5 0.9 2.5e-01');
    out.add('</s> 0.9 1.0 1.0');
    expect(out.complete).toBe(true);
    expect(out.final().words).toEqual([
      { text: 'first', confidence: 0.9 },
      { text: 'part', confidence: 0.8 },
      { text: 'second', confidence: 0.25 },
    ]);
  });

  it('an utterance with no words adds nothing', () => {
    const out = new PocketsphinxOutput();
    for (const l of ['<s> 0.0 0.1 1.0', '<sil> 0.1 0.5 1.0', '</s> 0.5 0.6 1.0']) out.add(l);
    expect(out.final()).toEqual({ text: '' });
  });
});

const stt = new PocketsphinxStt();
const tts = new FliteTts({ workers: 1, voice: 'slt' });
afterAll(() => {
  stt.close();
  tts.close();
});

describe.runIf(stt.available())('pocketsphinx (offline speech-to-text)', () => {
  it('hears a spoken sentence and reports how sure it is of each word', async () => {
    const speech = resample(
      await tts.synthesize('I love drawing and painting with my friends.', new AbortController().signal),
      24000,
      16000,
    );
    const stream = stt.start(() => {});
    for (let i = 0; i < speech.length; i += 1600) stream.write(speech.subarray(i, i + 1600));
    stream.write(new Int16Array(16000)); // a second of silence after the sentence
    const result = await stream.finish();
    const final = typeof result === 'string' ? { text: result } : result;
    expect(final.text).toMatch(/love drawing/);
    expect(final.words?.map((w) => w.text).join(' ')).toBe(final.text);
    for (const w of final.words ?? []) {
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    expect(final.words?.find((w) => w.text === 'love')?.confidence).toBeGreaterThan(0.5);
  }, 30_000);
});
