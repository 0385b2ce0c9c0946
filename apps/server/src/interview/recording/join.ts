/**
 * Joining a recording's parts (the segments a browser wrote, decision 0145) into one seekable WebM
 * with ffmpeg, stream copy only (decision 0168): each part is first rewritten as a file of known
 * length (MediaRecorder writes neither a Duration nor Cues), then the parts are concatenated with
 * ffmpeg's concat demuxer, each given its measured length, and the index written at the front so a
 * player finds it with its first request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { readWebmIndex } from '../../lib/webm-index';
import { ToolFailedError, runTool } from '../../lib/media-tools';

export type MediaTools = { ffmpeg: string; ffprobe: string };
export type JoinedRecording = { file: string; durationMs: number; partDurationsMs: number[] };

/** A joined file whose length is off from its parts' sum by more than this is not trusted. */
const DURATION_TOLERANCE_MS = 500;

const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/**
 * What must match across parts for a stream copy to make one valid file: each stream's kind and
 * codec. Order-free: a browser writes its tracks in the order they started (after a reload the
 * audio may come first), and `measured` puts every part's streams in one order anyway.
 */
async function streamSignature(tools: MediaTools, file: string, deadline: number): Promise<string> {
  const out = await runTool(
    tools.ffprobe,
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', file],
    { deadline },
  );
  const streams = (JSON.parse(out) as { streams?: { codec_type?: string; codec_name?: string }[] }).streams ?? [];
  if (!streams.length) throw new ToolFailedError('a part has no audio or video stream');
  return streams
    .map((s) => `${s.codec_type}:${s.codec_name}`)
    .sort()
    .join(',');
}

/**
 * Rewrites a part as a file of known length (same packets) and returns that length. Its streams go
 * video first, then audio: the concat demuxer pairs streams by position, so parts whose browser
 * wrote them in another order would otherwise put one part's sound where the other's picture is.
 */
async function measured(tools: MediaTools, input: string, output: string, deadline: number): Promise<number> {
  await runTool(
    tools.ffmpeg,
    [...FFMPEG_QUIET, '-i', input, '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'webm', output],
    { deadline },
  );
  const { durationMs } = await readWebmIndex(output);
  if (!durationMs) throw new ToolFailedError('ffmpeg wrote a part without a length');
  return durationMs;
}

/**
 * Joins `parts` (paths in `dir`, in recording order) into `dir/joined.webm`. Throws ToolMissingError
 * without ffmpeg, ToolFailedError when the parts cannot be joined by stream copy or the result is
 * not a seekable file of the parts' total length.
 */
export async function joinParts(
  tools: MediaTools,
  dir: string,
  parts: string[],
  deadline: number,
): Promise<JoinedRecording> {
  const signatures = new Set<string>();
  for (const part of parts) signatures.add(await streamSignature(tools, part, deadline));
  if (signatures.size > 1) throw new ToolFailedError(`the parts differ in codecs (${[...signatures].join(' / ')})`);

  const partDurationsMs: number[] = [];
  const list: string[] = [];
  for (const [i, part] of parts.entries()) {
    const fixed = path.join(dir, `measured-${i}.webm`);
    partDurationsMs.push(await measured(tools, part, fixed, deadline));
    await fs.rm(part, { force: true }); // half the disk: only the measured copy is needed now
    list.push(`file '${path.basename(fixed)}'`, `duration ${(partDurationsMs[i]! / 1000).toFixed(3)}`);
  }
  await fs.writeFile(path.join(dir, 'parts.txt'), `${list.join('\n')}\n`);
  const file = path.join(dir, 'joined.webm');
  await runTool(
    tools.ffmpeg,
    [
      ...FFMPEG_QUIET,
      ...['-f', 'concat', '-safe', '0', '-i', 'parts.txt'],
      ...['-map', '0', '-c', 'copy', '-cues_to_front', '1', '-f', 'webm', file],
    ],
    { deadline, cwd: dir },
  );

  const index = await readWebmIndex(file);
  const expected = partDurationsMs.reduce((a, b) => a + b, 0);
  if (!index.hasCues) throw new ToolFailedError('the joined file has no cue index');
  if (index.durationMs === null || Math.abs(index.durationMs - expected) > DURATION_TOLERANCE_MS) {
    throw new ToolFailedError(`the joined file lasts ${index.durationMs} ms, its parts ${expected} ms`);
  }
  return { file, durationMs: Math.round(index.durationMs), partDurationsMs };
}
