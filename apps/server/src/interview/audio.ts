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

/**
 * Linear-interpolation resampler. Speech is band-limited enough that this is adequate for both
 * 24k→16k (recognizer input; a light 3-tap average first limits aliasing) and 16k→24k (voice output).
 */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate || input.length === 0) return input;
  let src = input;
  if (toRate < fromRate) {
    src = new Int16Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const a = input[i - 1] ?? input[i]!;
      const b = input[i]!;
      const c = input[i + 1] ?? input[i]!;
      src[i] = Math.round((a + 2 * b + c) / 4);
    }
  }
  const outLength = Math.floor((src.length * toRate) / fromRate);
  const out = new Int16Array(outLength);
  const step = fromRate / toRate;
  for (let i = 0; i < outLength; i++) {
    const pos = i * step;
    const i0 = Math.floor(pos);
    const frac = pos - i0;
    const s0 = src[i0]!;
    const s1 = src[Math.min(i0 + 1, src.length - 1)]!;
    out[i] = Math.round(s0 + (s1 - s0) * frac);
  }
  return out;
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
