/**
 * Hiring at volume (issue 47): invitation campaigns with deadlines and reminders, candidate
 * satisfaction, webhooks and API keys for the provider's own systems.
 */
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TECHNICAL_FAILURE_KINDS } from '@app/shared';
import { interviews, jobs, users } from './schema';
import { at, belongsTo, createdAt, id, jsonList, mentions } from './columns';

/** When reminders go out: hours after the invitation, and hours before the deadline (issue 47: 48 and 24). */
export type ReminderSchedule = { after_invite_hours: number[]; before_deadline_hours: number[] };

/** One bulk invitation to a job: the people in it share a deadline and a reminder schedule. */
export const invitationCampaigns = pgTable(
  'invitation_campaigns',
  {
    id: id(),
    jobId: belongsTo('job_id', () => jobs.id),
    name: text('name').notNull(),
    deadline: at('deadline'),
    reminders: jsonb('reminders').$type<ReminderSchedule>().notNull(),
    createdBy: mentions('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('invitation_campaigns_job_idx').on(t.jobId, t.createdAt)],
);

/**
 * One person invited to a job. `tokenHash` is the SHA-256 of the secret in their links (sign up,
 * open, more time, unsubscribe); the secret itself is only in the e-mail. The deadline is the
 * person's own, so more time can be granted to one person.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    campaignId: belongsTo('campaign_id', () => invitationCampaigns.id),
    jobId: belongsTo('job_id', () => jobs.id),
    email: text('email').notNull(),
    name: text('name'),
    tokenHash: text('token_hash').notNull(),
    /** The account that took the invitation (an existing one, or the one signed up through the link). */
    userId: mentions('user_id', () => users.id),
    deadline: at('deadline'),
    openedAt: at('opened_at'),
    signedUpAt: at('signed_up_at'),
    extensionRequestedAt: at('extension_requested_at'),
    extensionGrantedAt: at('extension_granted_at'),
    expiredAt: at('expired_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_job_email').on(t.jobId, t.email),
    uniqueIndex('invitations_token').on(t.tokenHash),
    index('invitations_campaign_idx').on(t.campaignId),
    index('invitations_deadline_idx').on(t.deadline),
  ],
);

/** A reminder sent (one row per invitation and slot of the schedule): what makes reminders idempotent. */
export const invitationReminders = pgTable(
  'invitation_reminders',
  {
    invitationId: belongsTo('invitation_id', () => invitations.id),
    /** e.g. `after:48` or `before:24`. */
    slot: text('slot').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invitationId, t.slot] })],
);

/** Addresses that asked for no more invitation e-mails (kept per address, whatever the job). */
export const emailUnsubscribes = pgTable('email_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The candidate's answer to the one question after an interview (1-5 and a comment), or that they
 * skipped it (score null): asked once per interview. Practice has no interview row: its job is kept.
 */
export const interviewSatisfaction = pgTable(
  'interview_satisfaction',
  {
    id: id(),
    interviewId: belongsTo('interview_id', () => interviews.id).unique(),
    userId: belongsTo('user_id', () => users.id),
    score: smallint('score'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('interview_satisfaction_user_idx').on(t.userId)],
);

/** Practice interviews' answers: no interview row to hang them on (nothing else of practice is stored). */
export const practiceSatisfaction = pgTable(
  'practice_satisfaction',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    jobId: mentions('job_id', () => jobs.id),
    /** The practice session's id: one answer per practice run. */
    sessionId: text('session_id').notNull().unique(),
    score: smallint('score'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('practice_satisfaction_job_idx').on(t.jobId)],
);

/** A provider's endpoint for webhooks; the signing secret is encrypted at rest. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  events: jsonList<string>('events'),
  secretEncrypted: text('secret_encrypted').notNull(),
  createdBy: mentions('created_by', () => users.id),
  /** Switched off (failing for a day, or by hand); deliveries stop. */
  disabledAt: at('disabled_at'),
  disabledReason: text('disabled_reason'),
  /** When deliveries started failing without a success since (migration 0027): a day of it switches the endpoint off. */
  failingSince: at('failing_since'),
  createdAt: createdAt(),
});

export type WebhookAttempt = { at: string; response_code: number | null; duration_ms: number; error: string | null };

/** One event for one endpoint, with its attempts' outcome (the delivery log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    lastAttemptAt: at('last_attempt_at'),
    /** A replay is a new delivery of the same event. */
    replayOf: text('replay_of'),
    /** When the next retry is due (migration 0027); null once succeeded or given up. */
    nextAttemptAt: at('next_attempt_at'),
    /** Every attempt: `{at, response_code, duration_ms, error}` (migration 0027). */
    attemptLog: jsonb('attempt_log').$type<WebhookAttempt[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/** A provider's API key: shown once, stored as its SHA-256; `prefix` names it in lists. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonList<string>('scopes'),
    /** The admin whose authority the key carries. */
    createdBy: belongsTo('created_by', () => users.id),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.keyHash)],
);

/**
 * Technical failures the interview page reported (the funnel's "where people stopped", issue 47):
 * one row per person, job and kind, so a page that reports again (or a hostile one) adds nothing
 * but a count; the funnel counts people. `interviewId` is the one the page had, when it had one.
 */
export const interviewTechnicalFailures = pgTable(
  'interview_technical_failures',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    jobId: belongsTo('job_id', () => jobs.id),
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: TECHNICAL_FAILURE_KINDS }).notNull(),
    occurrences: integer('occurrences').notNull().default(1),
    firstAt: at('first_at').notNull().defaultNow(),
    lastAt: at('last_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interview_technical_failures_once').on(t.userId, t.jobId, t.kind),
    index('interview_technical_failures_job_idx').on(t.jobId),
  ],
);
