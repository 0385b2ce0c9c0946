/**
 * Invitations as a campaign (issue 47 item 1): the provider invites many people to a job at once,
 * with an optional deadline and a reminder schedule; each person gets a link with a secret token.
 */
import { z } from 'zod';
import { emailSchema } from './auth';

/** The most people one request may invite (a 10,000-row CSV is accepted in one go). */
export const MAX_INVITEES = 10_000;
/** A CSV upload's size limit: 10,000 rows of name and e-mail fit with room to spare. */
export const MAX_INVITATION_CSV_BYTES = 5 * 1024 * 1024;
/** Reminder hours are whole hours up to 30 days; a schedule has at most 5 of each kind. */
export const MAX_REMINDER_HOURS = 720;
export const DEFAULT_REMINDERS = { after_invite_hours: [48], before_deadline_hours: [24] };

export const INVITATION_STATUSES = [
  'invited',
  'opened',
  'signed_up',
  'started',
  'completed',
  'expired',
  'extension_requested',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Why a row of a CSV or a pasted list was left out. */
export const SKIP_REASONS = ['invalid_email', 'duplicate', 'already_invited', 'unsubscribed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Checks one address the way sign-up does (trimmed, lower case); null when it is not an address. */
export function normalizeInviteEmail(raw: string): string | null {
  const parsed = emailSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const hours = z
  .number()
  .int('Reminder hours must be whole hours')
  .min(1, 'Reminder hours must be at least 1')
  .max(MAX_REMINDER_HOURS, `Reminder hours must be at most ${MAX_REMINDER_HOURS}`);

export const reminderScheduleSchema = z.object({
  after_invite_hours: z.array(hours).max(5, 'At most 5 reminders after the invitation').default([48]),
  before_deadline_hours: z.array(hours).max(5, 'At most 5 reminders before the deadline').default([24]),
});
export type ReminderScheduleDto = z.infer<typeof reminderScheduleSchema>;

const deadlineSchema = z.iso.datetime({ offset: true, message: 'deadline must be an ISO date-time' });
const campaignName = z.string().trim().min(1).max(200, 'The campaign name is at most 200 characters');

/**
 * POST /api/admin/jobs/{id}/invitations as JSON. E-mails are checked row by row on the server (a bad
 * one is skipped with its line, not a 422 for the whole list), so here they are only strings.
 */
export const invitationsCreateSchema = z.object({
  invitees: z
    .array(
      z.object({
        email: z.string().max(1000),
        name: z.string().trim().max(200, 'A name is at most 200 characters').optional().nullable(),
      }),
    )
    .min(1, 'Add at least one person to invite')
    .max(MAX_INVITEES, `At most ${MAX_INVITEES} people at once`),
  deadline: deadlineSchema.optional().nullable(),
  name: campaignName.optional().nullable(),
  reminders: reminderScheduleSchema.optional(),
});
export type InvitationsCreate = z.infer<typeof invitationsCreateSchema>;

/** The CSV form's settings, as query parameters (the body is the file). Hours are comma-separated. */
export const invitationsCsvQuerySchema = z.object({
  deadline: deadlineSchema.optional(),
  name: campaignName.optional(),
  after_invite_hours: z.string().max(100).optional(),
  before_deadline_hours: z.string().max(100).optional(),
});

export const invitationsCreateReplySchema = z.object({
  campaign_id: z.string().nullable(),
  created: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), email: z.string(), reason: z.enum(SKIP_REASONS) })),
});
export type InvitationsCreateReply = z.infer<typeof invitationsCreateReplySchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  campaign: z.object({ id: z.string(), name: z.string() }),
  user_id: z.string().nullable(),
  deadline: z.string().nullable(),
  invited_at: z.string(),
  opened_at: z.string().nullable(),
  signed_up_at: z.string().nullable(),
  extension_requested_at: z.string().nullable(),
  extension_granted_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  unsubscribed: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The provider grants more time: a new deadline, later than now. */
export const extensionGrantSchema = z.object({ deadline: deadlineSchema });

/** What the invitation link shows (no login): the job, the deadline, and what the person may do. */
export const invitationViewSchema = z.object({
  job_id: z.string(),
  job_title: z.string(),
  name: z.string().nullable(),
  deadline: z.string().nullable(),
  expired: z.boolean(),
  started: z.boolean(),
  extension_requested_at: z.string().nullable(),
  extension_granted_at: z.string().nullable(),
  unsubscribed: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** A signed-in candidate's own invitations (Your Jobs shows their deadline and the more-time button). */
export const myInvitationSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  job_title: z.string(),
  deadline: z.string().nullable(),
  expired: z.boolean(),
  started: z.boolean(),
  extension_requested_at: z.string().nullable(),
  extension_granted_at: z.string().nullable(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;

export const invitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid'),
});
