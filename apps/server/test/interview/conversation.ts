// A scripted candidate at text level: understanding → conductor → built-in interviewer, with the
// same handling of "repeat" and "give me a moment" as the live session, on a simulated clock.
// Used by the conversation tests and by scripts/conversation-report.ts.
import { Conductor, type InterviewPlan } from '../../src/interview/plan';
import { sentences } from '../../src/interview/providers/llm/phrasing';
import type { Interviewer, InterviewMove } from '../../src/interview/providers/types';
import { normalWords } from '../../src/interview/understanding/vocabulary';

/** One answer. Words in [[double brackets]] were heard with low confidence (the recognizer's guess). */
export type ScriptedAnswer = {
  say: string;
  /** Rich in specifics: the reply should name something from it. */
  concrete?: boolean;
  /** Seconds of silence before answering (the interviewer nudges after 30 s). */
  silenceBefore?: number;
};

/** `repeat` marks a question asked again on request (not counted as a repeated sentence). */
export type Line = { speaker: 'ai' | 'candidate'; text: string; at: number; move?: InterviewMove['kind'] | 'repeat' };

export type ConversationResult = {
  lines: Line[];
  /** Per candidate answer: the interviewer's reply that followed. */
  replies: { answer: ScriptedAnswer; heard: string; lowConfidence: string[]; reply: string }[];
  understandMs: number[];
  closedAtMs: number | null;
};

// Loaded when present, so the report also runs on a checkout from before the understanding stage
// (it then falls back to the regular expressions the session used).
const intents = (await import('../../src/interview/intents').catch(() => null)) as {
  detectIntent: (t: string) => { intent: string } | null;
} | null;
function detectIntent(text: string): { intent: string } | null {
  if (intents) return intents.detectIntent(text);
  if (/\b(repeat (that|the question|it|please)|say (that|it) again|come again|pardon)\b/i.test(text))
    return { intent: 'repeat' };
  if (/\b(give me a (moment|minute|second)|let me think|one moment|hold on)\b/i.test(text)) return { intent: 'wait' };
  return null;
}
type Next = (a: unknown, elapsed: number, intent?: string | null) => InterviewMove;

const SPEAKING_WPS = 2.6;
const HIGH = 0.92;
const LOW = 0.3;

/** The recognizer's view of a scripted answer: its text and per-word confidences. */
export function heardWords(say: string) {
  const words = say.split(/\s+/).filter(Boolean);
  const out = words.map((w) => {
    const low = w.includes('[[');
    return { text: w.replace(/\[\[|\]\]/g, '').replace(/[.,!?;:]+$/, ''), confidence: low ? LOW : HIGH };
  });
  return { text: out.map((w) => w.text).join(' '), words: out };
}

export async function runConversation(
  plan: InterviewPlan,
  interviewer: Interviewer,
  answers: ScriptedAnswer[],
): Promise<ConversationResult> {
  const conductor = new Conductor(plan);
  let clock = 0;
  const lines: Line[] = [];
  const result: ConversationResult = { lines, replies: [], understandMs: [], closedAtMs: null };
  let lastQuestion = '';
  const speak = async (move: InterviewMove | null, text?: string, lastAnswer?: string, repeat = false) => {
    let said = text ?? '';
    if (move) {
      for await (const piece of interviewer.reply(
        { move, history: [], lastAnswer, minutesLeft: plan.maxMinutes - clock / 60000 },
        new AbortController().signal,
      ))
        said += piece;
    }
    said = said.trim();
    lines.push({ speaker: 'ai', text: said, at: clock, move: repeat ? 'repeat' : move?.kind });
    clock += (normalWords(said).length / SPEAKING_WPS) * 1000;
    if (move && move.kind !== 'closing') {
      const q = sentences(said).filter((s) => s.endsWith('?'));
      lastQuestion = plan.questions.find((p) => said.includes(p)) ?? q.at(-1) ?? said;
    }
    if (move?.kind === 'closing') result.closedAtMs = clock;
    return said;
  };

  await speak(conductor.opening());
  for (const answer of answers) {
    if (conductor.isClosed) break;
    if (answer.silenceBefore) {
      clock += answer.silenceBefore * 1000;
      if (answer.silenceBefore >= 30)
        await speak(null, `Take your time. Whenever you're ready: ${lastQuestion}`, undefined, true);
    }
    const { text, words } = heardWords(answer.say);
    lines.push({ speaker: 'candidate', text, at: clock });
    clock += (words.length / SPEAKING_WPS) * 1000;
    const lowConfidence = words.filter((w) => w.confidence < 0.5).map((w) => w.text);
    const intent = detectIntent(text)?.intent ?? null;
    let reply: string;
    if (intent === 'repeat' && lastQuestion) reply = await speak(null, `Sure. ${lastQuestion}`, undefined, true);
    else if (intent === 'wait') reply = await speak(null, 'Of course, take your time.');
    else {
      const t0 = performance.now();
      const c = conductor as unknown as { understand?: (t: string, w: unknown) => unknown; next: Next };
      const understood = c.understand ? c.understand(text, words) : text;
      result.understandMs.push(performance.now() - t0);
      reply = await speak(c.next(understood, clock, intent), undefined, text);
    }
    result.replies.push({ answer, heard: text, lowConfidence, reply });
  }
  if (!conductor.isClosed) await speak(conductor.close());
  return result;
}

const STOP = new Set(
  'the a an and or but of in on for with to at by from that this it its was were is are be been have has had i me my we our you your they them their he she his her so as if then than just very really also about into out up down over more most some any all what when where which who how why do did does done not no yes can could would should will one two'.split(
    ' ',
  ),
);

/** Figures of one conversation, as the issue defines them. */
export function conversationFigures(plan: InterviewPlan, r: ConversationResult, jobText: string, custom: string[]) {
  const jobWords = new Set(normalWords(jobText));
  const questionWords = new Set(plan.questions.flatMap((q) => normalWords(q)));
  const own = (w: string) => w.length > 2 && !STOP.has(w) && !jobWords.has(w) && !questionWords.has(w);
  const concrete = r.replies.filter((x) => x.answer.concrete);
  const named = concrete.filter((x) => {
    const said = new Set(normalWords(x.heard).filter(own));
    return normalWords(x.reply).some((w) => said.has(w));
  });
  const echoed = r.replies.flatMap((x) => {
    const reply = new Set(normalWords(x.reply));
    return x.lowConfidence.map((w) => w.toLowerCase()).filter((w) => reply.has(w) && own(w));
  });
  const seen = new Map<string, number>();
  const questionSentences = new Set(plan.questions.flatMap((q) => sentences(q).map(norm)));
  for (const line of r.lines.filter((l) => l.speaker === 'ai' && l.move !== 'repeat')) {
    for (const s of sentences(line.text)) {
      const k = norm(s);
      if (k.split(' ').length < 5 || questionSentences.has(k)) continue;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
  }
  const repeated = [...seen].filter(([, n]) => n > 1).map(([s]) => s);
  const aiText = r.lines
    .filter((l) => l.speaker === 'ai')
    .map((l) => l.text)
    .join(' ');
  const customAsked = custom.filter((q) => aiText.includes(q)).length;
  const sorted = [...r.understandMs].sort((a, b) => a - b);
  return {
    concreteAnswers: concrete.length,
    namedBack: named.length,
    namedShare: concrete.length ? named.length / concrete.length : 1,
    misheardEchoed: echoed,
    repeatedSentences: repeated,
    customAsked,
    customTotal: custom.length,
    closedWithinLimit: r.closedAtMs !== null && r.closedAtMs <= plan.maxMinutes * 60000,
    understandP95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
  };
}

function norm(s: string) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
