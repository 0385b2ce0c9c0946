/**
 * Tables of the accounts and privacy features: server-side sessions, password reset tokens,
 * recording consents and the log of admins opening a candidate's recording or résumé.
 */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_PURPOSES } from '@app/shared';
import { at, belongsTo, createdAt, id, mentions } from './columns';
import { files, interviews, jobs, users } from './schema';

/** The id and owner of a row that is one user's, removed with their account. */
const userOwnedRow = () => ({ id: id(), userId: belongsTo('user_id', () => users.id) });

/** When a token was issued and when it expires; rows past expiry can be dropped. */
const tokenLifetime = () => ({ createdAt: createdAt(), expiresAt: at('expires_at').notNull() });

/** One signed-in session; its id is the token's `sid` claim. Revoking sets revoked_at. */
export const sessions = pgTable(
  'sessions',
  {
    ...userOwnedRow(),
    ...tokenLifetime(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password reset links: only a SHA-256 of the token is stored; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...userOwnedRow(),
    tokenHash: text('token_hash').notNull(),
    ...tokenLifetime(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash').on(t.tokenHash)],
);

/** A candidate's agreement to a purpose (e.g. interview_recording for one job), with the text version. */
export const consents = pgTable(
  'consents',
  {
    ...userOwnedRow(),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    jobId: mentions('job_id', () => jobs.id),
    version: text('version').notNull(),
    givenAt: at('given_at').notNull().defaultNow(),
  },
  // One row per consent given (a repeated request finds it); a job deleted later leaves job_id null,
  // and nulls stay distinct, so that never collides.
  (t) => [uniqueIndex('consents_once').on(t.userId, t.purpose, t.jobId, t.version)],
);

/** Every time an admin opens a candidate's recording or résumé. Goes with the candidate's account. */
export const fileAccessLog = pgTable(
  'file_access_log',
  {
    id: id(),
    candidateId: belongsTo('candidate_id', () => users.id),
    adminId: mentions('admin_id', () => users.id),
    fileId: mentions('file_id', () => files.id),
    interviewId: uuid('interview_id').references(() => interviews.id, { onDelete: 'cascade' }),
    // packet: the candidate packet (PDF or ZIP with the recording; issue 47).
    kind: text('kind', { enum: ['recording', 'resume', 'packet'] }).notNull(),
    accessedAt: at('accessed_at').notNull().defaultNow(),
  },
  (t) => [index('file_access_log_candidate_idx').on(t.candidateId, t.accessedAt)],
);
