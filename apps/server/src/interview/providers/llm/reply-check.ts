import type { InterviewPlan } from '../../plan';
import { normalWords } from '../../understanding/vocabulary';
import type { InterviewerRequest } from '../types';
import { sentences } from './phrasing';

/** Longest reply, in words, per move: a turn is a sentence or two and one question, read aloud. */
const MAX_WORDS = { greeting: 60, question: 60, follow_up: 40, closing: 45 } as const;

/**
 * Why a language model's reply must not be spoken, or null when it may: it asks nothing when a
 * question is due (or asks one at the close), re-asks a question the candidate already answered,
 * runs past the turn's length, or names a word the recognizer did not surely hear.
 */
export function replyProblem(reply: string, request: InterviewerRequest, plan: InterviewPlan): string | null {
  const move = request.move;
  const text = reply.trim();
  if (!text) return 'empty reply';
  const words = normalWords(text);
  if (words.length > MAX_WORDS[move.kind]) return `too long (${words.length} words)`;
  // The candidate must hear at the start that the interviewer is an AI (EU AI Act Art. 50(1); issue 35).
  if (move.kind === 'greeting' && !/\bAI\b/.test(text)) return 'greeting does not say it is an AI';
  const asks = sentences(text).filter((s) => s.endsWith('?'));
  if (move.kind === 'closing') return asks.length ? 'asks a question at the close' : null;
  if (!asks.length) return 'asks nothing';
  const current = move.question;
  const index = plan.questions.indexOf(current);
  const answered = plan.questions.slice(0, move.kind === 'follow_up' ? index + 1 : Math.max(0, index));
  for (const question of asked(answered)) {
    if (move.kind === 'follow_up' && move.reason === 'steer') break; // steering back re-asks on purpose
    if (move.kind === 'follow_up' && move.reason === 'explain') break;
    if (asks.some((s) => overlap(s, question) >= 0.6)) return 're-asks an answered question';
  }
  const unsure = new Set(request.understood?.unsure ?? []);
  const own = new Set([...normalWords(current), ...plan.vocabulary.words]);
  const echoed = words.filter((w) => unsure.has(w) && !own.has(w));
  if (echoed.length) return `names words it did not surely hear (${echoed.join(', ')})`;
  return null;
}

/** The sentences of planned questions that ask something ("Tell me about..." asks too), not short leads. */
function asked(questions: string[]): string[] {
  return questions.flatMap((q) => sentences(q).filter((s) => normalWords(s).length >= 4));
}

/** Share of the shorter sentence's words found in the other (0..1). */
function overlap(a: string, b: string): number {
  const x = new Set(normalWords(a));
  const y = new Set(normalWords(b));
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.max(1, Math.min(x.size, y.size));
}
