/**
 * The recording as files for the candidate packet's ZIP (issue 47): the joined file when it exists
 * (decision 0168), else each part as its own playable file, else a whole-file upload. Nothing is
 * opened here: each file's bytes are read only when the archive reaches it, so a recording is never
 * held in memory whole.
 */
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { findFile, type Storage } from '../../storage';
import { fileBytes, segmentBytes } from './bytes';
import { chunkTotal, listSegments } from './chunks';
import { findInterview } from './interview-recordings';
import { currentRemux } from './remux-store';

export type PacketRecordingFile = { name: string; open: () => Promise<Readable> };
export type PacketRecording = {
  /** joined: one file made from the parts; parts: the parts, not joined (yet, or the join failed); file: uploaded whole. */
  kind: 'joined' | 'parts' | 'file' | 'none';
  files: PacketRecordingFile[];
};

export async function packetRecording(db: Db, storage: Storage, interviewId: string): Promise<PacketRecording> {
  const interview = await findInterview(db, interviewId);
  if (!interview) return { kind: 'none', files: [] };
  const segments = await listSegments(db, interview.id);
  const joined = await currentRemux(db, interview.id, chunkTotal(segments));
  if (joined)
    return { kind: 'joined', files: [{ name: 'recording.webm', open: () => fileBytes(storage, joined.file).open() }] };
  if (segments.length === 1) {
    return {
      kind: 'file',
      files: [{ name: 'recording.webm', open: async () => (await segmentBytes(db, storage, segments[0]!)).open() }],
    };
  }
  if (segments.length > 1) {
    return {
      kind: 'parts',
      files: segments.map((s, i) => ({
        name: `recording-part-${i + 1}-of-${segments.length}.webm`,
        open: async () => (await segmentBytes(db, storage, s)).open(),
      })),
    };
  }
  const file = interview.recordingFileId ? await findFile(db, interview.recordingFileId) : undefined;
  if (!file) return { kind: 'none', files: [] };
  return { kind: 'file', files: [{ name: 'recording.webm', open: () => fileBytes(storage, file).open() }] };
}
