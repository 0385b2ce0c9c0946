import type { TurnLatency } from '@app/shared';
import { recordVoiceToVoice } from '../../cluster/metrics';
import { sleep } from '../../lib/clock';
import { durationMs, SOCKET_RATE } from '../audio';
import type { InterruptReason } from '../events';
import type { Interviewer, InterviewerRequest, InterviewMove, TextToSpeech } from '../providers/types';
import { SentenceSplitter } from '../sentence-splitter';
import type { Understanding } from '../understanding/understand';
import type { StageContext } from './context';
import { SpeechHandle } from './speech-handle';
import type { TranscriptStore } from './transcript';

/** What the dialogue wants said: a move for the interviewer to phrase, or fixed text. */
export type SayRequest = {
  move?: InterviewMove;
  text?: string;
  lastAnswer?: string;
  /** What the candidate's answer was understood to say (items, unsure words). */
  understood?: Understanding;
  /** The candidate's turn this answers (for voice-to-voice latency). */
  timing?: { speechEndAt: number; finalAt: number };
  /** Whether the text is a question to come back to (repeat, resume). Default true. */
  isQuestion?: boolean;
};

export type AiTurnDeps = {
  interviewer: Interviewer;
  tts: TextToSpeech;
  transcript: TranscriptStore;
  settings: { chunkMs: number; audioLeadMs: number };
  minutesLeft: () => number;
};

/** A reply's first sentence synthesized before it is due (see `prepare`). */
type PreparedSpeech = { sentence: string; audio: Promise<Int16Array>; controller: AbortController };

/**
 * The AI's turn: generation → sentence splitter → text-to-speech → tts_chunk, paced a little ahead
 * of the client's playback. Each turn is a SpeechHandle; an `interrupt` event aborts it, and a
 * barge-in keeps in the transcript only what `ai_chunk_played` says the candidate heard.
 */
export class AiTurnStage {
  private current: SpeechHandle | null = null;
  private prepared: PreparedSpeech | null = null;
  private previous: SpeechHandle | null = null;
  private ttsSeq = 0;
  /** Latency of every answered turn (for the benchmark and logs). */
  readonly latencies: TurnLatency[] = [];

  constructor(
    private readonly ctx: StageContext,
    private readonly deps: AiTurnDeps,
  ) {
    ctx.bus.on('interrupt', ({ reason }) => {
      if (reason === 'barge_in') return this.bargeIn();
      this.abort(reason);
      // Nothing will be said in this connection (ended, detached, disposed): stop preparing it.
      this.dropPrepared(reason);
    });
  }

  /** The interviewer has a turn that is not finished (the candidate's audio is echo meanwhile). */
  get speaking(): boolean {
    return this.current !== null && !this.current.done;
  }

  /**
   * Synthesizes the first sentence of what `say(request)` would say, so that if it is said the
   * voice starts at once (preemptive synthesis during the candidate's pause). Only for fixed text or
   * an interviewer that can preview its reply; a new preparation replaces the last.
   */
  prepare(request: SayRequest): void {
    if (this.ctx.ended() || this.speaking) return;
    const text =
      request.text ??
      (request.move ? this.deps.interviewer.preview?.(this.interviewerRequest(request.move, request)) : undefined);
    const splitter = new SentenceSplitter();
    const sentence = text ? [...splitter.push(withoutEndMarker(text)), ...splitter.flush()][0] : undefined;
    if (!sentence || this.prepared?.sentence === sentence) return;
    this.dropPrepared('replaced');
    const controller = new AbortController();
    const audio = this.deps.tts.synthesize(sentence, controller.signal);
    audio.catch(() => {}); // awaited only if the sentence is said
    this.prepared = { sentence, audio, controller };
  }

  private dropPrepared(why: string) {
    this.prepared?.controller.abort(new Error(why));
    this.prepared = null;
  }

  say(request: SayRequest): void {
    if (this.ctx.ended()) return;
    this.abort('new_turn');
    const turn = new SpeechHandle(request.move ?? null, this.ctx.clock.now());
    this.previous = this.current;
    this.current = turn;
    const prepared = this.prepared;
    this.prepared = null;
    this.run(turn, request, prepared).catch((err: unknown) => {
      if (!turn.signal.aborted) this.ctx.log?.error({ err }, 'interviewer turn failed');
    });
  }

  /** `ai_chunk_played` from the client. */
  played(seq: number): void {
    this.current?.played(seq);
    this.previous?.played(seq);
  }

  private bargeIn() {
    const turn = this.current?.isPlaying(this.ctx.clock.now()) ? this.current : null;
    if (!turn) return;
    turn.interrupted = true;
    turn.controller.abort(new Error('barge-in'));
    this.finishText(turn, turn.heardText());
    if (!turn.done) {
      turn.done = true;
      this.ctx.send({ event: 'answer_end' });
    }
    this.ctx.bus.emit('ai_interrupted', { closing: turn.closing });
  }

  private abort(reason: InterruptReason) {
    const turn = this.current;
    if (!turn || turn.signal.aborted) return;
    const wasPlaying = turn.isPlaying(this.ctx.clock.now());
    turn.controller.abort(new Error(reason));
    if (wasPlaying && !turn.done) this.finishText(turn, turn.heardText());
  }

  private async run(turn: SpeechHandle, request: SayRequest, prepared: PreparedSpeech | null) {
    const { clock, send } = this.ctx;
    const latency: TurnLatency = {};
    let firstTextAt = 0;
    const splitter = new SentenceSplitter();
    // Sentences are synthesized as soon as they are complete; audio is sent strictly in order.
    let sending: Promise<void> = Promise.resolve();
    const speak = (sentence: string) => {
      if (!firstTextAt) firstTextAt = clock.now();
      turn.text = turn.text ? `${turn.text} ${sentence}` : sentence;
      const charStart = turn.text.length - sentence.length;
      const charEnd = turn.text.length;
      send({ event: 'transcript', speaker: 'ai', text: turn.text, final: false });
      // The first sentence may have been synthesized during the candidate's pause.
      const ready = charStart === 0 && prepared?.sentence === sentence ? prepared.audio : null;
      if (charStart === 0 && !ready) prepared?.controller.abort(new Error('not said'));
      const audio = ready ?? this.deps.tts.synthesize(sentence, turn.signal);
      audio.catch(() => {}); // awaited in order below; this only keeps an early abort from going unhandled
      sending = sending.then(async () => {
        const samples = await audio;
        if (turn.signal.aborted) return;
        await this.sendAudio(turn, samples, charStart, charEnd, () => {
          const t = request.timing;
          if (!t || latency.voice_to_voice_ms !== undefined) return;
          latency.stt_ms = Math.round(t.finalAt - t.speechEndAt);
          latency.llm_ms = Math.round(firstTextAt - t.finalAt);
          latency.tts_ms = Math.round(clock.now() - firstTextAt);
          latency.voice_to_voice_ms = Math.round(clock.now() - t.speechEndAt);
          this.latencies.push(latency);
          recordVoiceToVoice(latency.voice_to_voice_ms);
          send({ event: 'metrics', latency });
        });
      });
    };

    if (request.text !== undefined) {
      for (const s of [...splitter.push(request.text), ...splitter.flush()]) speak(s);
    } else if (request.move) {
      for await (const piece of this.generate(request.move, request.lastAnswer, turn.signal, request.understood)) {
        for (const s of splitter.push(piece)) speak(s);
      }
      if (!turn.signal.aborted) for (const s of splitter.flush()) speak(s);
    }
    // Known as soon as it is generated: a drop mid-answer resumes with this question.
    if (!turn.signal.aborted && turn.text) {
      this.ctx.bus.emit('ai_text', { text: turn.text, move: turn.move, isQuestion: request.isQuestion ?? true });
    }
    await sending.catch((err: unknown) => {
      if (!turn.signal.aborted) throw err;
    });
    if (turn.signal.aborted) return;

    turn.done = true;
    // Stored as ending when its audio does (the candidate's time to answer and talk share count from it).
    this.finishText(turn, turn.text, Math.max(this.ctx.clock.now(), turn.playbackEndsAt));
    send({ event: 'answer_end' });
    this.ctx.bus.emit('ai_done', { playbackEndsAt: turn.playbackEndsAt, closing: turn.closing });
    if (turn.closing) {
      // Let the goodbye play before the client finalises.
      await this.waitForPlayback(turn);
      if (!turn.signal.aborted || turn.interrupted) this.ctx.bus.emit('conversation_over', {});
    }
  }

  private async *generate(
    move: InterviewMove,
    lastAnswer: string | undefined,
    signal: AbortSignal,
    understood?: Understanding,
  ) {
    const request = this.interviewerRequest(move, { lastAnswer, understood });
    for await (const piece of this.deps.interviewer.reply(request, signal)) {
      if (signal.aborted) return;
      yield withoutEndMarker(piece);
    }
  }

  private interviewerRequest(
    move: InterviewMove,
    { lastAnswer, understood }: Pick<SayRequest, 'lastAnswer' | 'understood'>,
  ): InterviewerRequest {
    return {
      move,
      history: [...this.deps.transcript.history],
      lastAnswer,
      understood,
      minutesLeft: this.deps.minutesLeft(),
    };
  }

  /** Sends a sentence's audio in ~150 ms chunks, paced a little ahead of the client's playback. */
  private async sendAudio(
    turn: SpeechHandle,
    samples: Int16Array,
    charStart: number,
    charEnd: number,
    onFirstChunk: () => void,
  ) {
    const { clock } = this.ctx;
    const { chunkMs, audioLeadMs } = this.deps.settings;
    const chunk = Math.round((chunkMs / 1000) * SOCKET_RATE);
    for (let offset = 0; offset < samples.length; offset += chunk) {
      if (turn.signal.aborted) return;
      if (turn.firstAudioAt) {
        const wait = turn.firstAudioAt + turn.sentAudioMs - audioLeadMs - clock.now();
        if (wait > 0) await sleep(clock, wait, turn.signal);
        if (turn.signal.aborted) return;
      }
      const part = samples.subarray(offset, Math.min(samples.length, offset + chunk));
      const seq = this.ttsSeq++;
      const end = offset + part.length;
      turn.pieces.push({ seq, charEnd: Math.round(charStart + ((charEnd - charStart) * end) / samples.length) });
      if (!turn.firstAudioAt) turn.firstAudioAt = clock.now();
      turn.sentAudioMs += durationMs(part.length, SOCKET_RATE);
      this.ctx.send({
        event: 'tts_chunk',
        seq,
        audio_b64: Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'),
      });
      if (seq === turn.pieces[0]!.seq) onFirstChunk();
    }
  }

  private async waitForPlayback(turn: SpeechHandle) {
    const { clock } = this.ctx;
    const lastSeq = turn.pieces.at(-1)?.seq ?? -1;
    const deadline = turn.playbackEndsAt + 300;
    while (!turn.signal.aborted && turn.playedSeq < lastSeq && clock.now() < deadline && this.ctx.attached()) {
      await sleep(clock, Math.min(100, Math.max(1, deadline - clock.now())), turn.signal);
    }
  }

  /** Stores the AI turn (once) and tells the client its final text; later corrections update the row. */
  private finishText(turn: SpeechHandle, text: string, endedAt = this.ctx.clock.now()) {
    const clean = text.trim();
    if (!turn.finalSent) {
      turn.finalSent = true;
      if (!clean) return;
      this.ctx.send({ event: 'transcript', speaker: 'ai', text: clean, final: true });
      turn.storedSeq = this.deps.transcript.append('ai', clean, turn.startedAt, endedAt).seq;
      return;
    }
    if (turn.storedSeq !== null && clean && clean !== turn.text) this.deps.transcript.correctAi(turn.storedSeq, clean);
  }
}

/** An end marker ([END], [[END]]) a language model may add is not spoken. */
function withoutEndMarker(text: string): string {
  return text.replace(/\[\[?END\]?\]/gi, '');
}
