import type { ServerMessage, TurnLatency } from '@app/shared';
import { systemClock, type Clock } from '../lib/clock';
import { AnswerAudioKeeper, type StoreAnswer } from './answer-audio';
import { pcmFromBase64 } from './audio';
import type { SilenceWindows } from './endpointing';
import { Bus, type PipelineEvents } from './events';
import { FallbackInterviewer, FallbackStt, FallbackTts, type PipelineLog } from './fallback';
import { Conductor, type InterviewPlan } from './plan';
import type { Interviewer, SpeechToText, TextToSpeech } from './providers/types';
import { AiTurnStage } from './stages/ai-turn';
import { CandidateTurnStage } from './stages/candidate-turn';
import type { StageContext } from './stages/context';
import { DialogueStage } from './stages/dialogue';
import { TranscriptStore, type TurnSink } from './stages/transcript';
import type { StoredTurn } from './store';
import { WorkSampleStage } from './stages/work-sample';
import type { WorkSampleSource } from './work-sample/source';

export type { TurnSink } from './stages/transcript';

export type SessionSettings = {
  windows: SilenceWindows;
  /** Longest single speech segment before it is endpointed. */
  maxSegmentMs: number;
  /** How far ahead of real time audio is sent (the client schedules it back to back). */
  audioLeadMs: number;
  /** Length of one tts_chunk. */
  chunkMs: number;
  /** Silence after a question before the interviewer checks in (doubled after "give me a moment"). */
  idleNudgeMs: number;
  /** How soon a failed provider is probed again (then doubling, up to the maximum). */
  providerBackoff: { firstMs: number; maxMs: number };
};

export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  windows: { base: 350, unfinished: 1050, waiting: 15000 },
  maxSegmentMs: 60_000,
  audioLeadMs: 800,
  chunkMs: 150,
  idleNudgeMs: 30000,
  providerBackoff: { firstMs: 5_000, maxMs: 120_000 },
};

export type SessionDeps = {
  plan: InterviewPlan;
  /** Provider chains, first choice first; a failing provider hands over to the next with a notice. */
  stt: SpeechToText[];
  interviewers: Interviewer[];
  tts: TextToSpeech[];
  sink: TurnSink;
  /** Turns already stored (a session rebuilt after the server lost it); empty for a new interview. */
  previousTurns?: StoredTurn[];
  settings?: Partial<SessionSettings>;
  /** Runs once when the interview ends (completes the interview record). */
  onEnd?: (reason: 'user_ended' | 'conversation_ended') => Promise<void>;
  log?: PipelineLog;
  clock?: Clock;
  /** Keeps each answer's audio for the careful pass (decision 0172); absent: nothing is kept (practice). */
  keepAnswer?: StoreAnswer;
  /** The work sample after the planned questions (issue 46); absent: none. */
  workSample?: WorkSampleSource | null;
  /** Lets go of per-session resources (the job's recognizer); runs when the session ends or is disposed. */
  release?: () => void;
};

/**
 * The live interview of one candidate. It outlives its socket: a dropped connection detaches it,
 * and reconnecting with the same session id re-attaches it where it was.
 *
 * The session only wires the stages and owns the socket:
 *   mic_chunk → CandidateTurnStage (turn-taking, segments, recognizer) → `user_final`
 *     → DialogueStage (what to say next) → AiTurnStage (interviewer → sentences → TTS) → tts_chunk
 * Stages talk through typed events (events.ts); control messages (barge_in, user_turn_end, end)
 * act at once and are never queued behind audio.
 */
export class InterviewSession {
  private send: (msg: ServerMessage) => void = () => {};
  private attached = false;
  private endState: 'active' | 'ending' | 'ended' = 'active';
  private readonly bus = new Bus<PipelineEvents>();
  private readonly pools: { close(): void }[];
  private readonly transcript: TranscriptStore;
  private readonly candidate: CandidateTurnStage;
  private readonly dialogue: DialogueStage;
  private readonly speaker: AiTurnStage;
  private readonly answers: AnswerAudioKeeper;
  private readonly workSample: WorkSampleStage;

  constructor(
    readonly sessionId: string,
    readonly interviewId: string,
    readonly candidateId: string,
    private readonly deps: SessionDeps,
  ) {
    const settings = { ...DEFAULT_SESSION_SETTINGS, ...deps.settings };
    const clock = deps.clock ?? systemClock;
    const startedAt = clock.now();
    const ctx: StageContext = {
      interviewId,
      clock,
      bus: this.bus,
      send: (msg) => this.send(msg),
      attached: () => this.attached,
      ended: () => this.ended,
      log: deps.log,
    };
    const adapter = {
      clock,
      log: deps.log,
      backoff: settings.providerBackoff,
      notify: (msg: string) => ctx.send({ event: 'notice', msg }),
      // The session goes on (the provider is probed and preferred again once it answers).
      unavailable: (message: string) => ctx.send({ event: 'error', message, recoverable: true }),
    };
    const stt = new FallbackStt(deps.stt, adapter);
    const interviewer = new FallbackInterviewer(deps.interviewers, adapter);
    const tts = new FallbackTts(deps.tts, adapter);
    this.pools = [stt.pool, interviewer.pool, tts.pool];

    const previous = deps.previousTurns ?? [];
    const conductor = new Conductor(deps.plan);
    if (previous.length) conductor.restore(previous.filter((t) => t.speaker === 'ai').length);
    this.answers = new AnswerAudioKeeper(deps.keepAnswer, clock, { interviewId, log: deps.log });
    this.transcript = new TranscriptStore(deps.sink, previous, startedAt, {
      interviewId,
      log: deps.log,
      onUserTurn: (turn) => this.answers.noteTurn(turn.seq, turn.startedAt.getTime()),
    });
    this.speaker = new AiTurnStage(ctx, {
      interviewer,
      tts,
      transcript: this.transcript,
      settings,
      minutesLeft: () => deps.plan.maxMinutes - (clock.now() - startedAt) / 60000,
    });
    this.candidate = new CandidateTurnStage(ctx, {
      stt,
      transcript: this.transcript,
      windows: settings.windows,
      maxSegmentMs: settings.maxSegmentMs,
      spellings: deps.plan.spellings,
      agentSpeaking: () => this.speaker.speaking,
    });
    this.workSample = new WorkSampleStage(ctx, deps.workSample ?? null, () => this.dialogue.workSampleFinished());
    this.dialogue = new DialogueStage(ctx, {
      workSample: this.workSample,
      plan: deps.plan,
      conductor,
      speaker: this.speaker,
      candidateActive: () => this.candidate.active,
      lastPrompt: previous.findLast((t) => t.speaker === 'ai')?.text ?? '',
      startedAt,
      idleNudgeMs: settings.idleNudgeMs,
    });
    // The end of the pipeline: a goodbye played or cut off ends the interview.
    this.bus.on('ai_interrupted', ({ closing }) => closing && void this.end('conversation_ended'));
    this.bus.on('conversation_over', () => void this.end('conversation_ended'));
    // An interviewer turn ends the answer before it even when the client sent no audio meanwhile (it
    // need not stream while the interviewer speaks): the next audio is the next answer.
    this.bus.on('ai_done', () => this.answers.close());
  }

  get ended(): boolean {
    return this.endState !== 'active';
  }

  get isAttached(): boolean {
    return this.attached;
  }

  /** A practice run: nothing of it is stored, and the interview it names is not its own. */
  get practice(): boolean {
    return this.deps.plan.practice === true;
  }

  /** Latency of every answered turn (for the benchmark and logs). */
  get latencies(): TurnLatency[] {
    return this.speaker.latencies;
  }

  /** Connects a socket; `resumed` sessions pick up with a short recap of where they were. */
  attach(send: (msg: ServerMessage) => void, resumed: boolean) {
    this.send = send;
    this.attached = true;
    this.send({ event: 'session_ready', session_id: this.sessionId, interview_id: this.interviewId, resumed });
    if (this.ended) return;
    this.dialogue.begin(resumed);
  }

  /** A message from outside the stages (the practice debrief), delivered while a socket is attached. */
  notify(msg: ServerMessage) {
    if (this.attached) this.send(msg);
  }

  /** The socket went away: stop what cannot be delivered and keep everything else. */
  detach() {
    this.dialogue.clearIdle();
    this.attached = false;
    this.send = () => {};
    this.bus.emit('interrupt', { reason: 'detached' });
    this.candidate.drop();
    this.answers.close();
  }

  // ---- client events: each goes to the one stage it concerns ----

  micChunk(audioB64: string) {
    if (this.ended) return;
    const samples = pcmFromBase64(audioB64);
    if (!samples.length) return;
    this.candidate.push(samples);
    // The answer is the audio between two interviewer turns: kept while the interviewer is silent,
    // stored when it speaks again (decision 0172). Only a list append here, never on this path.
    if (this.speaker.speaking) this.answers.close();
    else this.answers.add(samples);
  }

  aiChunkPlayed(seq: number) {
    this.speaker.played(seq);
  }

  /** The candidate interrupts: generation and audio stop now; the transcript keeps what was heard. */
  bargeIn() {
    if (!this.ended) this.bus.emit('interrupt', { reason: 'barge_in' });
  }

  /** The candidate says they are done (or muted): end the turn without waiting for silence. */
  userTurnEnd() {
    if (!this.ended) this.candidate.endTurn();
  }

  /** Mute pauses the candidate's answer and the interviewer's check-ins; unmute resumes both (0180). */
  mute(muted: boolean) {
    if (this.ended) return;
    this.candidate.pause(muted);
    this.dialogue.setMuted(muted);
  }

  /** The candidate's rating of the work-sample item on screen (issue 46). */
  workRating(itemId: string, rating: number) {
    if (!this.ended) this.workSample.rate(itemId, rating);
  }

  /** Work-sample messages handled so far are done (tests). */
  workSampleSettled(): Promise<void> {
    return this.workSample.settled();
  }

  /** Finalises once: stops everything, stores what is pending, completes the interview. */
  async end(reason: 'user_ended' | 'conversation_ended'): Promise<void> {
    if (this.endState !== 'active') return;
    this.endState = 'ending';
    this.dialogue.clearIdle();
    this.bus.emit('interrupt', { reason: 'ended' });
    const pending = await this.candidate.takePending();
    if (pending) await this.transcript.append('user', pending.text, pending.startedAt, pending.speechEndAt).written;
    await this.transcript.flushed();
    // Stored before the interview completes: the careful pass that follows reads it.
    this.answers.close();
    await this.answers.flushed();
    try {
      await this.deps.onEnd?.(reason);
    } catch (err) {
      this.deps.log?.error({ err, interviewId: this.interviewId }, 'completing the interview failed');
    }
    this.endState = 'ended';
    for (const pool of this.pools) pool.close();
    this.deps.release?.();
    if (reason === 'conversation_ended') this.send({ event: 'conversation_ended' });
  }

  /**
   * Another tab or device took the interview over (decision 0225): nothing more is heard or said
   * here, what is being stored is let finish (the new session reads it), then everything is released.
   */
  async handOver(): Promise<void> {
    if (this.attached) this.detach();
    this.endState = 'ended';
    await this.transcript.flushed();
    this.dispose();
  }

  /** Releases everything (session expired or server closing). */
  dispose() {
    this.dialogue.clearIdle();
    this.bus.emit('interrupt', { reason: 'disposed' });
    this.candidate.drop();
    this.answers.drop();
    for (const pool of this.pools) pool.close();
    this.deps.release?.();
  }
}
