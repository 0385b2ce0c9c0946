import type { ServerMessage, TurnLatency } from '@app/shared';
import { pcmFromBase64, resample, SOCKET_RATE, STT_RATE, durationMs } from './audio';
import { Endpointer, silenceWindowFor, type SilenceWindows } from './endpointing';
import { Conductor, type InterviewPlan } from './plan';
import { SentenceSplitter } from './sentence-splitter';
import type { StoredTurn } from './store';
import {
  ProviderError,
  type ChatMessage,
  type Interviewer,
  type InterviewMove,
  type SpeechToText,
  type SttStream,
  type TextToSpeech,
} from './providers/types';

/** Where finalized turns go (the database for real interviews, nowhere for practice). */
export interface TurnSink {
  append(turn: StoredTurn): Promise<void>;
  update(seq: number, text: string): Promise<void>;
}

export type SessionSettings = {
  windows: SilenceWindows;
  /** How far ahead of real time audio is sent (the client schedules it back to back). */
  audioLeadMs: number;
  /** Length of one tts_chunk. */
  chunkMs: number;
  /** Silence after a question before the interviewer checks in (doubled after "give me a moment"). */
  idleNudgeMs: number;
};

export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  windows: { base: 350, unfinished: 1050, waiting: 15000 },
  audioLeadMs: 800,
  chunkMs: 150,
  idleNudgeMs: 30000,
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
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  now?: () => number;
};

type Piece = { seq: number; charEnd: number };

/** One AI turn: its text, the audio chunks sent for it, and the handle that stops it. */
class AiTurn {
  readonly controller = new AbortController();
  /** The text as generated (sentences joined by spaces). */
  text = '';
  /** Per tts_chunk, how far into `text` the audio has got by the end of that chunk. */
  readonly pieces: Piece[] = [];
  playedSeq = -1;
  sentAudioMs = 0;
  firstAudioAt = 0;
  done = false;
  interrupted = false;
  storedSeq: number | null = null;
  finalSent = false;

  constructor(
    readonly move: InterviewMove | null,
    readonly startedAt: number,
  ) {}

  get signal() {
    return this.controller.signal;
  }

  /** When the client will have finished playing what was sent (its clock started at the first chunk). */
  get playbackEndsAt(): number {
    return this.firstAudioAt ? this.firstAudioAt + this.sentAudioMs + 100 : 0;
  }

  /**
   * What the candidate heard: the text up to the last chunk the client reported played, mapped
   * from audio to characters proportionally within each sentence, cut back to a whole word.
   */
  heardText(): string {
    let end = 0;
    for (const p of this.pieces) if (p.seq <= this.playedSeq) end = Math.max(end, p.charEnd);
    if (end >= this.text.length) return this.text;
    if (end === 0) return '';
    const cut = this.text.slice(0, end);
    const next = this.text[end];
    const whole = next === undefined || /\s/.test(next) ? cut : cut.replace(/\S*$/, '');
    return whole.trim();
  }
}

type UserTurn = {
  segments: Promise<string>[];
  startedAt: number;
  /** Wall time of the end of the last voiced frame. */
  speechEndAt: number;
  /** Text of the segments finished so far (for the adaptive silence window). */
  knownText: string;
  pendingSegments: number;
};

type Segment = { stream: SttStream; audio: Int16Array[]; providerIndex: number };

const REPEAT_REQUEST =
  /\b(repeat (that|the question|it|please)|say (that|it) again|come again|pardon|(didn'?t|did not) (catch|hear|get) (that|it|you|the question))\b/i;
const WAIT_REQUEST =
  /\b(give me a (moment|minute|second|sec)|let me think|one (moment|second|sec)|hold on|just a (moment|minute|second|sec)|wait a (moment|minute|second))\b/i;

/**
 * The live interview of one candidate. It outlives its socket: a dropped connection detaches it,
 * and reconnecting with the same session id re-attaches it where it was.
 *
 * mic_chunk → endpointing → speech-to-text → interviewer → sentence splitter → text-to-speech → tts_chunk
 * Control messages (barge_in, user_turn_end, end) act at once; they are never queued behind audio.
 */
export class InterviewSession {
  private send: (msg: ServerMessage) => void = () => {};
  private attached = false;
  private readonly settings: SessionSettings;
  private readonly now: () => number;
  private readonly conductor: Conductor;
  private readonly startedAt: number;
  private readonly offsetBase: number;
  private readonly endpointer = new Endpointer({ sampleRate: SOCKET_RATE });

  private sttIndex = 0;
  private interviewerIndex = 0;
  private ttsIndex = 0;

  private history: ChatMessage[] = [];
  private seq = 0;
  private ttsSeq = 0;
  private segment: Segment | null = null;
  private userTurn: UserTurn | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private nudges = 0;
  private ai: AiTurn | null = null;
  private previousAi: AiTurn | null = null;
  /** The last full thing the interviewer said, for "can you repeat that" and resuming. */
  private lastPrompt = '';
  private lastQuestion = '';
  private waiting = false;
  private endState: 'active' | 'ending' | 'ended' = 'active';
  /** Transcript writes, in order (a correction never overtakes its insert); completing waits for them. */
  private writes: Promise<void> = Promise.resolve();

  /** Latency of every answered turn (for the benchmark and logs). */
  readonly latencies: TurnLatency[] = [];

  constructor(
    readonly sessionId: string,
    readonly interviewId: string,
    readonly candidateId: string,
    private readonly deps: SessionDeps,
  ) {
    this.settings = { ...DEFAULT_SESSION_SETTINGS, ...deps.settings };
    this.now = deps.now ?? Date.now;
    this.conductor = new Conductor(deps.plan);
    this.startedAt = this.now();
    const previous = deps.previousTurns ?? [];
    const first = previous[0];
    this.offsetBase = first ? first.startedAt.getTime() - first.offsetSeconds * 1000 : this.startedAt;
    for (const t of previous) {
      this.history.push({ role: t.speaker === 'ai' ? 'assistant' : 'user', content: t.text });
      if (t.speaker === 'ai') this.lastPrompt = t.text;
    }
    this.lastQuestion = this.lastPrompt ? this.questionPart(this.lastPrompt) : '';
    this.seq = previous.reduce((m, t) => Math.max(m, t.seq + 1), 0);
    if (previous.length) this.conductor.restore(previous.filter((t) => t.speaker === 'ai').length);
  }

  get ended(): boolean {
    return this.endState !== 'active';
  }

  get isAttached(): boolean {
    return this.attached;
  }

  /** Connects a socket; `resumed` sessions pick up with a short recap of where they were. */
  attach(send: (msg: ServerMessage) => void, resumed: boolean) {
    this.send = send;
    this.attached = true;
    this.send({ event: 'session_ready', session_id: this.sessionId, interview_id: this.interviewId, resumed });
    if (this.ended) return;
    if (!resumed && !this.lastPrompt) {
      this.startAiTurn({ move: this.conductor.opening() });
    } else if (this.conductor.isClosed) {
      this.startAiTurn({ move: this.conductor.close() });
    } else {
      const recap = this.lastQuestion || this.lastPrompt || this.conductor.currentQuestion || '';
      this.startAiTurn({ text: `Welcome back. ${recap}`.trim(), isQuestion: true });
    }
  }

  /** The socket went away: stop what cannot be delivered and keep everything else. */
  detach() {
    this.clearIdle();
    this.attached = false;
    this.send = () => {};
    this.abortAi('detached');
    this.dropSegment();
    this.endpointer.endSpeech();
  }

  // ---- client events ----

  micChunk(audioB64: string) {
    if (this.ended) return;
    const samples = pcmFromBase64(audioB64);
    if (!samples.length) return;
    const result = this.endpointer.feed(samples);
    // While the interviewer is talking the mic is the client's to mute; stray audio (echo) must not
    // open a turn. Interrupting is explicit (barge_in).
    if (this.ai && !this.ai.done) {
      if (!this.endpointer.inSpeech) return;
      this.endpointer.endSpeech();
      return;
    }
    if (result.speechStarted) {
      this.openSegment(result.preRoll ?? samples);
    } else if (this.segment) {
      this.writeSegment(samples);
    }
    if (this.endpointer.inSpeech && this.userTurn) {
      const behind = durationMs(this.endpointer.totalSamples - this.endpointer.lastVoiceEnd, SOCKET_RATE);
      this.userTurn.speechEndAt = this.now() - behind;
    }
    this.checkEndOfTurn();
  }

  aiChunkPlayed(seq: number) {
    for (const turn of [this.ai, this.previousAi]) {
      if (turn && turn.pieces.some((p) => p.seq === seq)) turn.playedSeq = Math.max(turn.playedSeq, seq);
    }
  }

  /** The candidate interrupts: generation and audio stop now; the transcript keeps what was heard. */
  bargeIn() {
    if (this.ended) return;
    const turn = this.ai && (!this.ai.done || this.now() < this.ai.playbackEndsAt) ? this.ai : null;
    if (!turn) return;
    const closing = turn.move?.kind === 'closing';
    turn.interrupted = true;
    turn.controller.abort(new Error('barge-in'));
    this.finishAiText(turn, turn.heardText());
    if (!turn.done) {
      turn.done = true;
      this.send({ event: 'answer_end' });
    }
    this.endpointer.endSpeech();
    if (closing) void this.end('conversation_ended');
  }

  /** The candidate says they are done (or muted): end the turn without waiting for silence. */
  userTurnEnd() {
    if (this.ended) return;
    if (this.segment) this.closeSegment();
    if (this.userTurn) void this.commitUserTurn();
  }

  /** Finalises once: stops everything, stores what is pending, completes the interview. */
  async end(reason: 'user_ended' | 'conversation_ended'): Promise<void> {
    if (this.endState !== 'active') return;
    this.endState = 'ending';
    this.clearCheck();
    this.clearIdle();
    this.abortAi('ended');
    if (this.segment) this.closeSegment();
    const pending = this.userTurn;
    this.userTurn = null;
    if (pending) {
      const text = await this.userTurnText(pending);
      if (text) await this.storeTurn('user', text, pending.startedAt, pending.speechEndAt);
    }
    await this.writes;
    try {
      await this.deps.onEnd?.(reason);
    } catch (err) {
      this.deps.log?.error({ err, interviewId: this.interviewId }, 'completing the interview failed');
    }
    this.endState = 'ended';
    if (reason === 'conversation_ended') this.send({ event: 'conversation_ended' });
  }

  /** Releases everything (session expired or server closing). */
  dispose() {
    this.clearIdle();
    this.clearCheck();
    this.abortAi('disposed');
    this.dropSegment();
  }

  // ---- user side: segments and turns ----

  private openSegment(preRoll: Int16Array) {
    if (this.segment) return;
    this.clearIdle();
    this.nudges = 0;
    if (!this.userTurn) {
      this.userTurn = {
        segments: [],
        startedAt: this.now() - durationMs(preRoll.length, SOCKET_RATE),
        speechEndAt: this.now(),
        knownText: '',
        pendingSegments: 0,
      };
    }
    this.clearCheck();
    const stream = this.startStt();
    this.segment = stream ? { ...stream, audio: [] } : null;
    if (this.segment) this.writeSegment(preRoll);
  }

  private startStt(): { stream: SttStream; providerIndex: number } | null {
    while (this.sttIndex < this.deps.stt.length) {
      const provider = this.deps.stt[this.sttIndex]!;
      try {
        const stream = provider.start((text) => {
          if (!this.ended)
            this.send({ event: 'transcript', speaker: 'user', text: this.interimText(text), final: false });
        });
        return { stream, providerIndex: this.sttIndex };
      } catch (err) {
        this.providerFailed('stt', err);
      }
    }
    this.send({ event: 'error', message: 'Speech recognition is unavailable right now.' });
    return null;
  }

  private interimText(segmentText: string): string {
    return [this.userTurn?.knownText, segmentText].filter(Boolean).join(' ');
  }

  private writeSegment(samples24k: Int16Array) {
    if (!this.segment) return;
    const samples = resample(samples24k, SOCKET_RATE, STT_RATE);
    this.segment.audio.push(samples);
    this.segment.stream.write(samples);
  }

  /** Ends the current recognizer segment; its text joins the user turn when it arrives. */
  private closeSegment() {
    const segment = this.segment;
    const turn = this.userTurn;
    this.segment = null;
    this.endpointer.endSpeech();
    if (!segment || !turn) return;
    turn.pendingSegments++;
    const text = this.finishSegment(segment, turn.speechEndAt).then((t) => {
      turn.pendingSegments--;
      turn.knownText = [turn.knownText, t].filter(Boolean).join(' ');
      if (this.userTurn === turn) {
        if (turn.knownText) this.send({ event: 'transcript', speaker: 'user', text: turn.knownText, final: false });
        this.checkEndOfTurn();
      }
      return t;
    });
    turn.segments.push(text);
  }

  /** Final text of a segment; on provider failure the buffered audio goes to the next provider. */
  private async finishSegment(segment: Segment, speechEndedAt: number): Promise<string> {
    try {
      return await segment.stream.finish({ speechEndedAt });
    } catch (err) {
      if (this.sttIndex === segment.providerIndex) this.providerFailed('stt', err);
      while (this.sttIndex < this.deps.stt.length) {
        const provider = this.deps.stt[this.sttIndex]!;
        try {
          const retry = provider.start(() => {});
          for (const part of segment.audio) retry.write(part);
          return await retry.finish();
        } catch (retryErr) {
          this.providerFailed('stt', retryErr);
        }
      }
      return '';
    }
  }

  private dropSegment() {
    this.segment?.stream.abort();
    this.segment = null;
    this.userTurn = null;
    this.clearCheck();
  }

  /**
   * Ends the turn when the silence is long enough for what was said: the segment closes after the
   * base window, then a trailing "and"/"um" (or a pending "give me a moment") keeps the turn open longer.
   */
  private checkEndOfTurn() {
    const turn = this.userTurn;
    if (!turn || this.ended) return;
    this.clearCheck();
    const silence =
      this.endpointer.inSpeech || this.segment ? this.endpointer.silenceMs : this.now() - turn.speechEndAt;
    if (this.segment) {
      const window = this.waiting ? this.settings.windows.waiting : this.settings.windows.base;
      if (silence >= window) this.closeSegment();
      else this.scheduleCheck(window - silence);
      return;
    }
    if (turn.pendingSegments > 0) return; // decided when the text arrives
    const window = silenceWindowFor(turn.knownText, this.settings.windows, this.waiting);
    if (silence >= window) void this.commitUserTurn();
    else this.scheduleCheck(window - silence);
  }

  /** Mic chunks normally drive the checks; this covers a client that stops sending audio. */
  private scheduleCheck(ms: number) {
    this.checkTimer = setTimeout(
      () => {
        this.checkTimer = null;
        const turn = this.userTurn;
        if (!turn) return;
        if (this.segment && this.now() - turn.speechEndAt >= this.settings.windows.base) this.closeSegment();
        else if (!this.segment) {
          const window = silenceWindowFor(turn.knownText, this.settings.windows, this.waiting);
          if (turn.pendingSegments === 0 && this.now() - turn.speechEndAt >= window) void this.commitUserTurn();
          else this.scheduleCheck(100);
        } else this.scheduleCheck(100);
      },
      Math.max(20, ms + 20),
    ).unref();
  }

  private clearCheck() {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = null;
  }

  private async userTurnText(turn: UserTurn): Promise<string> {
    const parts = await Promise.all(turn.segments);
    return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  }

  private async commitUserTurn() {
    const turn = this.userTurn;
    if (!turn || this.ended) return;
    this.userTurn = null;
    this.clearCheck();
    const text = await this.userTurnText(turn);
    const finalAt = this.now();
    if (!text || this.ended) return; // noise, not words
    this.send({ event: 'transcript', speaker: 'user', text, final: true });
    await this.storeTurn('user', text, turn.startedAt, turn.speechEndAt);
    const timing = { speechEndAt: turn.speechEndAt, finalAt };

    if (REPEAT_REQUEST.test(text) && this.lastQuestion) {
      this.startAiTurn({ text: `Sure. ${this.lastQuestion}`, timing, isQuestion: true });
      return;
    }
    if (WAIT_REQUEST.test(text) && text.split(/\s+/).length <= 12) {
      this.waiting = true;
      this.startAiTurn({ text: 'Of course, take your time.', timing, isQuestion: false });
      return;
    }
    this.waiting = false;
    const move = this.conductor.next(text, this.now() - this.startedAt);
    this.startAiTurn({ move, lastAnswer: text, timing });
  }

  // ---- AI side ----

  private startAiTurn(opts: {
    move?: InterviewMove;
    text?: string;
    lastAnswer?: string;
    timing?: { speechEndAt: number; finalAt: number };
    isQuestion?: boolean;
  }) {
    if (this.ended) return;
    this.abortAi('new turn');
    this.clearIdle();
    const turn = new AiTurn(opts.move ?? null, this.now());
    this.previousAi = this.ai;
    this.ai = turn;
    this.runAiTurn(turn, opts).catch((err: unknown) => {
      if (!turn.signal.aborted) this.deps.log?.error({ err }, 'interviewer turn failed');
    });
  }

  private async runAiTurn(
    turn: AiTurn,
    opts: {
      move?: InterviewMove;
      text?: string;
      lastAnswer?: string;
      timing?: { speechEndAt: number; finalAt: number };
      isQuestion?: boolean;
    },
  ) {
    const latency: TurnLatency = {};
    let firstTextAt = 0;
    const splitter = new SentenceSplitter();
    // Sentences are synthesized as soon as they are complete; audio is sent strictly in order.
    let sending: Promise<void> = Promise.resolve();
    const speak = (sentence: string) => {
      if (!firstTextAt) firstTextAt = this.now();
      turn.text = turn.text ? `${turn.text} ${sentence}` : sentence;
      const charStart = turn.text.length - sentence.length;
      const charEnd = turn.text.length;
      this.send({ event: 'transcript', speaker: 'ai', text: turn.text, final: false });
      const audio = this.synthesize(sentence, turn.signal);
      audio.catch(() => {}); // awaited in order below; this only keeps an early abort from going unhandled
      sending = sending.then(async () => {
        const samples = await audio;
        if (turn.signal.aborted) return;
        await this.sendAudio(turn, samples, charStart, charEnd, () => {
          if (!opts.timing || latency.voice_to_voice_ms !== undefined) return;
          const t = opts.timing;
          latency.stt_ms = Math.round(t.finalAt - t.speechEndAt);
          latency.llm_ms = Math.round(firstTextAt - t.finalAt);
          latency.tts_ms = Math.round(this.now() - firstTextAt);
          latency.voice_to_voice_ms = Math.round(this.now() - t.speechEndAt);
          this.latencies.push(latency);
          this.send({ event: 'metrics', latency });
        });
      });
    };

    if (opts.text !== undefined) {
      for (const s of [...splitter.push(opts.text), ...splitter.flush()]) speak(s);
    } else if (opts.move) {
      for await (const piece of this.generate(opts.move, opts.lastAnswer, turn.signal)) {
        for (const s of splitter.push(piece)) speak(s);
      }
      if (!turn.signal.aborted) for (const s of splitter.flush()) speak(s);
    }
    // Known as soon as it is generated: a drop mid-answer resumes with this question.
    if (!turn.signal.aborted && turn.text) {
      this.lastPrompt = turn.text;
      if (opts.move?.kind !== 'closing' && (opts.isQuestion ?? true)) this.lastQuestion = this.questionPart(turn.text);
    }
    await sending.catch((err: unknown) => {
      if (!turn.signal.aborted) throw err;
    });
    if (turn.signal.aborted) return;

    turn.done = true;
    this.finishAiText(turn, turn.text);
    this.send({ event: 'answer_end' });
    if (opts.move?.kind !== 'closing') this.scheduleIdle(turn);
    if (opts.move?.kind === 'closing') {
      // Let the goodbye play before the client finalises.
      await this.waitForPlayback(turn);
      if (!turn.signal.aborted || turn.interrupted) await this.end('conversation_ended');
    }
  }

  /** Streams the interviewer's reply through the provider chain. */
  private async *generate(move: InterviewMove, lastAnswer: string | undefined, signal: AbortSignal) {
    const request = {
      move,
      history: [...this.history],
      lastAnswer,
      minutesLeft: this.deps.plan.maxMinutes - (this.now() - this.startedAt) / 60000,
    };
    while (this.interviewerIndex < this.deps.interviewers.length) {
      const provider = this.deps.interviewers[this.interviewerIndex]!;
      let produced = false;
      try {
        for await (const piece of provider.reply(request, signal)) {
          if (signal.aborted) return;
          produced = true;
          yield piece.replace(/\[\[?END\]?\]/gi, '');
        }
        if (produced || signal.aborted) return;
        throw new ProviderError(provider.name, 'empty reply');
      } catch (err) {
        if (signal.aborted) return;
        this.providerFailed('interviewer', err);
        if (produced) return; // keep what was already said rather than starting over
      }
    }
    this.send({ event: 'error', message: 'The interviewer is unavailable right now.' });
    throw new Error('no interviewer available');
  }

  private async synthesize(sentence: string, signal: AbortSignal): Promise<Int16Array> {
    while (this.ttsIndex < this.deps.tts.length) {
      const index = this.ttsIndex;
      try {
        return await this.deps.tts[index]!.synthesize(sentence, signal);
      } catch (err) {
        if (signal.aborted) throw err;
        if (this.ttsIndex === index) this.providerFailed('tts', err);
      }
    }
    this.send({ event: 'error', message: 'Speech synthesis is unavailable right now.' });
    return new Int16Array(0);
  }

  /** Sends a sentence's audio in ~150 ms chunks, paced a little ahead of the client's playback. */
  private async sendAudio(
    turn: AiTurn,
    samples: Int16Array,
    charStart: number,
    charEnd: number,
    onFirstChunk: () => void,
  ) {
    const chunk = Math.round((this.settings.chunkMs / 1000) * SOCKET_RATE);
    for (let offset = 0; offset < samples.length; offset += chunk) {
      if (turn.signal.aborted) return;
      if (turn.firstAudioAt) {
        const dueAt = turn.firstAudioAt + turn.sentAudioMs - this.settings.audioLeadMs;
        const wait = dueAt - this.now();
        if (wait > 0) await sleep(wait, turn.signal);
        if (turn.signal.aborted) return;
      }
      const part = samples.subarray(offset, Math.min(samples.length, offset + chunk));
      const seq = this.ttsSeq++;
      const end = offset + part.length;
      turn.pieces.push({ seq, charEnd: Math.round(charStart + ((charEnd - charStart) * end) / samples.length) });
      if (!turn.firstAudioAt) turn.firstAudioAt = this.now();
      turn.sentAudioMs += durationMs(part.length, SOCKET_RATE);
      this.send({
        event: 'tts_chunk',
        seq,
        audio_b64: Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'),
      });
      if (seq === turn.pieces[0]!.seq) onFirstChunk();
    }
  }

  private async waitForPlayback(turn: AiTurn) {
    const lastSeq = turn.pieces.at(-1)?.seq ?? -1;
    const deadline = turn.playbackEndsAt + 300;
    while (!turn.signal.aborted && turn.playedSeq < lastSeq && this.now() < deadline && this.attached) {
      await sleep(Math.min(100, Math.max(1, deadline - this.now())), turn.signal);
    }
  }

  /** Stores the AI turn (once) and tells the client its final text; later corrections update the row. */
  private finishAiText(turn: AiTurn, text: string) {
    const clean = text.trim();
    if (!turn.finalSent) {
      turn.finalSent = true;
      if (!clean) return;
      this.send({ event: 'transcript', speaker: 'ai', text: clean, final: true });
      turn.storedSeq = this.seq;
      void this.storeTurn('ai', clean, turn.startedAt, this.now());
      return;
    }
    if (turn.storedSeq !== null && clean && clean !== turn.text) {
      const seq = turn.storedSeq;
      const last = this.history.findLast((m) => m.role === 'assistant');
      if (last) last.content = clean;
      void this.persist(() => this.deps.sink.update(seq, clean));
    }
  }

  private abortAi(reason: string) {
    const turn = this.ai;
    if (!turn || turn.signal.aborted) return;
    const wasPlaying = !turn.done || this.now() < turn.playbackEndsAt;
    turn.controller.abort(new Error(reason));
    if (wasPlaying && !turn.done) this.finishAiText(turn, turn.heardText());
  }

  private async storeTurn(speaker: 'ai' | 'user', text: string, startedAt: number, endedAt: number) {
    const turn: StoredTurn = {
      seq: this.seq++,
      speaker,
      text,
      startedAt: new Date(startedAt),
      endedAt: new Date(Math.max(startedAt, endedAt)),
      offsetSeconds: Math.max(0, Math.floor((startedAt - this.offsetBase) / 1000)),
    };
    this.history.push({ role: speaker === 'ai' ? 'assistant' : 'user', content: text });
    await this.persist(() => this.deps.sink.append(turn));
  }

  private persist(op: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(op).catch((err: unknown) => {
      this.deps.log?.error({ err, interviewId: this.interviewId }, 'storing a transcript turn failed');
    });
    return this.writes;
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

  /**
   * A candidate who stays silent after a question is asked it again (twice at most); once the
   * interview time is up, silence closes the interview instead of leaving it open forever.
   */
  private scheduleIdle(turn: AiTurn) {
    this.clearIdle();
    const wait = Math.max(0, turn.playbackEndsAt - this.now()) + this.settings.idleNudgeMs * (this.waiting ? 2 : 1);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.ended || this.userTurn || this.segment || (this.ai && !this.ai.done)) return;
      if (this.now() - this.startedAt >= this.deps.plan.maxMinutes * 60000) {
        this.startAiTurn({ move: this.conductor.close() });
      } else if (this.nudges < 2 && this.lastQuestion) {
        this.nudges++;
        this.startAiTurn({ text: `Take your time. Whenever you're ready: ${this.lastQuestion}`, isQuestion: false });
      }
    }, wait);
    this.idleTimer.unref();
  }

  private clearIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private providerFailed(stage: 'stt' | 'interviewer' | 'tts', err: unknown) {
    const chain = stage === 'stt' ? this.deps.stt : stage === 'tts' ? this.deps.tts : this.deps.interviewers;
    const index = stage === 'stt' ? this.sttIndex++ : stage === 'tts' ? this.ttsIndex++ : this.interviewerIndex++;
    const failed = chain[index]?.name ?? 'provider';
    const next = chain[index + 1]?.name;
    const label = stage === 'stt' ? 'Speech recognition' : stage === 'tts' ? 'Speech synthesis' : 'The interviewer';
    this.deps.log?.warn({ err: (err as Error)?.message, stage, failed, next }, 'interview provider failed');
    this.send({
      event: 'notice',
      msg: next ? `${label} (${failed}) failed; switched to ${next}.` : `${label} (${failed}) failed.`,
    });
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
