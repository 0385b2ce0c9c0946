import { z } from 'zod';
import { AUDIO_SAMPLE_RATE } from './constants';
import { debriefSchema, debriefSealSchema } from './schemas/debrief';
import { integrityKindSchema } from './schemas/oversight';
import { workFeedbackMessageSchema, workItemMessageSchema, workRatingMessageSchema } from './schemas/work-sample';

/**
 * The live interview socket protocol (`/ws/session`, JSON text frames, docs/product/socket-protocol.md).
 * Every message carries its type in an `event` field, in both directions.
 * Authentication: the session token in a `token` query parameter (`/ws/session?token=...`).
 */

/**
 * Audio on the socket, both directions: 16-bit signed little-endian PCM, mono, 24 kHz
 * (`AUDIO_SAMPLE_RATE`); the client sends mic audio in 100 ms chunks (`MIC_CHUNK_SAMPLES`).
 */
export const INTERVIEW_AUDIO_SAMPLE_RATE = AUDIO_SAMPLE_RATE;
/** Largest accepted text frame, in bytes (a few seconds of base64 audio); larger frames get an `error`. */
export const INTERVIEW_MAX_MESSAGE_BYTES = 256 * 1024;
/** How long a session survives a dropped socket; reconnecting with the same session_id resumes it. */
export const INTERVIEW_RESUME_GRACE_SECONDS = 60;

const id = z.string().trim().min(1).max(200);
const base64 = z
  .string()
  .max(INTERVIEW_MAX_MESSAGE_BYTES)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

// ---- client → server ----

export const startMessageSchema = z.object({
  event: z.literal('start'),
  session_id: id,
  interview_id: id,
  job_id: id.nullish(),
  /** Informational only: the server trusts the token's user, not this field. */
  candidate_id: z.string().max(200).nullish(),
  candidate_name: z.string().max(200).default('Unknown'),
  /** A practice conversation (/interview-prep): one or two questions, not recorded, stored or scored. */
  practice: z.boolean().optional(),
});
export type StartMessage = z.infer<typeof startMessageSchema>;

export const micChunkMessageSchema = z.object({
  event: z.literal('mic_chunk'),
  seq: z.number().int().nonnegative(),
  audio_b64: base64,
  /** Seconds of audio sent so far (client clock). */
  timestamp: z.number().nonnegative().optional(),
});
export type MicChunkMessage = z.infer<typeof micChunkMessageSchema>;

export const aiChunkPlayedMessageSchema = z.object({
  event: z.literal('ai_chunk_played'),
  seq: z.number().int().nonnegative(),
  /** Seconds since the session started (client clock). */
  timestamp: z.number().nonnegative().optional(),
});
export type AiChunkPlayedMessage = z.infer<typeof aiChunkPlayedMessageSchema>;

export const bargeInMessageSchema = z.object({ event: z.literal('barge_in') });
export const userTurnEndMessageSchema = z.object({ event: z.literal('user_turn_end') });
/**
 * The candidate muted (true) or unmuted (false) the microphone: a muted answer is paused, not ended,
 * and the interviewer does not check in on a muted candidate (decision 0180).
 */
export const muteMessageSchema = z.object({ event: z.literal('mute'), muted: z.boolean() });
export const endMessageSchema = z.object({
  event: z.literal('end'),
  reason: z.literal('user_ended').default('user_ended'),
});

/** Integrity evidence the page noticed (focus, tab, full screen, paste, microphone); the server stamps the time. */
export const integrityMessageSchema = z.object({
  event: z.literal('integrity'),
  kind: integrityKindSchema,
  /** How long it lasted (focus or tab away, out of full screen), when the page measured it. */
  duration_ms: z
    .number()
    .int()
    .nonnegative()
    .max(24 * 3600_000)
    .optional(),
});
export type IntegrityMessage = z.infer<typeof integrityMessageSchema>;

export const clientMessageSchema = z.discriminatedUnion('event', [
  startMessageSchema,
  micChunkMessageSchema,
  aiChunkPlayedMessageSchema,
  bargeInMessageSchema,
  userTurnEndMessageSchema,
  muteMessageSchema,
  endMessageSchema,
  integrityMessageSchema,
  workRatingMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientEvent = ClientMessage['event'];

// ---- server → client ----

export const sessionReadyMessageSchema = z.object({
  event: z.literal('session_ready'),
  session_id: z.string(),
  interview_id: z.string(),
  /** True when this connection re-attached to a session that was already running. */
  resumed: z.boolean(),
});

export const transcriptSpeakerSchema = z.enum(['ai', 'user']);
export type TranscriptSpeaker = z.infer<typeof transcriptSpeakerSchema>;

export const transcriptMessageSchema = z.object({
  event: z.literal('transcript'),
  // This server says "ai"; the spec also allows "assistant" for the interviewer, which clients accept.
  speaker: z.enum(['ai', 'assistant', 'user']),
  text: z.string(),
  /** false: interim text that will be replaced; true: the finalized (stored) turn. */
  final: z.boolean(),
});

export const ttsChunkMessageSchema = z.object({
  event: z.literal('tts_chunk'),
  /** Increases across the whole session; echoed back in ai_chunk_played. */
  seq: z.number().int().nonnegative(),
  /** 24 kHz 16-bit mono PCM, about 100-200 ms per chunk. */
  audio_b64: z.string(),
});

/** The AI finished sending its answer (text and audio) for this turn. */
export const answerEndMessageSchema = z.object({ event: z.literal('answer_end') });
/** The interviewer closed the interview; the client finalises (trigger 'ai'). */
export const conversationEndedMessageSchema = z.object({ event: z.literal('conversation_ended') });
export const noticeMessageSchema = z.object({ event: z.literal('notice'), msg: z.string() });
/**
 * A problem, in words for the candidate. `recoverable: true` (a refused or malformed message, audio
 * dropped, a provider briefly away): the conversation goes on and the client at most shows a short
 * note. `recoverable: false` (not signed in, the session refused or lost): the client leaves the
 * conversation and offers to reconnect (docs/decisions/0148-recoverable-socket-errors.md).
 */
export const errorMessageSchema = z.object({
  event: z.literal('error'),
  message: z.string(),
  recoverable: z.boolean(),
  /** The HTTP status a refused request would get (a work rating: 404, 409, 422), when there is one. */
  status: z.number().int().min(400).max(599).optional(),
});
export type ErrorMessage = z.infer<typeof errorMessageSchema>;

/** Latency of one AI turn, milliseconds; a stage that did not happen is absent. */
export const turnLatencySchema = z.object({
  /** End of candidate speech → final transcript. */
  stt_ms: z.number().optional(),
  /** Final transcript → first reply text. */
  llm_ms: z.number().optional(),
  /** First reply text → first audio chunk sent. */
  tts_ms: z.number().optional(),
  /** End of candidate speech → first audio chunk sent. */
  voice_to_voice_ms: z.number().optional(),
});
export type TurnLatency = z.infer<typeof turnLatencySchema>;

export const metricsMessageSchema = z.object({
  event: z.literal('metrics'),
  latency: turnLatencySchema,
});

/**
 * Where the interview is: the planned question being asked (1-based) of about how many, and the time
 * used against the interview's length; sent with each new question and on (re)attach (decision 0181).
 */
export const progressMessageSchema = z.object({
  event: z.literal('progress'),
  question: z.number().int().nonnegative(),
  questions: z.number().int().nonnegative(),
  elapsed_seconds: z.number().nonnegative(),
  max_seconds: z.number().nonnegative(),
});
export type ProgressMessage = z.infer<typeof progressMessageSchema>;

/**
 * Practice only: the debrief so far, sent after each turn (nothing is stored on the server; decision
 * 0161), with the seal that lets its candidate keep it (decision 0171).
 */
export const debriefMessageSchema = z.object({
  event: z.literal('debrief'),
  debrief: debriefSchema,
  seal: debriefSealSchema,
});

export const serverMessageSchema = z.discriminatedUnion('event', [
  sessionReadyMessageSchema,
  transcriptMessageSchema,
  ttsChunkMessageSchema,
  answerEndMessageSchema,
  conversationEndedMessageSchema,
  noticeMessageSchema,
  errorMessageSchema,
  metricsMessageSchema,
  debriefMessageSchema,
  progressMessageSchema,
  workItemMessageSchema,
  workFeedbackMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerEvent = ServerMessage['event'];

// ---- stored transcript (GET /api/interviews/{id}/transcript) ----

export const transcriptTurnSchema = z.object({
  seq: z.number().int(),
  speaker: transcriptSpeakerSchema,
  text: z.string(),
  started_at: z.string(),
  ended_at: z.string(),
  offset_seconds: z.number().int(),
  /** What the live recognizer heard, when the careful pass wrote a different `text` (decision 0172). */
  live_text: z.string().optional(),
  /** The candidate's own correction of this turn (issue 35); `text` is never overwritten. */
  candidate_correction: z.string().optional(),
  /** The careful pass's words: posterior confidence in [0, 1], seconds into the answer's audio. */
  words: z
    .array(z.object({ text: z.string(), confidence: z.number(), start_seconds: z.number(), end_seconds: z.number() }))
    .optional(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const interviewTranscriptSchema = z.object({
  interview_id: z.string(),
  turns: z.array(transcriptTurnSchema),
});
export type InterviewTranscript = z.infer<typeof interviewTranscriptSchema>;
