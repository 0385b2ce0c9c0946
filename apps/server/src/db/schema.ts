/**
 * The whole database schema. Money is stored in integer cents; times are timestamptz.
 * List-like profile fields are jsonb because they are always read and written whole.
 */
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// The status and type lists are the API's (one list per rule, checked by zod on both ends).
import {
  EARNING_STATUSES,
  INTERVIEW_STATUSES,
  INTERVIEW_TYPES,
  ITEM_POOLS,
  JOB_STATUSES,
  PAUSE_GOLD_ERROR_ABOVE,
  PAUSE_MIN_GOLD_ITEMS,
  RATER_STATUSES,
  TASK_STATUSES,
  WORK_SAMPLE_DEFAULT_COUNT,
  WORK_SAMPLE_DEFAULT_SECONDS,
  type Debrief,
  type WorkItemContent,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import { at, belongsTo, createdAt, id, jsonList, mentions, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    role: text('role', { enum: ['candidate', 'admin'] })
      .notNull()
      .default('candidate'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    /** Set on the anonymous stand-in that keeps a deleted account's money records (decision 0100). */
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export type ListEntry = Record<string, string | undefined>;

export const profiles = pgTable('profiles', {
  userId: belongsTo('user_id', () => users.id).primaryKey(),
  bio: text('bio'),
  expertise: jsonList<string>('expertise'),
  position: text('position'),
  skills: jsonList<string>('skills'),
  experienceYears: integer('experience_years'),
  education: jsonList<ListEntry>('education'),
  workExperience: jsonList<ListEntry>('work_experience'),
  projects: jsonList<ListEntry>('projects'),
  publications: jsonList<ListEntry>('publications'),
  certifications: jsonList<ListEntry>('certifications'),
  resumeUrl: text('resume_url'),
  workAuthorization: text('work_authorization'),
  citizenship: text('citizenship'),
  phone: text('phone'),
  city: text('city'),
  country: text('country'),
  linkedinUrl: text('linkedin_url'),
  summary: text('summary'),
  updatedAt: updatedAt(),
});

export type JobSkillRow = { name: string; description: string };

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    positionType: text('position_type').notNull(),
    payPerHourCents: integer('pay_per_hour_cents'),
    availability: text('availability').notNull().default(''),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('active'),
    skills: jsonList<JobSkillRow>('skills'),
    customQuestions: jsonList<string>('custom_questions'),
    interviewType: text('interview_type', { enum: INTERVIEW_TYPES }).notNull().default('standard'),
    /** Candidates see their interview's debrief once decided (issue 27). */
    shareFeedback: boolean('share_feedback').notNull().default(false),
    /** The automatic pause (issue 26): gold error above this after at least pauseMinGoldItems gold items. */
    pauseGoldErrorAbove: real('pause_gold_error_above').notNull().default(PAUSE_GOLD_ERROR_ABOVE),
    pauseMinGoldItems: integer('pause_min_gold_items').notNull().default(PAUSE_MIN_GOLD_ITEMS),
    /** The share of interviews a reviewer scores before seeing the AI's assessment (issue 35, decision 0195). */
    blindReviewShare: real('blind_review_share').notNull().default(0),
    /** Work-sample items each candidate rates in the interview (issue 46): 0 = none; runs once the pool has them. */
    workSampleCount: smallint('work_sample_count').notNull().default(WORK_SAMPLE_DEFAULT_COUNT),
    workSampleSeconds: smallint('work_sample_seconds').notNull().default(WORK_SAMPLE_DEFAULT_SECONDS),
    createdBy: mentions('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_status_created_idx').on(t.status, t.createdAt)],
);

export const interviews = pgTable(
  'interviews',
  {
    id: id(),
    jobId: mentions('job_id', () => jobs.id),
    candidateId: belongsTo('candidate_id', () => users.id),
    sessionId: text('session_id'),
    status: text('status', { enum: INTERVIEW_STATUSES }).notNull().default('not_started'),
    acceptanceStatus: text('acceptance_status', { enum: ['accepted', 'declined'] }),
    recordingFileId: uuid('recording_file_id'),
    /** When the retention job deleted the recording (the console says so instead of showing a player). */
    recordingDeletedAt: at('recording_deleted_at'),
    assessment: jsonb('assessment'),
    assessedAt: at('assessed_at'),
    decisionNote: text('decision_note'),
    decidedBy: mentions('decided_by', () => users.id),
    decidedAt: at('decided_at'),
    startedAt: at('started_at'),
    /** When a live session last held it; an interview idle for INTERVIEW_ABANDON_MINUTES is ended (0225). */
    lastActiveAt: at('last_active_at'),
    completedAt: at('completed_at'),
    /** Which pass wrote the candidate turns: the live recognizer, or the careful pass after the interview (decision 0172). */
    transcriptPass: text('transcript_pass', { enum: ['live', 'careful'] })
      .notNull()
      .default('live'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interviews_candidate_idx').on(t.candidateId, t.createdAt),
    index('interviews_job_idx').on(t.jobId, t.status),
    // The abandoned-interview sweep (decision 0225) reads only the interviews in progress.
    index('interviews_in_progress_held_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.status} = 'in_progress'`),
    // One application per candidate and job (decision 0169): a rejected one is closed history, so
    // starting again after a rejection opens a new one; a job's removal leaves rows without a job.
    uniqueIndex('interviews_one_per_candidate_job')
      .on(t.candidateId, t.jobId)
      .where(sql`${t.jobId} is not null and ${t.status} <> 'rejected'`),
  ],
);

/** One finalized turn of an interview conversation, stored as it happens. */
export const transcriptTurns = pgTable(
  'transcript_turns',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    seq: integer('seq').notNull(),
    speaker: text('speaker', { enum: ['ai', 'user'] }).notNull(),
    text: text('text').notNull(),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at').notNull(),
    /** Seconds from the start of the interview, for seeking in the recording. */
    offsetSeconds: integer('offset_seconds').notNull().default(0),
    /**
     * The recognizer's words and confidences for a candidate turn (null: the engine gave none); the
     * careful pass adds each word's place in its answer's audio (decision 0172).
     */
    words: jsonb('words').$type<TurnWord[]>(),
    /** What the live recognizer heard, kept when the careful pass wrote a different `text`. */
    liveText: text('live_text'),
  },
  (t) => [uniqueIndex('transcript_turns_interview_seq').on(t.interviewId, t.seq)],
);

/** A word of a candidate turn: confidence in [0, 1]; seconds from the start of its answer's audio. */
export type TurnWord = { text: string; confidence: number; start_seconds?: number; end_seconds?: number };

/**
 * The candidate's audio between two interviewer turns (16 kHz mono WAV, a `files` row the candidate
 * owns), kept for the careful pass (decision 0172). `turns` are the candidate turns the live pass
 * cut from it, with where each began in this audio.
 */
export const answerAudio = pgTable(
  'answer_audio',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    seq: integer('seq').notNull(),
    fileId: belongsTo('file_id', () => files.id),
    durationMs: integer('duration_ms').notNull(),
    turns: jsonb('turns').$type<{ seq: number; start_seconds: number }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('answer_audio_interview_seq').on(t.interviewId, t.seq)],
);

/**
 * Practice debriefs the candidate chose to keep (issue 27). Practice interviews store nothing else;
 * the debrief is the candidate's own: in their export, deleted with the account.
 */
export const practiceDebriefs = pgTable(
  'practice_debriefs',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    debrief: jsonb('debrief').$type<Debrief>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('practice_debriefs_user_idx').on(t.userId, t.createdAt)],
);

/** Decisions on interviews: the audit trail of who decided what and when. */
export const interviewDecisions = pgTable('interview_decisions', {
  id: id(),
  interviewId: belongsTo('interview_id', () => interviews.id),
  decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
  note: text('note'),
  decidedBy: mentions('decided_by', () => users.id),
  createdAt: createdAt(),
});

/**
 * Retakes the provider allowed: the interview went back to not started, and this row keeps why,
 * who allowed it and what it had been (docs/decisions/0149-ending-on-purpose-and-retakes.md).
 */
export const interviewRetakes = pgTable('interview_retakes', {
  id: id(),
  interviewId: belongsTo('interview_id', () => interviews.id),
  reason: text('reason').notNull(),
  previousStatus: text('previous_status').notNull(),
  allowedBy: mentions('allowed_by', () => users.id),
  createdAt: createdAt(),
});

/** Uploaded files. The storage key is unguessable; the owner may be null for anonymous uploads. */
export const files = pgTable('files', {
  id: id(),
  storageKey: text('storage_key').notNull(),
  ownerId: mentions('owner_id', () => users.id),
  purpose: text('purpose').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  originalName: text('original_name'),
  createdAt: createdAt(),
});

/**
 * The interview recording as the browser sends it: chunks of one MediaRecorder stream (a segment,
 * named by the browser) in sequence, each chunk's bytes a `files` row. A reload starts a new
 * segment; the console plays the segments in order as one recording (decision 0145).
 */
export const recordingChunks = pgTable(
  'recording_chunks',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    segment: text('segment').notNull(),
    seq: integer('seq').notNull(),
    fileId: belongsTo('file_id', () => files.id),
    sizeBytes: integer('size_bytes').notNull(),
    /** Milliseconds of recording from the segment's start to the end of this chunk (the browser's clock). */
    elapsedMs: integer('elapsed_ms').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recording_chunks_segment_seq').on(t.interviewId, t.segment, t.seq)],
);

/**
 * An ended interview's segments joined into one seekable WebM (stream copy, cues written), the
 * file `/recording` serves and the console plays on one timeline (decision 0168). Made from
 * `chunk_count` chunks: a chunk stored later makes it stale, and the segments play instead.
 */
export const recordingRemuxes = pgTable('recording_remuxes', {
  interviewId: uuid('interview_id')
    .primaryKey()
    .references(() => interviews.id, { onDelete: 'cascade' }),
  fileId: belongsTo('file_id', () => files.id),
  chunkCount: integer('chunk_count').notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** Where each segment (by the browser's name) starts in the joined file, in recording order. */
  parts: jsonList<{ segment: string; start_ms: number; duration_ms: number }>('parts'),
  createdAt: createdAt(),
});

/**
 * One uploaded entry of a job: rated by several raters, each through a task of their own. The gold
 * answer lives here, never on the task rows candidates read (issue 26, decision 0155).
 */
export const annotationItems = pgTable(
  'annotation_items',
  {
    id: id(),
    jobId: belongsTo('job_id', () => jobs.id),
    goldRating: smallint('gold_rating'),
    /** paid: rated through tasks; work_sample: by candidates in the interview; example: practice (issue 46). */
    pool: text('pool', { enum: ITEM_POOLS }).notNull().default('paid'),
    /** The item as the task screen shows it, for the pools' items (they have no tasks). */
    content: jsonb('content').$type<WorkItemContent>(),
    /** Why the reference rating is what it is (example items: shown after a practice rating). */
    explanation: text('explanation'),
    /** Upload order (items of one upload share created_at): the dataset's order and its cursor. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('annotation_items_job_idx').on(t.jobId, t.seq), index('annotation_items_pool_idx').on(t.jobId, t.pool)],
);

export const annotationTasks = pgTable(
  'annotation_tasks',
  {
    id: id(),
    jobId: belongsTo('job_id', () => jobs.id),
    itemId: belongsTo('item_id', () => annotationItems.id),
    assigneeId: mentions('assignee_id', () => users.id),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('pending'),
    taskName: text('task_name').notNull(),
    taskDescription: text('task_description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    dataToAnnotate: jsonb('data_to_annotate').$type<Record<string, unknown>>().notNull(),
    qualityRating: smallint('quality_rating'),
    feedbackNotes: text('feedback_notes'),
    startedAt: at('started_at'),
    submittedAt: at('submitted_at'),
    reviewedAt: at('reviewed_at'),
    reviewApproved: boolean('review_approved'),
    reviewedBy: mentions('reviewed_by', () => users.id),
    /** Approved by the rules (near gold or the item's consensus) rather than by hand. */
    autoApproved: boolean('auto_approved').notNull().default(false),
    /** The provider's reason for a rejection, shown to the rater with the earning. */
    reviewReason: text('review_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tasks_assignee_idx').on(t.assigneeId, t.status),
    index('tasks_job_idx').on(t.jobId, t.status),
    index('tasks_item_idx').on(t.itemId),
  ],
);

/**
 * A rater's standing on one job: paused automatically by the gold rule or by the provider. No row
 * means active. unpausedAt starts a fresh gold window for the automatic rule (decision 0155).
 */
export const jobRaters = pgTable(
  'job_raters',
  {
    jobId: belongsTo('job_id', () => jobs.id),
    userId: belongsTo('user_id', () => users.id),
    status: text('status', { enum: RATER_STATUSES }).notNull().default('active'),
    pausedReason: text('paused_reason'),
    pausedAt: at('paused_at'),
    unpausedAt: at('unpaused_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.userId] })],
);

export const payouts = pgTable('payouts', {
  id: id(),
  createdBy: mentions('created_by', () => users.id),
  totalCents: integer('total_cents').notNull(),
  createdAt: createdAt(),
});

/**
 * One earning per submitted task. status: pending (awaiting review) → available (accepted)
 * → paid (in a payout); or rejected (review refused it).
 */
export const earnings = pgTable(
  'earnings',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    taskId: belongsTo('task_id', () => annotationTasks.id),
    jobId: mentions('job_id', () => jobs.id),
    amountCents: integer('amount_cents').notNull(),
    secondsBilled: integer('seconds_billed').notNull(),
    /** ISO week the work was submitted in, e.g. 2026-W47, for the weekly hours cap. */
    isoWeek: text('iso_week').notNull(),
    /**
     * The working interval this earning paid for (the task's start to its submit): a later task's
     * time is billed only where it falls outside these (decision 0144). Null on earnings recorded
     * before that; their task's own times stand in.
     */
    workStartedAt: at('work_started_at'),
    workEndedAt: at('work_ended_at'),
    status: text('status', { enum: EARNING_STATUSES }).notNull().default('pending'),
    payoutId: mentions('payout_id', () => payouts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('earnings_task_unique').on(t.taskId), index('earnings_user_idx').on(t.userId, t.status)],
);
