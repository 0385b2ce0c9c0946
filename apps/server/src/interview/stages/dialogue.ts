import type { Timer } from '../../lib/clock';
import type { PipelineEvents } from '../events';
import { detectIntent } from '../intents';
import type { Conductor, InterviewPlan } from '../plan';
import type { AiTurnStage, SayRequest } from './ai-turn';
import type { StageContext } from './context';
import type { WorkSampleStage } from './work-sample';

export type DialogueDeps = {
  plan: InterviewPlan;
  conductor: Conductor;
  speaker: AiTurnStage;
  /** The candidate is speaking or their turn is undecided. */
  candidateActive: () => boolean;
  /** The last thing the interviewer said before this session (a rebuilt session), else ''. */
  lastPrompt: string;
  startedAt: number;
  /** Silence after a question before the interviewer checks in (doubled after "give me a moment"). */
  idleNudgeMs: number;
  /** The work sample after the planned questions (issue 46). */
  workSample: WorkSampleStage;
};

/** Said when the candidate spoke but no recognizer could hear it (all of them failed or were busy). */
export const UNHEARD = "Sorry, I didn't catch that. Could you say it again?";

/**
 * What the interviewer does next: answers a finished candidate turn (repeat the question, give
 * them a moment, or the conductor's next move), opens or resumes the conversation, and checks in
 * on a candidate who stays silent.
 */
export class DialogueStage {
  /** The last full thing the interviewer said, for "can you repeat that" and resuming. */
  private lastPrompt: string;
  private lastQuestion: string;
  private waiting = false;
  private idle: Timer | null = null;
  private nudges = 0;
  /** The candidate muted: no check-in, no closing on silence until they unmute (decision 0180). */
  private muted = false;

  constructor(
    private readonly ctx: StageContext,
    private readonly deps: DialogueDeps,
  ) {
    this.lastPrompt = deps.lastPrompt;
    this.lastQuestion = deps.lastPrompt ? this.questionPart(deps.lastPrompt) : '';
    ctx.bus.on('user_speaking', () => {
      this.clearIdle();
      this.nudges = 0;
    });
    // While the candidate rates the work sample, what they say is thinking aloud: heard, not answered.
    const rating = () => deps.workSample.active;
    ctx.bus.on('user_final', (e) => !rating() && this.answer(e));
    ctx.bus.on('user_unheard', () => !rating() && this.say({ text: UNHEARD, isQuestion: false }));
    // What the answer would be if the pause ends the turn, asked of a copy of the conductor.
    ctx.bus.on('user_preview', ({ text, words }) => {
      if (!this.ctx.ended() && !rating())
        this.deps.speaker.prepare(this.decide(text, words, this.deps.conductor.clone()).request);
    });
    ctx.bus.on('ai_text', ({ text, move, isQuestion }) => {
      this.lastPrompt = text;
      if (move?.kind === 'greeting' || move?.kind === 'question') this.sendProgress();
      if (move?.kind !== 'closing' && isQuestion) this.lastQuestion = this.questionPart(text);
    });
    ctx.bus.on('ai_done', ({ playbackEndsAt, closing }) => {
      if (!closing) this.scheduleIdle(playbackEndsAt);
    });
  }

  /** A socket attached: greet, say goodbye again, or pick up with a short recap of where we were. */
  begin(resumed: boolean): void {
    const { conductor, workSample } = this.deps;
    if (workSample.active) {
      this.say({ text: 'Welcome back. Please go on with the item on your screen.', isQuestion: false });
      workSample.show();
    } else if (!resumed && !this.lastPrompt) {
      this.say({ move: conductor.opening() });
    } else if (conductor.isClosed) {
      this.say({ move: conductor.close() });
    } else {
      const recap = this.lastQuestion || this.lastPrompt || conductor.currentQuestion || '';
      this.say({ text: `Welcome back. ${recap}`.trim(), isQuestion: true });
      this.sendProgress();
    }
  }

  /** Where the interview is: the planned question open, of about how many, and the time used (0181). */
  sendProgress(): void {
    const { conductor, plan, startedAt } = this.deps;
    this.ctx.send({
      event: 'progress',
      question: Math.max(0, Math.min(conductor.questionsAsked, plan.questions.length)),
      questions: plan.questions.length,
      elapsed_seconds: Math.max(0, Math.round((this.ctx.clock.now() - startedAt) / 1000)),
      max_seconds: plan.maxMinutes * 60,
    });
  }

  /** Mute holds every check-in; unmute starts the wait for an answer again from now. */
  setMuted(muted: boolean): void {
    this.muted = muted;
    if (muted) this.clearIdle();
    else if (!this.deps.speaker.speaking && !this.deps.candidateActive() && !this.ctx.ended())
      this.scheduleIdle(this.ctx.clock.now());
  }

  clearIdle(): void {
    this.idle?.cancel();
    this.idle = null;
  }

  private say(request: SayRequest) {
    if (this.ctx.ended()) return;
    this.clearIdle();
    const { workSample } = this.deps;
    if (request.move?.kind === 'closing' && workSample.pending) {
      // The planned questions are done: the work sample comes before goodbye, its first item with the intro.
      this.deps.speaker.say({ text: workSample.introduce(), isQuestion: false });
      workSample.show();
      return;
    }
    this.deps.speaker.say(request);
  }

  /** The last work-sample rating came in: now the interviewer says goodbye. */
  workSampleFinished(): void {
    this.say({ move: this.deps.conductor.close() });
  }

  private setWaiting(on: boolean) {
    this.waiting = on;
    this.ctx.bus.emit('waiting', { on });
  }

  private answer({ text, words, speechEndAt, finalAt }: PipelineEvents['user_final']) {
    const { request, waiting } = this.decide(text, words, this.deps.conductor);
    if (waiting !== undefined) this.setWaiting(waiting);
    this.say({ ...request, timing: { speechEndAt, finalAt } });
  }

  /**
   * The reply to the candidate's words: repeat the question, give them a moment, or the conductor's
   * next move (which moves `conductor` on). `waiting` is the new "give me a moment" state, if it changes.
   */
  private decide(
    text: string,
    words: PipelineEvents['user_final']['words'],
    conductor: Conductor,
  ): { request: SayRequest; waiting?: boolean } {
    const intent = detectIntent(text)?.intent ?? null;
    if (intent === 'repeat' && this.lastQuestion) {
      return { request: { text: `Sure. ${this.lastQuestion}`, isQuestion: true } };
    }
    if (intent === 'wait') return { request: { text: 'Of course, take your time.', isQuestion: false }, waiting: true };
    const understood = conductor.understand(text, words);
    const move = conductor.next(understood, this.ctx.clock.now() - this.deps.startedAt, intent);
    return { request: { move, lastAnswer: text, understood }, waiting: false };
  }

  /**
   * A candidate who stays silent after a question is asked it again (twice at most); once the
   * interview time is up, silence closes the interview instead of leaving it open forever.
   */
  private scheduleIdle(playbackEndsAt: number) {
    const { clock } = this.ctx;
    this.clearIdle();
    const wait = Math.max(0, playbackEndsAt - clock.now()) + this.deps.idleNudgeMs * (this.waiting ? 2 : 1);
    this.idle = clock.setTimeout(() => {
      this.idle = null;
      if (this.deps.workSample.active) return;
      if (this.ctx.ended() || this.muted || this.deps.candidateActive() || this.deps.speaker.speaking) return;
      if (clock.now() - this.deps.startedAt >= this.deps.plan.maxMinutes * 60000) {
        this.say({ move: this.deps.conductor.close() });
      } else if (this.nudges < 2 && this.lastQuestion) {
        this.nudges++;
        this.say({ text: `Take your time. Whenever you're ready: ${this.lastQuestion}`, isQuestion: false });
      }
    }, wait);
  }

  /**
   * The question in what the interviewer said: a plan question it contains (the built-in
   * interviewer speaks them verbatim), else its last sentence ending in "?", else the whole text.
   */
  private questionPart(text: string): string {
    const planned = this.deps.plan.questions
      .map((q) => ({ q, at: text.lastIndexOf(q) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => b.at - a.at)[0];
    if (planned) return planned.q;
    const sentences = text.match(/[^.!?]+[.!?]*/g)?.map((x) => x.trim()) ?? [];
    return sentences.filter((x) => x.endsWith('?')).at(-1) ?? text;
  }
}
