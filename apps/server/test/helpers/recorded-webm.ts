/**
 * Real WebM recordings for tests, made by ffmpeg from generated picture and tone (VP8 and Opus, as
 * a browser's MediaRecorder writes them). Written to a pipe, so like MediaRecorder's output they
 * carry neither a Duration nor Cues.
 */
import { execFileSync } from 'node:child_process';

/**
 * `seconds` of a small test picture and a tone, as one streamed WebM. With `audioFirst` the sound is
 * the file's first track, as a browser writes it when the microphone's track starts before the camera's.
 */
export function recordedWebm(seconds: number, tone = 440, opts: { audioFirst?: boolean } = {}): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=15:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=${seconds}`],
      ...['-c:v', 'libvpx', '-b:v', '200k', '-g', '30', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-c:a', 'libopus', '-b:a', '32k'],
      ...(opts.audioFirst ? ['-map', '1:a', '-map', '0:v'] : []),
      ...['-f', 'webm', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
}

/** The bytes cut into `n` slices, as MediaRecorder hands them over (the cuts fall anywhere). */
export function slices(bytes: Buffer, n: number): Buffer[] {
  const size = Math.ceil(bytes.length / n);
  return Array.from({ length: n }, (_, i) => bytes.subarray(i * size, (i + 1) * size)).filter((b) => b.length);
}

/** ffprobe's reading of a file's length, in seconds. */
export function probedSeconds(file: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(out.toString().trim());
}

/** The kind of each stream, in the file's order ("video", "audio"). */
export function streamKinds(file: string): string[] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
  return out.toString().trim().split('\n');
}

/** The file's sound decoded at 8 kHz mono: the tone's pitch in each whole second (zero crossings / 2). */
export function tonePerSecond(file: string): number[] {
  const pcm = execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:a'],
      ...['-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const pitches: number[] = [];
  for (let start = 0; start + 8000 <= samples.length; start += 8000) {
    let crossings = 0;
    for (let i = start + 1; i < start + 8000; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
    pitches.push(crossings / 2);
  }
  return pitches;
}
