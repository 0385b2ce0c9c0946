/**
 * Small PCM helpers. All audio inside the pipeline is 16-bit signed little-endian mono PCM in
 * Int16Array form; the socket carries it base64-encoded at 24 kHz.
 */

export const SOCKET_RATE = 24000;
export const STT_RATE = 16000;

/** Decodes base64 PCM into samples (an odd trailing byte is dropped). */
export function pcmFromBase64(b64: string): Int16Array {
  const bytes = Buffer.from(b64, 'base64');
  const samples = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
}

export function pcmToBase64(samples: Int16Array): string {
  return pcmToBuffer(samples).toString('base64');
}

export function pcmToBuffer(samples: Int16Array): Buffer {
  const buf = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i]!, i * 2);
  return buf;
}

export function pcmFromBuffer(buf: Buffer): Int16Array {
  const samples = new Int16Array(buf.length >> 1);
  for (let i = 0; i < samples.length; i++) samples[i] = buf.readInt16LE(i * 2);
  return samples;
}

/** Taps on each side of an output sample: enough for a steep low-pass at speech rates. */
const HALF_TAPS = 16;

/**
 * Band-limited resampler (windowed sinc, Blackman window) that keeps its state between the chunks of
 * a stream, so a 100 ms mic chunk joins the next without a seam. Downsampling low-passes below the new
 * Nyquist frequency first; the recognizer's features reach 6.8 kHz, which linear interpolation with a
 * 3-tap average dulled by ~8 dB and blurred with aliasing (decision 0118). Output sample k stands for
 * input time k·from/to; each chunk's last few outputs wait for the next chunk's first samples
 * (`HALF_TAPS` input samples, under a millisecond).
 */
export class Resampler {
  private readonly step: number;
  private readonly cutoff: number;
  private readonly kernels = new Map<number, Float64Array>();
  /** Input samples not yet fully used, with the HALF_TAPS before them. */
  private buffer: Float64Array = new Float64Array(HALF_TAPS);
  /** Position of the next output in `buffer`. */
  private position = HALF_TAPS;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    this.step = fromRate / toRate;
    // Cycles per input sample, a little under the lower Nyquist frequency.
    this.cutoff = 0.5 * Math.min(1, toRate / fromRate) * 0.94;
  }

  /** Resamples the next chunk of the stream. */
  process(input: Int16Array): Int16Array {
    const buffer = new Float64Array(this.buffer.length + input.length);
    buffer.set(this.buffer);
    for (let i = 0; i < input.length; i++) buffer[this.buffer.length + i] = input[i]!;
    const out: number[] = [];
    let t = this.position;
    while (Math.floor(t) + HALF_TAPS < buffer.length) {
      const base = Math.floor(t);
      const kernel = this.kernel(t - base);
      let sum = 0;
      for (let k = 0; k < kernel.length; k++) sum += kernel[k]! * buffer[base - HALF_TAPS + 1 + k]!;
      out.push(Math.max(-32768, Math.min(32767, Math.round(sum))));
      t += this.step;
    }
    // Keep what the next outputs still need.
    const keepFrom = Math.max(0, Math.floor(t) - HALF_TAPS + 1);
    this.buffer = buffer.slice(keepFrom);
    this.position = t - keepFrom;
    return Int16Array.from(out);
  }

  /** The filter for an output at fractional offset `frac` past an input sample (cached per phase). */
  private kernel(frac: number): Float64Array {
    const key = Math.round(frac * 1024);
    let kernel = this.kernels.get(key);
    if (kernel) return kernel;
    kernel = new Float64Array(2 * HALF_TAPS);
    let total = 0;
    for (let k = 0; k < kernel.length; k++) {
      const x = k - HALF_TAPS + 1 - key / 1024; // distance from the output, in input samples
      const arg = 2 * this.cutoff * x;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
      const w = (x + HALF_TAPS) / (2 * HALF_TAPS); // 0..1 across the window
      const blackman = 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w);
      kernel[k] = sinc * Math.max(0, blackman);
      total += kernel[k]!;
    }
    for (let k = 0; k < kernel.length; k++) kernel[k]! /= total; // unity gain at 0 Hz
    this.kernels.set(key, kernel);
    return kernel;
  }
}

/** Resamples a whole clip (the stream resampler, flushed at the end; length ⌊n·to/from⌋). */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate || input.length === 0) return input;
  const resampler = new Resampler(fromRate, toRate);
  const body = resampler.process(input);
  const tail = resampler.process(new Int16Array(HALF_TAPS + 2));
  const outLength = Math.floor((input.length * toRate) / fromRate);
  const out = new Int16Array(outLength);
  out.set(body.subarray(0, outLength));
  if (body.length < outLength) out.set(tail.subarray(0, outLength - body.length), body.length);
  return out;
}

/**
 * The audio from `keepMs` before its first sample louder than `threshold` (about -36 dBFS by default):
 * a synthesizer's leading silence cut down to a short lead-in, so the voice starts when the audio does.
 * All-quiet audio is returned unchanged.
 */
export function trimLeadingSilence(samples: Int16Array, rate: number, keepMs = 60, threshold = 500): Int16Array {
  const first = samples.findIndex((v) => Math.abs(v) > threshold);
  if (first < 0) return samples;
  return samples.slice(Math.max(0, first - Math.round((rate * keepMs) / 1000)));
}

/** Root-mean-square level of a frame, 0..1. */
export function rms(samples: Int16Array, start = 0, end = samples.length): number {
  if (end <= start) return 0;
  let sum = 0;
  for (let i = start; i < end; i++) {
    const v = samples[i]! / 32768;
    sum += v * v;
  }
  return Math.sqrt(sum / (end - start));
}

export function concatPcm(parts: Int16Array[]): Int16Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Int16Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export const durationMs = (samples: number, rate: number) => (samples / rate) * 1000;

/** A RIFF/WAVE file around 16-bit mono PCM. */
export function encodeWav(samples: Int16Array, rate: number): Buffer {
  const data = pcmToBuffer(samples);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Reads 16-bit PCM out of a WAVE file, mixing stereo down to mono. Tolerates streamed headers
 * whose sizes are unknown (0 or 0xFFFFFFFF): the data then runs to the end of the buffer.
 */
export function decodeWav(buf: Buffer): { samples: Int16Array; rate: number } {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAVE file');
  }
  let offset = 12;
  let rate = 0;
  let channels = 1;
  let bits = 16;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(body + 2);
      rate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`unsupported WAVE sample size ${bits}`);
      const end = size === 0 || size === 0xffffffff ? buf.length : Math.min(buf.length, body + size);
      const interleaved = pcmFromBuffer(buf.subarray(body, end - ((end - body) % 2)));
      if (channels === 1) return { samples: interleaved, rate };
      const mono = new Int16Array(Math.floor(interleaved.length / channels));
      for (let i = 0; i < mono.length; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) sum += interleaved[i * channels + c]!;
        mono[i] = Math.round(sum / channels);
      }
      return { samples: mono, rate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAVE file has no data');
}
