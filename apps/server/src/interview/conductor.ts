import type { Intent } from './intents';
import type { InterviewPlan } from './plan';
import type { InterviewMove } from './providers/types';
import { sayable, understand, type AnswerItem, type Understanding } from './understanding/understand';
import { contentWords, isFigure, worthNaming } from './understanding/worth-naming';

/** A typical exchange (question, answer, a little reply) takes about this long. */
const EXCHANGE_MS = 75000;
/** An answer this long already went deep: reflect it and move on rather than probe further. */
const MONOLOGUE_WORDS = 80;

/**
 * Keeps the interview on plan, the way a human interviewer does: depth before breadth. A concrete
 * answer to a planned question can earn one probing follow-up that names what the candidate said;
 * a vague one a clarifying one; an off-topic one is steered back. Follow-ups come from a budget
 * derived from the time limit, and the hiring team's questions are always reached before closing.
 * Both interviewer providers phrase its moves.
 */
export class Conductor {
  private index = -1;
  private followedUp = false;
  private closed = false;
  /** The opening question was put more narrowly once already. */
  private rephrased = false;
  private followUpsLeft: number;
  /** Items already named back (lower case): the same thing is not reflected twice. */
  private readonly named = new Set<string>();
  /** Closing is due this many ms before the limit, leaving room for the last answer and goodbye. */
  private readonly reserveMs: number;

  constructor(
    readonly plan: InterviewPlan,
    reserveMs = 60000,
  ) {
    const limitMs = plan.maxMinutes * 60000;
    this.reserveMs = Math.min(reserveMs, limitMs / 4);
    const exchanges = Math.floor((limitMs - this.reserveMs) / EXCHANGE_MS);
    this.followUpsLeft = Math.max(1, Math.min(plan.questions.length, exchanges - plan.questions.length));
  }

  get questionsAsked(): number {
    return this.index + 1;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The question currently open, for "can you repeat that". */
  get currentQuestion(): string | null {
    return this.plan.questions[this.index] ?? null;
  }

  opening(): InterviewMove {
    this.index = 0;
    return { kind: 'greeting', question: this.plan.questions[0]! };
  }

  /** Reads an answer for the conductor: the understanding stage with this interview's vocabulary. */
  understand(answer: string, words?: { text: string; confidence: number }[]): Understanding {
    return understand(answer, { words, vocabulary: this.plan.vocabulary, question: this.currentQuestion ?? '' });
  }

  /** The move after the candidate spoke (an answer, or a request such as "can you explain the question"). */
  next(answer: string | Understanding, elapsedMs: number, intent: Intent | null = null): InterviewMove {
    const heard = typeof answer === 'string' ? this.understand(answer) : answer;
    const question = this.currentQuestion ?? '';
    if (intent === 'stop') return this.close();
    if (intent === 'explain' && question) return { kind: 'follow_up', reason: 'explain', question };
    // An unsure or vague first reply: one narrower, encouraging question before the interview moves on.
    const unsure = intent === 'dont_know' || (!intent && heard.vague && !heard.concrete && !heard.offTopic);
    if (this.index === 0 && unsure && !this.followedUp && !this.rephrased && this.plan.openingRephrase) {
      this.rephrased = true;
      this.followedUp = true;
      return { kind: 'follow_up', reason: 'rephrase', question: this.plan.openingRephrase };
    }

    const practical = this.plan.logistics.includes(question);
    if (!intent && !practical && !this.followedUp && this.canFollowUp(elapsedMs)) {
      const about = this.pick(heard);
      const reason = heard.offTopic
        ? 'steer'
        : // Nothing surely heard to name: the probe still goes deeper, phrased without naming it.
          heard.concrete && heard.wordCount <= MONOLOGUE_WORDS
          ? 'probe'
          : heard.vague
            ? 'clarify'
            : null;
      if (reason) {
        this.followedUp = true;
        this.followUpsLeft--;
        if (reason === 'probe' && about) this.named.add(about.text.toLowerCase());
        return { kind: 'follow_up', reason, question, ...(reason === 'probe' && about ? { about } : {}) };
      }
    }
    const after = intent === 'dont_know' || intent === 'done' ? intent : undefined;
    // Only a concrete answer is reflected: naming a word from a vague or off-topic one rings false.
    const about = after || heard.offTopic || !heard.concrete ? undefined : this.pick(heard);
    if (about) this.named.add(about.text.toLowerCase());
    const nextIndex = this.nextQuestionIndex(elapsedMs);
    if (nextIndex === null) return { ...this.close(), ...(about ? { about } : {}) };
    this.index = nextIndex;
    this.followedUp = false;
    return {
      kind: 'question',
      question: this.plan.questions[nextIndex]!,
      acknowledge: true,
      ...(about ? { about } : {}),
      ...(after ? { after } : {}),
    };
  }

  /** An independent copy: what `next` would do can be asked of it without moving this one on. */
  clone(): Conductor {
    const copy = new Conductor(this.plan, this.reserveMs);
    copy.index = this.index;
    copy.followedUp = this.followedUp;
    copy.closed = this.closed;
    copy.rephrased = this.rephrased;
    copy.followUpsLeft = this.followUpsLeft;
    for (const item of this.named) copy.named.add(item);
    return copy;
  }

  close(): InterviewMove {
    this.closed = true;
    return { kind: 'closing' };
  }

  /** Restores progress after a restart of the server-side session from stored turns. */
  restore(questionsAsked: number) {
    this.index = Math.min(questionsAsked, this.plan.questions.length) - 1;
  }

  private timeLeftMs(elapsedMs: number): number {
    return this.plan.maxMinutes * 60000 - this.reserveMs - elapsedMs;
  }

  /** A follow-up fits when the budget has one and the time left still covers the questions to come. */
  private canFollowUp(elapsedMs: number): boolean {
    const questionsLeft = this.plan.questions.length - this.index - 1;
    return this.followUpsLeft > 0 && this.timeLeftMs(elapsedMs) >= (questionsLeft + 1) * EXCHANGE_MS * 0.6;
  }

  /**
   * The next question, breadth-first when time runs short: planned questions are skipped when only
   * the hiring team's own questions still fit; those are asked until the hard limit.
   */
  private nextQuestionIndex(elapsedMs: number): number | null {
    const rest = this.plan.questions.map((q, i) => ({ q, i })).slice(this.index + 1);
    const required = rest.filter((r) => this.plan.required.includes(r.q));
    const left = this.timeLeftMs(elapsedMs);
    if (left <= 0) {
      // Past the closing point: only the hiring team's questions, and only while the limit allows one.
      return required.length && left + this.reserveMs > EXCHANGE_MS / 2 ? required[0]!.i : null;
    }
    const fits = Math.floor(left / (EXCHANGE_MS * 0.6));
    if (rest.length > fits && required.length >= fits) return required[0]?.i ?? null;
    return rest[0]?.i ?? null;
  }

  /**
   * What to name back: an item the candidate surely said, preferring what they did, then tools and
   * things said specifically ("the grey card"), then one plain noun ("the turntable"); things they
   * brought up themselves over the job's own words; the more surely heard of two alike; nothing named twice.
   */
  private pick(heard: Understanding): AnswerItem | undefined {
    const score = (i: AnswerItem) => {
      const content = contentWords(i.text).length;
      const base = i.kind === 'action' ? 4 : i.kind === 'tool' || content >= 2 || isFigure(i.text) ? 3 : 1;
      // Two or three words say which thing; a longer run is more often a mis-chunked or misheard one.
      const specific = content >= 2 && content <= 3 ? 1 : 0;
      return base + specific - (i.fromJob ? 3 : 0) + i.confidence;
    };
    return (
      sayable(heard)
        .filter((i) => !this.named.has(i.text.toLowerCase()))
        // Only what a person would name: never a unit of time or a word that says nothing on its own.
        .filter((i) => worthNaming(i, this.plan.vocabulary))
        .filter((i) => i.text.split(' ').length <= 6)
        .sort((a, b) => score(b) - score(a) || a.at - b.at)[0]
    );
  }
}
