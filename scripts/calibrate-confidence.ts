// How well the embedded recognizer's word posteriors separate words it heard right from words it
// misheard: Flite speaks sentences in two voices, pocketsphinx (as the live interview runs it) decodes
// them, each recognized word is lined up with what was said, and the share of right and wrong content
// words above each threshold is printed. Used to choose the "surely heard" line (decision 0116).
//   node --import tsx scripts/calibrate-confidence.ts
import { resample } from '../apps/server/src/interview/audio';
import { PocketsphinxStt } from '../apps/server/src/interview/providers/stt/pocketsphinx';
import { FliteTts } from '../apps/server/src/interview/providers/tts/flite';
import { understand, type AnswerItem } from '../apps/server/src/interview/understanding/understand';

const SENTENCES = [
  'I restored old family photos for a local museum and matched every print to the original colors.',
  'Most of my clients are small bakeries and I photograph their cakes on a wooden table by the window.',
  'I animated a short explainer video for a bank in three weeks using a simple flat style.',
  'My favorite project was a children book about a fox who learns to swim.',
  'I keep the lights soft and I shoot from above so the labels are easy to read.',
  'Before a shoot I write a shot list and I check it with the client the day before.',
  'I taught myself to draw by copying comics when I was twelve years old.',
  'When a deadline moves I tell the team early and we cut the least important scenes first.',
  'I recorded voice overs for podcasts and I cleaned the noise with simple filters.',
  'Last spring I designed a poster series for a jazz festival in my city.',
  'I usually work in the mornings because the light in my studio is best before noon.',
  'We tested three versions of the logo with real customers and picked the clearest one.',
  'I have sold prints of my paintings at markets for about six years.',
  'The hardest part was keeping the colors the same across two hundred product photos.',
  'I edit wedding videos and I always ask the couple which songs they love.',
];

const words = (s: string) => s.toLowerCase().match(/[a-z']+/g) ?? [];

/** Which recognized words line up with a said word (a plain edit-distance alignment). */
function matched(ref: string[], hyp: string[]): boolean[] {
  const d = Array.from({ length: ref.length + 1 }, (_, i) =>
    Array.from({ length: hyp.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= ref.length; i++)
    for (let j = 1; j <= hyp.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
  const ok = hyp.map(() => false);
  for (let i = ref.length, j = hyp.length; i > 0 && j > 0;) {
    if (ref[i - 1] === hyp[j - 1] && d[i]![j] === d[i - 1]![j - 1]) {
      ok[j - 1] = true;
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j - 1]! + 1) {
      i--;
      j--;
    } else if (d[i]![j] === d[i]![j - 1]! + 1) j--;
    else i--;
  }
  return ok;
}

const stt = new PocketsphinxStt();
const heard: { confidence: number; right: boolean; word: string }[] = [];
/** Items the interviewer could name back, and whether every word of each was said. */
const items: { item: AnswerItem; right: boolean }[] = [];
for (const voiceName of ['slt', 'rms']) {
  const voice = new FliteTts({ voice: voiceName, workers: 1 });
  for (const sentence of SENTENCES) {
    const speech = resample(await voice.synthesize(sentence, new AbortController().signal), 24000, 16000);
    const stream = stt.start(() => {});
    stream.write(speech);
    stream.write(new Int16Array(16000));
    const result = await stream.finish();
    const final = typeof result === 'string' ? { text: result } : result;
    const hyp = (final.words ?? []).map((w) => w.text);
    const ok = matched(words(sentence), hyp);
    const said = new Set(words(sentence));
    for (const item of understand(final.text, { words: final.words }).items) {
      // "your garage" is how "my garage" is said back.
      const own = words(item.text).filter((w) => !['your', 'you', 'yourself'].includes(w));
      const right = own.every((w) => said.has(w) || said.has(w.replace(/^my$/, 'your')));
      items.push({ item, right });
      if (process.env.SHOW && item.confidence >= 0.7)
        console.log(
          right ? 'RIGHT' : 'WRONG',
          item.text,
          '|',
          (final.words ?? []).map((w) => `${w.text}:${w.confidence.toFixed(2)}`).join(' '),
        );
    }
    (final.words ?? []).forEach((w, i) => {
      if (w.text.length > 3) heard.push({ confidence: w.confidence, right: ok[i]!, word: w.text });
    });
  }
  voice.close();
}
stt.close();

const right = heard.filter((h) => h.right);
const wrong = heard.filter((h) => !h.right);
console.log(`content words (4+ letters): ${right.length} heard right, ${wrong.length} misheard`);
console.log('threshold  right kept  misheard kept');
for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const r = right.filter((h) => h.confidence >= t).length;
  const w = wrong.filter((h) => h.confidence >= t);
  console.log(
    `${t.toFixed(1).padStart(9)}  ${String(r).padStart(4)} (${Math.round((100 * r) / right.length)}%)  ${w.length}${w.length ? ` (${w.map((h) => `${h.word} ${h.confidence.toFixed(2)}`).join(', ')})` : ''}`,
  );
}
const itemsRight = items.filter((i) => i.right);
const itemsWrong = items.filter((i) => !i.right);
console.log(
  `\nitems that could be named back: ${itemsRight.length} all said, ${itemsWrong.length} with a misheard word`,
);
console.log('threshold  right kept  misheard kept');
for (const t of [0.5, 0.6, 0.7, 0.8, 0.9, 0.95]) {
  const r = itemsRight.filter((i) => i.item.confidence >= t).length;
  const w = itemsWrong.filter((i) => i.item.confidence >= t);
  console.log(
    `${t.toFixed(2).padStart(9)}  ${String(r).padStart(4)} (${Math.round((100 * r) / itemsRight.length)}%)  ${w.length}${w.length ? ` (${w.map((i) => `"${i.item.text}" ${i.item.kind} ${i.item.confidence.toFixed(2)}`).join(', ')})` : ''}`,
  );
}
process.exit(0);
