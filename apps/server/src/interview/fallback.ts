import type { Clock, Timer } from '../lib/clock';
import { STT_RATE } from './audio';
import {
  ProviderBusyError,
  ProviderError,
  type Interviewer,
  type InterviewerRequest,
  type SpeechToText,
  type SttFinal,
  type SttStream,
  type TextToSpeech,
} from './providers/types';

export type PipelineLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  info?: (obj: object, msg: string) => void;
};

type Named = { readonly name: string };

type PoolOptions<P> = {
  /** How the client names this kind of provider ("Speech synthesis"). */
  label: string;
  clock: Clock;
  /** Tells the candidate's screen (a `notice` event). */
  notify: (message: string) => void;
  log?: PipelineLog;
  /** Checks that a failed provider works again; rejects while it does not. */
  probe: (provider: P) => Promise<void>;
  /** First probe after `firstMs`, then twice as long after each failed probe, up to `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
};

export const DEFAULT_BACKOFF = { firstMs: 5_000, maxMs: 120_000 };

/**
 * What a provider call threw, when it is a reason to move to the next provider: a `ProviderError`
 * (the service failed, timed out, crashed, answered nothing). Anything else is a bug in our own code
 * and is thrown on, so it shows in the logs and the tests instead of passing for a bad provider.
 */
function providerFailure(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  throw err;
}

type Slot<P> = { provider: P; available: boolean; failures: number; probe: Timer | null };

/**
 * A provider chain, first choice first. A provider that fails is marked unavailable (the candidate
 * gets a notice naming the one that takes over) and is probed in the background after a back-off;
 * once a probe succeeds it is preferred again, so one transient error of a hosted model does not
 * move the rest of the interview to the offline engine.
 */
export class ProviderPool<P extends Named> {
  private readonly slots: Slot<P>[];
  private closed = false;

  constructor(
    providers: P[],
    private readonly opts: PoolOptions<P>,
  ) {
    this.slots = providers.map((provider) => ({ provider, available: true, failures: 0, probe: null }));
  }

  /** The usable providers in order of preference. */
  available(): P[] {
    return this.slots.filter((s) => s.available).map((s) => s.provider);
  }

  /**
   * The providers to try for a request: the available ones, or — when every one has failed — all of
   * them as a last resort (a request that might work beats certain silence).
   */
  candidates(): P[] {
    const available = this.available();
    return available.length ? available : this.slots.map((s) => s.provider);
  }

  /** A request succeeded: a provider marked unavailable has evidently recovered. */
  succeeded(provider: P): void {
    const slot = this.slots.find((s) => s.provider === provider && !s.available);
    if (slot) this.recovered(slot);
  }

  /** Marks `provider` failed (once: a second report of the same failure changes nothing). */
  failed(provider: P, err: ProviderError): void {
    const slot = this.slots.find((s) => s.provider === provider && s.available);
    if (!slot) return;
    slot.available = false;
    const next = this.available()[0]?.name;
    const { label } = this.opts;
    this.opts.log?.warn({ err: err.message, label, failed: provider.name, next }, 'interview provider failed');
    this.opts.notify(
      next ? `${label} (${provider.name}) failed; switched to ${next}.` : `${label} (${provider.name}) failed.`,
    );
    this.scheduleProbe(slot);
  }

  /** Stops probing (the session is over). */
  close(): void {
    this.closed = true;
    for (const slot of this.slots) slot.probe?.cancel();
  }

  private recovered(slot: Slot<P>) {
    slot.probe?.cancel();
    slot.probe = null;
    slot.available = true;
    slot.failures = 0;
    this.opts.log?.info?.({ label: this.opts.label, provider: slot.provider.name }, 'interview provider recovered');
  }

  private scheduleProbe(slot: Slot<P>) {
    if (this.closed) return;
    const { firstMs, maxMs } = this.opts.backoff ?? DEFAULT_BACKOFF;
    const wait = Math.min(maxMs, firstMs * 2 ** slot.failures);
    slot.probe = this.opts.clock.setTimeout(() => {
      slot.probe = null;
      this.opts.probe(slot.provider).then(
        () => {
          if (!this.closed) this.recovered(slot);
        },
        () => {
          slot.failures++;
          this.scheduleProbe(slot);
        },
      );
    }, wait);
  }
}

type AdapterOptions = {
  clock: Clock;
  notify: (message: string) => void;
  /** An `error` event for the candidate when no provider is left. */
  unavailable: (message: string) => void;
  log?: PipelineLog;
  backoff?: { firstMs: number; maxMs: number };
};

/** What the three adapters share: the pool under their label, and the candidate told when none is left. */
abstract class FallbackAdapter<P extends Named> {
  readonly pool: ProviderPool<P>;

  constructor(
    providers: P[],
    private readonly opts: AdapterOptions,
    private readonly label: string,
  ) {
    this.pool = new ProviderPool(providers, { ...opts, label, probe: (p) => this.probe(p) });
  }

  /** Resolves once a failed provider answers again. */
  protected abstract probe(provider: P): Promise<void>;

  protected unavailable(): void {
    this.opts.unavailable(`${this.label} is unavailable right now.`);
  }
}

/** Text-to-speech over a provider chain; with none left it says so and returns no audio. */
export class FallbackTts extends FallbackAdapter<TextToSpeech> implements TextToSpeech {
  readonly name = 'fallback-tts';

  constructor(providers: TextToSpeech[], opts: AdapterOptions) {
    super(providers, opts, 'Speech synthesis');
  }

  protected async probe(p: TextToSpeech) {
    const audio = await p.synthesize('Hello.', new AbortController().signal);
    if (!audio.length) throw new ProviderError(p.name, 'empty synthesis');
  }

  async synthesize(text: string, signal: AbortSignal): Promise<Int16Array> {
    for (const provider of this.pool.candidates()) {
      try {
        const audio = await provider.synthesize(text, signal);
        // Silence where a sentence should be is a failure of the voice, not a reply.
        if (!audio.length && !signal.aborted) throw new ProviderError(provider.name, 'empty synthesis');
        this.pool.succeeded(provider);
        return audio;
      } catch (err) {
        if (signal.aborted) throw err;
        this.pool.failed(provider, providerFailure(err));
      }
    }
    this.unavailable();
    return new Int16Array(0);
  }
}

/** The interviewer over a provider chain; a reply that already started is never restarted elsewhere. */
export class FallbackInterviewer extends FallbackAdapter<Interviewer> implements Interviewer {
  readonly name = 'fallback-interviewer';
  private lastRequest: InterviewerRequest | null = null;

  constructor(providers: Interviewer[], opts: AdapterOptions) {
    super(providers, opts, 'The interviewer');
  }

  /** Asks the failed provider the question it failed on. */
  protected async probe(p: Interviewer) {
    if (!this.lastRequest) return;
    for await (const piece of p.reply(this.lastRequest, new AbortController().signal)) if (piece) return;
    throw new ProviderError(p.name, 'empty reply');
  }

  /** The first choice's preview, when that interviewer can give one (a model's reply cannot be foreseen). */
  preview(request: InterviewerRequest): string | undefined {
    return this.pool.candidates()[0]?.preview?.(request);
  }

  async *reply(request: InterviewerRequest, signal: AbortSignal): AsyncIterable<string> {
    this.lastRequest = request;
    for (const provider of this.pool.candidates()) {
      let produced = false;
      try {
        for await (const piece of provider.reply(request, signal)) {
          if (signal.aborted) return;
          if (!produced) this.pool.succeeded(provider);
          produced = true;
          yield piece;
        }
        if (produced || signal.aborted) return;
        throw new ProviderError(provider.name, 'empty reply');
      } catch (err) {
        if (signal.aborted) return;
        this.pool.failed(provider, providerFailure(err));
        if (produced) return; // keep what was already said rather than starting over
      }
    }
    this.unavailable();
    throw new ProviderError(this.name, 'no interviewer available');
  }
}

/**
 * Speech-to-text over a provider chain. The stream keeps the segment's audio, so when the
 * recognizer fails at the end of an utterance the next provider hears the same audio again.
 */
export class FallbackStt extends FallbackAdapter<SpeechToText> implements SpeechToText {
  readonly name = 'fallback-stt';
  /** The audio of the last segment a provider failed on; the probe plays it back. */
  private probeAudio: Int16Array[] = [new Int16Array(STT_RATE / 2)];

  constructor(providers: SpeechToText[], opts: AdapterOptions) {
    super(providers, opts, 'Speech recognition');
  }

  protected async probe(p: SpeechToText) {
    const stream = p.start(() => {});
    for (const part of this.probeAudio) stream.write(part);
    await stream.finish();
  }

  /** Throws (after telling the candidate) when no recognizer can start. */
  start(onInterim: (text: string) => void, onSettled?: () => void): SttStream {
    for (const provider of this.pool.candidates()) {
      try {
        return this.wrap(provider, provider.start(onInterim, onSettled));
      } catch (err) {
        this.pool.failed(provider, providerFailure(err));
      }
    }
    this.unavailable();
    throw new ProviderError(this.name, 'no recognizer available');
  }

  private wrap(provider: SpeechToText, stream: SttStream): SttStream {
    const audio: Int16Array[] = [];
    return {
      write: (samples) => {
        audio.push(samples);
        stream.write(samples);
      },
      finish: async (hint) => {
        try {
          const text = await stream.finish(hint);
          this.pool.succeeded(provider);
          return text;
        } catch (err) {
          // A busy spell: another provider may hear it, but this one is not down.
          if (err instanceof ProviderBusyError) return this.retry(audio, provider);
          this.pool.failed(provider, providerFailure(err));
          this.probeAudio = audio;
          return this.retry(audio);
        }
      },
      abort: () => stream.abort(),
      peek: (hint) => stream.peek?.(hint) ?? null,
    };
  }

  private async retry(audio: Int16Array[], busy?: SpeechToText): Promise<string | SttFinal> {
    for (const provider of this.pool.available()) {
      if (provider === busy) continue;
      try {
        const retry = provider.start(() => {});
        for (const part of audio) retry.write(part);
        const text = await retry.finish();
        this.pool.succeeded(provider);
        return text;
      } catch (err) {
        if (!(err instanceof ProviderBusyError)) this.pool.failed(provider, providerFailure(err));
      }
    }
    return { text: '', unheard: true };
  }
}
