import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { emailSchema } from './auth';

/** The sign-up password rule, shared by reset and change. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const changePasswordSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(200),
  new_password: newPasswordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(200),
});
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;

/** The reply to requests that only need acknowledging (reset request, logout, ...). */
export const messageReplySchema = z.object({ detail: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** interview_recording: the recording consent; ai_assessment: the acknowledged AI notice (issue 35). */
export const CONSENT_PURPOSES = ['interview_recording', 'ai_assessment'] as const;
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES);
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const consentRequestSchema = z.object({
  purpose: consentPurposeSchema,
  job_id: z.string().uuid('job_id must be a UUID'),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

export const consentSchema = z.object({
  id: z.string(),
  purpose: consentPurposeSchema,
  job_id: z.string().nullable(),
  version: z.string(),
  given_at: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

/** The text the candidate agrees to; its version is stored with every consent. */
export const INTERVIEW_RECORDING_CONSENT = {
  version: '2026-11-1',
  text:
    'I agree that this interview is recorded (video and voice) and transcribed, and that an AI system ' +
    'assesses my answers. A person at the company makes the decision; the AI only assists. Recordings ' +
    'are deleted after the retention period or when I delete my account.',
} as const;

/** An admin opening a candidate's recording or résumé, or downloading their packet (issue 47). */
export const fileAccessEntrySchema = z.object({
  kind: z.enum(['recording', 'resume', 'packet']),
  admin_email: z.string().nullable(),
  accessed_at: z.string(),
});
export type FileAccessEntry = z.infer<typeof fileAccessEntrySchema>;

/** GET /api/admin/interviews/{id}/privacy: retention of the recording and who opened what. */
export const interviewPrivacySchema = z.object({
  retention_days: z.number(),
  recording_deleted_at: z.string().nullable(),
  access_log: z.array(fileAccessEntrySchema),
});
export type InterviewPrivacy = z.infer<typeof interviewPrivacySchema>;
