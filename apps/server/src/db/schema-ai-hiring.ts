/** Tables of responsible AI hiring (issue 35): notice, alternative, self-identification, audit, oversight. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALTERNATIVE_STATUSES, RACE_ETHNICITY_CATEGORIES, SEX_CATEGORIES, type BiasAudit } from '@app/shared';
import { at, belongsTo, createdAt, id, mentions, resolution, updatedAt } from './columns';
import { interviews, jobs, users } from './schema';

// ---- issue 35 items 1-5 (notice, alternative, self-identification, bias audit) ----

/**
 * A candidate's request for a human-only assessment of their interview for a job: once per candidate
 * and job; while it exists the interview is not scored by the AI.
 */
export const alternativeAssessments = pgTable(
  'alternative_assessments',
  {
    id: id(),
    candidateId: belongsTo('candidate_id', () => users.id),
    jobId: belongsTo('job_id', () => jobs.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ALTERNATIVE_STATUSES }).notNull().default('requested'),
    note: text('note'),
    ...resolution(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alternative_assessments_once').on(t.candidateId, t.jobId),
    index('alternative_assessments_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Voluntary self-identification, kept apart from applications (EEOC): one row per candidate, read only
 * by the candidate and by the bias audit's aggregates; deleted with the account.
 */
export const selfIdentifications = pgTable(
  'self_identifications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sex: text('sex', { enum: SEX_CATEGORIES }).notNull(),
    raceEthnicity: text('race_ethnicity', { enum: RACE_ETHNICITY_CATEGORIES }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);

/** A published bias-audit summary: a snapshot of the aggregates (never a person) at publication. */
export const biasAuditPublications = pgTable(
  'bias_audit_publications',
  {
    id: id(),
    /** Null: the audit covers every job. A job removed later keeps its published audit. */
    jobId: mentions('job_id', () => jobs.id),
    jobTitle: text('job_title'),
    auditor: text('auditor').notNull(),
    auditDate: date('audit_date', { mode: 'string' }).notNull(),
    distributionDate: date('distribution_date', { mode: 'string' }),
    report: jsonb('report').$type<BiasAudit>().notNull(),
    publishedBy: mentions('published_by', () => users.id),
    publishedAt: at('published_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('bias_audit_publications_published_idx').on(t.publishedAt)],
);

/* Human oversight, explanation and appeal, integrity evidence, decision log (issue 35, items 6-9) ------ */

/** The reviewer's own rubric scores on a blind interview, posted before the AI's assessment is shown (decision 0195). */
export const humanScores = pgTable('human_scores', {
  interviewId: belongsTo('interview_id', () => interviews.id).primaryKey(),
  /** `[{ criterion, score }]`, one per rubric criterion, 1-5. */
  scores: jsonb('scores').$type<{ criterion: string; score: number }[]>().notNull(),
  scoredBy: mentions('scored_by', () => users.id),
  createdAt: createdAt(),
});

/** A candidate's appeal of a decision: at most one per interview (decision 0196). */
export const appeals = pgTable(
  'appeals',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    reason: text('reason').notNull(),
    /** The decision appealed, kept as it was when the appeal came in. */
    decisionAppealed: text('decision_appealed', { enum: ['approved', 'rejected'] }).notNull(),
    outcome: text('outcome', { enum: ['upheld', 'overturned'] }),
    resolutionNote: text('resolution_note'),
    ...resolution(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('appeals_one_per_interview').on(t.interviewId), index('appeals_created_idx').on(t.createdAt)],
);

/** The candidate's corrections of their own transcript turns; the turn's text is never changed. */
export const transcriptCorrections = pgTable(
  'transcript_corrections',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    seq: integer('seq').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('transcript_corrections_interview_idx').on(t.interviewId, t.seq, t.createdAt)],
);

/** Integrity evidence reported by the interview page, stamped by the server; never a verdict (decision 0197). */
export const integrityEvents = pgTable(
  'integrity_events',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id),
    kind: text('kind').notNull(),
    at: at('at').notNull(),
    offsetSeconds: integer('offset_seconds').notNull(),
    durationMs: integer('duration_ms'),
    /** The reviewer's mark: null until marked. */
    mark: text('mark', { enum: ['explained', 'concern'] }),
    markedBy: mentions('marked_by', () => users.id),
    markedAt: at('marked_at'),
  },
  (t) => [index('integrity_events_interview_idx').on(t.interviewId, t.at)],
);

/**
 * The append-only decision log: decisions, overrides, appeals and audit publications. No foreign keys,
 * so it outlives recordings, interviews and accounts; a trigger refuses updates and deletions younger
 * than three years (drizzle migration, decision 0198).
 */
export const decisionLog = pgTable(
  'decision_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    kind: text('kind', {
      enum: ['decision', 'override', 'human_scores', 'appeal', 'appeal_resolved', 'audit_published'],
    }).notNull(),
    interviewId: uuid('interview_id'),
    jobId: uuid('job_id'),
    actorId: uuid('actor_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('decision_log_created_idx').on(t.createdAt), index('decision_log_interview_idx').on(t.interviewId)],
);
