/**
 * A scripted interview client over a real WebSocket: it plays the AI's audio back in real time
 * (acknowledging each chunk with ai_chunk_played, like the browser does) and streams speech as
 * 100 ms mic chunks in real time, with the mic off while the AI audio plays.
 */
import WebSocket from 'ws';
import type { ServerMessage } from '@app/shared';

export type Received = ServerMessage & { at: number };

export class InterviewClient {
  readonly messages: Received[] = [];
  private waiters: { pred: (m: Received) => boolean; resolve: (m: Received) => void; from: number }[] = [];
  private micSeq = 0;
  private micSeconds = 0;
  /** When the audio sent so far finishes playing (client clock, ms). */
  private playbackEnd = 0;
  private playTimers: NodeJS.Timeout[] = [];
  readonly opened: Promise<void>;
  closed = false;
  closeCode = 0;

  constructor(
    readonly ws: WebSocket,
    private readonly autoPlay = true,
  ) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
    ws.on('message', (data) => {
      const msg = { ...(JSON.parse(data.toString()) as ServerMessage), at: Date.now() };
      this.messages.push(msg);
      if (msg.event === 'tts_chunk' && this.autoPlay) this.schedulePlayback(msg.seq, msg.audio_b64);
      for (const w of [...this.waiters]) {
        if (this.messages.indexOf(msg) >= w.from && w.pred(msg)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    });
  }

  /** `protocols`: subprotocols to offer (the web app sends `['bearer', token]`). */
  static async connect(url: string, autoPlay = true, protocols?: string[]): Promise<InterviewClient> {
    const client = new InterviewClient(new WebSocket(url, protocols), autoPlay);
    await client.opened;
    return client;
  }

  send(msg: object | string) {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Resolves with the first message (at or after index `from`) matching `pred`. */
  waitFor(pred: (m: Received) => boolean, timeoutMs = 60_000, from = 0): Promise<Received> {
    const found = this.messages.slice(from).find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const events = this.messages.map((m) => m.event).join(',');
        reject(new Error(`timed out waiting for a message; got: ${events.slice(-400)}`));
      }, timeoutMs);
      this.waiters.push({
        pred,
        from,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  event(name: ServerMessage['event'], timeoutMs?: number, from = 0) {
    return this.waitFor((m) => m.event === name, timeoutMs, from);
  }

  /** Resolves when the AI audio received so far has finished playing. */
  async playbackDone() {
    const wait = this.playbackEnd - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait + 150)); // + the 150 ms mic suppression
  }

  /** Streams speech (24 kHz samples) in real-time 100 ms chunks, then `trailingSilenceMs` of silence. */
  async speak(samples: Int16Array, trailingSilenceMs = 0, noiseLevel = 30) {
    const chunk = 2400;
    const silence = Math.ceil(((trailingSilenceMs / 1000) * 24000) / chunk) * chunk;
    const all = new Int16Array(samples.length + silence);
    all.set(samples);
    // Faint room noise instead of digital silence, like a real microphone.
    for (let i = samples.length; i < all.length; i++) all[i] = Math.round((Math.random() - 0.5) * noiseLevel);
    const start = Date.now();
    for (let offset = 0, n = 0; offset < all.length; offset += chunk, n++) {
      if (this.closed) return;
      const part = all.subarray(offset, offset + chunk);
      this.micSeconds += part.length / 24000;
      this.send({
        event: 'mic_chunk',
        seq: this.micSeq++,
        audio_b64: Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'),
        timestamp: this.micSeconds,
      });
      const due = start + (n + 1) * 100 - Date.now();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
    }
  }

  /** Keeps sending silence until `pred` matches a message, like an open mic between turns. */
  async silenceUntil(pred: (m: Received) => boolean, timeoutMs = 20000, from = 0): Promise<Received> {
    let done: Received | null = null;
    const waiting = this.waitFor(pred, timeoutMs, from).then((m) => (done = m));
    while (!done && !this.closed) {
      await Promise.race([this.speak(new Int16Array(0), 100), waiting]);
    }
    return waiting;
  }

  private schedulePlayback(seq: number, b64: string) {
    const ms = (Buffer.from(b64, 'base64').length / 2 / 24000) * 1000;
    const now = Date.now();
    const startAt = Math.max(now + 100, this.playbackEnd);
    this.playbackEnd = startAt + ms;
    const timer = setTimeout(
      () => {
        if (!this.closed) this.send({ event: 'ai_chunk_played', seq, timestamp: (Date.now() - now) / 1000 });
      },
      startAt + ms - now,
    );
    this.playTimers.push(timer);
  }

  /** Playback stops at once (barge-in); no more chunks are acknowledged. */
  stopPlayback() {
    for (const t of this.playTimers) clearTimeout(t);
    this.playTimers = [];
    this.playbackEnd = Date.now();
  }

  close() {
    this.stopPlayback();
    this.ws.close();
  }

  texts(speaker: 'ai' | 'user', final = true): string[] {
    return this.messages
      .filter((m) => m.event === 'transcript' && m.speaker === speaker && m.final === final)
      .map((m) => (m as { text: string }).text);
  }
}
