/**
 * The mic path: an AudioWorklet delivers 48 kHz blocks; here they are measured (level), gated,
 * resampled to 24 kHz, cut into 100 ms chunks and handed on as base64 16-bit PCM.
 */
import { AUDIO_SAMPLE_RATE, MIC_CHUNK_SAMPLES } from '@app/shared';
import { SampleChunker } from './chunker';
import { bytesToBase64, floatToPcm16, resample, rmsLevel } from './pcm';

export const CAPTURE_WORKLET_URL = '/audio-capture-worklet.js';

export type MicCaptureEvents = {
  /** Whether audio may be sent right now (mute, AI playing, post-playback window). */
  maySend: () => boolean;
  onLevel: (level: number) => void;
  /** One 100 ms chunk; `timestamp` is the seconds of audio sent before this chunk. */
  onChunk: (seq: number, audioB64: string, timestamp: number) => void;
};

export class MicCapture {
  private node: AudioWorkletNode | null = null;
  private source: MediaStreamAudioSourceNode | null = null;
  /** Between the mic and everything that hears it: at 0 while muted, so muted speech reaches nothing. */
  private gate: GainNode | null = null;
  private chunker = new SampleChunker(MIC_CHUNK_SAMPLES);
  private seq = 0;
  private samplesSent = 0;

  constructor(
    private readonly ctx: AudioContext,
    private readonly events: MicCaptureEvents,
  ) {}

  /** Connects the mic through the mute gate; `tap` also receives it (the recording mix). */
  async start(stream: MediaStream, tap?: AudioNode) {
    await this.ctx.audioWorklet.addModule(CAPTURE_WORKLET_URL);
    this.source = this.ctx.createMediaStreamSource(stream);
    this.node = new AudioWorkletNode(this.ctx, 'interview-capture', { numberOfInputs: 1, numberOfOutputs: 0 });
    this.node.port.onmessage = (ev: MessageEvent<Float32Array>) => this.onBlock(ev.data);
    this.gate = this.ctx.createGain();
    this.source.connect(this.gate);
    this.gate.connect(this.node);
    if (tap) this.gate.connect(tap);
  }

  /** Silences the mic for the server and the recording from the next audio block on. */
  setMuted(muted: boolean) {
    this.gate?.gain.setValueAtTime(muted ? 0 : 1, this.ctx.currentTime);
  }

  stop() {
    if (this.node) this.node.port.onmessage = null;
    this.source?.disconnect();
    this.gate?.disconnect();
    this.node?.disconnect();
    this.node = null;
    this.gate = null;
    this.source = null;
    this.chunker.reset();
  }

  private onBlock(block: Float32Array) {
    this.events.onLevel(rmsLevel(block));
    if (!this.events.maySend()) {
      // Drop the partial chunk too: gated audio must never leak into a later chunk.
      this.chunker.reset();
      return;
    }
    const resampled = resample(block, this.ctx.sampleRate, AUDIO_SAMPLE_RATE);
    for (const chunk of this.chunker.push(resampled)) {
      const timestamp = this.samplesSent / AUDIO_SAMPLE_RATE;
      this.samplesSent += chunk.length;
      this.events.onChunk(this.seq++, bytesToBase64(floatToPcm16(chunk)), timestamp);
    }
  }
}
