/**
 * Real WebM recordings for tests, made by ffmpeg from generated picture and tone (VP8 and Opus, as
 * a browser's MediaRecorder writes them). Written to a pipe, so like MediaRecorder's output they
 * carry neither a Duration nor Cues.
 */
import { execFileSync } from 'node:child_process';

/** `seconds` of a small test picture and a tone, as one streamed WebM. */
export function recordedWebm(seconds: number, tone = 440): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=15:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=${seconds}`],
      ...['-c:v', 'libvpx', '-b:v', '200k', '-g', '30', '-deadline', 'realtime', '-cpu-used', '8'],
      ...['-c:a', 'libopus', '-b:a', '32k'],
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
