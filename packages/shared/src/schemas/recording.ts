import { z } from 'zod';

/** POST /api/interviews/upload/video reply: the stored recording of an interview. */
export const interviewVideoUploadReplySchema = z.object({
  file_id: z.string(),
  interview_id: z.string(),
  size_bytes: z.number(),
  content_type: z.string(),
});
export type InterviewVideoUploadReply = z.infer<typeof interviewVideoUploadReplySchema>;

/** PUT /interviews/{id}/recording/chunks/{seq}: whether this request stored the chunk, and the next one the segment takes. */
export const recordingChunkReplySchema = z.object({ stored: z.boolean(), next_seq: z.number().int() });
export type RecordingChunkReply = z.infer<typeof recordingChunkReplySchema>;

/** The query of a chunk upload: the browser's id of its MediaRecorder stream and the recording's length at the chunk's end. */
export const recordingChunkQuerySchema = z.object({
  segment: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'segment must be 8-64 letters, digits or dashes'),
  elapsed_ms: z.coerce
    .number()
    .int()
    .min(0)
    .max(6 * 3600 * 1000),
});

/**
 * GET /interviews/{id}/recording/playlist: the recording as the segments the browser recorded
 * (a reload starts a new one), each a short-lived signed link and its place on the transcript's clock;
 * once the interview ended and the segments were joined (decision 0168), `file` is the whole
 * recording as one seekable file and each segment's `file_offset_seconds` is where it starts in it.
 */
export const recordingPlaylistSchema = z.object({
  duration_seconds: z.number().nullable(),
  file: z.object({ url: z.string(), duration_seconds: z.number(), size_bytes: z.number().int() }).nullable(),
  segments: z.array(
    z.object({
      url: z.string(),
      offset_seconds: z.number(),
      duration_seconds: z.number().nullable(),
      size_bytes: z.number().int(),
      file_offset_seconds: z.number().nullable(),
    }),
  ),
  /** The interview ended and its segments are being joined into `file`: ask again after this long (decision 0224). */
  joining: z.object({ retry_after_seconds: z.number().int() }).nullable().optional(),
});
export type RecordingPlaylist = z.infer<typeof recordingPlaylistSchema>;
