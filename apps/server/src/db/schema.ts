/**
 * The whole database schema. Money is stored in integer cents; times are timestamptz.
 * List-like profile fields are jsonb because they are always read and written whole.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    role: text('role', { enum: ['candidate', 'admin'] })
      .notNull()
      .default('candidate'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    /** Set on the anonymous stand-in that keeps a deleted account's money records (decision 0100). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export type ListEntry = Record<string, string | undefined>;

export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio'),
  expertise: jsonb('expertise')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  position: text('position'),
  skills: jsonb('skills')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  experienceYears: integer('experience_years'),
  education: jsonb('education')
    .$type<ListEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  workExperience: jsonb('work_experience')
    .$type<ListEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  projects: jsonb('projects')
    .$type<ListEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  publications: jsonb('publications')
    .$type<ListEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  certifications: jsonb('certifications')
    .$type<ListEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
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
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    positionType: text('position_type').notNull(),
    payPerHourCents: integer('pay_per_hour_cents'),
    availability: text('availability').notNull().default(''),
    status: text('status', { enum: ['pending', 'active', 'completed', 'archived'] })
      .notNull()
      .default('active'),
    skills: jsonb('skills')
      .$type<JobSkillRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    customQuestions: jsonb('custom_questions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    interviewType: text('interview_type', {
      enum: ['standard', 'human_data', 'custom_questions', 'custom_exercise'],
    })
      .notNull()
      .default('standard'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_status_created_idx').on(t.status, t.createdAt)],
);

export const INTERVIEW_STATUSES = [
  'not_started',
  'scheduled',
  'in_progress',
  'completed',
  'under_review',
  'approved',
  'rejected',
] as const;

export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    status: text('status', { enum: INTERVIEW_STATUSES }).notNull().default('not_started'),
    acceptanceStatus: text('acceptance_status', { enum: ['accepted', 'declined'] }),
    recordingFileId: uuid('recording_file_id'),
    /** When the retention job deleted the recording (the console says so instead of showing a player). */
    recordingDeletedAt: timestamp('recording_deleted_at', { withTimezone: true }),
    assessment: jsonb('assessment'),
    assessedAt: timestamp('assessed_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interviews_candidate_idx').on(t.candidateId, t.createdAt),
    index('interviews_job_idx').on(t.jobId, t.status),
  ],
);

/** One finalized turn of an interview conversation, stored as it happens. */
export const transcriptTurns = pgTable(
  'transcript_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker', { enum: ['ai', 'user'] }).notNull(),
    text: text('text').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** Seconds from the start of the interview, for seeking in the recording. */
    offsetSeconds: integer('offset_seconds').notNull().default(0),
  },
  (t) => [uniqueIndex('transcript_turns_interview_seq').on(t.interviewId, t.seq)],
);

/** Decisions on interviews: the audit trail of who decided what and when. */
export const interviewDecisions = pgTable('interview_decisions', {
  id: uuid('id').primaryKey().defaultRandom(),
  interviewId: uuid('interview_id')
    .notNull()
    .references(() => interviews.id, { onDelete: 'cascade' }),
  decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
  note: text('note'),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Uploaded files. The storage key is unguessable; the owner may be null for anonymous uploads. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  purpose: text('purpose').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  originalName: text('original_name'),
  createdAt: createdAt(),
});

export const TASK_STATUSES = ['pending', 'assigned', 'in_progress', 'completed', 'reviewed'] as const;

export const annotationTasks = pgTable(
  'annotation_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('pending'),
    taskName: text('task_name').notNull(),
    taskDescription: text('task_description').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    dataToAnnotate: jsonb('data_to_annotate').$type<Record<string, unknown>>().notNull(),
    qualityRating: smallint('quality_rating'),
    feedbackNotes: text('feedback_notes'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewApproved: boolean('review_approved'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tasks_assignee_idx').on(t.assigneeId, t.status), index('tasks_job_idx').on(t.jobId)],
);

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => annotationTasks.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    secondsBilled: integer('seconds_billed').notNull(),
    /** ISO week the work was submitted in, e.g. 2026-W47, for the weekly hours cap. */
    isoWeek: text('iso_week').notNull(),
    status: text('status', { enum: ['pending', 'available', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('earnings_task_unique').on(t.taskId), index('earnings_user_idx').on(t.userId, t.status)],
);
